import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { GET as listOrdersHandler } from "@/app/api/orders/route";
import { getDashboard } from "@/lib/dashboard";
import { cartItems, orders, productImages, products, rateLimits, users } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { formatPrice } from "@/lib/format";
import { detachedWorkDone } from "@/lib/http";
import { messages } from "@/lib/messages";
import { ORDER_NUMBER_PATTERN } from "@/lib/order-rules";
import { rateLimitConfig, resetRateLimitConfig } from "@/lib/rate-limit";
import { describeEachDatabase } from "@/tests/support/databases";
import { createSignedInUser } from "@/tests/support/users";
import { jsonRequest, outboxMails, readResponse } from "@/tests/support/auth-requests";
import { checkout, checkoutBody, createProduct, shippingAddress } from "@/tests/support/shop";

const m = messages.checkout;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lumiere-orders-"));
const SHOP_EMAIL = "orders@lumiere.example";

beforeAll(() => {
  process.env.DATA_DIR = dataDir;
  process.env.SHOP_EMAIL = SHOP_EMAIL;
  delete process.env.SMTP_URL;
  resetEnvCache();
  jest.spyOn(console, "info").mockImplementation(() => {});
});
afterAll(async () => {
  await detachedWorkDone();
  delete process.env.SHOP_EMAIL;
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
  resetRateLimitConfig();
});

const listOrders = async (token?: string) =>
  readResponse(await listOrdersHandler(jsonRequest("/api/orders", { method: "GET", token })));

const waitForMail = async (to: string, pattern: RegExp) => {
  for (const start = Date.now(); Date.now() - start < 5000;) {
    const mail = outboxMails(dataDir, to).find((text) => pattern.test(text));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
};

const ORDER_KEYS = [
  "_id",
  "createdAt",
  "currency",
  "deliveryFee",
  "discount",
  "estimatedDelivery",
  "id",
  "items",
  "notes",
  "orderNumber",
  "paymentMethod",
  "phoneNumber",
  "shippingAddress",
  "status",
  "subtotal",
  "totalAmount",
  "updatedAt",
].sort();

describeEachDatabase("orders API", ({ db, target }) => {
  // Holding a deletion open while another request runs takes two connections: PostgreSQL only.
  const onPostgres = target === "postgres" ? it : it.skip;
  beforeEach(async () => {
    resetRateLimitConfig();
    await db().delete(rateLimits);
  });

  const stockOf = async (id: string) =>
    (await db().select({ q: products.quantity }).from(products).where(eq(products.id, id)))[0]?.q;
  const ordersOf = (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));
  const cartOf = (userId: string) =>
    db().select().from(cartItems).where(eq(cartItems.userId, userId));
  const countAll = async () => {
    const [row] = await db()
      .select({
        orders: sql<number>`(select count(*)::int from orders)`,
        items: sql<number>`(select count(*)::int from order_items)`,
        stock: sql<number>`(select coalesce(sum(quantity), 0)::int from products)`,
      })
      .from(sql`(select 1) as one`);
    return row!;
  };

  describe("POST /api/orders/checkout", () => {
    it("places the order: prices from the database, stock taken, ordered lines out of the cart, snapshots kept", async () => {
      const { user, token } = await createSignedInUser(db());
      const ring = await createProduct(db(), {
        name: "Cedar Leaf Ring",
        priceCents: 2450,
        quantity: 5,
      });
      const studs = await createProduct(db(), {
        name: "Batroun Pearl Studs",
        priceCents: 1999,
        quantity: 2,
        category: "earrings",
      });
      const untouched = await createProduct(db(), {
        name: "Anklet",
        quantity: 3,
        category: "anklets",
      });
      await db()
        .insert(cartItems)
        .values([
          { userId: user.id, productId: ring.id, quantity: 2 },
          { userId: user.id, productId: untouched.id, quantity: 1 },
        ]);

      const { status, body, headers } = await checkout({
        token,
        body: checkoutBody(
          [
            { productId: ring.id, quantity: 2 },
            { productId: studs.id, quantity: 2 },
          ],
          { currency: "LBP" },
        ),
      });

      expect(status).toBe(201);
      expect(headers.get("cache-control")).toBe("private, no-store");
      const order = body.order as Record<string, unknown>;
      expect(Object.keys(order).sort()).toEqual(ORDER_KEYS);
      expect(order).toMatchObject({
        status: "pending",
        currency: "LBP",
        paymentMethod: "cash_on_delivery",
        subtotal: 88.98,
        deliveryFee: 5,
        discount: null,
        totalAmount: 93.98,
        shippingAddress,
        phoneNumber: "+961 3 123 456",
        notes: "Gift wrap, please",
        items: [
          {
            productId: studs.id,
            name: "Batroun Pearl Studs",
            image: `/images/${studs.imageId}.jpg`,
            quantity: 2,
            price: 19.99,
          },
          {
            productId: ring.id,
            name: "Cedar Leaf Ring",
            image: `/images/${ring.imageId}.jpg`,
            quantity: 2,
            price: 24.5,
          },
        ],
      });
      expect(order.orderNumber).toMatch(ORDER_NUMBER_PATTERN);
      const days = (Date.parse(order.estimatedDelivery as string) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(4);
      expect(days).toBeLessThanOrEqual(9);

      expect(await stockOf(ring.id)).toBe(3);
      expect(await stockOf(studs.id)).toBe(0);
      expect(await stockOf(untouched.id)).toBe(3);
      // The anklet was in the cart but not in the order: it stays there.
      expect(await cartOf(user.id)).toEqual([
        expect.objectContaining({ productId: untouched.id, quantity: 1 }),
      ]);
      const [row] = await ordersOf(user.id);
      expect(row).toMatchObject({
        subtotalCents: 8898,
        deliveryFeeCents: 500,
        discountCents: 0,
        totalCents: 9398,
      });
      const [saved] = await db().select().from(users).where(eq(users.id, user.id));
      expect(saved!.phoneNumber).toBe("+961 3 123 456");
    });

    it("ignores prices, names, images and totals the client sends", async () => {
      const { user, token } = await createSignedInUser(db());
      const ring = await createProduct(db(), { name: "Olive Ring", priceCents: 3500 });
      const { status, body } = await checkout({
        token,
        body: {
          ...checkoutBody([
            {
              productId: ring.id,
              quantity: 1,
              price: 0.01,
              name: "Free ring",
              image: "/evil.png",
            } as never,
          ]),
          subtotal: 0.01,
          deliveryFee: 0,
          totalAmount: 0.01,
          discount: { type: "instagram_first_order", amount: 35, percentage: 100 },
          status: "delivered",
          paymentMethod: "card",
          userId: "someone-else",
        },
      });
      expect(status).toBe(201);
      expect(body.order).toMatchObject({
        subtotal: 35,
        deliveryFee: 5,
        discount: null,
        totalAmount: 40,
        status: "pending",
        paymentMethod: "cash_on_delivery",
        items: [
          { name: "Olive Ring", price: 35, quantity: 1, image: `/images/${ring.imageId}.jpg` },
        ],
      });
      expect(await ordersOf(user.id)).toHaveLength(1);
    });

    it("snapshots the picture the shop shows first: the lowest position, not the oldest", async () => {
      const { token } = await createSignedInUser(db());
      const bracelet = await createProduct(db(), { name: "Thread Bracelet" });
      const [front] = await db()
        .insert(productImages)
        .values({
          productId: bracelet.id,
          position: -1,
          contentType: "image/png",
          width: 1,
          height: 1,
          data: Buffer.from("front"),
        })
        .returning();
      const plain = await createProduct(db(), { name: "Plain Bracelet", withImage: false });
      const { status, body } = await checkout({
        token,
        body: checkoutBody([
          { productId: bracelet.id, quantity: 1 },
          { productId: plain.id, quantity: 1 },
        ]),
      });
      expect(status).toBe(201);
      expect((body.order as { items: unknown[] }).items).toEqual([
        expect.objectContaining({ name: "Plain Bracelet", image: null }),
        expect.objectContaining({ name: "Thread Bracelet", image: `/images/${front!.id}.jpg` }),
      ]);
    });

    it("adds up a product sent twice and prices it once", async () => {
      const { token } = await createSignedInUser(db());
      const ring = await createProduct(db(), { priceCents: 1000, quantity: 3 });
      const { status, body } = await checkout({
        token,
        body: checkoutBody([
          { productId: ring.id, quantity: 1 },
          { productId: ring.id.toUpperCase(), quantity: 2 },
        ]),
      });
      expect(status).toBe(201);
      expect(body.order).toMatchObject({ subtotal: 30, items: [{ quantity: 3 }] });
      expect(await stockOf(ring.id)).toBe(0);
    });

    it("counts the 50 different pieces an order may hold after adding up one piece's lines", async () => {
      const { token } = await createSignedInUser(db());
      const ring = await createProduct(db(), { priceCents: 1000, quantity: 60 });
      const { status, body } = await checkout({
        token,
        body: checkoutBody(Array.from({ length: 51 }, () => ({ productId: ring.id, quantity: 1 }))),
      });
      expect(status).toBe(201);
      expect(body.order).toMatchObject({ subtotal: 510, items: [{ quantity: 51 }] });
      expect(await stockOf(ring.id)).toBe(9);
    });

    it("places an order worth more than a 32-bit count of cents, and counts it in the revenue", async () => {
      const { token, user } = await createSignedInUser(db());
      // Three pieces at the highest price, 99 of each: $29,700,000.
      const pieces = await Promise.all(
        [1, 2, 3].map(() => createProduct(db(), { priceCents: 100_000_00, quantity: 99 })),
      );
      const { status, body } = await checkout({
        token,
        body: checkoutBody(pieces.map((piece) => ({ productId: piece.id, quantity: 99 }))),
      });
      expect(status).toBe(201);
      expect(body.order).toMatchObject({ subtotal: 29_700_000, totalAmount: 29_700_005 });
      const listed = await readResponse(
        await listOrdersHandler(jsonRequest("/api/orders", { token, method: "GET" })),
      );
      expect(listed.body).toMatchObject({ orders: [{ totalAmount: 29_700_005 }] });
      await db().update(orders).set({ status: "delivered" }).where(eq(orders.userId, user.id));
      const { stats } = await getDashboard();
      expect(stats.totalRevenue).toBeGreaterThanOrEqual(29_700_005);
    });

    it("refuses with 409 naming every short item and what is left; nothing is taken", async () => {
      const { user, token } = await createSignedInUser(db());
      const plenty = await createProduct(db(), { name: "Plenty Ring", quantity: 10 });
      const few = await createProduct(db(), {
        name: "Few Studs",
        quantity: 2,
        category: "earrings",
      });
      const none = await createProduct(db(), {
        name: "Gone Anklet",
        quantity: 0,
        category: "anklets",
      });
      const missing = "00000000-0000-4000-8000-000000000000";
      await db().insert(cartItems).values({ userId: user.id, productId: plenty.id, quantity: 1 });
      const before = await countAll();

      const { status, body } = await checkout({
        token,
        body: checkoutBody([
          { productId: plenty.id, quantity: 4 },
          { productId: few.id, quantity: 3 },
          { productId: none.id, quantity: 1 },
          { productId: missing, quantity: 1 },
        ]),
      });

      expect(status).toBe(409);
      const short = [
        { productId: few.id, name: "Few Studs", requested: 3, available: 2 },
        { productId: none.id, name: "Gone Anklet", requested: 1, available: 0 },
        { productId: missing, name: null, requested: 1, available: 0 },
      ];
      expect(body.error).toBe(m.insufficientStock);
      expect(new Set(body.items as unknown[])).toEqual(new Set(short));
      expect((body.items as unknown[]).length).toBe(3);
      expect(new Set(body.details as string[])).toEqual(
        new Set(['Only 2 left of "Few Studs"', '"Gone Anklet" is sold out', m.unknownItem]),
      );
      expect(await countAll()).toEqual(before);
      expect(await stockOf(plenty.id)).toBe(10);
      expect(await cartOf(user.id)).toHaveLength(1);
    });

    it("refuses a checkout page's order whose lines its cart no longer holds: the same cart ordered from two devices is one order", async () => {
      const { user, token } = await createSignedInUser(db());
      const ring = await createProduct(db(), { name: "Tyre Sea Glass Ring", quantity: 6 });
      const studs = await createProduct(db(), { name: "Anfeh Salt Studs", quantity: 6 });
      await db()
        .insert(cartItems)
        .values([
          { userId: user.id, productId: ring.id, quantity: 1 },
          { userId: user.id, productId: studs.id, quantity: 2 },
        ]);
      const lines = [
        { productId: ring.id, quantity: 1 },
        { productId: studs.id, quantity: 2 },
      ];
      // Both devices' pages send the cart they show, at the same moment.
      const [first, second] = await Promise.all([
        checkout({ token, body: checkoutBody(lines, { fromCart: true }) }),
        checkout({ token, body: checkoutBody(lines, { fromCart: true }) }),
      ]);
      const statuses = [first.status, second.status].sort();
      expect(statuses).toEqual([201, 409]);
      const refused = first.status === 409 ? first : second;
      expect(refused.body).toEqual({
        error: messages.checkout.cartChangedElsewhere,
        details: [
          messages.checkout.notInCartNow("Tyre Sea Glass Ring"),
          messages.checkout.notInCartNow("Anfeh Salt Studs"),
        ],
      });
      expect(await stockOf(ring.id)).toBe(5);
      expect(await stockOf(studs.id)).toBe(4);
      expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);

      // A line lowered elsewhere refuses a page that shows more; one at or under the cart's
      // quantity is placed. An API client's own lines are not checked.
      await db().insert(cartItems).values({ userId: user.id, productId: ring.id, quantity: 1 });
      const more = await checkout({
        token,
        body: checkoutBody([{ productId: ring.id, quantity: 3 }], { fromCart: true }),
      });
      expect(more.status).toBe(409);
      expect(more.body.details).toEqual([
        messages.checkout.cartHoldsFewer("Tyre Sea Glass Ring", 1),
      ]);
      const changed = await checkout({
        token,
        body: checkoutBody([{ productId: ring.id, quantity: 1 }], { fromCart: true }),
      });
      expect(changed.status).toBe(201);
      const own = await checkout({
        token,
        body: checkoutBody([{ productId: studs.id, quantity: 1 }]),
      });
      expect(own.status).toBe(201);
      const notTrue = await checkout({
        token,
        body: checkoutBody([{ productId: studs.id, quantity: 1 }], { fromCart: "yes" }),
      });
      expect(notTrue.status).toBe(400);
      expect(notTrue.body.error).toBe(messages.checkout.fromCartInvalid);
    });

    it("takes only what was ordered out of the cart: a line added meanwhile stays, a part order leaves the rest", async () => {
      const { user, token } = await createSignedInUser(db());
      const studs = await createProduct(db(), { name: "Cedar Leaf Studs", category: "earrings" });
      const necklace = await createProduct(db(), { name: "Olive Leaf Necklace" });
      const ring = await createProduct(db(), { name: "Plain Ring" });
      await db()
        .insert(cartItems)
        .values([
          { userId: user.id, productId: studs.id, quantity: 2 },
          { userId: user.id, productId: necklace.id, quantity: 1 },
          { userId: user.id, productId: ring.id, quantity: 3 },
        ]);
      const { status } = await checkout({
        token,
        body: checkoutBody([
          { productId: studs.id, quantity: 1 },
          { productId: ring.id, quantity: 3 },
        ]),
      });
      expect(status).toBe(201);
      const left = (await cartOf(user.id)).map(({ productId, quantity }) => ({
        productId,
        quantity,
      }));
      expect(new Set(left)).toEqual(
        new Set([
          { productId: studs.id, quantity: 1 },
          { productId: necklace.id, quantity: 1 },
        ]),
      );
    });

    onPostgres(
      "a checkout racing a product's deletion answers 409 naming it; nothing is taken",
      async () => {
        const { user, token } = await createSignedInUser(db());
        const doomed = await createProduct(db(), { name: "Cedar Signet Ring" });
        const kept = await createProduct(db(), { name: "Kept Ring", quantity: 4 });
        let placing: ReturnType<typeof checkout> | undefined;
        await db().transaction(async (tx) => {
          await tx.delete(products).where(eq(products.id, doomed.id));
          // The checkout reads the product before the deletion commits, then waits for its row.
          placing = checkout({
            token,
            body: checkoutBody([
              { productId: doomed.id, quantity: 1 },
              { productId: kept.id, quantity: 1 },
            ]),
          });
          await new Promise((resolve) => setTimeout(resolve, 300));
        });
        const { status, body } = await placing!;
        expect(status).toBe(409);
        expect(body).toMatchObject({ error: m.insufficientStock, details: [m.unknownItem] });
        expect(await ordersOf(user.id)).toHaveLength(0);
        expect(await stockOf(kept.id)).toBe(4);
      },
    );

    it("refuses with 409 an order whose prices rose since the customer saw them; nothing is taken", async () => {
      const { user, token } = await createSignedInUser(db());
      const hoops = await createProduct(db(), {
        name: "Blue Hoops",
        priceCents: 7900,
        quantity: 3,
      });
      await db().insert(cartItems).values({ userId: user.id, productId: hoops.id, quantity: 1 });
      const before = await countAll();
      const line = [{ productId: hoops.id, quantity: 1 }];

      // The customer saw $39.00 + $5.00 before the owner raised the price to $79.00.
      const refused = await checkout({ token, body: checkoutBody(line, { expectedSubtotal: 39 }) });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ error: m.totalRose, details: [m.totalNow("$84.00")] });
      expect(await countAll()).toEqual(before);
      expect(await cartOf(user.id)).toHaveLength(1);
      // A customer paying in pounds reads the new total in pounds too.
      const inPounds = await checkout({
        token,
        body: checkoutBody(line, { expectedSubtotal: 39, currency: "LBP" }),
      });
      expect(inPounds.body).toEqual({
        error: m.totalRose,
        details: [m.totalNow(`$84.00 (${formatPrice(8400, "LBP")})`)],
      });

      // Seen as it is now, it is placed; a price that fell since is charged as it is now.
      const placed = await checkout({ token, body: checkoutBody(line, { expectedSubtotal: 79 }) });
      expect(placed.status).toBe(201);
      expect(placed.body.order).toMatchObject({ totalAmount: 84 });
      const cheaper = await checkout({
        token,
        body: checkoutBody(line, { expectedSubtotal: 85.5 }),
      });
      expect(cheaper.status).toBe(201);
      expect(cheaper.body.order).toMatchObject({ totalAmount: 84 });
      expect(await stockOf(hoops.id)).toBe(1);
    });

    it("keeps the order as it was bought when the product later changes or disappears", async () => {
      const { user, token } = await createSignedInUser(db());
      const ring = await createProduct(db(), { name: "Moon Ring", priceCents: 4000 });
      expect(
        (await checkout({ token, body: checkoutBody([{ productId: ring.id, quantity: 1 }]) }))
          .status,
      ).toBe(201);
      await db()
        .update(products)
        .set({ name: "Renamed", priceCents: 9999 })
        .where(eq(products.id, ring.id));
      await db().delete(products).where(eq(products.id, ring.id));
      const { body } = await listOrders(token);
      expect(body.orders).toMatchObject([
        {
          items: [
            {
              productId: null,
              name: "Moon Ring",
              price: 40,
              quantity: 1,
              image: `/images/${ring.imageId}.jpg`,
            },
          ],
          subtotal: 40,
        },
      ]);
      expect(await ordersOf(user.id)).toHaveLength(1);
    });

    describe("the Instagram first-order discount (10% of the subtotal, rounded to cents)", () => {
      it.each([
        {
          name: "verified Instagram customer, first order",
          source: "instagram_bio",
          earlier: null,
          discount: 2,
        },
        {
          name: "an earlier pending order",
          source: "instagram_bio",
          earlier: "pending",
          discount: 0,
        },
        {
          name: "an earlier delivered order",
          source: "instagram_bio",
          earlier: "delivered",
          discount: 0,
        },
        {
          name: "only an earlier cancelled order",
          source: "instagram_bio",
          earlier: "cancelled",
          discount: 2,
        },
        { name: "signed up with Google", source: "google", earlier: null, discount: 0 },
        { name: "signed up directly", source: null, earlier: null, discount: 0 },
      ] as const)("$name → $discount dollars off", async ({ source, earlier, discount }) => {
        const { user, token } = await createSignedInUser(db(), { registrationSource: source });
        const ring = await createProduct(db(), { priceCents: 1995, quantity: 5 });
        if (earlier) {
          const first = await checkout({
            token,
            body: checkoutBody([{ productId: ring.id, quantity: 1 }]),
          });
          expect(first.status).toBe(201);
          await db().update(orders).set({ status: earlier }).where(eq(orders.userId, user.id));
        }
        // My Orders' answer tells the checkout page what this order will get.
        const listed = await listOrders(token);
        expect(listed.body.firstOrderDiscount).toBe(discount > 0);
        const { status, body } = await checkout({
          token,
          body: checkoutBody([{ productId: ring.id, quantity: 1 }]),
        });
        expect(status).toBe(201);
        expect(body.order).toMatchObject({
          subtotal: 19.95,
          deliveryFee: 5,
          discount: discount
            ? { type: "instagram_first_order", amount: discount, percentage: 10 }
            : null,
          totalAmount: Math.round((19.95 + 5 - discount) * 100) / 100,
        });
      });

      it("is not given again to an account re-created with the email of one that ordered", async () => {
        const email = `again.${Date.now()}@example.com`;
        const first = await createSignedInUser(db(), {
          registrationSource: "instagram_bio",
          email,
        });
        const ring = await createProduct(db(), { priceCents: 1000 });
        await checkout({
          token: first.token,
          body: checkoutBody([{ productId: ring.id, quantity: 1 }]),
        });
        await db().delete(users).where(eq(users.id, first.user.id));
        const again = await createSignedInUser(db(), {
          registrationSource: "instagram_bio",
          email: email.toUpperCase(),
        });
        // The new account has no orders of its own, yet the server tells the checkout page that
        // the discount is used up, so the page does not show it.
        expect((await listOrders(again.token)).body).toEqual({
          orders: [],
          firstOrderDiscount: false,
        });
        const { status, body } = await checkout({
          token: again.token,
          body: checkoutBody([{ productId: ring.id, quantity: 1 }], {
            expectedSubtotal: 10,
            expectedTotal: 15,
          }),
        });
        expect(status).toBe(201);
        expect(body.order).toMatchObject({ discount: null, totalAmount: 15 });
      });

      it("shows the discount on a first order it takes nothing off: the order used it up", async () => {
        // A free piece: 10% of $0.00 is $0.00, and the checkout page shows the discount applied.
        const { token } = await createSignedInUser(db(), { registrationSource: "instagram_bio" });
        const gift = await createProduct(db(), { priceCents: 0, quantity: 5 });
        const { status, body } = await checkout({
          token,
          body: checkoutBody([{ productId: gift.id, quantity: 1 }]),
        });
        expect(status).toBe(201);
        expect(body.order).toMatchObject({
          subtotal: 0,
          discount: { type: "instagram_first_order", amount: 0, percentage: 10 },
          totalAmount: 5,
        });
        // The next order no longer gets it, and My Orders says which order took it.
        const listed = await listOrders(token);
        expect(listed.body.firstOrderDiscount).toBe(false);
        expect(listed.body).toMatchObject({
          orders: [{ discount: { type: "instagram_first_order", amount: 0, percentage: 10 } }],
        });
      });

      it("refuses an order whose total the customer saw with a discount it no longer gets", async () => {
        const { user, token } = await createSignedInUser(db(), {
          registrationSource: "instagram_bio",
        });
        const ring = await createProduct(db(), { priceCents: 2000, quantity: 5 });
        const line = [{ productId: ring.id, quantity: 1 }];
        // Read while the discount applied ($20.00 + $5.00 − $2.00), then an order from elsewhere.
        expect((await listOrders(token)).body.firstOrderDiscount).toBe(true);
        const elsewhere = await checkout({ token, body: checkoutBody(line) });
        expect(elsewhere.status).toBe(201);
        expect((await listOrders(token)).body.firstOrderDiscount).toBe(false);

        const seen = { expectedSubtotal: 20, expectedTotal: 23 };
        const refused = await checkout({ token, body: checkoutBody(line, seen) });
        expect(refused.status).toBe(409);
        expect(refused.body).toEqual({ error: m.discountGone, details: [m.totalNow("$25.00")] });
        expect(await ordersOf(user.id)).toHaveLength(1);
        expect(await stockOf(ring.id)).toBe(4);

        // A total the customer saw at more than it comes to is placed, charged as it is now.
        const placed = await checkout({
          token,
          body: checkoutBody(line, { expectedSubtotal: 20, expectedTotal: 25 }),
        });
        expect(placed.status).toBe(201);
        expect(placed.body.order).toMatchObject({ discount: null, totalAmount: 25 });
      });

      it("never blames the discount for a customer who could not have been shown it", async () => {
        // $20.00 + $5.00, sent as $23.00: what the discount would take, but she never had it.
        const { token } = await createSignedInUser(db());
        const ring = await createProduct(db(), { priceCents: 2000, quantity: 5 });
        const refused = await checkout({
          token,
          body: checkoutBody([{ productId: ring.id, quantity: 1 }], { expectedTotal: 23 }),
        });
        expect(refused.status).toBe(409);
        expect(refused.body).toEqual({ error: m.totalRose, details: [m.totalNow("$25.00")] });
      });

      it.each([
        {
          // Seen at $20.00 + $5.00 by a customer who never had the discount; now $30.00 + $5.00.
          name: "a customer without the discount",
          source: null,
          expectedTotal: 25,
          now: "$35.00",
        },
        {
          // Seen at $20.00 + $5.00 − $2.00; now $30.00 + $5.00 − $3.00.
          name: "a discounted order",
          source: "instagram_bio",
          expectedTotal: 23,
          now: "$32.00",
        },
      ] as const)(
        "says prices changed, not the discount, when the total of $name rose with its prices",
        async ({ source, expectedTotal, now }) => {
          const { token } = await createSignedInUser(db(), { registrationSource: source });
          const ring = await createProduct(db(), { priceCents: 3000, quantity: 5 });
          const refused = await checkout({
            token,
            body: checkoutBody([{ productId: ring.id, quantity: 1 }], { expectedTotal }),
          });
          expect(refused.status).toBe(409);
          expect(refused.body).toEqual({ error: m.totalRose, details: [m.totalNow(now)] });
        },
      );
    });

    describe("Idempotency-Key", () => {
      it("a sequential retry returns the first order and takes nothing more", async () => {
        const { user, token } = await createSignedInUser(db());
        const ring = await createProduct(db(), { quantity: 3 });
        const body = checkoutBody([{ productId: ring.id, quantity: 2 }]);
        const first = await checkout({ token, body, idempotencyKey: "attempt-1" });
        const retry = await checkout({ token, body, idempotencyKey: "attempt-1" });
        expect(first.status).toBe(201);
        expect(retry.status).toBe(200);
        expect(retry.headers.get("idempotent-replayed")).toBe("true");
        expect(retry.body).toEqual(first.body);
        expect(await ordersOf(user.id)).toHaveLength(1);
        expect(await stockOf(ring.id)).toBe(1);

        const next = await checkout({
          token,
          body: checkoutBody([{ productId: ring.id, quantity: 1 }]),
          idempotencyKey: "attempt-2",
        });
        expect(next.status).toBe(201);
        expect((next.body.order as { orderNumber: string }).orderNumber).not.toBe(
          (first.body.order as { orderNumber: string }).orderNumber,
        );
        expect(await stockOf(ring.id)).toBe(0);
      });

      it("simultaneous requests with one key place one order, even for the last units", async () => {
        const { user, token } = await createSignedInUser(db());
        const ring = await createProduct(db(), { quantity: 2 });
        const body = checkoutBody([{ productId: ring.id, quantity: 2 }]);
        const answers = await Promise.all(
          Array.from({ length: 6 }, () =>
            checkout({ token, body, idempotencyKey: "same-attempt" }),
          ),
        );
        expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
        const numbers = new Set(
          answers.map((a) => (a.body.order as { orderNumber: string }).orderNumber),
        );
        expect(numbers.size).toBe(1);
        expect(await ordersOf(user.id)).toHaveLength(1);
        expect(await stockOf(ring.id)).toBe(0);
      });

      it("one customer's key does not reach another customer's order", async () => {
        const maya = await createSignedInUser(db());
        const rami = await createSignedInUser(db(), { firstName: "Rami" });
        const ring = await createProduct(db(), { quantity: 5 });
        const body = checkoutBody([{ productId: ring.id, quantity: 1 }]);
        const first = await checkout({ token: maya.token, body, idempotencyKey: "k-1" });
        const second = await checkout({ token: rami.token, body, idempotencyKey: "k-1" });
        expect([first.status, second.status]).toEqual([201, 201]);
        expect(second.body.order).not.toEqual(first.body.order);
        expect(await stockOf(ring.id)).toBe(3);
      });

      it.each([
        ["the customer's", "email" as const],
        ["the address's", "address" as const],
      ])(
        "a retry of a placed order is answered once %s checkout limit is spent",
        async (_, scope) => {
          rateLimitConfig.checkout[scope] = { points: 2, windowSeconds: 3600 };
          const { user, token } = await createSignedInUser(db());
          const ring = await createProduct(db(), { quantity: 1 });
          const body = checkoutBody([{ productId: ring.id, quantity: 1 }]);
          const address = "203.0.113.40";
          const first = await checkout({ token, body, address, idempotencyKey: "lost-answer" });
          expect(first.status).toBe(201);
          // Another attempt (the piece is sold out now) spends what is left of the limit.
          expect((await checkout({ token, body, address })).status).toBe(409);
          expect((await checkout({ token, body, address })).status).toBe(429);

          const retry = await checkout({ token, body, address, idempotencyKey: "lost-answer" });
          expect(retry.status).toBe(200);
          expect(retry.headers.get("idempotent-replayed")).toBe("true");
          expect(retry.body).toEqual(first.body);
          expect(await ordersOf(user.id)).toHaveLength(1);
        },
      );

      it("a retry of a placed order is answered whatever its body now holds", async () => {
        const { user, token } = await createSignedInUser(db());
        const ring = await createProduct(db(), { quantity: 2 });
        const first = await checkout({
          token,
          body: checkoutBody([{ productId: ring.id, quantity: 1 }]),
          idempotencyKey: "edited-form",
        });
        const retry = await checkout({
          token,
          body: checkoutBody([]),
          idempotencyKey: "edited-form",
        });
        expect(first.status).toBe(201);
        expect(retry).toMatchObject({ status: 200, body: first.body });
        expect(await ordersOf(user.id)).toHaveLength(1);
        expect(await stockOf(ring.id)).toBe(1);
      });

      it.each([
        ["too long", "k".repeat(256)],
        ["spaces inside", "two words"],
        ["non-ASCII", "clé-ü"],
        ["empty", ""],
      ])("refuses a malformed key (%s) with 400", async (_, key) => {
        const { user, token } = await createSignedInUser(db());
        const ring = await createProduct(db());
        const headers = new Headers();
        let usable = true;
        try {
          headers.set("idempotency-key", key);
        } catch {
          usable = false; // not even a legal header value: no client can send it
        }
        if (!usable) return;
        const answer = await checkout({
          token,
          body: checkoutBody([{ productId: ring.id, quantity: 1 }]),
          idempotencyKey: key,
        });
        expect(answer).toMatchObject({
          status: 400,
          body: { error: messages.api.invalidIdempotencyKey },
        });
        expect(await ordersOf(user.id)).toHaveLength(0);
      });
    });

    describe("who may check out", () => {
      it("401 when signed out or with a forged token", async () => {
        const ring = await createProduct(db());
        const body = checkoutBody([{ productId: ring.id, quantity: 1 }]);
        expect(await checkout({ body })).toMatchObject({
          status: 401,
          body: { error: messages.api.unauthorized },
        });
        expect(await checkout({ body, token: "forged.token.value" })).toMatchObject({
          status: 401,
        });
        expect(await stockOf(ring.id)).toBe(10);
      });

      it("403 with requiresVerification and the spec's text for an unverified customer", async () => {
        const { user, token } = await createSignedInUser(db(), { isEmailVerified: false });
        const ring = await createProduct(db());
        const answer = await checkout({
          token,
          body: checkoutBody([{ productId: ring.id, quantity: 1 }]),
        });
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({ error: m.verificationRequired, requiresVerification: true });
        expect(await ordersOf(user.id)).toHaveLength(0);
        expect(await stockOf(ring.id)).toBe(10);
      });

      it("refuses a cookie-authenticated checkout posted from another site", async () => {
        const { user, token } = await createSignedInUser(db());
        const ring = await createProduct(db());
        const answer = await checkout({
          cookie: `lumiere_session=${token}`,
          origin: "https://evil.example",
          body: checkoutBody([{ productId: ring.id, quantity: 1 }]),
        });
        expect(answer).toMatchObject({ status: 403, body: { error: messages.api.badOrigin } });
        expect(await ordersOf(user.id)).toHaveLength(0);
        const sameSite = await checkout({
          cookie: `lumiere_session=${token}`,
          origin: "http://localhost:3000",
          body: checkoutBody([{ productId: ring.id, quantity: 1 }]),
        });
        expect(sameSite.status).toBe(201);
      });

      it("429 once a customer places too many orders in an hour", async () => {
        rateLimitConfig.checkout.email = { points: 2, windowSeconds: 3600 };
        const { user, token } = await createSignedInUser(db());
        const ring = await createProduct(db());
        const body = checkoutBody([{ productId: ring.id, quantity: 1 }]);
        expect((await checkout({ token, body })).status).toBe(201);
        expect((await checkout({ token, body })).status).toBe(201);
        const refused = await checkout({ token, body });
        expect(refused).toMatchObject({
          status: 429,
          body: { error: messages.api.tooManyRequests },
        });
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await ordersOf(user.id)).toHaveLength(2);
      });
    });

    describe("validation: the spec's messages, nothing written", () => {
      const valid = (productId: string) => checkoutBody([{ productId, quantity: 1 }]);
      const withAddress = (productId: string, change: Record<string, unknown>) =>
        checkoutBody([{ productId, quantity: 1 }], {
          shippingAddress: { ...shippingAddress, ...change },
        });

      const cases: { name: string; body: (id: string) => unknown; details: string[] }[] = [
        {
          name: "missing full name",
          body: (id) => withAddress(id, { fullName: undefined }),
          details: [m.fullNameRequired],
        },
        {
          name: "blank full name",
          body: (id) => withAddress(id, { fullName: "   " }),
          details: [m.fullNameRequired],
        },
        {
          name: "missing address",
          body: (id) => withAddress(id, { address: "" }),
          details: [m.addressRequired],
        },
        {
          name: "missing city",
          body: (id) => withAddress(id, { city: undefined }),
          details: [m.cityRequired],
        },
        {
          name: "empty city",
          body: (id) => withAddress(id, { city: "" }),
          details: [m.cityRequired],
        },
        {
          name: "a city outside the delivery list",
          body: (id) => withAddress(id, { city: "Paris" }),
          details: [m.cityInvalid],
        },
        {
          name: "no shipping address at all",
          body: (id) => ({ ...valid(id), shippingAddress: undefined }),
          details: [m.fullNameRequired, m.addressRequired, m.cityRequired],
        },
        {
          name: "missing phone",
          body: (id) => ({ ...valid(id), phoneNumber: undefined }),
          details: [m.phoneRequired],
        },
        {
          name: "blank phone",
          body: (id) => ({ ...valid(id), phoneNumber: "  " }),
          details: [m.phoneRequired],
        },
        {
          name: "phone too short",
          body: (id) => ({ ...valid(id), phoneNumber: "1234567" }),
          details: [m.phoneInvalid],
        },
        {
          name: "phone too long",
          body: (id) => ({ ...valid(id), phoneNumber: "1".repeat(21) }),
          details: [m.phoneInvalid],
        },
        {
          name: "phone with letters",
          body: (id) => ({ ...valid(id), phoneNumber: "03-abc-4567" }),
          details: [m.phoneInvalid],
        },
        {
          name: "phone of punctuation only",
          body: (id) => ({ ...valid(id), phoneNumber: "(+) -- (+)" }),
          details: [m.phoneInvalid],
        },
        { name: "no items", body: (id) => ({ ...valid(id), items: [] }), details: [m.emptyCart] },
        {
          name: "items missing",
          body: (id) => ({ ...valid(id), items: undefined }),
          details: [m.emptyCart],
        },
        {
          name: "items not a list",
          body: (id) => ({ ...valid(id), items: { 0: { productId: id, quantity: 1 } } }),
          details: [messages.api.wrongType("items", "a list")],
        },
        {
          name: "an item that is not an object",
          body: (id) => ({ ...valid(id), items: [null] }),
          details: [messages.api.wrongEntryType("items", "an object")],
        },
        {
          name: "quantity 0",
          body: (id) => ({ ...valid(id), items: [{ productId: id, quantity: 0 }] }),
          details: [m.quantityRange],
        },
        {
          name: "quantity 100",
          body: (id) => ({ ...valid(id), items: [{ productId: id, quantity: 100 }] }),
          details: [m.quantityRange],
        },
        {
          name: "99 + 1 of one product",
          body: (id) => ({
            ...valid(id),
            items: [
              { productId: id, quantity: 99 },
              { productId: id, quantity: 1 },
            ],
          }),
          details: [m.quantityTotal(99)],
        },
        {
          name: "fractional quantity",
          body: (id) => ({ ...valid(id), items: [{ productId: id, quantity: 1.5 }] }),
          details: [m.quantityRange],
        },
        {
          name: "quantity as text",
          body: (id) => ({ ...valid(id), items: [{ productId: id, quantity: "2" }] }),
          details: [m.quantityRange],
        },
        {
          name: "not a product id",
          body: () => ({ ...valid("x"), items: [{ productId: "1 OR 1=1", quantity: 1 }] }),
          details: [m.invalidItem],
        },
        {
          name: "too many different products",
          body: () => ({
            ...valid("x"),
            items: Array.from({ length: 51 }, (_, i) => ({
              productId: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
              quantity: 1,
            })),
          }),
          details: [m.tooManyLines(50)],
        },
        {
          name: "unknown currency",
          body: (id) => ({ ...valid(id), currency: "EUR" }),
          details: [m.currencyInvalid],
        },
        {
          name: "an expected subtotal that is not a number",
          body: (id) => ({ ...valid(id), expectedSubtotal: "35.00" }),
          details: [m.expectedSubtotalInvalid],
        },
        {
          name: "a negative expected subtotal",
          body: (id) => ({ ...valid(id), expectedSubtotal: -1 }),
          details: [m.expectedSubtotalInvalid],
        },
        {
          name: "an expected total that is not a number",
          body: (id) => ({ ...valid(id), expectedTotal: "40.00" }),
          details: [m.expectedTotalInvalid],
        },
        {
          name: "a negative expected total",
          body: (id) => ({ ...valid(id), expectedTotal: -0.01 }),
          details: [m.expectedTotalInvalid],
        },
        {
          name: "notes too long",
          body: (id) => ({ ...valid(id), notes: "n".repeat(1001) }),
          details: ["Order notes must be at most 1000 characters"],
        },
        {
          name: "full name too long",
          body: (id) => withAddress(id, { fullName: "N".repeat(102) }),
          details: ["Full name must be at most 101 characters"],
        },
        {
          name: "directions too long",
          body: (id) => withAddress(id, { additionalInfo: "d".repeat(501) }),
          details: ["Directions for the courier must be at most 500 characters"],
        },
      ];

      it.each(cases)("$name → 400 $details", async ({ body, details }) => {
        const { user, token } = await createSignedInUser(db());
        const ring = await createProduct(db(), { quantity: 4 });
        const answer = await checkout({ token, body: body(ring.id) });
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ error: details[0], details });
        expect(await ordersOf(user.id)).toHaveLength(0);
        expect(await stockOf(ring.id)).toBe(4);
      });

      it.each([
        ["a full phone number with country code", "+961 (3) 123-456"],
        ["a local mobile number", "03123456"],
        ["exactly 20 characters", "+961 71 123 456 7890"],
        ["8 characters with spaces", "12 34 56"],
        ["few digits among the allowed signs", "+961 (3) 12"],
      ])("accepts %s", async (_, phoneNumber) => {
        const { token } = await createSignedInUser(db());
        const ring = await createProduct(db());
        const answer = await checkout({
          token,
          body: checkoutBody([{ productId: ring.id, quantity: 1 }], { phoneNumber }),
        });
        expect(answer.status).toBe(201);
      });

      it("leaves out optional fields sent blank or null", async () => {
        const { token } = await createSignedInUser(db());
        const ring = await createProduct(db());
        const answer = await checkout({
          token,
          body: checkoutBody([{ productId: ring.id, quantity: 1 }], {
            shippingAddress: {
              fullName: " Maya ",
              address: "Main road",
              city: "Tyre",
              area: "",
              building: null,
              floor: "  ",
            },
            notes: "",
            currency: undefined,
          }),
        });
        expect(answer.status).toBe(201);
        expect(answer.body.order).toMatchObject({
          shippingAddress: { fullName: "Maya", address: "Main road", city: "Tyre" },
          currency: "USD",
        });
        const order = answer.body.order as { shippingAddress: object; notes?: string };
        expect(Object.keys(order.shippingAddress).sort()).toEqual(["address", "city", "fullName"]);
        expect(order.notes).toBeUndefined();
      });
    });

    it("turns tabs and line breaks in a one-line field into spaces, keeps them in the notes", async () => {
      const { token } = await createSignedInUser(db());
      const ring = await createProduct(db());
      const answer = await checkout({
        token,
        body: checkoutBody([{ productId: ring.id, quantity: 1 }], {
          shippingAddress: { ...shippingAddress, address: "Bliss Street\r\nBcc: x\tBuilding" },
          notes: "Line one\nLine two",
        }),
      });
      expect(answer.status).toBe(201);
      expect(answer.body.order).toMatchObject({
        shippingAddress: { address: "Bliss Street Bcc: x Building" },
        notes: "Line one\nLine two",
      });
    });

    describe("hostile input never answers 500 and writes nothing", () => {
      const cases: {
        name: string;
        raw: (id: string) => string;
        status: number;
        error?: string;
        details?: string[];
      }[] = [
        {
          name: "NUL in the full name",
          raw: (id) =>
            JSON.stringify(
              checkoutBody([{ productId: id, quantity: 1 }], {
                shippingAddress: { ...shippingAddress, fullName: "Maya\u0000" },
              }),
            ),
          status: 400,
          error: messages.api.invalidRequest,
          details: [messages.api.controlCharacters],
        },
        {
          name: "NUL in the notes",
          raw: (id) =>
            JSON.stringify(checkoutBody([{ productId: id, quantity: 1 }], { notes: "\u0000" })),
          status: 400,
          error: messages.api.invalidRequest,
          details: [messages.api.controlCharacters],
        },
        {
          name: "a lone surrogate in the notes",
          raw: (id) =>
            JSON.stringify(checkoutBody([{ productId: id, quantity: 1 }])).replace(
              "Gift wrap",
              "\\ud800 wrap",
            ),
          status: 400,
          error: messages.api.invalidRequest,
          details: [messages.api.controlCharacters],
        },
        {
          name: "a huge full name",
          raw: (id) =>
            JSON.stringify(
              checkoutBody([{ productId: id, quantity: 1 }], {
                shippingAddress: { ...shippingAddress, fullName: "x".repeat(200_000) },
              }),
            ),
          status: 413,
          error: messages.api.payloadTooLarge,
        },
        {
          name: "malformed JSON",
          raw: () => '{"items": [',
          status: 400,
          error: messages.api.invalidRequest,
        },
        {
          name: "a JSON array",
          raw: () => "[]",
          status: 400,
          error: messages.api.bodyNotObject,
        },
        { name: "JSON null", raw: () => "null", status: 400, error: messages.api.bodyNotObject },
        {
          name: "a JSON string",
          raw: () => '"checkout"',
          status: 400,
          error: messages.api.bodyNotObject,
        },
        { name: "an empty body", raw: () => "", status: 400, error: m.fullNameRequired },
        {
          name: "deeply nested arrays",
          raw: () => `{"items": ${"[".repeat(5000)}${"]".repeat(5000)}}`,
          status: 400,
        },
        {
          name: "items as a string",
          raw: (id) => JSON.stringify(checkoutBody([], { items: id })),
          status: 400,
          error: messages.api.wrongType("items", "a list"),
        },
        {
          name: "shipping address as an array",
          raw: (id) =>
            JSON.stringify(checkoutBody([{ productId: id, quantity: 1 }], { shippingAddress: [] })),
          status: 400,
        },
        {
          name: "a number for the phone",
          raw: (id) =>
            JSON.stringify(
              checkoutBody([{ productId: id, quantity: 1 }], { phoneNumber: 3123456 }),
            ),
          status: 400,
          error: m.phoneInvalid,
        },
        {
          name: "an enormous quantity",
          raw: (id) => JSON.stringify(checkoutBody([{ productId: id, quantity: 1e308 }])),
          status: 400,
          error: m.quantityRange,
        },
        {
          name: "a negative quantity",
          raw: (id) => JSON.stringify(checkoutBody([{ productId: id, quantity: -3 }])),
          status: 400,
          error: m.quantityRange,
        },
        {
          name: "__proto__ and constructor keys, refused by name",
          raw: (id) =>
            `{"__proto__": {"isAdmin": true, "items": []}, "constructor": {"prototype": {"x": 1}}, "items": [{"productId": "${id}", "quantity": 1, "__proto__": {"quantity": 99}}], "shippingAddress": {"__proto__": {"fullName": "x"}}, "phoneNumber": "03123456"}`,
          status: 400,
          error: messages.api.invalidRequest,
          details: [messages.api.reservedFieldName],
        },
        {
          name: "SQL in the product id",
          raw: () =>
            JSON.stringify(checkoutBody([{ productId: "'; drop table orders; --", quantity: 1 }])),
          status: 400,
          error: m.invalidItem,
        },
      ];

      it.each(cases)("$name → $status", async ({ raw, status, error, details }) => {
        const { user, token } = await createSignedInUser(db());
        const ring = await createProduct(db(), { quantity: 4 });
        const before = await countAll();
        const answer = await checkout({ token, raw: raw(ring.id) });
        expect(answer.status).toBe(status);
        if (error) expect(answer.body.error).toBe(error);
        if (details) expect(answer.body.details).toEqual(details);
        expect(await countAll()).toEqual(before);
        expect(await ordersOf(user.id)).toHaveLength(0);
        expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      });

      it("stores and returns names and notes as plain text", async () => {
        const { token } = await createSignedInUser(db());
        const ring = await createProduct(db());
        const fullName = `<img src=x onerror=alert(1)> O'Brien "Maya" & خوري 💍`;
        const notes = "Line one\nLine two\t<script>alert(1)</script>";
        const answer = await checkout({
          token,
          body: checkoutBody([{ productId: ring.id, quantity: 1 }], {
            shippingAddress: { ...shippingAddress, fullName },
            notes,
          }),
        });
        expect(answer.status).toBe(201);
        expect(answer.body.order).toMatchObject({ shippingAddress: { fullName }, notes });
      });
    });

    describe("mail after the order", () => {
      it("sends the confirmation to the customer and the notice to SHOP_EMAIL, escaped", async () => {
        const { user, token } = await createSignedInUser(db(), {
          firstName: "<b>Lina</b>",
          email: `lina.${Date.now()}@example.com`,
        });
        const ring = await createProduct(db(), { name: "Cedar Ring", priceCents: 2450 });
        const answer = await checkout({
          token,
          body: checkoutBody([{ productId: ring.id, quantity: 2 }], {
            notes: "<script>alert('x')</script>",
            currency: "LBP",
          }),
        });
        const { orderNumber } = answer.body.order as { orderNumber: string };
        const confirmation = await waitForMail(
          user.email,
          new RegExp(messages.orderMail.confirmationSubject(orderNumber)),
        );
        expect(confirmation).toContain("2 × Cedar Ring");
        expect(confirmation).toContain("4,833,000 LBP ($54.00)");
        expect(confirmation).toContain("within 24 hours");
        const html = confirmation.slice(confirmation.indexOf("Content-Type: text/html"));
        expect(html).toContain("Hello &lt;b&gt;Lina&lt;/b&gt;,");
        expect(html).toContain("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
        expect(html).not.toMatch(/<script|<b>/);
        expect(confirmation).toContain("http://localhost:3000/orders");

        const notice = await waitForMail(SHOP_EMAIL, new RegExp(`new order ${orderNumber}`));
        expect(notice).toContain(user.email);
        // The owner's Reply reaches the customer, not the shop's own sending address.
        expect(notice).toMatch(
          new RegExp(`^Reply-To: ${user.email.replace(/[.+]/g, "\\$&")}$`, "mi"),
        );
        expect(confirmation).not.toMatch(/^Reply-To:/im);
        expect(notice).toContain("+961 3 123 456");
        expect(notice).toContain("Bliss Street, Rose Building");
        expect(notice).toContain("http://localhost:3000/admin");
        const noticeHtml = notice.slice(notice.indexOf("Content-Type: text/html"));
        expect(noticeHtml).toContain(`&lt;b&gt;Lina&lt;/b&gt; Khalil (${user.email})`);
        expect(noticeHtml).not.toMatch(/<script|<b>/);
      });

      it("a retried request sends no second mail", async () => {
        const { user, token } = await createSignedInUser(db());
        const ring = await createProduct(db());
        const body = checkoutBody([{ productId: ring.id, quantity: 1 }]);
        const first = await checkout({ token, body, idempotencyKey: "mail-once" });
        const { orderNumber } = first.body.order as { orderNumber: string };
        await waitForMail(user.email, new RegExp(orderNumber));
        await checkout({ token, body, idempotencyKey: "mail-once" });
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(
          outboxMails(dataDir, user.email).filter((mail) => mail.includes(orderNumber)),
        ).toHaveLength(1);
      });

      it("a mail server that is down neither fails nor delays the order", async () => {
        const errors = jest.spyOn(console, "error").mockImplementation(() => {});
        process.env.SMTP_URL = "smtp://127.0.0.1:9/?connectionTimeout=3000";
        resetEnvCache();
        try {
          const { user, token } = await createSignedInUser(db());
          const ring = await createProduct(db());
          const started = Date.now();
          const answer = await checkout({
            token,
            body: checkoutBody([{ productId: ring.id, quantity: 1 }]),
          });
          expect(answer.status).toBe(201);
          expect(Date.now() - started).toBeLessThan(2500);
          expect(await ordersOf(user.id)).toHaveLength(1);
          for (
            const start = Date.now();
            errors.mock.calls.length < 2 && Date.now() - start < 5000;
          ) {
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          expect(errors.mock.calls.map((call) => String(call[0]))).toEqual(
            expect.arrayContaining([
              expect.stringMatching(/confirmation of order/),
              expect.stringMatching(/notice of order/),
            ]),
          );
        } finally {
          delete process.env.SMTP_URL;
          resetEnvCache();
          errors.mockRestore();
        }
      });
    });
  });

  describe("GET /api/orders", () => {
    it("lists the customer's own orders, newest first, in the Order shape, never cached", async () => {
      const maya = await createSignedInUser(db());
      const rami = await createSignedInUser(db(), { firstName: "Rami" });
      const ring = await createProduct(db(), { quantity: 10 });
      const placed: string[] = [];
      for (const quantity of [1, 2, 3]) {
        const { body } = await checkout({
          token: maya.token,
          body: checkoutBody([{ productId: ring.id, quantity }]),
        });
        placed.push((body.order as { orderNumber: string }).orderNumber);
      }
      await checkout({
        token: rami.token,
        body: checkoutBody([{ productId: ring.id, quantity: 1 }]),
      });

      const { status, body, headers } = await listOrders(maya.token);
      expect(status).toBe(200);
      expect(headers.get("cache-control")).toBe("private, no-store");
      const list = body.orders as Record<string, unknown>[];
      expect(list.map((o) => o.orderNumber)).toEqual([...placed].reverse());
      expect(list.map((o) => (o.items as { quantity: number }[])[0]!.quantity)).toEqual([3, 2, 1]);
      for (const order of list) expect(Object.keys(order).sort()).toEqual(ORDER_KEYS);
      expect(JSON.stringify(list)).not.toContain(rami.user.email);
      expect(JSON.stringify(list)).not.toContain("idempotency");

      const ramis = await listOrders(rami.token);
      expect((ramis.body.orders as unknown[]).length).toBe(1);
    });

    it("answers an empty list to a customer without orders", async () => {
      const { token } = await createSignedInUser(db());
      expect(await listOrders(token)).toMatchObject({
        status: 200,
        body: { orders: [], firstOrderDiscount: false },
      });
    });

    it("401 signed out; 403 with requiresVerification when unverified", async () => {
      const signedOut = await listOrders();
      expect(signedOut).toMatchObject({ status: 401, body: { error: messages.api.unauthorized } });
      expect(signedOut.headers.get("cache-control")).toBe("private, no-store");
      const { token } = await createSignedInUser(db(), { isEmailVerified: false });
      const answer = await listOrders(token);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({
        error: messages.api.verificationRequired,
        requiresVerification: true,
      });
    });
  });
});
