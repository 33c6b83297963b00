import { eq } from "drizzle-orm";
import { GET as cartRoute } from "@/app/api/cart/route";
import { POST as addRoute } from "@/app/api/cart/add/route";
import { DELETE as clearRoute } from "@/app/api/cart/clear/route";
import { POST as fixRoute } from "@/app/api/cart/fix-issues/route";
import { DELETE as removeRoute } from "@/app/api/cart/remove/[productId]/route";
import { GET as stockSummaryRoute } from "@/app/api/cart/stock-summary/route";
import { PUT as updateRoute } from "@/app/api/cart/update/route";
import { GET as wishlistRoute } from "@/app/api/wishlist/route";
import { POST as wishlistAddRoute } from "@/app/api/wishlist/add/route";
import { DELETE as wishlistClearRoute } from "@/app/api/wishlist/clear/route";
import { DELETE as wishlistRemoveRoute } from "@/app/api/wishlist/remove/[productId]/route";
import { createSessionToken } from "@/lib/auth/session";
import { productImagePath } from "@/lib/catalogue";
import { cartItems, productImages, products, wishlistItems } from "@/lib/db/schema";
import { messages } from "@/lib/messages";
import { jsonRequest, readResponse } from "@/tests/support/auth-requests";
import { describeEachDatabase } from "@/tests/support/databases";
import { createSignedInUser } from "@/tests/support/users";

const c = messages.cart;
const w = messages.wishlist;
const api = messages.api;
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const NO_ISSUES = { hasAnyIssues: false, messages: { outOfStock: null, lowStock: null } };

type Handler = (
  request: Request,
  context: { params: Promise<{ productId: string }> },
) => Promise<Response>;
type Route = { method: string; path: string; handler: Handler; body?: unknown };

const routes = {
  cart: { method: "GET", path: "/api/cart", handler: cartRoute },
  add: { method: "POST", path: "/api/cart/add", handler: addRoute },
  update: { method: "PUT", path: "/api/cart/update", handler: updateRoute },
  remove: { method: "DELETE", path: "/api/cart/remove", handler: removeRoute },
  clear: { method: "DELETE", path: "/api/cart/clear", handler: clearRoute },
  fix: { method: "POST", path: "/api/cart/fix-issues", handler: fixRoute },
  stockSummary: { method: "GET", path: "/api/cart/stock-summary", handler: stockSummaryRoute },
  wishlist: { method: "GET", path: "/api/wishlist", handler: wishlistRoute },
  wishlistAdd: { method: "POST", path: "/api/wishlist/add", handler: wishlistAddRoute },
  wishlistRemove: { method: "DELETE", path: "/api/wishlist/remove", handler: wishlistRemoveRoute },
  wishlistClear: { method: "DELETE", path: "/api/wishlist/clear", handler: wishlistClearRoute },
} satisfies Record<string, Route>;
type RouteName = keyof typeof routes;

/** Calls a route handler as the server would, with the path's product id when it takes one. */
async function send(
  name: RouteName,
  {
    token,
    body,
    raw,
    productId = "",
    headers,
  }: {
    token?: string;
    body?: unknown;
    raw?: string;
    productId?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const route: Route = routes[name];
  const path = route.path.endsWith("/remove")
    ? `${route.path}/${encodeURIComponent(productId)}`
    : route.path;
  const request = jsonRequest(path, { method: route.method, body, raw, token, headers });
  const response = await route.handler(request, { params: Promise.resolve({ productId }) });
  return readResponse(response);
}

describeEachDatabase("cart and wishlist API", ({ db, target }) => {
  // Holding a deletion open while another request runs takes two connections: PostgreSQL only.
  const onPostgres = target === "postgres" ? it : it.skip;
  let shopper: string;
  let shopperId: string;
  let other: string;
  let otherId: string;
  let unverified: string;
  // Stock: ring 5, hoops 2, sold-out 0, beads 200, charm 1.
  let ring: string;
  let hoops: string;
  let soldOut: string;
  let beads: string;
  let charm: string;
  let ringImage: string;

  const addProduct = async (name: string, quantity: number, priceCents = 2500) => {
    const [row] = await db()
      .insert(products)
      .values({ name, priceCents, category: "rings", quantity })
      .returning({ id: products.id });
    return row!.id;
  };
  const setStock = (id: string, quantity: number) =>
    db().update(products).set({ quantity }).where(eq(products.id, id));
  const storedLines = (userId: string) =>
    db()
      .select({ productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.userId, userId));

  beforeAll(async () => {
    ({
      token: shopper,
      user: { id: shopperId },
    } = await createSignedInUser(db()));
    ({
      token: other,
      user: { id: otherId },
    } = await createSignedInUser(db()));
    ({ token: unverified } = await createSignedInUser(db(), { isEmailVerified: false }));
    ring = await addProduct("Olive Branch Ring", 5, 4200);
    hoops = await addProduct("Cedar Hoops", 2, 3150);
    soldOut = await addProduct("Sold Out Cuff", 0);
    beads = await addProduct("Glass Bead Anklet", 200, 1200);
    charm = await addProduct("Tiny Star Charm", 1, 900);
    const images = await db()
      .insert(productImages)
      .values([
        {
          productId: ring,
          position: 1,
          contentType: "image/jpeg",
          width: 8,
          height: 8,
          data: Buffer.from("b"),
        },
        {
          productId: ring,
          position: 0,
          contentType: "image/jpeg",
          width: 8,
          height: 8,
          data: Buffer.from("a"),
        },
      ])
      .returning({ id: productImages.id, position: productImages.position });
    ringImage = productImagePath(images.find((i) => i.position === 0)!.id);
  });

  beforeEach(async () => {
    await db().delete(cartItems);
    await db().delete(wishlistItems);
    await setStock(ring, 5);
    await setStock(hoops, 2);
  });

  const ringLine = (quantity: number) => ({
    productId: ring,
    name: "Olive Branch Ring",
    price: 42,
    image: ringImage,
    quantity,
    stock: 5,
  });

  describe("who may call", () => {
    const calls: { name: RouteName; body?: unknown; productId?: () => string }[] = [
      { name: "cart" },
      { name: "add", body: { productId: UNKNOWN_ID, quantity: 1 } },
      { name: "update", body: { productId: UNKNOWN_ID, quantity: 1 } },
      { name: "remove", productId: () => ring },
      { name: "clear" },
      { name: "fix" },
      { name: "stockSummary" },
      { name: "wishlist" },
      { name: "wishlistAdd", body: { productId: UNKNOWN_ID } },
      { name: "wishlistRemove", productId: () => ring },
      { name: "wishlistClear" },
    ];
    const signedOutMessage: Partial<Record<RouteName, string>> = {
      fix: c.fixRequiresLogin,
      wishlistAdd: w.loginRequired,
    };
    const unverifiedMessage: Partial<Record<RouteName, string>> = {
      wishlistAdd: w.verifyRequired,
    };

    it.each(calls)(
      "$name: signed out 401, a forged token 401",
      async ({ name, body, productId }) => {
        const expected = { error: signedOutMessage[name] ?? api.unauthorized };
        for (const token of [undefined, "not-a-session-token"]) {
          const result = await send(name, { token, body, productId: productId?.() });
          expect(result).toMatchObject({ status: 401, body: expected });
          expect(result.headers.get("cache-control")).toBe("private, no-store");
        }
      },
    );

    it.each(calls)(
      "$name: unverified 403 with requiresVerification",
      async ({ name, body, productId }) => {
        const result = await send(name, { token: unverified, body, productId: productId?.() });
        expect(result.status).toBe(403);
        expect(result.body).toEqual({
          error: unverifiedMessage[name] ?? api.verificationRequired,
          requiresVerification: true,
        });
      },
    );

    it("refuses a cookie-authenticated change from a foreign site", async () => {
      const request = jsonRequest("/api/cart/add", {
        body: { productId: ring, quantity: 1 },
        cookie: `lumiere_session=${shopper}`,
        origin: "https://evil.example",
      });
      const result = await readResponse(await addRoute(request));
      expect(result).toMatchObject({ status: 403, body: { error: api.badOrigin } });
      expect(await storedLines(shopperId)).toEqual([]);
    });
  });

  describe("the verified customer's cart", () => {
    it("starts empty, as a private answer", async () => {
      const result = await send("cart", { token: shopper });
      expect(result).toMatchObject({ status: 200, body: { cart: [], stockSummary: NO_ISSUES } });
      expect(result.headers.get("cache-control")).toBe("private, no-store");
    });

    it("adds a product with its current name, price, first picture and stock", async () => {
      const result = await send("add", { token: shopper, body: { productId: ring, quantity: 2 } });
      expect(result).toMatchObject({ status: 200 });
      expect(result.body).toEqual({
        message: c.added,
        cart: [ringLine(2)],
        stockSummary: NO_ISSUES,
      });
      expect(result.headers.get("cache-control")).toBe("private, no-store");
      expect((await send("cart", { token: shopper })).body).toEqual({
        cart: [ringLine(2)],
        stockSummary: NO_ISSUES,
      });
    });

    type Step = { name: RouteName; body?: unknown; productId?: string };
    const cases: {
      name: string;
      before?: () => Step[];
      request: () => Step;
      status: number;
      body?: Record<string, unknown>;
      lines: () => { productId: string; quantity: number }[];
    }[] = [
      {
        name: "add without a quantity adds one",
        request: () => ({ name: "add", body: { productId: ring } }),
        status: 200,
        lines: () => [{ productId: ring, quantity: 1 }],
      },
      {
        name: "adding again raises the line",
        before: () => [{ name: "add", body: { productId: ring, quantity: 2 } }],
        request: () => ({ name: "add", body: { productId: ring, quantity: 3 } }),
        status: 200,
        lines: () => [{ productId: ring, quantity: 5 }],
      },
      {
        name: "add above the stock: 409",
        request: () => ({ name: "add", body: { productId: hoops, quantity: 3 } }),
        status: 409,
        body: { error: c.notEnoughStock(2, 0), stock: 2 },
        lines: () => [],
      },
      {
        name: "add that would take the line above the stock: 409, the line unchanged",
        before: () => [{ name: "add", body: { productId: ring, quantity: 4 } }],
        request: () => ({ name: "add", body: { productId: ring, quantity: 2 } }),
        status: 409,
        body: { error: c.notEnoughStock(5, 4), stock: 5 },
        lines: () => [{ productId: ring, quantity: 4 }],
      },
      {
        name: "add a sold-out product: 409",
        request: () => ({ name: "add", body: { productId: soldOut, quantity: 1 } }),
        status: 409,
        body: { error: c.soldOut, stock: 0 },
        lines: () => [],
      },
      {
        name: "add 99 of a plentiful product, then one more: 409",
        before: () => [{ name: "add", body: { productId: beads, quantity: 99 } }],
        request: () => ({ name: "add", body: { productId: beads, quantity: 1 } }),
        status: 409,
        body: { error: c.maxPerItem, stock: 200 },
        lines: () => [{ productId: beads, quantity: 99 }],
      },
      ...[0, -1, 100, 1.5, "2", null, true, [1], { n: 1 }].map((quantity) => ({
        name: `add quantity ${JSON.stringify(quantity)}: 400`,
        request: (): Step => ({ name: "add", body: { productId: ring, quantity } }),
        status: 400,
        body: { error: c.quantityInvalid, details: [c.quantityInvalid] },
        lines: () => [],
      })),
      {
        name: "add without a product: 400",
        request: () => ({ name: "add", body: { quantity: 1 } }),
        status: 400,
        body: { error: c.productIdRequired, details: [c.productIdRequired] },
        lines: () => [],
      },
      {
        name: "add a product id of the wrong type: 400",
        request: () => ({ name: "add", body: { productId: 12, quantity: 1 } }),
        status: 400,
        body: { error: messages.api.wrongType("productId", "text") },
        lines: () => [],
      },
      ...["nope", UNKNOWN_ID, `${"a".repeat(99)}`, "' or 1=1 --", "../../etc/passwd"].map(
        (productId) => ({
          name: `add the unknown or malformed product ${JSON.stringify(productId.slice(0, 20))}: 404`,
          request: (): Step => ({ name: "add", body: { productId, quantity: 1 } }),
          status: 404,
          body: { error: api.productNotFound },
          lines: () => [],
        }),
      ),
      {
        name: "update sets the quantity",
        before: () => [{ name: "add", body: { productId: ring, quantity: 1 } }],
        request: () => ({ name: "update", body: { productId: ring, quantity: 4 } }),
        status: 200,
        body: { message: c.updated },
        lines: () => [{ productId: ring, quantity: 4 }],
      },
      ...[0, -3].map((quantity) => ({
        name: `update to ${quantity} removes the line`,
        before: (): Step[] => [
          { name: "add", body: { productId: ring, quantity: 2 } },
          { name: "add", body: { productId: hoops, quantity: 1 } },
        ],
        request: (): Step => ({ name: "update", body: { productId: ring, quantity } }),
        status: 200,
        lines: () => [{ productId: hoops, quantity: 1 }],
      })),
      {
        name: "update to 0 of a line already gone is done",
        request: () => ({ name: "update", body: { productId: ring, quantity: 0 } }),
        status: 200,
        body: { cart: [] },
        lines: () => [],
      },
      {
        name: "update above the stock: 409, the line unchanged",
        before: () => [{ name: "add", body: { productId: hoops, quantity: 1 } }],
        request: () => ({ name: "update", body: { productId: hoops, quantity: 3 } }),
        status: 409,
        body: { error: c.notEnoughStock(2, 0), stock: 2 },
        lines: () => [{ productId: hoops, quantity: 1 }],
      },
      {
        name: "update above 99: 400",
        before: () => [{ name: "add", body: { productId: beads, quantity: 1 } }],
        request: () => ({ name: "update", body: { productId: beads, quantity: 100 } }),
        status: 400,
        body: { error: c.updateQuantityInvalid, details: [c.updateQuantityInvalid] },
        lines: () => [{ productId: beads, quantity: 1 }],
      },
      {
        // Its message says what an update takes: 0 or less is no error there.
        name: "update without a quantity: 400",
        before: () => [{ name: "add", body: { productId: beads, quantity: 1 } }],
        request: () => ({ name: "update", body: { productId: beads } }),
        status: 400,
        body: { error: c.updateQuantityInvalid },
        lines: () => [{ productId: beads, quantity: 1 }],
      },
      {
        name: "update a product that is not in the cart: 404",
        request: () => ({ name: "update", body: { productId: ring, quantity: 1 } }),
        status: 404,
        body: { error: c.notInCart },
        lines: () => [],
      },
      {
        name: "update an unknown product: 404",
        request: () => ({ name: "update", body: { productId: UNKNOWN_ID, quantity: 1 } }),
        status: 404,
        body: { error: api.productNotFound },
        lines: () => [],
      },
      {
        name: "remove a line",
        before: () => [
          { name: "add", body: { productId: ring, quantity: 2 } },
          { name: "add", body: { productId: hoops, quantity: 1 } },
        ],
        request: () => ({ name: "remove", productId: ring }),
        status: 200,
        body: { message: c.removed },
        lines: () => [{ productId: hoops, quantity: 1 }],
      },
      {
        name: "remove a product that is not in the cart: 404",
        request: () => ({ name: "remove", productId: ring }),
        status: 404,
        body: { error: c.notInCart },
        lines: () => [],
      },
      ...["nope", UNKNOWN_ID, "\u0000", "%00", "x".repeat(5000)].map((productId) => ({
        name: `remove the unknown or malformed product ${JSON.stringify(productId.slice(0, 12))}: 404`,
        request: (): Step => ({ name: "remove", productId }),
        status: 404,
        body: { error: api.productNotFound },
        lines: () => [],
      })),
      {
        name: "clear empties the cart",
        before: () => [
          { name: "add", body: { productId: ring, quantity: 2 } },
          { name: "add", body: { productId: hoops, quantity: 1 } },
        ],
        request: () => ({ name: "clear" }),
        status: 200,
        body: { message: c.cleared, cart: [], stockSummary: NO_ISSUES },
        lines: () => [],
      },
    ];

    it.each(cases)("$name", async ({ before = () => [], request, status, body, lines }) => {
      for (const step of before()) {
        expect((await send(step.name, { token: shopper, ...step })).status).toBe(200);
      }
      const step = request();
      const result = await send(step.name, { token: shopper, ...step });
      expect(result.status).toBe(status);
      if (body) expect(result.body).toMatchObject(body);
      const stored = await storedLines(shopperId);
      expect(stored.sort((a, b) => a.productId.localeCompare(b.productId))).toEqual(
        lines().sort((a, b) => a.productId.localeCompare(b.productId)),
      );
    });

    it("names the cap of 99 when both it and the stock refuse an add, as only the cap binds", async () => {
      await setStock(beads, 120);
      try {
        await send("add", { token: shopper, body: { productId: beads, quantity: 99 } });
        // 149 is past the stock too, but 99 is all the cart may ever hold of it.
        const result = await send("add", {
          token: shopper,
          body: { productId: beads, quantity: 50 },
        });
        expect(result).toMatchObject({ status: 409, body: { error: c.maxPerItem } });
        await setStock(beads, 60);
        await send("remove", { token: shopper, productId: beads });
        await send("add", { token: shopper, body: { productId: beads, quantity: 50 } });
        // Below 99 the stock binds: it says how many are left.
        expect(
          await send("add", { token: shopper, body: { productId: beads, quantity: 50 } }),
        ).toMatchObject({ status: 409, body: { error: c.notEnoughStock(60, 50) } });
      } finally {
        await setStock(beads, 200);
      }
    });
  });

  describe("only the caller's own rows", () => {
    it("another customer's cart and wishlist are neither shown nor changed", async () => {
      await send("add", { token: other, body: { productId: ring, quantity: 3 } });
      await send("wishlistAdd", { token: other, body: { productId: ring } });

      expect((await send("cart", { token: shopper })).body).toMatchObject({ cart: [] });
      expect((await send("wishlist", { token: shopper })).body).toEqual({ wishlist: [] });
      expect(await send("remove", { token: shopper, productId: ring })).toMatchObject({
        status: 404,
        body: { error: c.notInCart },
      });
      expect(
        await send("update", { token: shopper, body: { productId: ring, quantity: 1 } }),
      ).toMatchObject({ status: 404 });
      expect(await send("wishlistRemove", { token: shopper, productId: ring })).toMatchObject({
        status: 404,
        body: { error: w.notInWishlist },
      });
      await send("clear", { token: shopper });
      await send("wishlistClear", { token: shopper });
      await setStock(ring, 0);
      expect((await send("fix", { token: shopper })).body).toMatchObject({ removedItems: [] });

      expect(await storedLines(otherId)).toEqual([{ productId: ring, quantity: 3 }]);
      expect((await send("wishlist", { token: other })).body).toMatchObject({
        wishlist: [{ _id: ring }],
      });
    });
  });

  describe("stock issues", () => {
    it("a stock drop shows in the summary, and fix-issues adjusts and removes", async () => {
      await send("add", { token: shopper, body: { productId: ring, quantity: 4 } });
      await send("add", { token: shopper, body: { productId: hoops, quantity: 2 } });
      await send("add", { token: shopper, body: { productId: charm, quantity: 1 } });
      // The shop owner sells some elsewhere.
      await setStock(ring, 2);
      await setStock(hoops, 0);

      const summary = {
        hasAnyIssues: true,
        messages: {
          outOfStock: c.outOfStock(["Cedar Hoops"]),
          lowStock: c.lowStock([{ name: "Olive Branch Ring", stock: 2 }]),
        },
      };
      expect((await send("cart", { token: shopper })).body).toMatchObject({
        stockSummary: summary,
      });
      expect(await send("stockSummary", { token: shopper })).toMatchObject({
        status: 200,
        body: { hasIssues: true, ...summary },
      });

      const fixed = await send("fix", { token: shopper });
      expect(fixed.status).toBe(200);
      expect(fixed.headers.get("cache-control")).toBe("private, no-store");
      expect(fixed.body).toEqual({
        message: c.fixSuccess(1, 1),
        summary: { adjusted: 1, removed: 1 },
        fixedItems: [
          { productId: ring, name: "Olive Branch Ring", previousQuantity: 4, quantity: 2 },
        ],
        removedItems: [{ productId: hoops, name: "Cedar Hoops", quantity: 2 }],
        cart: [
          { ...ringLine(2), stock: 2 },
          expect.objectContaining({ productId: charm, quantity: 1 }),
        ],
        stockSummary: NO_ISSUES,
      });
      expect(await send("stockSummary", { token: shopper })).toMatchObject({
        body: { hasIssues: false },
      });
      expect(await send("fix", { token: shopper, body: { action: "adjust" } })).toMatchObject({
        body: { message: c.noIssues, summary: { adjusted: 0, removed: 0 } },
      });
    });

    it("fix-issues with action remove removes every line with an issue", async () => {
      await send("add", { token: shopper, body: { productId: ring, quantity: 4 } });
      await send("add", { token: shopper, body: { productId: charm, quantity: 1 } });
      await setStock(ring, 1);
      const result = await send("fix", { token: shopper, body: { action: "remove" } });
      expect(result.body).toMatchObject({
        message: c.fixSuccess(0, 1),
        removedItems: [{ productId: ring, quantity: 4 }],
      });
      expect(await storedLines(shopperId)).toEqual([{ productId: charm, quantity: 1 }]);
    });

    it.each([{ action: "explode" }, { action: 3 }, { action: "adjust\u0000" }])(
      "fix-issues refuses the action %j",
      async (body) => {
        expect(await send("fix", { token: shopper, body })).toMatchObject({ status: 400 });
      },
    );
  });

  describe("concurrent changes from two sessions of one customer", () => {
    it("adds racing for the last units never take the line above the stock", async () => {
      const phone = await createSessionToken({ user: { id: shopperId, sessionVersion: 0 } });
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          send("add", { token: i % 2 ? phone : shopper, body: { productId: ring, quantity: 1 } }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 200, 200, 200, 200, 409, 409, 409]);
      expect(await storedLines(shopperId)).toEqual([{ productId: ring, quantity: 5 }]);
    });

    onPostgres("an add racing the product's deletion answers 404, not a server error", async () => {
      const doomed = await addProduct("Hammered Gold Bangle", 5);
      let adding: ReturnType<typeof send> | undefined;
      await db().transaction(async (tx) => {
        await tx.delete(products).where(eq(products.id, doomed));
        // The add reads the product before the deletion commits, then waits for its row.
        adding = send("add", { token: shopper, body: { productId: doomed, quantity: 1 } });
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      const { status, body } = await adding!;
      expect(status).toBe(404);
      expect(body).toMatchObject({ error: api.productNotFound });
      expect(await storedLines(shopperId)).not.toContainEqual(
        expect.objectContaining({ productId: doomed }),
      );
    });

    it("two first adds of one product make one line", async () => {
      const phone = await createSessionToken({ user: { id: shopperId, sessionVersion: 0 } });
      const results = await Promise.all(
        [shopper, phone, shopper, phone].map((token) =>
          send("add", { token, body: { productId: beads, quantity: 3 } }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(await storedLines(shopperId)).toEqual([{ productId: beads, quantity: 12 }]);
    });

    it("two wishlist adds of one product: one entry, the other told it is already there", async () => {
      const phone = await createSessionToken({ user: { id: shopperId, sessionVersion: 0 } });
      const results = await Promise.all(
        [shopper, phone, shopper].map((token) =>
          send("wishlistAdd", { token, body: { productId: ring } }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      expect((await send("wishlist", { token: shopper })).body).toMatchObject({
        wishlist: [{ _id: ring }],
      });
    });
  });

  describe("the verified customer's wishlist", () => {
    it("adds, refuses duplicates and unknown products, removes and clears", async () => {
      const added = await send("wishlistAdd", { token: shopper, body: { productId: ring } });
      expect(added.status).toBe(201);
      expect(added.body).toEqual({
        message: w.added,
        wishlist: [{ _id: ring, dateAdded: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }],
      });
      expect(added.headers.get("cache-control")).toBe("private, no-store");

      expect(
        await send("wishlistAdd", { token: shopper, body: { productId: ring } }),
      ).toMatchObject({
        status: 409,
        body: { error: w.duplicate },
      });
      for (const productId of [UNKNOWN_ID, "ring", ""]) {
        const result = await send("wishlistAdd", { token: shopper, body: { productId } });
        expect(result.status).toBe(productId === "" ? 400 : 404);
      }

      await send("wishlistAdd", { token: shopper, body: { productId: soldOut } });
      const list = await send("wishlist", { token: shopper });
      expect(list.body).toEqual({
        wishlist: [
          { _id: ring, dateAdded: expect.any(String) },
          { _id: soldOut, dateAdded: expect.any(String) },
        ],
      });

      expect(await send("wishlistRemove", { token: shopper, productId: ring })).toMatchObject({
        status: 200,
        body: { message: w.removed, wishlist: [{ _id: soldOut }] },
      });
      expect(await send("wishlistRemove", { token: shopper, productId: ring })).toMatchObject({
        status: 404,
        body: { error: w.notInWishlist },
      });
      expect(await send("wishlistRemove", { token: shopper, productId: "nope" })).toMatchObject({
        status: 404,
        body: { error: api.productNotFound },
      });
      expect(await send("wishlistClear", { token: shopper })).toMatchObject({
        status: 200,
        body: { message: w.cleared, wishlist: [] },
      });
      expect((await send("wishlist", { token: shopper })).body).toEqual({ wishlist: [] });
    });

    it("a deleted product leaves the wishlist and the cart", async () => {
      const gone = await addProduct("Discontinued Brooch", 3);
      await send("wishlistAdd", { token: shopper, body: { productId: gone } });
      await send("add", { token: shopper, body: { productId: gone, quantity: 1 } });
      await db().delete(products).where(eq(products.id, gone));
      expect((await send("wishlist", { token: shopper })).body).toEqual({ wishlist: [] });
      expect((await send("cart", { token: shopper })).body).toMatchObject({ cart: [] });
    });
  });

  describe("hostile input is refused without a server error", () => {
    const hostile: {
      name: string;
      route: RouteName;
      body?: unknown;
      raw?: string;
      status: number;
    }[] = [
      {
        name: "a NUL in the product id",
        route: "add",
        body: { productId: `${ring}\u0000`, quantity: 1 },
        status: 400,
      },
      {
        name: "a NUL in the wishlist product id",
        route: "wishlistAdd",
        body: { productId: "\u0000" },
        status: 400,
      },
      {
        name: "a lone surrogate",
        route: "update",
        body: { productId: "\ud800", quantity: 1 },
        status: 400,
      },
      {
        name: "a huge product id",
        route: "add",
        body: { productId: "9".repeat(20_000), quantity: 1 },
        status: 404,
      },
      {
        name: "a body over the limit",
        route: "wishlistAdd",
        body: { productId: ring, pad: "x".repeat(40_000) },
        status: 413,
      },
      { name: "a body that is not JSON", route: "add", raw: "{productId:", status: 400 },
      { name: "a body that is a list", route: "add", raw: "[1,2]", status: 400 },
      { name: "a body that is a string", route: "update", raw: '"hello"', status: 400 },
      {
        name: "a body nested very deep",
        route: "fix",
        raw: `${"[".repeat(5000)}${"]".repeat(5000)}`,
        status: 400,
      },
      {
        name: "a huge quantity",
        route: "add",
        body: { productId: ring, quantity: 1e308 },
        status: 400,
      },
      {
        name: "a quantity past the safe integers",
        route: "update",
        body: { productId: ring, quantity: -(2 ** 60) },
        status: 400,
      },
      {
        name: "an object as product id",
        route: "wishlistAdd",
        body: { productId: { $ne: null } },
        status: 400,
      },
    ];

    it.each(hostile)("$name: $status", async ({ route, body, raw, status }) => {
      const result = await send(route, { token: shopper, body, raw });
      expect(result.status).toBe(status);
      expect(typeof result.body.error).toBe("string");
      expect(await storedLines(shopperId)).toEqual([]);
    });
  });
});
