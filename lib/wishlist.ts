import "server-only";
// A verified customer's stored wishlist (spec sections 3, 5 and 7): references to products, one
// per product (the table's key), bound to one user's rows. A deleted product leaves every
// wishlist with it (the foreign key cascades).
import { and, asc, eq, sql } from "drizzle-orm";
import { isProductId, productExists } from "@/lib/catalogue";
import { getDb, queryRows } from "@/lib/db";
import { wishlistItems } from "@/lib/db/schema";
import { conflict, notFound } from "@/lib/errors";
import { messages } from "@/lib/messages";
import type { WishlistReference } from "@/models/cart";

const w = messages.wishlist;
const productNotFound = () => notFound(messages.api.productNotFound);

/** The wishlist's references, oldest first. */
export async function listWishlist({ userId }: { userId: string }): Promise<WishlistReference[]> {
  const db = await getDb();
  const rows = await db
    .select({ productId: wishlistItems.productId, dateAdded: wishlistItems.dateAdded })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(asc(wishlistItems.dateAdded), asc(wishlistItems.productId));
  return rows.map((row) => ({ _id: row.productId, dateAdded: row.dateAdded.toISOString() }));
}

type WishlistChange = { userId: string; productId: string };

/** Adds a product once: unknown product 404, already there 409 'Item is already in your wishlist.' */
export async function addWishlistItem({
  userId,
  productId,
}: WishlistChange): Promise<WishlistReference[]> {
  if (!isProductId(productId)) throw productNotFound();
  const db = await getDb();
  const rows = await queryRows(
    db,
    sql`
    insert into wishlist_items (user_id, product_id)
    select ${userId}::uuid, p.id from products p where p.id = ${productId}
    on conflict (user_id, product_id) do nothing
    returning product_id`,
  );
  if (rows.length === 0) {
    if (!(await productExists({ id: productId }))) throw productNotFound();
    throw conflict(w.duplicate);
  }
  return listWishlist({ userId });
}

/** Removes a product: unknown product, or one not in the wishlist, 404. */
export async function removeWishlistItem({
  userId,
  productId,
}: WishlistChange): Promise<WishlistReference[]> {
  if (!isProductId(productId)) throw productNotFound();
  const db = await getDb();
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ productId: wishlistItems.productId });
  if (removed.length === 0) {
    if (!(await productExists({ id: productId }))) throw productNotFound();
    throw notFound(w.notInWishlist);
  }
  return listWishlist({ userId });
}

export async function clearWishlist({ userId }: { userId: string }): Promise<void> {
  const db = await getDb();
  await db.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
}
