// Who may call what: one row per /api route and method, one column per kind of caller, the status
// each gets. The routes are listed from the file system, so a new route fails this test until it
// has a row here. Every refused call leaves the whole database as it was; no call by anyone but the
// customer (or the admin on the admin's own routes) reads or changes anything of the customer's.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { hashPassword } from "@/lib/auth/password";
import type { Database } from "@/lib/db";
import { cartItems, wishlistItems } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { detachedWorkDone } from "@/lib/http";
import { resetRateLimitConfig } from "@/lib/rate-limit";
import { productForm, validProductFields } from "@/tests/support/admin-requests";
import { listApiRoutes, callRoute, type ApiCall, type ApiRoute } from "@/tests/support/api-routes";
import { uniqueEmail } from "@/tests/support/auth-requests";
import { describeEachDatabase } from "@/tests/support/databases";
import { customerState, databaseState } from "@/tests/support/db-state";
import { checkout, checkoutBody, createProduct } from "@/tests/support/shop";
import { createSignedInUser, type SignedIn } from "@/tests/support/users";

const ROLES = ["visitor", "unverified", "otherCustomer", "admin", "customer"] as const;
type Role = (typeof ROLES)[number];

const PASSWORD = "matrix-password-1";
const NEW_PASSWORD = "matrix-password-2";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lumiere-matrix-"));

/** One customer's shop, rebuilt for every row: the customer, the other callers and the catalogue. */
type World = {
  actors: Record<Exclude<Role, "visitor">, SignedIn>;
  /** Each test caller's own pieces: in every cart and wishlist. */
  ring: string;
  hoops: string;
  /** In nobody's cart or wishlist. */
  spare: string;
  /** The customer's order, placed before the row runs. */
  customerOrder: { id: string; orderNumber: string };
  /** Texts that appear only in the customer's own data. */
  secrets: string[];
};

type Expected = Record<Role, number>;
type Row = {
  /** Builds the call for one caller; `actor` is null for the visitor. */
  call: (world: World, actor: SignedIn | null) => ApiCall | Promise<ApiCall>;
  expect: Expected;
};

const everyone = (status: number): Expected => ({
  visitor: status,
  unverified: status,
  otherCustomer: status,
  admin: status,
  customer: status,
});
const signedIn = (status: number): Expected => ({ ...everyone(status), visitor: 401 });
const verified = (status: number): Expected => ({ ...signedIn(status), unverified: 403 });
const adminOnly = (status: number): Expected => ({
  visitor: 401,
  unverified: 403,
  otherCustomer: 403,
  customer: 403,
  admin: status,
});

/**
 * Every route and method of the API. A row's call is what a caller would send with a good reason
 * (or, for the visitor, what an attacker would try against the customer); `expect` is the status
 * each caller must get.
 */
const MATRIX: Record<string, Row> = {
  // Unknown paths: the API's JSON 404, whoever asks.
  "GET /api/[...path]": { call: () => ({ params: { path: ["nope"] } }), expect: everyone(404) },
  "POST /api/[...path]": {
    call: () => ({ params: { path: ["admin", "x"] } }),
    expect: everyone(404),
  },
  "PUT /api/[...path]": { call: () => ({ params: { path: ["cart"] } }), expect: everyone(404) },
  "PATCH /api/[...path]": {
    call: () => ({ params: { path: ["orders", "x"] } }),
    expect: everyone(404),
  },
  "DELETE /api/[...path]": { call: () => ({ params: { path: ["users"] } }), expect: everyone(404) },
  "OPTIONS /api/[...path]": { call: () => ({ params: { path: ["nope"] } }), expect: everyone(404) },

  // Accounts.
  "GET /api/auth/profile": { call: (_, a) => ({ token: a?.token }), expect: signedIn(200) },
  "POST /api/auth/login": {
    // The visitor tries the customer's email without the password.
    call: (w, a) => ({
      body: a
        ? { email: a.user.email, password: PASSWORD }
        : { email: w.actors.customer.user.email, password: "guessed-password" },
    }),
    expect: { ...everyone(200), visitor: 401 },
  },
  "POST /api/auth/signup": {
    // The visitor tries to take the customer's email; anyone may open an account of their own.
    call: (w, a) => ({
      token: a?.token,
      body: {
        email: a ? uniqueEmail("matrix") : w.actors.customer.user.email,
        password: PASSWORD,
        firstName: "Nour",
        lastName: "Haddad",
      },
    }),
    expect: { ...everyone(201), visitor: 409 },
  },
  "POST /api/auth/logout": { call: (_, a) => ({ token: a?.token }), expect: everyone(200) },
  "POST /api/auth/logout-everywhere": {
    call: (_, a) => ({ token: a?.token }),
    expect: signedIn(200),
  },
  "POST /api/auth/resend-verification": {
    call: (_, a) => ({ token: a?.token }),
    expect: { ...signedIn(400), unverified: 200 },
  },
  "POST /api/auth/forgot-password": {
    call: (_, a) => ({ body: { email: a?.user.email ?? uniqueEmail("nobody") } }),
    expect: everyone(200),
  },
  "POST /api/auth/verify-reset-pin": {
    call: (w) => ({ body: { email: w.actors.customer.user.email, pin: "123456" } }),
    expect: everyone(400),
  },
  "POST /api/auth/reset-password": {
    call: () => ({ body: { resetToken: "made-up-reset-token", newPassword: NEW_PASSWORD } }),
    expect: everyone(400),
  },
  "POST /api/auth/change-password": {
    call: (_, a) => ({
      token: a?.token,
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    }),
    expect: signedIn(200),
  },
  "DELETE /api/auth/delete-account": {
    call: (_, a) => ({ token: a?.token, body: { password: PASSWORD } }),
    expect: signedIn(200),
  },
  "POST /api/auth/verify-email": {
    call: (_, a) => ({ token: a?.token, body: { token: "made-up-verification-token" } }),
    expect: everyone(400),
  },
  // Google sign-in is not configured here.
  "GET /api/auth/google": { call: (_, a) => ({ token: a?.token }), expect: everyone(302) },
  "GET /api/auth/[...nextauth]": {
    call: (_, a) => ({ token: a?.token, params: { nextauth: ["session"] } }),
    expect: everyone(404),
  },
  "POST /api/auth/[...nextauth]": {
    call: (_, a) => ({ token: a?.token, params: { nextauth: ["signout"] } }),
    expect: everyone(404),
  },
  // next-auth's own paths take GET and POST only.
  "PUT /api/auth/[...nextauth]": {
    call: (_, a) => ({ token: a?.token, params: { nextauth: ["session"] } }),
    expect: everyone(405),
  },
  "PATCH /api/auth/[...nextauth]": {
    call: (_, a) => ({ token: a?.token, params: { nextauth: ["users", "me"] } }),
    expect: everyone(404),
  },
  "DELETE /api/auth/[...nextauth]": {
    call: (_, a) => ({ token: a?.token, params: { nextauth: ["session"] } }),
    expect: everyone(405),
  },

  // The catalogue is public.
  "GET /api/products": { call: () => ({}), expect: everyone(200) },
  "GET /api/products/[category]": {
    call: () => ({ params: { category: "rings" } }),
    expect: everyone(200),
  },
  "GET /api/product/[id]": { call: (w) => ({ params: { id: w.ring } }), expect: everyone(200) },

  // Cart and wishlist: verified customers, each their own.
  "GET /api/cart": { call: (_, a) => ({ token: a?.token }), expect: verified(200) },
  "GET /api/cart/stock-summary": { call: (_, a) => ({ token: a?.token }), expect: verified(200) },
  "POST /api/cart/add": {
    call: (w, a) => ({ token: a?.token, body: { productId: w.spare, quantity: 1 } }),
    expect: verified(200),
  },
  "PUT /api/cart/update": {
    call: (w, a) => ({ token: a?.token, body: { productId: w.ring, quantity: 3 } }),
    expect: verified(200),
  },
  "DELETE /api/cart/remove/[productId]": {
    call: (w, a) => ({ token: a?.token, params: { productId: w.ring } }),
    expect: verified(200),
  },
  "DELETE /api/cart/clear": { call: (_, a) => ({ token: a?.token }), expect: verified(200) },
  "POST /api/cart/fix-issues": {
    call: (_, a) => ({ token: a?.token, body: { action: "adjust" } }),
    expect: verified(200),
  },
  "GET /api/wishlist": { call: (_, a) => ({ token: a?.token }), expect: verified(200) },
  "POST /api/wishlist/add": {
    call: (w, a) => ({ token: a?.token, body: { productId: w.spare } }),
    expect: verified(201),
  },
  "DELETE /api/wishlist/remove/[productId]": {
    call: (w, a) => ({ token: a?.token, params: { productId: w.ring } }),
    expect: verified(200),
  },
  "DELETE /api/wishlist/clear": { call: (_, a) => ({ token: a?.token }), expect: verified(200) },

  // Orders: verified customers, each their own.
  "GET /api/orders": { call: (_, a) => ({ token: a?.token }), expect: verified(200) },
  "POST /api/orders/checkout": {
    call: (w, a) => ({
      token: a?.token,
      body: checkoutBody([{ productId: w.spare, quantity: 1 }]),
    }),
    expect: verified(201),
  },

  // The shop owner's panel.
  "GET /api/admin/stats": { call: (_, a) => ({ token: a?.token }), expect: adminOnly(200) },
  "GET /api/admin/products": { call: (_, a) => ({ token: a?.token }), expect: adminOnly(200) },
  "POST /api/admin/products": {
    call: async (_, a) => ({ token: a?.token, raw: await productForm(validProductFields(), true) }),
    expect: adminOnly(201),
  },
  "PUT /api/admin/products/[id]": {
    call: async (w, a) => ({
      token: a?.token,
      params: { id: w.ring },
      raw: await productForm(validProductFields({ name: "Renamed Ring", price: "1.00" }), false),
    }),
    expect: adminOnly(200),
  },
  "DELETE /api/admin/products/[id]": {
    call: (w, a) => ({ token: a?.token, params: { id: w.ring } }),
    expect: adminOnly(200),
  },
  "GET /api/admin/orders": {
    call: (_, a) => ({ token: a?.token, query: { status: "pending" } }),
    expect: adminOnly(200),
  },
  "PATCH /api/admin/orders/[id]/status": {
    call: (w, a) => ({
      token: a?.token,
      params: { id: w.customerOrder.id },
      body: { status: "cancelled" },
    }),
    expect: adminOnly(200),
  },
};

/** Whether `role`'s successful call on `key` may touch the customer's data by design. */
const mayTouchCustomer = (role: Role, key: string) =>
  role === "customer" || (role === "admin" && key.includes(" /api/admin/"));

let routes: ApiRoute[];
let passwordHash: string;

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  delete process.env.GOOGLE_CLIENT_ID;
  delete process.env.GOOGLE_CLIENT_SECRET;
  resetEnvCache();
  resetRateLimitConfig();
  jest.spyOn(console, "info").mockImplementation(() => {});
  routes = await listApiRoutes();
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(async () => {
  await detachedWorkDone();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the authorization matrix", () => {
  it("has exactly one row for every route and method under app/api", async () => {
    const onDisk = (await listApiRoutes()).map((route) => route.key);
    const missing = onDisk.filter((key) => !(key in MATRIX));
    const stale = Object.keys(MATRIX).filter((key) => !onDisk.includes(key));
    // A new route needs a row in MATRIX above: decide who may call it before it ships.
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });
});

async function buildWorld(db: Database): Promise<World> {
  const person = (options: Parameters<typeof createSignedInUser>[1]) =>
    createSignedInUser(db, { passwordHash, ...options });
  const actors = {
    customer: await person({ firstName: "Layal", lastName: "Matar" }),
    otherCustomer: await person({ firstName: "Omar", lastName: "Saliba" }),
    unverified: await person({ isEmailVerified: false, firstName: "Ziad", lastName: "Fares" }),
    admin: await person({ isAdmin: true, firstName: "Rima", lastName: "Owner" }),
  };
  const ring = await createProduct(db, { name: "Matrix Ring", quantity: 50 });
  const hoops = await createProduct(db, {
    name: "Matrix Hoops",
    quantity: 50,
    category: "earrings",
  });
  const spare = await createProduct(db, {
    name: "Matrix Anklet",
    quantity: 50,
    category: "anklets",
  });
  for (const { user } of Object.values(actors)) {
    await db.insert(cartItems).values([
      { userId: user.id, productId: ring.id, quantity: 1 },
      { userId: user.id, productId: hoops.id, quantity: 2 },
    ]);
    await db.insert(wishlistItems).values([
      { userId: user.id, productId: ring.id },
      { userId: user.id, productId: hoops.id },
    ]);
  }
  const secretNote = `note-${Math.random().toString(36).slice(2)}`;
  const placed = await checkout({
    token: actors.customer.token,
    body: checkoutBody([{ productId: hoops.id, quantity: 1 }], {
      notes: secretNote,
      phoneNumber: "+961 71 987 654",
    }),
  });
  expect(placed.status).toBe(201);
  const order = placed.body.order as { id: string; orderNumber: string };
  // The order took one of the hoops out of the customer's cart: put it back, so every caller
  // starts alike.
  await db
    .update(cartItems)
    .set({ quantity: 2 })
    .where(and(eq(cartItems.userId, actors.customer.user.id), eq(cartItems.productId, hoops.id)));
  const customer = actors.customer.user;
  return {
    actors,
    ring: ring.id,
    hoops: hoops.id,
    spare: spare.id,
    customerOrder: { id: order.id, orderNumber: order.orderNumber },
    secrets: [customer.id, customer.email, order.id, order.orderNumber, secretNote, "71 987 654"],
  };
}

describeEachDatabase("every route × every caller", ({ db }) => {
  it.each(Object.keys(MATRIX))("%s", async (key) => {
    const route = routes.find((r) => r.key === key);
    if (!route) return; // Reported by the completeness check above.
    const row = MATRIX[key]!;
    const world = await buildWorld(db());
    const customerId = world.actors.customer.user.id;

    const statuses = {} as Expected;
    const problems: string[] = [];
    for (const role of ROLES) {
      const actor = role === "visitor" ? null : world.actors[role];
      const call = await row.call(world, actor);
      const databaseBefore = await databaseState(db());
      const customerBefore = await customerState(db(), customerId);

      const result = await callRoute(route, call);
      await detachedWorkDone();
      statuses[role] = result.status;
      const text = JSON.stringify(result.body);

      if (result.status >= 400) {
        if (typeof result.body.error !== "string" || !result.body.error) {
          problems.push(`${role}: ${result.status} without an error message: ${text}`);
        }
        const verifiedOnly = row.expect.unverified === 403 && row.expect.customer < 400;
        if (role === "unverified" && result.status === 403 && verifiedOnly) {
          if (result.body.requiresVerification !== true) {
            problems.push(`${role}: 403 without requiresVerification: ${text}`);
          }
        }
        if (JSON.stringify(await databaseState(db())) !== JSON.stringify(databaseBefore)) {
          problems.push(`${role}: a refused call (${result.status}) changed the database`);
        }
      }
      if (!mayTouchCustomer(role, key)) {
        expect({ role, customer: await customerState(db(), customerId) }).toEqual({
          role,
          customer: customerBefore,
        });
        const leaked = world.secrets.filter((secret) => text.includes(secret));
        if (leaked.length)
          problems.push(`${role}: the answer shows the customer's ${leaked.join(", ")}`);
      }
    }
    expect({ key, statuses, problems }).toEqual({ key, statuses: row.expect, problems: [] });
  });
});
