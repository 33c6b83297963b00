import { expect, test } from "./support/test";
import { startShopServer, type ShopServer } from "./support/server";
import type { ProductDto } from "@/models/product";

// One build, started twice with different configurations: every page, the ones `next build`
// prerendered included, shows the configuration of the server it comes from.

const shops = [
  { offset: 2, chat: "https://wa.me/96171111111", google: true },
  { offset: 3, chat: "https://wa.me/96172222222", google: false },
];

/** The sign-in windows' prop in the page's serialized components (quotes escaped in a script). */
const googleButton = (enabled: boolean) => new RegExp(`googleEnabled[\\\\"]*:${enabled}`);

test.describe("runtime configuration", () => {
  const servers: ShopServer[] = [];

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    for (const shop of shops) {
      servers.push(
        await startShopServer(shop.offset, {
          CHAT_URL: shop.chat,
          GOOGLE_CLIENT_ID: shop.google ? "client-id.apps.googleusercontent.com" : "",
          GOOGLE_CLIENT_SECRET: shop.google ? "client-secret" : "",
        }),
      );
    }
  });

  test.afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  test("canonical links, social previews, public links and the Google button follow each server's configuration", async ({
    request,
  }) => {
    for (const [index, { origin }] of servers.entries()) {
      const shop = shops[index]!;
      const [product] = (await (
        await request.get(`${origin}/api/products`)
      ).json()) as ProductDto[];
      const pages = [
        ["/", `${origin}/`],
        ["/category/rings", `${origin}/category/rings`],
        [`/product/${product!.id}`, `${origin}/product/${product!.id}`],
        ["/about", `${origin}/about`],
        // Prerendered by the build, which knows no APP_URL.
        ["/privacy-policy", `${origin}/privacy-policy`],
        ["/terms-of-service", `${origin}/terms-of-service`],
      ];
      for (const [path, canonical] of pages) {
        const html = await (await request.get(`${origin}${path}`)).text();
        expect(html, path).toContain(`<link rel="canonical" href="${canonical}"/>`);
        expect(html, path).toContain(`<meta property="og:url" content="${canonical}"/>`);
        expect(html, path).toContain(`href="${shop.chat}?text=`);
        expect(html, path).toMatch(googleButton(shop.google));
        const other = servers[1 - index]!.origin;
        expect(html, path).not.toContain(other);
      }
      // A page prerendered by the build, with no address of its own in it.
      const policy = await (await request.get(`${origin}/privacy-policy`)).text();
      expect(policy).toContain(`href="${shop.chat}?text=`);
      expect(policy).toMatch(googleButton(shop.google));
      const product1 = await (await request.get(`${origin}/product/${product!.id}`)).text();
      expect(product1).toMatch(new RegExp(`<meta property="og:image" content="${origin}/images/`));
    }
  });
});
