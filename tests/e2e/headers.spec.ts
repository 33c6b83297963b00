import fs from "node:fs";
import path from "node:path";
import type { APIRequest } from "@playwright/test";
import { expect, test } from "./support/test";
import { OWNER } from "./support/admin";
import { SESSION_COOKIE } from "@/lib/constants";
import { messages } from "@/lib/messages";
import type { ProductDto } from "@/models/product";
import { listApiRoutesFromSource } from "@/tests/support/api-routes";

// Route by route against the production server: every page and every /api route answers with the
// security headers (server/security.mjs), a per-user answer is never cached by others, the
// session cookie keeps to its attributes, and a foreign page's request is refused. Pages and
// routes are listed from the file system, so a new one is covered the day it is added.

const APP_DIR = path.join(process.cwd(), "app");
const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Every page under app/ as a path: route groups dropped, dynamic segments kept in brackets. */
function pagePatterns(dir = APP_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "api" && dir === APP_DIR ? [] : pagePatterns(full);
    if (!/^page\.(tsx|ts|jsx|js)$/.test(entry.name)) return [];
    const segments = path
      .relative(APP_DIR, dir)
      .split(path.sep)
      .filter((s) => s && !/^\(.*\)$/.test(s));
    return [`/${segments.join("/")}`];
  });
}

/** Metadata routes (robots.txt, sitemap.xml) next to the pages. */
const metadataPaths = () =>
  fs
    .readdirSync(APP_DIR)
    .filter((name) => /^(robots|sitemap)\.(ts|tsx|js)$/.test(name))
    .map((name) => (name.startsWith("robots") ? "/robots.txt" : "/sitemap.xml"));

function expectSecurityHeaders(headers: Record<string, string>, what: string) {
  expect.soft(headers["x-content-type-options"], what).toBe("nosniff");
  expect.soft(headers["x-frame-options"], what).toBe("DENY");
  expect.soft(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect.soft(headers["cross-origin-opener-policy"], what).toBe("same-origin");
  expect
    .soft(headers["permissions-policy"], what)
    .toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  expect.soft(headers["x-powered-by"], what).toBeUndefined();
  const policy = headers["content-security-policy"] ?? "";
  expect.soft(policy, what).toContain("frame-ancestors 'none'");
  if (/^text\/html/.test(headers["content-type"] ?? "")) {
    const scripts = policy.split("; ").find((d) => d.startsWith("script-src ")) ?? "";
    expect.soft(scripts, what).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')*$/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "form-action 'self'"]) {
      expect.soft(policy, what).toContain(directive);
    }
  } else {
    expect.soft(policy, what).toBe(RESOURCE_POLICY);
  }
}

/** An API client with the owner's session cookie. */
async function signedInOwner(playwright: { request: APIRequest }, baseURL: string | undefined) {
  const owner = await playwright.request.newContext({ baseURL });
  expect((await owner.post("/api/auth/login", { data: OWNER })).ok()).toBe(true);
  return owner;
}

/** A path for a pattern: `[id]` of a product becomes a real product's id. */
function fill(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/\[(\.\.\.)?([^\]]+)\]/g, (_, _catchAll, name: string) => {
    const value = values[name];
    if (!value) throw new Error(`no value for [${name}] in ${pattern}: add one to the test`);
    return value;
  });
}

test.describe("headers route by route", () => {
  test("every page, for a visitor and for the owner, carries the security headers", async ({
    playwright,
    baseURL,
    request,
  }) => {
    const products = (await (await request.get("/api/products")).json()) as ProductDto[];
    const values = { id: products[0]!._id, category: "rings", kind: "product" };
    const patterns = pagePatterns();
    expect(patterns).toEqual(
      expect.arrayContaining(["/", "/category/[category]", "/product/[id]", "/admin"]),
    );
    const owner = await signedInOwner(playwright, baseURL);
    for (const [who, client] of [
      ["visitor", request],
      ["owner", owner],
    ] as const) {
      for (const pathname of [
        ...patterns.map((p) => fill(p, values)),
        ...metadataPaths(),
        "/no-such-page",
      ]) {
        const response = await client.get(pathname, { maxRedirects: 0 });
        const what = `${who} GET ${pathname} (${response.status()})`;
        expect(response.status(), what).toBeLessThan(500);
        expectSecurityHeaders(response.headers(), what);
        if (who === "owner" && pathname === "/admin") {
          expect(response.headers()["cache-control"], what).toMatch(/private|no-store/);
        }
      }
    }
    await owner.dispose();
  });

  test("every /api route and method, for a visitor and for the owner, carries them", async ({
    playwright,
    baseURL,
    request,
  }) => {
    const products = (await (await request.get("/api/products")).json()) as ProductDto[];
    const values: Record<string, string> = {
      id: products[0]!._id,
      productId: products[0]!._id,
      category: products[0]!.category,
      path: "nope",
      nextauth: "session",
    };
    const routes = listApiRoutesFromSource();
    expect(routes.length).toBeGreaterThan(30);
    const owner = await signedInOwner(playwright, baseURL);
    for (const [who, client] of [
      ["visitor", request],
      ["owner", owner],
    ] as const) {
      for (const route of routes) {
        // The owner only reads: a state-changing call with an empty body is refused before it acts,
        // but the owner's session stays out of it all the same.
        if (who === "owner" && route.method !== "GET") continue;
        const pathname = fill(route.pattern, values);
        const response = await client.fetch(pathname, {
          method: route.method,
          data: ["GET", "HEAD", "OPTIONS"].includes(route.method) ? undefined : {},
          maxRedirects: 0,
        });
        const what = `${who} ${route.method} ${pathname} (${response.status()})`;
        // 503 is a deliberate answer (Google sign-in not configured here); never a crash.
        expect(response.status() < 500 || response.status() === 503, what).toBe(true);
        expectSecurityHeaders(response.headers(), what);
        const catalogue = /^\/api\/products?\b/.test(route.pattern);
        if (who === "owner" && !catalogue && response.ok()) {
          expect
            .soft(response.headers()["cache-control"], `${what}: per-user`)
            .toMatch(/private|no-store/);
        }
      }
    }
    await owner.dispose();
  });
});

test.describe("the session cookie and foreign pages", () => {
  test("the session cookie is HttpOnly, SameSite=Lax, for the whole site and only this host", async ({
    request,
  }) => {
    const response = await request.post("/api/auth/login", { data: OWNER });
    expect(response.ok()).toBe(true);
    const cookie = response
      .headersArray()
      .find(
        (header) =>
          header.name.toLowerCase() === "set-cookie" &&
          header.value.startsWith(`${SESSION_COOKIE}=`),
      )!.value;
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/);
    expect(cookie).not.toMatch(/;\s*Domain=/i);
    // This server's APP_URL is plain http on 127.0.0.1: Secure would lose the cookie. Over https it
    // is Secure (tests/api/origins.test.ts).
    expect(response.headers()["cache-control"]).toMatch(/no-store/);
  });

  test("the production server refuses a foreign page's cookie request and serves its own", async ({
    playwright,
    baseURL,
  }) => {
    const owner = await signedInOwner(playwright, baseURL);
    const foreign = await owner.post("/api/auth/resend-verification", {
      headers: { Origin: "https://evil.example" },
    });
    expect(foreign.status()).toBe(403);
    expect(await foreign.json()).toEqual({ error: messages.api.badOrigin });
    const logoutAway = await owner.post("/api/auth/logout", {
      headers: { Origin: "https://evil.example" },
    });
    expect(logoutAway.status()).toBe(403);
    // Still signed in; from the shop's own origin the same session signs out.
    expect((await owner.get("/api/auth/profile")).status()).toBe(200);
    const own = await owner.post("/api/auth/logout", {
      headers: { Origin: new URL(baseURL!).origin },
    });
    expect(own.status()).toBe(200);
    await owner.dispose();
  });
});

test("every spec runs on the suite's fixture, which fails a test on a CSP violation", () => {
  const dir = path.join(process.cwd(), "tests/e2e");
  const specs = fs.readdirSync(dir).filter((name) => name.endsWith(".spec.ts"));
  expect(specs.length).toBeGreaterThan(3);
  for (const spec of specs) {
    const source = fs.readFileSync(path.join(dir, spec), "utf8");
    expect.soft(source, spec).toMatch(/import \{[^}]*\btest\b[^}]*\} from "\.\/support\/test"/);
    expect.soft(source, spec).not.toMatch(/import \{[^}]*\btest\b[^}]*\} from "@playwright\/test"/);
  }
});
