import { Client } from "pg";
import { startShopServer, type ShopServer } from "./support/server";
import { expect, test } from "./support/test";
import { messages } from "@/lib/messages";
import {
  startThrowawayPostgres,
  throwawayPostgresUnavailable,
  type ThrowawayPostgres,
} from "@/tests/faults/throwaway-postgres";

// A page that genuinely fails: the production server on a PostgreSQL server of the test's own,
// which is stopped before a product's first visit. The page shows the shop's error screen inside
// its header and footer (app/error.tsx), the API answers 503 with its message, and once the
// database is back, Try Again shows the product without a reload.

const unavailable = throwawayPostgresUnavailable();
const t = messages.errorPage;

test.describe("the database away while a page renders", () => {
  test.skip(Boolean(unavailable), `no throwaway PostgreSQL here: ${unavailable}`);

  let pg: ThrowawayPostgres;
  let server: ShopServer;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    pg = await startThrowawayPostgres();
    server = await startShopServer(6, {
      DATABASE_URL: pg.url,
      AUTH_SECRET: "e2e-faults-secret-not-for-production-0123456789",
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    pg?.destroy();
  });

  test("a product page shows the error screen while the database is down, and Try Again recovers", async ({
    page,
  }) => {
    // A piece no page has shown yet, so nothing of it is cached.
    const name = `Outage Pearl Ring ${Date.now()}`;
    const client = new Client({ connectionString: pg.url });
    await client.connect();
    const { rows } = await client.query<{ id: string }>(
      "insert into products (name, price_cents, quantity, category) values ($1, 3900, 4, 'rings') returning id",
      [name],
    );
    await client.end();
    const id = rows[0]!.id;

    pg.stop();
    try {
      await page.goto(`${server.origin}/product/${id}`);
      await expect(page.getByRole("heading", { name: t.title })).toBeVisible();
      await expect(page.getByText(t.detail)).toBeVisible();
      // Inside the shop's own frame, with no technical detail.
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expect(page.locator("body")).not.toContainText(/ECONNREFUSED|stack|postgres/i);

      const api = await page.request.get(`${server.origin}/api/product/${id}`);
      expect(api.status()).toBe(503);
      expect(await api.json()).toEqual({ error: messages.api.databaseUnavailable });
      expect(Number(api.headers()["retry-after"])).toBeGreaterThan(0);
    } finally {
      pg.start();
    }

    await page.getByRole("button", { name: t.tryAgain }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible({ timeout: 20_000 });
  });

  test("a catalogue page rendered while the database is down is not kept: once it is back, the next visit shows the products", async ({
    request,
  }) => {
    const stamp = Date.now();
    const pieces = [
      // Not the home page: the first test's product page links it, and the browser may have
      // fetched it ahead (Next's prefetch) once the database was back, caching it rightly.
      { name: `Outage Hoop Earrings ${stamp}`, category: "earrings", path: "/category/earrings" },
      {
        name: `Outage Pearl Necklace ${stamp}`,
        category: "necklaces",
        path: "/category/necklaces",
      },
    ];
    const client = new Client({ connectionString: pg.url });
    await client.connect();
    for (const { name, category } of pieces) {
      await client.query(
        "insert into products (name, price_cents, quantity, category) values ($1, 4200, 3, $2)",
        [name, category],
      );
    }
    await client.end();

    pg.stop();
    try {
      // Rendered now for the first time (or again, after the first test's outage).
      for (const { path } of pieces) {
        const during = await request.get(`${server.origin}${path}`);
        expect(during.headers()["cache-control"] ?? "", path).not.toMatch(/public|s-maxage/);
      }
    } finally {
      pg.start();
    }
    for (const { name, path } of pieces) {
      const after = await request.get(`${server.origin}${path}`);
      expect(after.status(), path).toBe(200);
      const html = await after.text();
      expect(html, path).toContain(name);
      expect(html, path).not.toContain(messages.home.productsError);
    }
  });
});
