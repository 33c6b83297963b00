// Cross-site requests, route by route: every state-changing /api route a browser's session cookie
// authenticates refuses a foreign Origin (403, nothing changed) and serves the shop's own origin.
// The routes are listed from the file system, so a new state-changing route fails this test until
// it has a row here. Also the session cookie's attributes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hashPassword } from "@/lib/auth/password";
import { sessionCookieHeader } from "@/lib/auth/session";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/constants";
import type { Database } from "@/lib/db";
import { cartItems, wishlistItems } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { detachedWorkDone } from "@/lib/http";
import { messages } from "@/lib/messages";
import { resetRateLimitConfig } from "@/lib/rate-limit";
import { productForm, validProductFields } from "@/tests/support/admin-requests";
import {
  callRoute,
  listApiRoutes,
  listApiRoutesFromSource,
  type ApiCall,
  type ApiRoute,
} from "@/tests/support/api-routes";
import { describeEachDatabase } from "@/tests/support/databases";
import { databaseState } from "@/tests/support/db-state";
import { checkout, checkoutBody, createProduct } from "@/tests/support/shop";
import { createSignedInUser, type SignedIn } from "@/tests/support/users";

const PASSWORD = "origin-password-1";
const OWN_ORIGIN = "http://localhost:3000";
const FOREIGN_ORIGINS = ["https://evil.example", "http://localhost:3000.evil.example", "null"];
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lumiere-origins-"));

type World = {
  customer: SignedIn;
  unverified: SignedIn;
  admin: SignedIn;
  ring: string;
  spare: string;
  order: string;
};
type Row = {
  /** Whose session cookie the call carries. */
  as: "customer" | "unverified" | "admin";
  call: (world: World) => ApiCall | Promise<ApiCall>;
  /** The status the shop's own page gets. */
  status: number;
};

/** Each state-changing route a session cookie authenticates: a call that succeeds from our pages. */
const COOKIE_ROUTES: Record<string, Row> = {
  "POST /api/auth/logout": { as: "customer", call: () => ({}), status: 200 },
  "POST /api/auth/logout-everywhere": { as: "customer", call: () => ({}), status: 200 },
  "POST /api/auth/resend-verification": { as: "unverified", call: () => ({}), status: 200 },
  "POST /api/auth/change-password": {
    as: "customer",
    call: () => ({ body: { currentPassword: PASSWORD, newPassword: "origin-password-2" } }),
    status: 200,
  },
  "DELETE /api/auth/delete-account": {
    as: "customer",
    call: () => ({ body: { password: PASSWORD } }),
    status: 200,
  },
  "POST /api/cart/add": {
    as: "customer",
    call: (w) => ({ body: { productId: w.ring, quantity: 1 } }),
    status: 200,
  },
  "PUT /api/cart/update": {
    as: "customer",
    call: (w) => ({ body: { productId: w.ring, quantity: 3 } }),
    status: 200,
  },
  "DELETE /api/cart/remove/[productId]": {
    as: "customer",
    call: (w) => ({ params: { productId: w.ring } }),
    status: 200,
  },
  "DELETE /api/cart/clear": { as: "customer", call: () => ({}), status: 200 },
  "POST /api/cart/fix-issues": {
    as: "customer",
    call: () => ({ body: { action: "adjust" } }),
    status: 200,
  },
  "POST /api/wishlist/add": {
    as: "customer",
    call: (w) => ({ body: { productId: w.spare } }),
    status: 201,
  },
  "DELETE /api/wishlist/remove/[productId]": {
    as: "customer",
    call: (w) => ({ params: { productId: w.ring } }),
    status: 200,
  },
  "DELETE /api/wishlist/clear": { as: "customer", call: () => ({}), status: 200 },
  "POST /api/orders/checkout": {
    as: "customer",
    call: (w) => ({ body: checkoutBody([{ productId: w.ring, quantity: 1 }]) }),
    status: 201,
  },
  "POST /api/admin/products": {
    as: "admin",
    call: async () => ({ raw: await productForm(validProductFields(), true) }),
    status: 201,
  },
  "PUT /api/admin/products/[id]": {
    as: "admin",
    call: async (w) => ({
      params: { id: w.ring },
      raw: await productForm(validProductFields({ name: "Renamed" }), false),
    }),
    status: 200,
  },
  "DELETE /api/admin/products/[id]": {
    as: "admin",
    call: (w) => ({ params: { id: w.ring } }),
    status: 200,
  },
  "PATCH /api/admin/orders/[id]/status": {
    as: "admin",
    call: (w) => ({ params: { id: w.order }, body: { status: "confirmed" } }),
    status: 200,
  },
};

/** State-changing routes no session authenticates, and why a foreign page gains nothing there. */
const NOT_BY_COOKIE: Record<string, string> = {
  "POST /api/auth/login": "signs in with a password the foreign page does not know",
  "POST /api/auth/signup": "opens a new account; the session cookie plays no part",
  "POST /api/auth/forgot-password": "sends a PIN to the account's own mailbox",
  "POST /api/auth/verify-reset-pin": "needs the PIN from the mailbox",
  "POST /api/auth/reset-password": "needs the reset token the PIN gave",
  "POST /api/auth/verify-email": "needs the token from the mailbox",
  "POST /api/[...path]": "the API's 404",
  "PUT /api/[...path]": "the API's 404",
  "PATCH /api/[...path]": "the API's 404",
  "DELETE /api/[...path]": "the API's 404",
  "POST /api/auth/[...nextauth]":
    "next-auth's own paths: 404 except Google's callback, checked by its state",
  "PUT /api/auth/[...nextauth]": "405",
  "PATCH /api/auth/[...nextauth]": "404",
  "DELETE /api/auth/[...nextauth]": "405",
};

let routes: ApiRoute[];
let passwordHash: string;

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  delete process.env.APP_URL;
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

it("reads the same routes from the sources as from the modules (the end-to-end suite reads sources)", () => {
  expect(listApiRoutesFromSource().map((route) => route.key)).toEqual(
    routes.map((route) => route.key),
  );
});

it("has a row for every state-changing route under app/api", () => {
  const changing = routes.filter((route) => !SAFE.has(route.method)).map((route) => route.key);
  const listed = [...Object.keys(COOKIE_ROUTES), ...Object.keys(NOT_BY_COOKIE)];
  expect({
    missing: changing.filter((key) => !listed.includes(key)),
    stale: listed.filter((key) => !changing.includes(key)),
  }).toEqual({ missing: [], stale: [] });
});

async function buildWorld(db: Database): Promise<World> {
  const customer = await createSignedInUser(db, { passwordHash });
  const unverified = await createSignedInUser(db, { passwordHash, isEmailVerified: false });
  const admin = await createSignedInUser(db, { passwordHash, isAdmin: true });
  const ring = await createProduct(db, { name: "Origin Ring", quantity: 50 });
  const spare = await createProduct(db, {
    name: "Origin Anklet",
    quantity: 50,
    category: "anklets",
  });
  const placed = await checkout({
    token: customer.token,
    body: checkoutBody([{ productId: ring.id, quantity: 1 }]),
  });
  expect(placed.status).toBe(201);
  await db.insert(cartItems).values({ userId: customer.user.id, productId: ring.id, quantity: 1 });
  await db.insert(wishlistItems).values({ userId: customer.user.id, productId: ring.id });
  return {
    customer,
    unverified,
    admin,
    ring: ring.id,
    spare: spare.id,
    order: (placed.body.order as { id: string }).id,
  };
}

describeEachDatabase("a session cookie works only from the shop's own pages", ({ db }) => {
  it.each(Object.keys(COOKIE_ROUTES))("%s", async (key) => {
    const route = routes.find((r) => r.key === key)!;
    expect(route).toBeDefined();
    const row = COOKIE_ROUTES[key]!;
    const world = await buildWorld(db());
    const cookie = `${SESSION_COOKIE}=${world[row.as].token}`;

    // A foreign Origin, or none from a browser that says the request comes from another site.
    const foreign = [
      ...FOREIGN_ORIGINS.map((origin) => ({ origin })),
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
    ];
    for (const headers of foreign) {
      const before = await databaseState(db());
      const call = await row.call(world);
      const refused = await callRoute(route, { ...call, headers: { cookie, ...headers } });
      expect([headers, refused.status, refused.body]).toEqual([
        headers,
        403,
        { error: messages.api.badOrigin },
      ]);
      await detachedWorkDone();
      expect(await databaseState(db())).toEqual(before);
    }

    // A Bearer token cannot ride along with a foreign page's request, so no Origin matters there;
    // the same call from the shop's own page succeeds.
    const accepted = await callRoute(route, {
      ...(await row.call(world)),
      headers: { cookie, origin: OWN_ORIGIN },
    });
    expect([accepted.status, accepted.body.error]).toEqual([row.status, undefined]);
    await detachedWorkDone();
  });
});

describe("the session cookie", () => {
  const withEnv = (vars: Record<string, string>, read: () => string) => {
    const saved = { ...process.env };
    Object.assign(process.env, vars);
    resetEnvCache();
    try {
      return read();
    } finally {
      for (const name of Object.keys(vars)) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
      resetEnvCache();
    }
  };
  const attributes = (header: string) =>
    header
      .split(";")
      .slice(1)
      .map((part) => part.trim().split("=")[0]!.toLowerCase());

  it("is HttpOnly, SameSite=Lax, host-only for the whole site, and Secure and __Host- prefixed in production over https", () => {
    const production = withEnv(
      { NODE_ENV: "production", APP_URL: "https://shop.example", AUTH_SECRET: "x".repeat(40) },
      () => sessionCookieHeader("token"),
    );
    expect(production.startsWith(`${SECURE_SESSION_COOKIE}=token;`)).toBe(true);
    expect(attributes(production)).toEqual(
      expect.arrayContaining(["httponly", "samesite", "path", "secure"]),
    );
    expect(production).toMatch(/;\s*SameSite=(Lax|Strict)/);
    expect(production).toMatch(/;\s*Path=\/(;|$)/);
    expect(attributes(production)).not.toContain("domain");

    const cleared = withEnv(
      { NODE_ENV: "production", APP_URL: "https://shop.example", AUTH_SECRET: "x".repeat(40) },
      () => sessionCookieHeader(null),
    );
    expect(cleared).toMatch(/Max-Age=0/);
    expect(attributes(cleared)).toEqual(expect.arrayContaining(["httponly", "secure"]));

    // A production build tried on this machine over plain http keeps working (no Secure there).
    const local = withEnv({ NODE_ENV: "production", APP_URL: "http://127.0.0.1:3170" }, () =>
      sessionCookieHeader("token"),
    );
    expect(attributes(local)).toEqual(expect.arrayContaining(["httponly", "samesite", "path"]));
    expect(attributes(local)).not.toContain("secure");
    expect(local.startsWith(`${SESSION_COOKIE}=token;`)).toBe(true);
  });
});
