import "server-only";
import { and, asc, desc, eq, gte, inArray, isNotNull, ne, or, sql, type SQL } from "drizzle-orm";
import { firstImageIdColumn, productImagePath, revalidateCatalogue } from "@/lib/catalogue";
import {
  ADMIN_ORDERS_PAGE,
  INSTAGRAM_DISCOUNT_PERCENT,
  INSTAGRAM_DISCOUNT_TYPE,
  PAYMENT_METHOD,
  type Category,
  type OrderStatus,
} from "@/lib/constants";
import { getDb, isUuid, type DbOrTx, type Transaction } from "@/lib/db";
import { hasSqlState, SQL_STATE } from "@/lib/db/unavailable";
import {
  cartItems,
  orderItems,
  orders,
  products,
  users,
  type Order,
  type OrderItem,
  type User,
} from "@/lib/db/schema";
import { conflict, notFound, unauthorized } from "@/lib/errors";
import { centsToDollars, dollarsToCents, formatPrice } from "@/lib/format";
import { afterResponse } from "@/lib/http";
import { sendNewOrderNotice, sendOrderConfirmationMail, sendOrderStatusMail } from "@/lib/mail";
import { isMailedStatus } from "@/lib/mail-templates";
import { messages } from "@/lib/messages";
import {
  createOrderNumber,
  estimatedDeliveryDate,
  orderStatusLabel,
  orderTotals,
  qualifiesForInstagramDiscount,
  whyTotalRose,
} from "@/lib/order-rules";
import { findAdminOrders } from "@/lib/search";
import type { CheckoutInput, CustomerOrders, OrderDto, OrderLine, ShortItem } from "@/models/order";
import { PRODUCT_LIMITS } from "@/models/product";

/** A customer's order list is short; this only bounds the answer. */
const MAX_ORDERS_LISTED = 200;

// ---------------------------------------------------------------------------------------------
// The order as the API shows it

/** An order and its item snapshots in the API's shape; `withCustomer` adds who placed it. */
export function toOrderDto(
  order: Order,
  items: readonly OrderItem[],
  { withCustomer = false }: { withCustomer?: boolean } = {},
): OrderDto {
  return {
    _id: order.id,
    id: order.id,
    orderNumber: order.orderNumber,
    ...(withCustomer
      ? {
          userId: {
            _id: order.userId,
            firstName: order.customerFirstName,
            lastName: order.customerLastName,
            email: order.customerEmail,
          },
        }
      : {}),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    status: order.status,
    items: items.map((item) => ({
      productId: item.productId,
      name: item.name,
      image: item.image,
      quantity: item.quantity,
      price: centsToDollars(item.priceCents),
    })),
    subtotal: centsToDollars(order.subtotalCents),
    deliveryFee: centsToDollars(order.deliveryFeeCents),
    // Given whenever the order took the first-order discount, also at $0.00 off (a free piece):
    // the checkout showed it applied, and no later order gets it.
    discount:
      order.discountType !== null
        ? {
            type: INSTAGRAM_DISCOUNT_TYPE,
            amount: centsToDollars(order.discountCents),
            percentage: order.discountPercent ?? INSTAGRAM_DISCOUNT_PERCENT,
          }
        : null,
    totalAmount: centsToDollars(order.totalCents),
    currency: order.currency,
    paymentMethod: order.paymentMethod,
    estimatedDelivery: order.estimatedDelivery.toISOString(),
    shippingAddress: order.shippingAddress,
    phoneNumber: order.phoneNumber,
    ...(order.notes ? { notes: order.notes } : {}),
  };
}

/**
 * Orders matching `where`, newest first, each with its items: one query for the orders, one for
 * all their items. The shop's order lists (the customer's, the admin's) all read through here.
 */
export async function findOrders({
  where,
  limit,
  withCustomer = false,
  db,
}: {
  where?: SQL;
  limit: number;
  withCustomer?: boolean;
  db?: DbOrTx;
}): Promise<OrderDto[]> {
  const conn = db ?? (await getDb());
  const rows = await conn
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(limit);
  if (rows.length === 0) return [];
  const items = await conn
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItems.name), asc(orderItems.id));
  const itemsByOrder = new Map<string, OrderItem[]>();
  for (const item of items) {
    itemsByOrder.set(item.orderId, [...(itemsByOrder.get(item.orderId) ?? []), item]);
  }
  return rows.map((row) => toOrderDto(row, itemsByOrder.get(row.id) ?? [], { withCustomer }));
}

/**
 * My Orders as GET /api/orders answers it: the customer's own orders, newest first, and whether
 * the next one gets the first-order discount. The checkout page shows the discount from that
 * answer, because the server also counts orders placed under the same email by a deleted account.
 */
export async function ordersOfCustomer(customer: User): Promise<CustomerOrders> {
  const [list, firstOrderDiscount] = await Promise.all([
    findOrders({ where: eq(orders.userId, customer.id), limit: MAX_ORDERS_LISTED }),
    getsFirstOrderDiscount(await getDb(), customer),
  ]);
  return { orders: list, firstOrderDiscount };
}

// ---------------------------------------------------------------------------------------------
// Checkout

type TakenLine = OrderLine & {
  name: string;
  priceCents: number;
  /** The product's first picture, for the item's snapshot. */
  image: string | null;
};

const byProductId = (a: OrderLine, b: OrderLine) => a.productId.localeCompare(b.productId);

/**
 * The order's products as they are now (name, price, stock, first picture): lines whose
 * product is gone or lacks the stock are short, and nothing is written for them. Read without a
 * lock, unless `lock`: then the rows are held (in id order, as takeStock takes them) until the
 * commit, so no price can change before the stock is taken.
 */
async function priceLines(
  tx: Transaction,
  lines: readonly OrderLine[],
  { lock }: { lock: boolean },
): Promise<{ priced: TakenLine[]; short: ShortItem[] }> {
  const read = tx
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.priceCents,
      quantity: products.quantity,
      firstImageId: firstImageIdColumn,
    })
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((line) => line.productId),
      ),
    );
  const rows = lock ? await read.orderBy(asc(products.id)).for("update") : await read;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const priced: TakenLine[] = [];
  const short: ShortItem[] = [];
  for (const line of lines) {
    const product = byId.get(line.productId);
    if (product && product.quantity >= line.quantity) {
      const { name, priceCents, firstImageId } = product;
      const image = firstImageId ? productImagePath(firstImageId) : null;
      priced.push({ ...line, name, priceCents, image });
    } else {
      short.push(shortItem(line, product));
    }
  }
  // In product id order, the order every writer locks products in: the items' inserts lock their
  // products' keys in this order too, so two checkouts (or one and a locked retry) never deadlock.
  priced.sort(byProductId);
  return { priced, short };
}

const shortItem = (
  line: OrderLine,
  product: { name: string; quantity: number } | undefined,
): ShortItem => ({
  productId: line.productId,
  name: product?.name ?? null,
  requested: line.quantity,
  available: product?.quantity ?? 0,
});

/** The price of a line changed between reading it and taking its stock: the order is made again. */
class PriceChanged extends Error {}

/**
 * Runs the checkout reading its products without a lock; if a price changed meanwhile, or a product
 * was deleted before its line was written, runs it once more holding them from the start, which no
 * change can interrupt (a deleted product is then named as no longer available).
 */
async function againIfPriceChanged<T>(checkout: (lock: boolean) => Promise<T>): Promise<T> {
  try {
    return await checkout(false);
  } catch (error) {
    if (!(error instanceof PriceChanged) && !hasSqlState(error, SQL_STATE.foreignKeyViolation)) {
      throw error;
    }
    return checkout(true);
  }
}

/**
 * Takes the stock of every priced line, each with one conditional update (never read-then-write)
 * that also requires the price the order was written with, in product id order so that two orders
 * sharing products cannot deadlock. It runs last in the checkout's transaction, so a product's row
 * stays locked only from here to the commit: customers buying the same piece queue for two round
 * trips each, not for the whole order. Returns the lines that ran out meanwhile (the caller then
 * rolls back); throws PriceChanged when a price moved.
 */
async function takeStock(
  tx: Transaction,
  lines: readonly TakenLine[],
): Promise<{ short: ShortItem[]; categories: Category[] }> {
  const short: ShortItem[] = [];
  // The categories the pieces are in as their stock is taken: an owner's edit may have moved one
  // since it was priced, and the category whose list now shows it is the one to refresh.
  const categories = new Set<Category>();
  for (const line of [...lines].sort(byProductId)) {
    const [taken] = await tx
      .update(products)
      .set({ quantity: sql`${products.quantity} - ${line.quantity}`, updatedAt: sql`now()` })
      .where(
        and(
          eq(products.id, line.productId),
          gte(products.quantity, line.quantity),
          eq(products.priceCents, line.priceCents),
        ),
      )
      .returning({ category: products.category });
    if (taken) {
      categories.add(taken.category);
      continue;
    }
    // Nothing was taken: find out why.
    const [now] = await tx
      .select({ name: products.name, quantity: products.quantity })
      .from(products)
      .where(eq(products.id, line.productId));
    if (!now || now.quantity < line.quantity) short.push(shortItem(line, now));
    else throw new PriceChanged();
  }
  return { short, categories: [...categories] };
}

/**
 * Points each item at its product's first picture as it is once takeStock holds the products' rows.
 * The picture was read before then, and an owner's edit that has since removed it from the product
 * may also have deleted it (no committed order showed it yet): the item takes the picture the
 * product has now, which no edit can delete before this order commits. One read; a write only then.
 */
async function keepCurrentPictures(tx: Transaction, items: OrderItem[]) {
  const ids = items.flatMap((item) => (item.productId ? [item.productId] : []));
  const rows = await tx
    .select({ id: products.id, firstImageId: firstImageIdColumn })
    .from(products)
    .where(inArray(products.id, ids));
  const pictures = new Map(
    rows.map((row) => [row.id, row.firstImageId ? productImagePath(row.firstImageId) : null]),
  );
  for (const item of items) {
    const picture = item.productId ? pictures.get(item.productId) : undefined;
    if (picture === undefined || picture === item.image) continue;
    await tx.update(orderItems).set({ image: picture }).where(eq(orderItems.id, item.id));
    item.image = picture;
  }
}

/**
 * Takes what was ordered out of the customer's cart, in one statement: a line ordered whole goes,
 * one ordered in part keeps the rest, and a line the order did not hold (added meanwhile in another
 * tab or on another device) stays.
 */
async function takeOutOfCart(tx: Transaction, userId: string, lines: readonly OrderLine[]) {
  const ordered = sql`(values ${sql.join(
    lines.map((line) => sql`(${line.productId}::uuid, ${line.quantity}::int)`),
    sql`, `,
  )}) as ordered (product_id, quantity)`;
  await tx.execute(sql`
    with lowered as (
      update ${cartItems} set quantity = ${cartItems.quantity} - ordered.quantity
      from ${ordered}
      where ${cartItems.userId} = ${userId} and ${cartItems.productId} = ordered.product_id
        and ${cartItems.quantity} > ordered.quantity
    )
    delete from ${cartItems} using ${ordered}
    where ${cartItems.userId} = ${userId} and ${cartItems.productId} = ordered.product_id
      and ${cartItems.quantity} <= ordered.quantity`);
}

/** Whether the customer (by account, or by email for a deleted and re-created account) ordered before. */
async function hasEarlierOrder(db: DbOrTx, customer: User): Promise<boolean> {
  const [earlier] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        or(
          eq(orders.userId, customer.id),
          sql`lower(${orders.customerEmail}) = lower(${customer.email})`,
        ),
        ne(orders.status, "cancelled"),
      ),
    )
    .limit(1);
  return Boolean(earlier);
}

/** Whether the customer's next order gets the Instagram first-order discount (the checkout's rule). */
async function getsFirstOrderDiscount(db: DbOrTx, customer: User): Promise<boolean> {
  return (
    qualifiesForInstagramDiscount({ customer, hasEarlierOrder: false }) &&
    !(await hasEarlierOrder(db, customer))
  );
}

/**
 * Refuses (409) a checkout page's order with a line its customer's server cart no longer holds, or
 * holds fewer of: the cart was ordered or changed on another device since the page read it. Run
 * under the customer's row lock, after any earlier order of hers has taken its lines out of it.
 */
async function assertStillInCart(tx: Transaction, userId: string, lines: readonly OrderLine[]) {
  const ids = lines.map((line) => line.productId);
  const inCart = await tx
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, ids)));
  const held = new Map(inCart.map((line) => [line.productId, line.quantity]));
  const changed = lines.filter((line) => (held.get(line.productId) ?? 0) < line.quantity);
  if (changed.length === 0) return;
  const named = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(
      inArray(
        products.id,
        changed.map((line) => line.productId),
      ),
    );
  const names = new Map(named.map((product) => [product.id, product.name]));
  throw conflict(
    messages.checkout.cartChangedElsewhere,
    changed.map(({ productId }) => {
      const name = names.get(productId);
      const quantity = held.get(productId);
      if (name === undefined) return messages.checkout.unknownItem;
      return quantity === undefined
        ? messages.checkout.notInCartNow(name)
        : messages.checkout.cartHoldsFewer(name, quantity);
    }),
  );
}

const shortOfStock = (short: ShortItem[]) =>
  conflict(messages.checkout.insufficientStock, describeShortItems(short), { items: short });

function describeShortItems(short: ShortItem[]): string[] {
  return short.map((item) =>
    item.name === null
      ? messages.checkout.unknownItem
      : messages.checkout.shortItem(item.name, item.available),
  );
}

/** The order a customer's earlier checkout with this idempotency key placed, if there is one. */
export async function findPlacedOrder({
  userId,
  idempotencyKey,
  db,
}: {
  userId: string;
  idempotencyKey: string;
  db?: DbOrTx;
}): Promise<OrderDto | null> {
  const [first] = await findOrders({
    where: and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)),
    limit: 1,
    db,
  });
  return first ?? null;
}

/**
 * Places a cash-on-delivery order in one transaction: prices every line from the database, takes
 * the stock, applies the Instagram first-order discount, writes the order with snapshots of its
 * items and takes them out of the customer's server cart. Any line short of stock refuses the whole order
 * (409, nothing taken). The customer's row is locked first, so that the same customer's checkouts
 * run one at a time: a retry with the same idempotency key, even one arriving at the same moment,
 * finds the first order instead of placing a second, and two orders cannot both take the
 * first-order discount. Mail and the catalogue's revalidation follow the commit.
 */
export async function placeOrder({
  userId,
  input,
  idempotencyKey,
}: {
  userId: string;
  input: CheckoutInput;
  idempotencyKey?: string;
}): Promise<{ order: OrderDto; created: boolean }> {
  const db = await getDb();
  const placed = await againIfPriceChanged((lock) =>
    db.transaction(async (tx) => {
      const [customer] = await tx
        .select()
        .from(users)
        .where(eq(users.id, userId))
        .for("no key update");
      if (!customer) throw unauthorized();

      if (idempotencyKey) {
        const first = await findPlacedOrder({ userId, idempotencyKey, db: tx });
        if (first) return { first };
      }

      if (input.fromCart) await assertStillInCart(tx, customer.id, input.items);

      const { priced, short } = await priceLines(tx, input.items, { lock });
      if (short.length > 0) throw shortOfStock(short);

      const discounted = await getsFirstOrderDiscount(tx, customer);
      const totals = orderTotals({ lines: priced, discounted });
      const centsOf = (dollars?: number) =>
        dollars === undefined ? undefined : dollarsToCents(dollars);
      const rise = whyTotalRose({
        totals,
        discounted,
        discountShown: customer.registrationSource === "instagram_bio",
        expectedSubtotalCents: centsOf(input.expectedSubtotal),
        expectedTotalCents: centsOf(input.expectedTotal),
      });
      if (rise) {
        const why =
          rise === "discount" ? messages.checkout.discountGone : messages.checkout.totalRose;
        // In the currency the customer chose too, which the page showed the total in.
        const total =
          input.currency === "LBP"
            ? `${formatPrice(totals.totalCents)} (${formatPrice(totals.totalCents, "LBP")})`
            : formatPrice(totals.totalCents);
        throw conflict(why, [messages.checkout.totalNow(total)]);
      }

      let order: Order | undefined;
      // A clash of random order numbers is all but impossible; if one happens, draw again.
      while (!order) {
        [order] = await tx
          .insert(orders)
          .values({
            orderNumber: createOrderNumber(),
            userId: customer.id,
            customerFirstName: customer.firstName,
            customerLastName: customer.lastName,
            customerEmail: customer.email,
            status: "pending",
            ...totals,
            discountType: discounted ? INSTAGRAM_DISCOUNT_TYPE : null,
            discountPercent: discounted ? INSTAGRAM_DISCOUNT_PERCENT : null,
            currency: input.currency,
            paymentMethod: PAYMENT_METHOD,
            estimatedDelivery: estimatedDeliveryDate(new Date()),
            shippingAddress: input.shippingAddress,
            phoneNumber: input.phoneNumber,
            notes: input.notes ?? null,
            idempotencyKey: idempotencyKey ?? null,
          })
          .onConflictDoNothing({ target: orders.orderNumber })
          .returning();
      }

      const items = await tx
        .insert(orderItems)
        .values(
          priced.map((line) => ({
            orderId: order.id,
            productId: line.productId,
            name: line.name,
            image: line.image,
            priceCents: line.priceCents,
            quantity: line.quantity,
          })),
        )
        .returning();

      await takeOutOfCart(tx, customer.id, priced);
      if (customer.phoneNumber !== input.phoneNumber) {
        // Remembered for the next checkout's form.
        await tx
          .update(users)
          .set({ phoneNumber: input.phoneNumber, updatedAt: sql`now()` })
          .where(eq(users.id, customer.id));
      }
      const { short: ranOut, categories } = await takeStock(tx, priced);
      if (ranOut.length > 0) throw shortOfStock(ranOut);
      await keepCurrentPictures(tx, items);
      items.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
      return { created: { order, items, customer, taken: priced, categories } };
    }),
  );

  if (placed.first) return { order: placed.first, created: false };
  const { order, items, customer, taken, categories } = placed.created;
  revalidateCatalogue({ productIds: taken.map((line) => line.productId), categories });
  const forShop = toOrderDto(order, items, { withCustomer: true });
  afterResponse(`confirmation of order ${order.orderNumber}`, () =>
    sendOrderConfirmationMail({ to: customer, order: forShop }),
  );
  afterResponse(`notice of order ${order.orderNumber}`, () =>
    sendNewOrderNotice({ order: forShop }),
  );
  return { order: toOrderDto(order, items), created: true };
}

// ---------------------------------------------------------------------------------------------
// The shop's own view: every order, and its status

/**
 * The admin's list: the newest `limit` orders, optionally of one status, with who placed each, and whether older
 * ones follow. With a `query`, only the orders it finds (lib/search.ts, as the panel narrows its
 * list): the whole history is searched, so an order past the loaded ones is still found by its
 * number, its customer or her phone.
 */
export async function listAdminOrders({
  status,
  limit = ADMIN_ORDERS_PAGE,
  query = "",
}: {
  status?: OrderStatus;
  limit?: number;
  query?: string;
} = {}): Promise<{ orders: OrderDto[]; more: boolean }> {
  const ofStatus = status ? eq(orders.status, status) : undefined;
  let where = ofStatus;
  if (query.trim() !== "") {
    const ids = (await searchOrderIds(ofStatus, query)).slice(0, limit + 1);
    if (ids.length === 0) return { orders: [], more: false };
    where = inArray(orders.id, ids);
  }
  const found = await findOrders({ where, limit: limit + 1, withCustomer: true });
  return { orders: found.slice(0, limit), more: found.length > limit };
}

/** The ids of the orders `query` finds, newest first: a scan of the searched fields only. */
async function searchOrderIds(where: SQL | undefined, query: string) {
  const db = await getDb();
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      firstName: orders.customerFirstName,
      lastName: orders.customerLastName,
      email: orders.customerEmail,
      // Only the name of the address: the rest of it is never searched.
      deliveryName: sql<string>`${orders.shippingAddress}->>'fullName'`,
      phoneNumber: orders.phoneNumber,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber));
  const searchable = rows.map((row) => ({
    ...row,
    userId: { _id: "", firstName: row.firstName, lastName: row.lastName, email: row.email },
    shippingAddress: { fullName: row.deliveryName ?? "" },
  }));
  return findAdminOrders(searchable, query).map((row) => row.id);
}

/**
 * Sets an order's status: any of the six, the current one included, unless the order is cancelled
 * (then it is locked: 409, with the order as it is). Cancelling gives its units back to stock in the same transaction; the
 * order's row lock makes that happen once, however many cancels race. The customer hears by mail
 * when the order goes out for delivery, is delivered or is cancelled (a failed mail changes
 * nothing).
 */
export async function setOrderStatus({
  id,
  status,
  statusWas,
}: {
  id: string;
  status: OrderStatus;
  /**
   * The status the owner's screen showed when she pressed: if another screen moved the order
   * meanwhile (to anything but what she pressed), the press is refused with 409 and the order as
   * it is now, so a screen left open does not move an order back or cancel a delivered one.
   */
  statusWas?: OrderStatus;
}): Promise<OrderDto> {
  if (!isUuid(id)) throw notFound(messages.admin.orderNotFound);
  const db = await getDb();
  const { mail, toldDelivered, restocked, updated } = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
    if (!order) throw notFound(messages.admin.orderNotFound);
    // A refusal carries the order as it is, for a screen that still shows it as it was.
    const refused = async (message: string) => {
      const [current] = await findOrders({
        where: eq(orders.id, id),
        limit: 1,
        withCustomer: true,
        db: tx,
      });
      return conflict(message, undefined, { order: current });
    };
    if (order.status === "cancelled") throw await refused(messages.admin.cancelledLocked);
    if (statusWas !== undefined && order.status !== statusWas && order.status !== status) {
      throw await refused(messages.admin.statusChangedElsewhere(orderStatusLabel(order.status)));
    }
    // The row is locked: no other change can mail the same status meanwhile.
    const mail = isMailedStatus(status) && !order.mailedStatuses.includes(status);
    await tx
      .update(orders)
      .set({
        status,
        updatedAt: sql`now()`,
        ...(mail && { mailedStatuses: [...order.mailedStatuses, status] }),
      })
      .where(eq(orders.id, id));
    let restocked: { id: string; category: Category }[] = [];
    if (status === "cancelled") restocked = await giveBackStock(tx, id);
    // The customer was told it was delivered (even if it was moved back since).
    const toldDelivered =
      order.status === "delivered" || order.mailedStatuses.includes("delivered");
    // Read before the commit: after it, another change (a cancel from another screen) may already
    // have replaced this one, and its mail and answer would tell of that change instead.
    const [updated] = await findOrders({
      where: eq(orders.id, id),
      limit: 1,
      withCustomer: true,
      db: tx,
    });
    return { mail, toldDelivered, restocked, updated: updated! };
  });
  if (restocked.length) {
    revalidateCatalogue({
      productIds: restocked.map((product) => product.id),
      categories: [...new Set(restocked.map((product) => product.category))],
    });
  }
  if (mail) {
    afterResponse("order status mail", () =>
      sendOrderStatusMail({
        order: updated,
        afterDelivery: toldDelivered,
        // A retry after the order moved on (out for delivery, then delivered) would arrive late
        // and tell of a status it no longer has.
        stillCurrent: async () => {
          const [now] = await db
            .select({ status: orders.status })
            .from(orders)
            .where(eq(orders.id, id));
          return now?.status === updated.status;
        },
      }),
    );
  }
  return updated;
}

/** The cancelled order's units back on their products' shelves (deleted products are skipped). */
async function giveBackStock(tx: Transaction, orderId: string) {
  const lines = await tx
    .select({
      productId: orderItems.productId,
      quantity: sql<number>`sum(${orderItems.quantity})`.mapWith(Number),
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.productId)))
    .groupBy(orderItems.productId)
    .orderBy(asc(orderItems.productId));
  const restocked: { id: string; category: Category }[] = [];
  for (const line of lines) {
    const [product] = await tx
      .update(products)
      // Never above the most stock a product may hold: the owner's form could not save it again.
      .set({
        quantity: sql`least(${products.quantity} + ${line.quantity}, ${PRODUCT_LIMITS.quantity})`,
        updatedAt: sql`now()`,
      })
      .where(eq(products.id, line.productId!))
      .returning({ id: products.id, category: products.category });
    if (product) restocked.push(product);
  }
  return restocked;
}
