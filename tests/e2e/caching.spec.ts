import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test";
import { shopOrigin } from "./support/shop";
import { OWNER, photo, verifiedCustomer } from "./support/admin";
import { PUBLIC_CACHE_CONTROL } from "@/server/cache-control.mjs";
import type { ProductDto } from "@/models/product";

// The catalogue as caches see it, on the production build: one answer for every visitor, publicly
// cacheable and expired by every write at once; everything per user private and never shared.

const PRIVATE = /^private, no-store/;

async function products(request: APIRequestContext): Promise<ProductDto[]> {
  return (await (await request.get("/api/products")).json()) as ProductDto[];
}

/** A page's HTML as a visitor gets it, read twice so the second comes from the cache. */
async function cachedHtml(request: APIRequestContext, path: string) {
  await request.get(path);
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return { headers: response.headers(), html: await response.text() };
}

async function ownerContext(baseURL: string | undefined) {
  const owner = await playwrightRequest.newContext({ baseURL });
  expect((await owner.post("/api/auth/login", { data: OWNER })).ok()).toBe(true);
  return owner;
}

function productForm(fields: { name: string; price: string; quantity: string; category: string }) {
  return {
    ...fields,
    description: "A piece made for the caching test.",
    materials: JSON.stringify(["Silver"]),
  };
}

test.describe("headers", () => {
  test("anonymous catalogue pages and API answers are publicly cacheable, with ETags and 304s", async ({
    request,
  }) => {
    const [product] = await products(request);
    for (const path of [
      "/",
      "/category/rings",
      `/product/${product!.id}`,
      "/about",
      "/privacy-policy",
      "/adaptive-demo",
    ]) {
      const { headers } = await cachedHtml(request, path);
      expect(headers["cache-control"], path).toBe(PUBLIC_CACHE_CONTROL);
      // A client-side navigation asks the same address for another representation.
      expect(headers["vary"], path).toMatch(/\brsc\b/);
      expect(headers["vary"], path).toMatch(/Accept-Encoding/i);
    }
    for (const path of ["/api/products", "/api/products/rings", `/api/product/${product!.id}`]) {
      const response = await request.get(path);
      expect(response.headers()["cache-control"], path).toBe(PUBLIC_CACHE_CONTROL);
      const etag = response.headers()["etag"]!;
      expect(etag, path).toMatch(/^(W\/)?"[\w-]+"$/);
      const again = await request.get(path, { headers: { "If-None-Match": etag } });
      expect(again.status(), path).toBe(304);
      expect(await again.body(), path).toHaveLength(0);
      // A 304 varies as its 200 does (RFC 9110, 15.4.5).
      expect(again.headers()["vary"], path).toBe(response.headers()["vary"]);
    }
  });

  test("a link-preview crawler gets the cached page, its title and preview in the head, like any visitor", async ({
    request,
  }) => {
    const [product] = await products(request);
    const path = `/product/${product!.id}`;
    await cachedHtml(request, path);
    // Next renders anew, uncached, for the user agents it takes for crawlers that read only the
    // head: a header anyone can send would have been a way around the cache.
    for (const userAgent of [
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "WhatsApp/2.23.20.0",
      "Mozilla/5.0 (Linux; Android 11) Chrome/120.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse",
    ]) {
      const response = await request.get(path, { headers: { "User-Agent": userAgent } });
      expect(response.headers()["cache-control"], userAgent).toBe(PUBLIC_CACHE_CONTROL);
      const html = await response.text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head, userAgent).toContain('<meta property="og:title"');
      expect(head, userAgent).toMatch(/<link rel="canonical" href="[^"]+\/product\//);
      expect(head, userAgent).toContain("<title>");
    }
  });

  test("a HEAD gets its GET's head: ETag, length, encoding and 304", async ({ request }) => {
    const [product] = await products(request);
    const gzip = { "Accept-Encoding": "gzip" };
    for (const path of ["/", `/product/${product!.id}`, "/about", `/api/product/${product!.id}`]) {
      const get = await request.get(path, { headers: gzip });
      const head = await request.head(path, { headers: gzip });
      expect(head.status(), path).toBe(200);
      expect(await head.body(), path).toHaveLength(0);
      for (const name of ["etag", "content-length", "content-encoding", "cache-control", "vary"]) {
        expect(head.headers()[name], `${path} ${name}`).toBe(get.headers()[name]);
      }
      const etag = get.headers()["etag"]!;
      expect(etag, path).toBeTruthy();
      const held = await request.head(path, { headers: { ...gzip, "If-None-Match": etag } });
      expect(held.status(), path).toBe(304);
    }
  });

  test("the API answers come from Next's cache, and a product's id in capitals is the same entry", async ({
    request,
  }) => {
    const [product] = await products(request);
    for (const path of ["/api/products", "/api/products/rings", `/api/product/${product!.id}`]) {
      await request.get(path);
      expect((await request.get(path)).headers()["x-nextjs-cache"], path).toBe("HIT");
    }
    for (const path of [`/api/product/${product!.id}`, `/product/${product!.id}`]) {
      await request.get(path);
      const capitals = path.replace(product!.id, product!.id.toUpperCase());
      const response = await request.get(capitals);
      expect(response.status(), capitals).toBe(200);
      expect(response.headers()["x-nextjs-cache"], capitals).toBe("HIT");
    }
  });

  test("every answer that reads the session cookie is private, no-store", async ({ request }) => {
    await verifiedCustomer(request);
    for (const path of [
      "/api/auth/profile",
      "/api/cart",
      "/api/cart/stock-summary",
      "/api/wishlist",
      "/api/orders",
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toMatch(PRIVATE);
    }
    // An anonymous refusal is never shared either.
    const anonymous = await playwrightRequest.newContext({
      baseURL: shopOrigin,
    });
    const refused = await anonymous.get("/api/auth/profile");
    expect(refused.status()).toBe(401);
    expect(refused.headers()["cache-control"] ?? "").not.toMatch(/public|s-maxage/);
    await anonymous.dispose();
  });
});

test.describe("writes are seen at once", () => {
  test("an admin's new product, price, stock and deletion show on the next request, in the API and the pages", async ({
    request,
    baseURL,
  }) => {
    const owner = await ownerContext(baseURL);
    // First of the rings by name, so the about page's lookbook shows it. Prices no other test
    // uses: the product page also shows other rings. A ring a failed try left would go first.
    const prefix = "Aaa Cache Test Ring";
    const { products: listed } = (await owner.get("/api/admin/products").then((r) => r.json())) as {
      products: ProductDto[];
    };
    for (const left of listed.filter((p) => p.name.startsWith(prefix)))
      expect((await owner.delete(`/api/admin/products/${left.id}`)).ok()).toBe(true);
    const name = `${prefix} ${Date.now()}`;
    // Warm every cache the product will appear in.
    for (const path of ["/", "/category/rings", "/about", "/api/products", "/api/products/rings"])
      await request.get(path);

    const created = await owner.post("/api/admin/products", {
      multipart: {
        ...productForm({ name, price: "31.37", quantity: "4", category: "rings" }),
        images: await photo("ring.jpg", "#c9a86a"),
      },
    });
    expect(created.status()).toBe(201);
    const id = (
      (await owner.get("/api/admin/products").then((r) => r.json())) as { products: ProductDto[] }
    ).products.find((p) => p.name === name)!.id;

    expect((await products(request)).map((p) => p.name)).toContain(name);
    expect(await (await request.get("/api/products/rings")).text()).toContain(name);
    expect((await cachedHtml(request, "/category/rings")).html).toContain(name);
    expect((await cachedHtml(request, "/about")).html).toContain(name);
    const page = await cachedHtml(request, `/product/${id}`);
    expect(page.html).toContain("$31.37");
    const productEtag = (await request.get(`/api/product/${id}`)).headers()["etag"]!;

    const edited = await owner.put(`/api/admin/products/${id}`, {
      multipart: productForm({ name, price: "27.53", quantity: "1", category: "rings" }),
    });
    expect(edited.ok()).toBe(true);
    const answer = await request.get(`/api/product/${id}`, {
      headers: { "If-None-Match": productEtag },
    });
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ price: 27.53, quantity: 1 });
    const html = (await request.get(`/product/${id}`)).text();
    expect(await html).toContain("$27.53");
    expect(await html).not.toContain("$31.37");
    expect(await (await request.get("/category/rings")).text()).toContain("$27.53");

    expect((await owner.delete(`/api/admin/products/${id}`)).ok()).toBe(true);
    expect((await request.get(`/api/product/${id}`)).status()).toBe(404);
    expect((await request.get(`/product/${id}`)).status()).toBe(404);
    expect(await (await request.get("/category/rings")).text()).not.toContain(name);
    expect(await (await request.get("/about")).text()).not.toContain(name);
    expect((await products(request)).map((p) => p.name)).not.toContain(name);
    await owner.dispose();
  });

  test("an order's stock change, and its cancellation's, show on the next request", async ({
    request,
    baseURL,
  }) => {
    const shopper = await playwrightRequest.newContext({ baseURL });
    await verifiedCustomer(shopper);
    const product = (await products(request)).find((p) => p.quantity > 3)!;
    await cachedHtml(request, `/product/${product.id}`);
    await request.get(`/api/product/${product.id}`);

    const placed = await shopper.post("/api/orders/checkout", {
      data: {
        items: [{ productId: product.id, quantity: 2 }],
        shippingAddress: { fullName: "Rana Aoun", address: "Mar Mikhael", city: "Beirut" },
        phoneNumber: "+961 70 123 456",
        currency: "USD",
      },
    });
    expect(placed.status()).toBe(201);
    const after = (await (await request.get(`/api/product/${product.id}`)).json()) as ProductDto;
    expect(after.quantity).toBe(product.quantity - 2);
    expect((await products(request)).find((p) => p.id === product.id)!.quantity).toBe(
      product.quantity - 2,
    );

    // The owner cancels it: its units are back for the very next visitor.
    const { order } = (await placed.json()) as { order: { _id: string } };
    const owner = await ownerContext(baseURL);
    const cancelled = await owner.patch(`/api/admin/orders/${order._id}/status`, {
      data: { status: "cancelled" },
    });
    expect(cancelled.status()).toBe(200);
    const back = (await (await request.get(`/api/product/${product.id}`)).json()) as ProductDto;
    expect(back.quantity).toBe(product.quantity);
    expect((await products(request)).find((p) => p.id === product.id)!.quantity).toBe(
      product.quantity,
    );
    await Promise.all([shopper.dispose(), owner.dispose()]);
  });
});

test("a signed-in answer never reaches another visitor: two customers and an anonymous visitor read the same addresses", async ({
  baseURL,
}) => {
  const visitors = await Promise.all(
    [0, 1, 2].map(() => playwrightRequest.newContext({ baseURL })),
  );
  const [first, second, anonymous] = visitors as [
    APIRequestContext,
    APIRequestContext,
    APIRequestContext,
  ];
  const shoppers = [await verifiedCustomer(first), await verifiedCustomer(second)];
  const [product] = await products(anonymous);
  await first.post("/api/cart/add", { data: { productId: product!.id, quantity: 1 } });
  await first.post("/api/wishlist/add", { data: { productId: product!.id } });

  const pages = ["/", "/category/rings", `/product/${product!.id}`, "/about", "/privacy-policy"];
  const apis = ["/api/products", "/api/products/rings", `/api/product/${product!.id}`];
  for (const path of [...pages, ...apis]) {
    // The signed-in customers ask first, so anything they were answered would be what gets cached.
    const bodies: string[] = [];
    for (const visitor of [first, second, anonymous]) {
      const response = await visitor.get(path);
      expect(response.status(), path).toBe(200);
      bodies.push(await response.text());
    }
    for (const [index, body] of bodies.entries()) {
      for (const shopper of shoppers) {
        expect(body.toLowerCase(), `${path} for visitor ${index}`).not.toContain(
          shopper.email.toLowerCase(),
        );
      }
    }
    // One answer for everyone.
    expect(new Set(bodies).size, path).toBe(1);
  }
  // Per-user answers stay each customer's own.
  const carts = await Promise.all(
    [first, second].map(async (v) => (await v.get("/api/cart")).json()),
  );
  expect(JSON.stringify(carts[0])).toContain(product!.id);
  expect(JSON.stringify(carts[1])).not.toContain(product!.id);
  expect((await anonymous.get("/api/cart")).status()).toBe(401);
  const profiles = await Promise.all(
    [first, second].map(async (v) => (await v.get("/api/auth/profile")).json()),
  );
  expect(profiles.map((p) => p.user.email.toLowerCase())).toEqual(
    shoppers.map((s) => s.email.toLowerCase()),
  );
  for (const visitor of visitors) await visitor.dispose();
});
