// The request guard (Next's proxy) for the pages that only make sense signed in. It only looks for
// the session cookie, never at the database, so it stays cheap; a cookie that is present may still
// be expired or revoked, which is why every page and API handler checks the session itself.
import { NextResponse, type NextRequest } from "next/server";
import { SESSION_COOKIE } from "@/lib/constants";

/** Where a visitor without a session goes, per guarded page; null lets the page answer itself. */
const SIGNED_OUT_DESTINATION: Record<string, string | null> = {
  // Non-admins are sent home (spec section 6).
  admin: "/",
  // My Orders shows 'Please log in to view your orders' itself.
  orders: null,
};

export function proxy(request: NextRequest) {
  if (request.cookies.get(SESSION_COOKIE)?.value) return NextResponse.next();
  const section = request.nextUrl.pathname.split("/")[1] ?? "";
  const destination = SIGNED_OUT_DESTINATION[section];
  if (destination) return NextResponse.redirect(new URL(destination, request.url));
  return NextResponse.next();
}

export const config = { matcher: ["/admin/:path*", "/orders/:path*"] };
