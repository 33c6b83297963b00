import "server-only";
// A verified customer's stored cart (spec sections 4, 5 and 7). Every query is bound to one user's
// rows. Changes are single statements guarded by the table's key (one line per product) and its
// 1–99 check, so two tabs or two phones changing one cart at once cannot leave duplicate lines or
// a line above the stock: there is no read-then-write to race.
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { firstImageIdColumn, isProductId, productExists, productImagePath } from "@/lib/catalogue";
import { summarizeStock } from "@/lib/cart-rules";
import { MAX_ITEM_QUANTITY } from "@/lib/constants";
import { getDb, queryRows, type DbOrTx } from "@/lib/db";
import { cartItems, products } from "@/lib/db/schema";
import { hasSqlState, SQL_STATE } from "@/lib/db/unavailable";
import { conflict, notFound } from "@/lib/errors";
import { centsToDollars } from "@/lib/format";
import { messages } from "@/lib/messages";
import type {
  CartAnswer,
  CartItem,
  FixAction,
  FixedItem,
  FixIssuesAnswer,
  RemovedItem,
} from "@/models/cart";

const c = messages.cart;
const productNotFound = () => notFound(messages.api.productNotFound);

async function readCart(db: DbOrTx, userId: string): Promise<CartItem[]> {
  const rows = await db
    .select({
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      name: products.name,
      priceCents: products.priceCents,
      stock: products.quantity,
      imageId: firstImageIdColumn,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.productId));
  return rows.map((row) => ({
    productId: row.productId,
    name: row.name,
    price: centsToDollars(row.priceCents),
    image: row.imageId ? productImagePath(row.imageId) : "",
    quantity: row.quantity,
    stock: row.stock,
  }));
}

/** The cart with each product's current name, price, picture and stock, and its stock summary. */
export async function getCart({ userId }: { userId: string }): Promise<CartAnswer> {
  const cart = await readCart(await getDb(), userId);
  return { cart, stockSummary: summarizeStock(cart) };
}

/** Why a change to a product's line did not apply: unknown product, no line, or not enough stock. */
async function explainRefusal(
  db: DbOrTx,
  { userId, productId, adding }: { userId: string; productId: string; adding?: number },
): Promise<never> {
  const [row] = await db
    .select({
      stock: products.quantity,
      inCart: sql<number | null>`(
        select ci.quantity from cart_items ci
        where ci.user_id = ${userId} and ci.product_id = "products"."id"
      )`,
    })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) throw productNotFound();
  const inCart = row.inCart ?? 0;
  if (adding === undefined && row.inCart === null) throw notFound(c.notInCart);
  // The stock as it is now goes with every refusal: a client that judged from an older figure (a
  // catalogue a shared cache kept) can ask again for what is there.
  const stock = { stock: row.stock };
  if (row.stock <= 0) throw conflict(c.soldOut, undefined, stock);
  // Whichever limit is lower refused it: with 99 or more in stock, the cap is all that binds.
  if (
    adding !== undefined &&
    inCart + adding > MAX_ITEM_QUANTITY &&
    row.stock >= MAX_ITEM_QUANTITY
  ) {
    throw conflict(c.maxPerItem, undefined, stock);
  }
  throw conflict(c.notEnoughStock(row.stock, adding === undefined ? 0 : inCart), undefined, stock);
}

type LineChange = { userId: string; productId: string; quantity: number };

/**
 * Adds units of a product: one statement inserts the line or raises it, and only while the
 * result stays within the stock and 99. Unknown product 404; too many 409.
 */
export async function addCartItem({
  userId,
  productId,
  quantity,
}: LineChange): Promise<CartAnswer> {
  if (!isProductId(productId)) throw productNotFound();
  const db = await getDb();
  const rows = await queryRows(
    db,
    sql`
    insert into cart_items (user_id, product_id, quantity)
    select ${userId}::uuid, p.id, ${quantity}::int from products p
    where p.id = ${productId} and p.quantity >= ${quantity}::int
    on conflict (user_id, product_id) do update
      set quantity = cart_items.quantity + excluded.quantity
      where cart_items.quantity + excluded.quantity <= least(
        ${MAX_ITEM_QUANTITY}::int,
        (select p2.quantity from products p2 where p2.id = excluded.product_id)
      )
    returning quantity`,
  ).catch((error: unknown) => {
    // The product was deleted between this statement's read and its write.
    if (hasSqlState(error, SQL_STATE.foreignKeyViolation)) throw productNotFound();
    throw error;
  });
  if (rows.length === 0) await explainRefusal(db, { userId, productId, adding: quantity });
  return getCart({ userId });
}

/** Sets a line's quantity (never above the stock); 0 or less removes the line. */
export async function updateCartItem({
  userId,
  productId,
  quantity,
}: LineChange): Promise<CartAnswer> {
  if (!isProductId(productId)) throw productNotFound();
  if (quantity <= 0) return removeCartItem({ userId, productId, missingOk: true });
  const db = await getDb();
  const updated = await db
    .update(cartItems)
    .set({ quantity })
    .where(
      and(
        eq(cartItems.userId, userId),
        eq(cartItems.productId, productId),
        sql`${quantity}::int <= (select p.quantity from products p where p.id = ${productId})`,
      ),
    )
    .returning({ quantity: cartItems.quantity });
  if (updated.length === 0) await explainRefusal(db, { userId, productId });
  return getCart({ userId });
}

/** Removes a product's line. Unknown product, or a product not in the cart, 404. */
export async function removeCartItem({
  userId,
  productId,
  missingOk = false,
}: {
  userId: string;
  productId: string;
  /** An update to 0 of a line that is already gone is simply done. */
  missingOk?: boolean;
}): Promise<CartAnswer> {
  if (!isProductId(productId)) throw productNotFound();
  const db = await getDb();
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
    .returning({ productId: cartItems.productId });
  if (removed.length === 0) {
    if (!(await productExists({ id: productId }))) throw productNotFound();
    if (!missingOk) throw notFound(c.notInCart);
  }
  return getCart({ userId });
}

export async function clearCart({ userId }: { userId: string }): Promise<CartAnswer> {
  const db = await getDb();
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
  return { cart: [], stockSummary: summarizeStock([]) };
}

/**
 * Settles the cart's stock issues (spec section 7, fix-issues). `adjust` lowers each line above
 * its stock to the stock and removes sold-out lines; `remove` removes every line with an issue.
 * The lines are locked while they are settled, so a concurrent change waits for the result.
 */
export async function fixCartIssues({
  userId,
  action,
}: {
  userId: string;
  action: FixAction;
}): Promise<FixIssuesAnswer> {
  const db = await getDb();
  const { fixedItems, removedItems } = await db.transaction(async (tx) => {
    const issues = await tx
      .select({
        productId: cartItems.productId,
        name: products.name,
        quantity: cartItems.quantity,
        stock: products.quantity,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(and(eq(cartItems.userId, userId), gt(cartItems.quantity, products.quantity)))
      .orderBy(asc(cartItems.addedAt), asc(cartItems.productId))
      .for("update", { of: cartItems });

    const toRemove = issues.filter((item) => action === "remove" || item.stock <= 0);
    const toAdjust = issues.filter((item) => !toRemove.includes(item));
    if (toRemove.length > 0) {
      await tx.delete(cartItems).where(
        and(
          eq(cartItems.userId, userId),
          inArray(
            cartItems.productId,
            toRemove.map((item) => item.productId),
          ),
        ),
      );
    }
    for (const item of toAdjust) {
      await tx
        .update(cartItems)
        .set({ quantity: item.stock })
        .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, item.productId)));
    }
    return {
      fixedItems: toAdjust.map((item): FixedItem => ({
        productId: item.productId,
        name: item.name,
        previousQuantity: item.quantity,
        quantity: item.stock,
      })),
      removedItems: toRemove.map((item): RemovedItem => ({
        productId: item.productId,
        name: item.name,
        quantity: item.quantity,
      })),
    };
  });
  const summary = { adjusted: fixedItems.length, removed: removedItems.length };
  return {
    message:
      summary.adjusted + summary.removed > 0
        ? c.fixSuccess(summary.adjusted, summary.removed)
        : c.noIssues,
    summary,
    fixedItems,
    removedItems,
    ...(await getCart({ userId })),
  };
}
