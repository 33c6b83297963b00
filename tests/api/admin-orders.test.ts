import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { PATCH as patchStatus } from "@/app/api/admin/orders/[id]/status/route";
import { GET as listOrdersRoute } from "@/app/api/admin/orders/route";
import { GET as statsRoute } from "@/app/api/admin/stats/route";
import { GET as catalogueProduct } from "@/app/api/product/[id]/route";
import { ORDER_STATUSES, type OrderStatus } from "@/lib/constants";
import { orders, products, users } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { messages } from "@/lib/messages";
import { setOrderStatus } from "@/lib/orders";
import type { OrderDto } from "@/models/order";
import { PRODUCT_LIMITS, type ProductDto } from "@/models/product";
import { APP, jsonRequest, outboxMails, readResponse } from "@/tests/support/auth-requests";
import { describeEachDatabase } from "@/tests/support/databases";
import { checkout, checkoutBody, createProduct } from "@/tests/support/shop";
import { createSignedInUser } from "@/tests/support/users";

const a = messages.admin;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lumiere-admin-orders-"));

beforeAll(() => {
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  process.env.LOW_STOCK_THRESHOLD = "5";
  resetEnvCache();
  jest.spyOn(console, "info").mockImplementation(() => {});
});
afterAll(async () => {
  // Status mails are written after the answer: let the last ones land before the folder goes.
  const count = () => fs.readdirSync(path.join(dataDir, "outbox")).length;
  for (let last = -1; count() !== last;) {
    last = count();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  delete process.env.LOW_STOCK_THRESHOLD;
  resetEnvCache();
});

const get = (handler: (request: Request) => Promise<Response>, pathname: string, token?: string) =>
  handler(
    new Request(`${APP}${pathname}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }),
  ).then(readResponse);

const setStatus = (id: string, body: unknown, token?: string) =>
  patchStatus(jsonRequest(`/api/admin/orders/${id}/status`, { method: "PATCH", body, token }), {
    params: Promise.resolve({ id }),
  }).then(readResponse);

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describeEachDatabase("admin orders and dashboard API", ({ db }) => {
  let admin: string;

  beforeAll(async () => {
    admin = (
      await createSignedInUser(db(), { isAdmin: true, firstName: "Nour", lastName: "Haddad" })
    ).token;
  });

  /** A real order through the checkout handler, by a new customer. */
  const placeOrder = async (
    items: { productId: string; quantity: number }[],
    customer?: Awaited<ReturnType<typeof createSignedInUser>>,
  ) => {
    const buyer = customer ?? (await createSignedInUser(db()));
    const response = await checkout({ token: buyer.token, body: checkoutBody(items) });
    expect(response.status).toBe(201);
    return { order: response.body.order as OrderDto, buyer };
  };

  describe("who may call it", () => {
    const calls: {
      name: string;
      call: (token?: string) => Promise<{ status: number; headers: Headers }>;
    }[] = [
      {
        name: "GET /api/admin/orders",
        call: (token) => get(listOrdersRoute, "/api/admin/orders", token),
      },
      { name: "GET /api/admin/stats", call: (token) => get(statsRoute, "/api/admin/stats", token) },
      {
        name: "PATCH /api/admin/orders/{id}/status",
        call: (token) =>
          setStatus("5d6f1c2e-8a61-4b8e-9d55-0c9a1f1e2b3c", { status: "confirmed" }, token),
      },
    ];
    it.each(calls)(
      "$name: 401 signed out, 403 for customers, private answers",
      async ({ call }) => {
        const customer = await createSignedInUser(db());
        const unverified = await createSignedInUser(db(), { isEmailVerified: false });
        const answers = [
          await call(),
          await call(customer.token),
          await call(unverified.token),
          await call(admin),
        ];
        expect(answers.map((answer) => answer.status)).toEqual([401, 403, 403, expect.any(Number)]);
        expect([200, 404]).toContain(answers[3]!.status);
        for (const answer of answers)
          expect(answer.headers.get("cache-control")).toBe("private, no-store");
      },
    );
  });

  describe("the order list", () => {
    it("lists every order newest first with the customer, and keeps the name of a deleted account", async () => {
      const product = await createProduct(db(), {
        name: "Sidon Shell Anklet",
        quantity: 20,
        category: "anklets",
      });
      const first = await placeOrder([{ productId: product.id, quantity: 1 }]);
      const second = await placeOrder([{ productId: product.id, quantity: 2 }]);
      await db().delete(users).where(eq(users.id, first.buyer.user.id));

      const { status, body } = await get(listOrdersRoute, "/api/admin/orders", admin);
      expect(status).toBe(200);
      const listed = body.orders as OrderDto[];
      const numbers = listed.map((order) => order.orderNumber);
      expect(numbers.indexOf(second.order.orderNumber)).toBeLessThan(
        numbers.indexOf(first.order.orderNumber),
      );
      const gone = listed.find((order) => order.orderNumber === first.order.orderNumber)!;
      expect(gone.userId).toMatchObject({
        firstName: "Maya",
        lastName: "Khalil",
        email: first.buyer.user.email,
      });
      const kept = listed.find((order) => order.orderNumber === second.order.orderNumber)!;
      expect(kept).toMatchObject({
        _id: second.order._id,
        orderNumber: second.order.orderNumber,
        userId: { firstName: "Maya", lastName: "Khalil", email: second.buyer.user.email },
        status: "pending",
        items: [
          {
            name: "Sidon Shell Anklet",
            quantity: 2,
            price: 24.5,
            image: expect.stringMatching(/^\/images\//),
          },
        ],
        subtotal: 49,
        deliveryFee: 5,
        totalAmount: 54,
        currency: "USD",
        paymentMethod: "cash_on_delivery",
        shippingAddress: { fullName: "Maya Khoury", city: "Beirut" },
        phoneNumber: "+961 3 123 456",
        notes: "Gift wrap, please",
      });
      expect(Object.keys(kept)).toEqual(
        expect.arrayContaining(["createdAt", "estimatedDelivery", "shippingAddress", "items"]),
      );
    });

    it("filters by status", async () => {
      const product = await createProduct(db(), { quantity: 10 });
      const { order } = await placeOrder([{ productId: product.id, quantity: 1 }]);
      await setStatus(order._id, { status: "preparing" }, admin);
      const preparing = await get(listOrdersRoute, "/api/admin/orders?status=preparing", admin);
      expect((preparing.body.orders as OrderDto[]).every((o) => o.status === "preparing")).toBe(
        true,
      );
      expect((preparing.body.orders as OrderDto[]).map((o) => o._id)).toContain(order._id);
      const delivered = await get(listOrdersRoute, "/api/admin/orders?status=delivered", admin);
      expect((delivered.body.orders as OrderDto[]).map((o) => o._id)).not.toContain(order._id);
    });

    it("lists the newest orders a window at a time, says whether older ones follow, and searches them all", async () => {
      const product = await createProduct(db(), { quantity: 10 });
      const customer = await createSignedInUser(db(), { lastName: "Zakhour-Windows" });
      const place = async (phoneNumber: string, deliveredTo?: string) => {
        const response = await checkout({
          token: customer.token,
          body: checkoutBody([{ productId: product.id, quantity: 1 }], {
            phoneNumber,
            ...(deliveredTo && {
              shippingAddress: { fullName: deliveredTo, address: "Hamra St", city: "Beirut" },
            }),
          }),
        });
        expect(response.status).toBe(201);
        return (response.body.order as OrderDto).orderNumber;
      };
      const oldest = await place("03 987 654", "Rania Windows-Delivery");
      const middle = await place("71 222 333");
      const newest = await place("71 222 334");
      const list = async (query: string) => {
        const { status, body } = await get(listOrdersRoute, `/api/admin/orders?${query}`, admin);
        expect(status).toBe(200);
        return {
          numbers: (body.orders as OrderDto[]).map((order) => order.orderNumber),
          more: body.more,
        };
      };

      expect(await list("limit=2")).toEqual({ numbers: [newest, middle], more: true });
      expect(await list("limit=2&status=pending")).toEqual({
        numbers: [newest, middle],
        more: true,
      });
      // A search reaches past the loaded window, newest first, a window of matches at a time.
      expect(await list("limit=2&q=zakhour-windows")).toEqual({
        numbers: [newest, middle],
        more: true,
      });
      expect(await list("limit=3&q=ZAKHOUR-WINDOWS")).toEqual({
        numbers: [newest, middle, oldest],
        more: false,
      });
      // The number as caller ID shows it finds the order placed with the local form.
      expect(await list("q=%2B961%203%20987654")).toEqual({ numbers: [oldest], more: false });
      expect(await list("q=rania%20windows")).toEqual({ numbers: [oldest], more: false });
      expect(await list(`q=${oldest.toLowerCase()}&status=delivered`)).toEqual({
        numbers: [],
        more: false,
      });
      // Without a limit, a page of the newest (ADMIN_ORDERS_PAGE); an empty one is none.
      const page = await list("limit=&q=");
      expect(page.numbers.slice(0, 3)).toEqual([newest, middle, oldest]);
    });

    it.each(["0", "-1", "1.5", "abc", "2001", "99999999999999999999"])(
      "answers 400 for the window %j",
      async (limit) => {
        const response = await get(listOrdersRoute, `/api/admin/orders?limit=${limit}`, admin);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          error: a.invalidOrdersLimit(2000),
          details: [a.invalidOrdersLimit(2000)],
        });
      },
    );

    it("answers 400 for a search longer than 100 characters", async () => {
      const response = await get(listOrdersRoute, `/api/admin/orders?q=${"x".repeat(101)}`, admin);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(a.orderSearchTooLong(100));
    });

    it.each(["shipped", "PENDING", "' OR 1=1 --", "pending\u0000", "%00", "x".repeat(5000)])(
      "answers 400 for the status filter %j",
      async (status) => {
        const response = await get(
          listOrdersRoute,
          `/api/admin/orders?status=${encodeURIComponent(status)}`,
          admin,
        );
        expect(response.status).toBe(400);
        expect(response.body.error).toBeTruthy();
      },
    );
  });

  describe("changing an order's status", () => {
    it("sets any of the six statuses, the current one included, until the order is cancelled", async () => {
      const product = await createProduct(db(), { quantity: 10 });
      const { order } = await placeOrder([{ productId: product.id, quantity: 1 }]);
      for (const status of [
        "pending",
        "pending",
        "delivered",
        "confirmed",
        "out_for_delivery",
        "preparing",
        "cancelled",
      ] as OrderStatus[]) {
        const response = await setStatus(order._id, { status }, admin);
        expect(response.status).toBe(200);
        expect(response.body.order).toMatchObject({ _id: order._id, status });
        expect(response.headers.get("cache-control")).toBe("private, no-store");
      }
      for (const status of ORDER_STATUSES) {
        const refused = await setStatus(order._id, { status }, admin);
        expect(refused).toMatchObject({
          status: 409,
          body: { error: a.cancelledLocked, order: { _id: order._id, status: "cancelled" } },
        });
      }
      const [row] = await db().select().from(orders).where(eq(orders.id, order._id));
      expect(row!.status).toBe("cancelled");
    });

    it("refuses a press from a screen showing a status the order has left, showing it as it is now", async () => {
      const product = await createProduct(db(), { quantity: 10 });
      const { order } = await placeOrder([{ productId: product.id, quantity: 2 }]);
      // The owner's phone moves it along; her laptop still shows it pending.
      await setStatus(order._id, { status: "delivered", statusWas: "pending" }, admin);
      const stale = await setStatus(
        order._id,
        { status: "cancelled", statusWas: "pending" },
        admin,
      );
      expect(stale).toMatchObject({
        status: 409,
        body: {
          error: a.statusChangedElsewhere("Delivered"),
          order: { _id: order._id, status: "delivered" },
        },
      });
      const [row] = await db().select().from(orders).where(eq(orders.id, order._id));
      expect(row!.status).toBe("delivered");
      const [stock] = await db().select().from(products).where(eq(products.id, product.id));
      expect(stock!.quantity).toBe(8);
      // Pressed again from the screen now showing it: any status, as the spec says.
      const again = await setStatus(
        order._id,
        { status: "confirmed", statusWas: "delivered" },
        admin,
      );
      expect(again.body.order).toMatchObject({ status: "confirmed" });
      // A press the order already answers (a second press after a lost answer) is no conflict,
      // and without statusWas (the spec's body) any status is set.
      expect(
        (await setStatus(order._id, { status: "confirmed", statusWas: "pending" }, admin)).status,
      ).toBe(200);
      expect((await setStatus(order._id, { status: "preparing" }, admin)).status).toBe(200);
    });

    it.each([{ statusWas: "shipped" }, { statusWas: 3 }, { statusWas: null }])(
      "answers 400 for the statusWas %j",
      async (extra) => {
        const product = await createProduct(db(), { quantity: 10 });
        const { order } = await placeOrder([{ productId: product.id, quantity: 1 }]);
        const response = await setStatus(order._id, { status: "confirmed", ...extra }, admin);
        // Named for what is wrong: the status sent is fine.
        expect(response).toMatchObject({
          status: 400,
          body: { error: a.invalidStatusWas, details: [a.invalidStatusWas] },
        });
      },
    );

    it("gives the units back to stock once when cancelled, and the catalogue shows it at once", async () => {
      const product = await createProduct(db(), { quantity: 6 });
      const { order } = await placeOrder([{ productId: product.id, quantity: 4 }]);
      const readPublic = async () =>
        (await (
          await catalogueProduct(new Request(`${APP}/api/product/${product.id}`), {
            params: Promise.resolve({ id: product.id }),
          })
        ).json()) as ProductDto;
      expect((await readPublic()).quantity).toBe(2);
      expect((await setStatus(order._id, { status: "cancelled" }, admin)).status).toBe(200);
      expect((await readPublic()).quantity).toBe(6);
      expect((await setStatus(order._id, { status: "cancelled" }, admin)).status).toBe(409);
      const [row] = await db().select().from(products).where(eq(products.id, product.id));
      expect(row!.quantity).toBe(6);
    });

    it("gives units back up to the most stock a product may hold", async () => {
      const product = await createProduct(db(), { quantity: 10 });
      const { order } = await placeOrder([{ productId: product.id, quantity: 4 }]);
      await db()
        .update(products)
        .set({ quantity: PRODUCT_LIMITS.quantity - 1 })
        .where(eq(products.id, product.id));
      expect((await setStatus(order._id, { status: "cancelled" }, admin)).status).toBe(200);
      const [row] = await db().select().from(products).where(eq(products.id, product.id));
      expect(row!.quantity).toBe(PRODUCT_LIMITS.quantity);
    });

    it("gives the units back exactly once when two cancels race", async () => {
      const product = await createProduct(db(), { quantity: 9 });
      const other = await createProduct(db(), {
        name: "Tyre Wave Bracelet",
        category: "bracelets",
        quantity: 3,
      });
      const { order } = await placeOrder([
        { productId: product.id, quantity: 5 },
        { productId: other.id, quantity: 3 },
      ]);
      const answers = await Promise.all([
        setStatus(order._id, { status: "cancelled" }, admin),
        setStatus(order._id, { status: "cancelled" }, admin),
        setStatus(order._id, { status: "cancelled" }, admin),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
      const rows = await db().select().from(products);
      expect(rows.find((p) => p.id === product.id)!.quantity).toBe(9);
      expect(rows.find((p) => p.id === other.id)!.quantity).toBe(3);
    });

    it("cancels an order whose product was deleted since", async () => {
      const product = await createProduct(db(), { quantity: 3 });
      const { order } = await placeOrder([{ productId: product.id, quantity: 1 }]);
      await db().delete(products).where(eq(products.id, product.id));
      expect((await setStatus(order._id, { status: "cancelled" }, admin)).status).toBe(200);
    });

    it("mails the customer when the order goes out for delivery and when it is delivered, once each, moved back and forward too", async () => {
      const product = await createProduct(db(), { quantity: 5 });
      const { order, buyer } = await placeOrder([{ productId: product.id, quantity: 1 }]);
      const mails = () =>
        outboxMails(dataDir, buyer.user.email).filter(
          (mail) =>
            !mail
              .split("\n\n")[0]!
              .includes(messages.orderMail.confirmationSubject(order.orderNumber)),
        );
      const before = mails().length;
      await setStatus(order._id, { status: "confirmed" }, admin);
      await setStatus(order._id, { status: "out_for_delivery" }, admin);
      expect(await waitFor(() => mails().length === before + 1)).toBe(true);
      expect(mails().at(-1)).toContain(order.orderNumber);
      await setStatus(order._id, { status: "out_for_delivery" }, admin);
      await setStatus(order._id, { status: "delivered" }, admin);
      expect(await waitFor(() => mails().length === before + 2)).toBe(true);
      // A slip of the owner's finger, set right: the customer hears of each status once.
      for (const status of ["preparing", "out_for_delivery", "delivered"] as const) {
        expect((await setStatus(order._id, { status }, admin)).status).toBe(200);
      }
      await new Promise((r) => setTimeout(r, 100));
      expect(mails()).toHaveLength(before + 2);
    });

    it("mails the customer when the order is cancelled, with a way back to the shop", async () => {
      const product = await createProduct(db(), { quantity: 5 });
      const { order, buyer } = await placeOrder([{ productId: product.id, quantity: 1 }]);
      const cancelled = () =>
        outboxMails(dataDir, buyer.user.email).filter((mail) => /cancelled/i.test(mail));
      await setStatus(order._id, { status: "cancelled" }, admin);
      expect(await waitFor(() => cancelled().length === 1)).toBe(true);
      const mail = cancelled()[0]!;
      expect(mail).toContain(`Subject: Lumière: order ${order.orderNumber} cancelled`);
      expect(mail).toContain(messages.orderMail.cancelledText(order.orderNumber));
      expect(mail).toContain(`${APP}/`);
      expect(mail).not.toContain(`${APP}/orders`);
      // Nothing is due any more: no payment, delivery date or address.
      for (const gone of ["Estimated delivery", "Payment", "Deliver to"]) {
        expect(mail).not.toContain(gone);
      }
    });

    it("never tells a customer whose order was delivered, then cancelled, that nothing is owed", async () => {
      const product = await createProduct(db(), { quantity: 5 });
      const { order, buyer } = await placeOrder([{ productId: product.id, quantity: 1 }]);
      const cancelled = () =>
        outboxMails(dataDir, buyer.user.email).filter((mail) => /Subject: .*cancelled/.test(mail));
      await setStatus(order._id, { status: "delivered" }, admin);
      // Moved back first (a mistaken delivery), then cancelled: the delivered mail went all the same.
      await setStatus(order._id, { status: "out_for_delivery" }, admin);
      await setStatus(order._id, { status: "cancelled" }, admin);
      expect(await waitFor(() => cancelled().length === 1)).toBe(true);
      expect(cancelled()[0]).toContain(
        messages.orderMail.cancelledAfterDeliveryText(order.orderNumber),
      );
      expect(cancelled()[0]).not.toContain("nothing is owed");
    });

    it("mails each of two changes made at once as it was made: delivered, then cancelled after delivery", async () => {
      const product = await createProduct(db(), { quantity: 5 });
      const { order, buyer } = await placeOrder([{ productId: product.id, quantity: 1 }]);
      const statusMails = () =>
        outboxMails(dataDir, buyer.user.email).filter((mail) =>
          /^Subject: .* (delivered|cancelled)$/m.test(mail),
        );
      // The owner marks it delivered as another admin's cancel arrives: both are taken, in turn.
      // The order is held meanwhile, so that the two queue for it in that order.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let taken!: () => void;
      const holding = new Promise<void>((resolve) => (taken = resolve));
      const holder = db().transaction(async (tx) => {
        await tx.select().from(orders).where(eq(orders.id, order._id)).for("update");
        taken();
        await held;
      });
      await holding;
      const pause = () => new Promise((resolve) => setTimeout(resolve, 150));
      const delivering = setOrderStatus({ id: order._id, status: "delivered" });
      await pause();
      const cancelling = setOrderStatus({ id: order._id, status: "cancelled" });
      await pause();
      release();
      await holder;
      const [delivered, cancelled] = await Promise.all([delivering, cancelling]);
      expect(delivered.status).toBe("delivered");
      expect(cancelled.status).toBe("cancelled");
      expect(await waitFor(() => statusMails().length === 2)).toBe(true);
      const subjects = statusMails().map((mail) => mail.match(/^Subject: (.*)$/m)![1]);
      expect(subjects.sort()).toEqual([
        `Lumière: order ${order.orderNumber} cancelled`,
        `Lumière: order ${order.orderNumber} delivered`,
      ]);
      const cancellation = statusMails().find((mail) => /^Subject: .* cancelled$/m.test(mail))!;
      expect(cancellation).toContain(
        messages.orderMail.cancelledAfterDeliveryText(order.orderNumber),
      );
      expect(statusMails().join("\n")).not.toContain("nothing is owed");
    });

    it("changes the status even when the mail cannot be sent", async () => {
      const product = await createProduct(db(), { quantity: 5 });
      const { order } = await placeOrder([{ productId: product.id, quantity: 1 }]);
      process.env.SMTP_URL = "smtp://127.0.0.1:1";
      resetEnvCache();
      const errors = jest.spyOn(console, "error").mockImplementation(() => {});
      try {
        const response = await setStatus(order._id, { status: "delivered" }, admin);
        expect(response).toMatchObject({ status: 200, body: { order: { status: "delivered" } } });
        expect(await waitFor(() => errors.mock.calls.length > 0)).toBe(true);
      } finally {
        delete process.env.SMTP_URL;
        resetEnvCache();
        errors.mockRestore();
      }
    });

    it.each([
      {
        name: "an unknown order",
        id: "5d6f1c2e-8a61-4b8e-9d55-0c9a1f1e2b3c",
        body: { status: "confirmed" },
        status: 404,
        error: a.orderNotFound,
      },
      {
        name: "an id that is not an order's",
        id: "' OR 1=1 --",
        body: { status: "confirmed" },
        status: 404,
        error: a.orderNotFound,
      },
    ])("answers $status for $name", async ({ id, body, status, error }) => {
      expect(await setStatus(id, body, admin)).toMatchObject({ status, body: { error } });
    });

    it.each([
      { status: "shipped" },
      { status: "" },
      { status: null },
      { status: 3 },
      { status: ["cancelled"] },
      {},
      [],
      "cancelled",
      { status: "cancelled\u0000" },
    ])("answers 400 for the body %j", async (body) => {
      const product = await createProduct(db(), { quantity: 5 });
      const { order } = await placeOrder([{ productId: product.id, quantity: 1 }]);
      const response = await setStatus(order._id, body, admin);
      expect(response.status).toBe(400);
      expect(response.body.error).toBeTruthy();
    });

    it("answers 400 for a body that is not JSON and 413 for an oversized one", async () => {
      const product = await createProduct(db(), { quantity: 5 });
      const { order } = await placeOrder([{ productId: product.id, quantity: 1 }]);
      const send = (raw: string) =>
        patchStatus(
          jsonRequest(`/api/admin/orders/${order._id}/status`, {
            method: "PATCH",
            raw,
            token: admin,
          }),
          {
            params: Promise.resolve({ id: order._id }),
          },
        ).then(readResponse);
      expect((await send("{status: cancelled")).status).toBe(400);
      expect((await send(JSON.stringify({ status: "x".repeat(100_000) }))).status).toBe(413);
    });
  });
});

describeEachDatabase("admin dashboard figures", ({ db }) => {
  it("counts orders, pending ones, delivered ones and their revenue, recent orders and low stock", async () => {
    process.env.LOW_STOCK_THRESHOLD = "5";
    resetEnvCache();
    const owner = await createSignedInUser(db(), { isAdmin: true });
    const stocks = [0, 1, 5, 6, 40];
    const made = [];
    for (const [index, quantity] of stocks.entries()) {
      made.push(
        await createProduct(db(), {
          name: `Piece ${index}`,
          quantity: quantity + 10,
          priceCents: 1000 + index * 100,
        }),
      );
    }
    // Orders through checkout, then moved to their status. Each takes 10 units of one piece's
    // stock, leaving the quantities above.
    const statuses: OrderStatus[] = [
      "pending",
      "confirmed",
      "preparing",
      "out_for_delivery",
      "delivered",
    ];
    const placed: OrderDto[] = [];
    for (const [index, product] of made.entries()) {
      const customer = await createSignedInUser(db(), { firstName: `Client${index}` });
      const response = await checkout({
        token: customer.token,
        body: checkoutBody([{ productId: product.id, quantity: 10 }]),
      });
      placed.push(response.body.order as OrderDto);
      await setStatus(placed[index]!._id, { status: statuses[index]! }, owner.token);
    }
    // One more delivered order and one cancelled (its stock comes back).
    const extra = await createProduct(db(), {
      name: "Zahle Cuff",
      quantity: 100,
      priceCents: 2500,
    });
    for (const status of ["delivered", "cancelled"] as OrderStatus[]) {
      const customer = await createSignedInUser(db());
      const response = await checkout({
        token: customer.token,
        body: checkoutBody([{ productId: extra.id, quantity: 1 }]),
      });
      placed.push(response.body.order as OrderDto);
      await setStatus((response.body.order as OrderDto)._id, { status }, owner.token);
    }

    const { status, body, headers } = await get(statsRoute, "/api/admin/stats", owner.token);
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("private, no-store");
    const deliveredRevenue = placed[4]!.totalAmount + placed[5]!.totalAmount;
    expect(body.stats).toEqual({
      totalProducts: 6,
      totalOrders: 7,
      pendingOrders: 4,
      completedOrders: 2,
      totalRevenue: deliveredRevenue,
    });
    expect(deliveredRevenue).toBe(10 * 14 + 5 + 25 + 5);
    const recent = body.recentOrders as OrderDto[];
    expect(recent.map((order) => order.orderNumber)).toEqual(
      placed
        .slice(-5)
        .reverse()
        .map((order) => order.orderNumber),
    );
    expect(recent[0]!.userId).toMatchObject({ firstName: "Maya", lastName: "Khalil" });
    expect(body.lowStockProducts).toEqual([
      { _id: made[1]!.id, id: made[1]!.id, name: "Piece 1", price: 11, quantity: 1 },
      { _id: made[2]!.id, id: made[2]!.id, name: "Piece 2", price: 12, quantity: 5 },
    ]);
  });
});
