import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import net from "node:net";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { Client } from "pg";
import { createClient } from "redis";
import { expect, test } from "./support/test";
import { OWNER, photo } from "./support/admin";
import { startShopServer, type ShopServer } from "./support/server";
import type { ProductDto } from "@/models/product";

// Two production servers on one PostgreSQL database and one Redis, as instances behind a load
// balancer: an owner's edit through one is what the other serves on its very next request, from
// the API and in its cached pages.

const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const POSTGRES_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort) });
    socket.setTimeout(2000);
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
    socket.once("error", () => resolve(false));
  });
}

async function withPostgres<T>(run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

test.describe("two instances sharing PostgreSQL and Redis", () => {
  const database = `shop_shared_${randomBytes(5).toString("hex")}`;
  const prefix = `lumiere-test-${randomBytes(5).toString("hex")}:`;
  const servers: ShopServer[] = [];
  let databaseUrl = "";

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    test.skip(
      !(await reachable(REDIS_URL, 6379)),
      `Redis is not reachable at ${REDIS_URL}: start redis-server (or set REDIS_URL) to run the shared-cache test`,
    );
    test.skip(
      !(await reachable(POSTGRES_URL, 5432)),
      `PostgreSQL is not reachable at ${POSTGRES_URL}: set TEST_DATABASE_URL to run the shared-cache test`,
    );
    await withPostgres((client) => client.query(`create database ${database}`));
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
    };
    const scriptEnv = { ...process.env, ...env, NODE_ENV: "production" as const };
    execFileSync("npm", ["run", "--silent", "db:migrate"], { env: scriptEnv, stdio: "ignore" });
    execFileSync("npm", ["run", "--silent", "db:seed"], { env: scriptEnv, stdio: "ignore" });
    servers.push(await startShopServer(4, env), await startShopServer(5, env));
  });

  test.afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    if (!databaseUrl) return;
    await withPostgres((client) =>
      client.query(`drop database if exists ${database} with (force)`),
    );
    const redis = await createClient({ url: REDIS_URL }).connect();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(keys);
    await redis.quit();
  });

  test("an edit, a new product and a deletion through one instance are served by the other on its next request", async () => {
    const [one, two] = servers as [ShopServer, ShopServer];
    const visitor = await playwrightRequest.newContext();
    const owner = await playwrightRequest.newContext({ baseURL: one.origin });
    expect((await owner.post("/api/auth/login", { data: OWNER })).ok()).toBe(true);
    const ownerTwo = await playwrightRequest.newContext({ baseURL: two.origin });
    expect((await ownerTwo.post("/api/auth/login", { data: OWNER })).ok()).toBe(true);

    const catalogue = async (origin: string) =>
      (await (await visitor.get(`${origin}/api/products`)).json()) as ProductDto[];
    const product = (await catalogue(one.origin)).find((p) => p.category === "rings")!;
    const pages = ["/", `/category/rings`, `/product/${product.id}`];
    // Both instances have everything cached: the second page read is a hit.
    for (const { origin } of servers) {
      await catalogue(origin);
      await visitor.get(`${origin}/api/product/${product.id}`);
      for (const path of pages) await visitor.get(`${origin}${path}`);
      const again = await visitor.get(`${origin}/product/${product.id}`);
      expect(again.headers()["x-nextjs-cache"]).toBe("HIT");
    }

    const price = (product.price + 11.11).toFixed(2);
    const edited = await owner.put(`/api/admin/products/${product.id}`, {
      multipart: {
        name: product.name,
        price,
        quantity: String(product.quantity),
        category: product.category,
        description: product.description,
        materials: JSON.stringify(product.materials),
      },
    });
    expect(edited.ok()).toBe(true);
    const seen = (await (
      await visitor.get(`${two.origin}/api/product/${product.id}`)
    ).json()) as ProductDto;
    expect(seen.price.toFixed(2)).toBe(price);
    expect(await (await visitor.get(`${two.origin}/product/${product.id}`)).text()).toContain(
      `$${price}`,
    );
    expect(await (await visitor.get(`${two.origin}/category/rings`)).text()).toContain(`$${price}`);

    const name = `Shared Cache Ring ${Date.now()}`;
    const created = await ownerTwo.post("/api/admin/products", {
      multipart: {
        name,
        price: "19.00",
        quantity: "3",
        category: "rings",
        description: "",
        materials: "[]",
        images: await photo("ring.jpg", "#a08050"),
      },
    });
    expect(created.status()).toBe(201);
    expect((await catalogue(one.origin)).map((p) => p.name)).toContain(name);
    expect(await (await visitor.get(`${one.origin}/category/rings`)).text()).toContain(name);

    const id = (await catalogue(one.origin)).find((p) => p.name === name)!.id;
    await visitor.get(`${two.origin}/product/${id}`);
    expect((await owner.delete(`/api/admin/products/${id}`)).ok()).toBe(true);
    expect((await visitor.get(`${two.origin}/api/product/${id}`)).status()).toBe(404);
    expect((await visitor.get(`${two.origin}/product/${id}`)).status()).toBe(404);
    expect(await (await visitor.get(`${two.origin}/category/rings`)).text()).not.toContain(name);

    // The pages and data live in Redis, not in either process.
    const redis = await createClient({ url: REDIS_URL }).connect();
    expect(await redis.keys(`${prefix}page:*`)).not.toHaveLength(0);
    expect(await redis.keys(`${prefix}data:*`)).not.toHaveLength(0);
    await redis.quit();
    for (const context of [visitor, owner, ownerTwo] as APIRequestContext[])
      await context.dispose();
  });

  test("a product id nobody made is answered 404 and stored nowhere", async () => {
    const [one] = servers as [ShopServer];
    const visitor = await playwrightRequest.newContext({ baseURL: one.origin });
    const [product] = (await (await visitor.get("/api/products")).json()) as ProductDto[];
    const madeUp = randomUUID();
    for (const id of [product!.id, madeUp]) {
      await visitor.get(`/api/product/${id}`);
      await visitor.get(`/product/${id}`);
    }
    expect((await visitor.get(`/api/product/${madeUp}`)).status()).toBe(404);
    expect((await visitor.get(`/product/${madeUp}`)).status()).toBe(404);

    const redis = await createClient({ url: REDIS_URL }).connect();
    const stored = async (id: string) => [
      ...(await redis.keys(`${prefix}data:*${id}*`)),
      ...(await redis.keys(`${prefix}page:*${id}*`)),
    ];
    expect(await stored(product!.id)).not.toHaveLength(0);
    expect(await stored(madeUp)).toEqual([]);
    await redis.quit();
    await visitor.dispose();
  });
});
