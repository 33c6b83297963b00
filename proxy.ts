// The request guard (Next's proxy) for the pages that only make sense signed in. It only looks for
// the session cookie, never at the database, so it stays cheap; a cookie that is present may still
// be expired or revoked, which is why every page and API handler checks the session itself.
import { NextResponse, type NextRequest } from "next/server";
import { LEGACY_CATEGORY_PARAM, categoryHref } from "@/components/catalogue/category";
import { CATEGORIES, SECURE_SESSION_COOKIE, SESSION_COOKIE, type Category } from "@/lib/constants";

/** Where a visitor without a session goes, per guarded page; null lets the page answer itself. */
const SIGNED_OUT_DESTINATION: Record<string, string | null> = {
  // Non-admins are sent home (spec section 6).
  admin: "/",
  // My Orders shows 'Please log in to view your orders' itself.
  orders: null,
};

export function proxy(request: NextRequest) {
  if (request.nextUrl.pathname === "/") return categoryRedirect(request);
  const cookies = request.cookies;
  if (cookies.get(SESSION_COOKIE)?.value || cookies.get(SECURE_SESSION_COOKIE)?.value) {
    return NextResponse.next();
  }
  const section = request.nextUrl.pathname.split("/")[1] ?? "";
  const destination = SIGNED_OUT_DESTINATION[section];
  if (destination) return NextResponse.redirect(new URL(destination, request.url));
  return NextResponse.next();
}

/**
 * The spec's category address `/?category=rings` goes to the category's own page, which is cached
 * as static HTML like the home page; other query parameters (a signup source) come along.
 * An unknown category shows the home page, as it always did.
 */
function categoryRedirect(request: NextRequest) {
  const category = request.nextUrl.searchParams.get(LEGACY_CATEGORY_PARAM);
  if (!CATEGORIES.includes(category as Category)) return NextResponse.next();
  const url = request.nextUrl.clone();
  url.pathname = categoryHref(category as Category);
  url.searchParams.delete(LEGACY_CATEGORY_PARAM);
  return NextResponse.redirect(url, 308);
}

export const config = {
  matcher: [
    "/admin/:path*",
    "/orders/:path*",
    // Literal: Next reads this config without running the module.
    { source: "/", has: [{ type: "query", key: "category" }] },
  ],
};
