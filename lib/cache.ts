import "server-only";
import { revalidateTag, updateTag } from "next/cache";
import type { Category } from "@/lib/constants";
export { NOT_KEPT_TAG } from "@/cache-handlers/not-kept.mjs";

/**
 * The tags of Next's cache, in one place. Only catalogue data is cached: never tag anything per
 * user (carts, orders, profiles).
 */
export const CATALOGUE_TAGS = {
  /** Every cached catalogue read: expiring it refreshes the whole catalogue. */
  all: "catalogue",
  /** The list of every product (API list, lookbook, sitemap). */
  list: "catalogue:list",
} as const;

/** One category's list and the related products drawn from it. */
export const categoryTag = (category: Category) => `catalogue:category:${category}`;
/** One product, by its lower-case id. */
export const productTag = (id: string) => `catalogue:product:${id}`;

/**
 * Expires a tag so the next read waits for fresh data. In a Server Action the writer's own next
 * render reads its write (updateTag); in route handlers and other request work the tag expires
 * at once (revalidateTag with no stale window). Outside a request (scripts, tests) this process
 * has no Next cache to clear.
 */
export function expireTag(tag: string) {
  try {
    updateTag(tag);
    return;
  } catch {
    // Not a Server Action: expire it the way handlers can.
  }
  try {
    revalidateTag(tag, { expire: 0 });
  } catch (error) {
    if (!(error instanceof Error && error.message.includes("static generation store missing"))) {
      throw error;
    }
  }
}
