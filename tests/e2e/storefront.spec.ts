import type { APIRequestContext } from "@playwright/test";
import { createProduct } from "./support/checkout";
import { expect, expectTapTargets, holdRequests, test, type Page } from "./support/test";
import { messages } from "@/lib/messages";

type ApiProduct = { id: string; name: string; category: string; images: string[] };

/** The storefront as a shopper sees it: the category buttons, the product grid and a product page. */
class Storefront {
  constructor(readonly page: Page) {}

  categories = () => this.page.getByRole("navigation", { name: "Categories" });
  category = (name: string) => this.categories().getByRole("link", { name, exact: true });
  grid = () => this.page.getByRole("list", { name: /products$/ });
  cards = () => this.grid().getByRole("link");
  async cardNames() {
    await expect(this.cards().first()).toBeVisible();
    return this.grid().getByRole("heading", { level: 3 }).allInnerTexts();
  }

  async open(path = "/") {
    await this.page.goto(path);
    await expect(
      this.page.getByRole("heading", { name: "Exquisite Jewelry", level: 1 }),
    ).toBeVisible();
  }

  async chooseCategory(name: string) {
    await this.category(name).click();
    await expect(this.category(name)).toHaveAttribute("aria-current", "page");
    await expect(this.grid()).toHaveAccessibleName(`${name.toLowerCase()} products`);
  }
}

const counter = (page: Page) => page.getByLabel("Image counter");

test.describe("storefront", () => {
  test("home shows the categories and the products of the default one @phone", async ({ page }) => {
    const shop = new Storefront(page);
    await shop.open();

    await expect(page.getByRole("heading", { name: "Shop by Category" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Shop Collection" })).toBeVisible();
    await expect(page.getByRole("link", { name: "View Lookbook" })).toHaveAttribute(
      "href",
      "/about#lookbook",
    );
    for (const name of ["Earrings", "Necklaces", "Bracelets", "Rings", "Anklets"]) {
      await expect(shop.category(name)).toBeVisible();
    }
    await expect(shop.category("Earrings")).toHaveAttribute("aria-current", "page");

    await expect(shop.cards().first()).toBeVisible();
    await expect(shop.cards().first()).toHaveAttribute("href", /^\/product\/[0-9a-f-]{36}$/);
    await expect(
      shop
        .grid()
        .getByText(/^\$\d+\.\d{2}$/)
        .first(),
    ).toBeVisible();
    await expect(
      shop
        .grid()
        .getByText(/^(In Stock|Only 1 left!|Sold Out)$/)
        .first(),
    ).toBeVisible();
  });

  test("switching category changes the grid and the URL", async ({ page }) => {
    const shop = new Storefront(page);
    await shop.open();
    const earrings = await shop.cardNames();

    await shop.chooseCategory("Rings");
    await expect(page).toHaveURL(/\/category\/rings$/);
    await expect(shop.grid()).toHaveAccessibleName("rings products");
    const rings = await shop.cardNames();
    expect(rings.length).toBeGreaterThan(0);
    expect(rings).not.toEqual(earrings);

    // The category is part of the address: reloading or sharing it shows the same grid.
    await page.reload();
    await expect(shop.category("Rings")).toHaveAttribute("aria-current", "page");
    expect(await shop.cardNames()).toEqual(rings);

    await shop.chooseCategory("Earrings");
    await expect(page).toHaveURL(/\/category\/earrings$/);
    expect(await shop.cardNames()).toEqual(earrings);
  });

  test("choosing a category keeps the shopper where they are on the page", async ({ page }) => {
    const shop = new Storefront(page);
    await shop.open();
    // The category buttons at the top of the screen, the hero above them out of sight.
    await shop
      .categories()
      .evaluate((nav) => window.scrollTo(0, nav.getBoundingClientRect().top + window.scrollY - 10));
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(200);
    for (const [name, path] of [
      ["Rings", /\/category\/rings$/],
      ["Necklaces", /\/category\/necklaces$/],
    ] as const) {
      await shop.chooseCategory(name);
      await expect(page).toHaveURL(path);
      await expect(shop.grid()).toHaveAccessibleName(`${name.toLowerCase()} products`);
      // Past the moment a route change would have scrolled to the top.
      await page.waitForTimeout(800);
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(50);
    }
    // Any other route change still starts at the top.
    await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("placeholder cards stand in while the next category loads", async ({ page }) => {
    const shop = new Storefront(page);
    await shop.open();
    await expect(shop.grid()).toHaveAccessibleName("earrings products");
    // Before scripts run the buttons are plain links (a full page load); wait until React has
    // hydrated them (it attaches its props to the element).
    await page.waitForFunction(() => {
      const link = document.querySelector('nav[aria-label="Categories"] a');
      return !!link && Object.keys(link).some((key) => key.startsWith("__reactProps"));
    });
    // A slow connection: the bracelets arrive a second after the click.
    await page.route(/category\/bracelets/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });

    await shop.category("Bracelets").click();
    const placeholders = page.getByRole("status", { name: "Loading products" });
    await expect(placeholders).toBeVisible();
    await expect(placeholders.locator(":scope > div")).toHaveCount(8);
    await expect(shop.grid()).toHaveAccessibleName("bracelets products");
    await expect(placeholders).toBeHidden();
  });

  test("opening a product shows its name, price and breadcrumb @phone", async ({ page }) => {
    const shop = new Storefront(page);
    await shop.open("/?category=necklaces");
    const [name] = await shop.cardNames();
    expect(name).toBeTruthy();

    await shop.cards().first().click();
    await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText(/^\$\d+\.\d{2}$/).first()).toBeVisible();
    await expect(page.getByText("$5 • 4-5 days • COD available")).toBeVisible();
    await expect(page.getByText("30-day return • Authentic")).toBeVisible();

    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(breadcrumb.getByRole("link", { name: "Necklaces" })).toHaveAttribute(
      "href",
      "/category/necklaces",
    );
    await expect(breadcrumb.getByText(name!, { exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expectTapTargets(breadcrumb.getByRole("link"));

    await breadcrumb.getByRole("link", { name: "Necklaces" }).click();
    await expect(shop.category("Necklaces")).toHaveAttribute("aria-current", "page");
  });

  test("a product opened on a slow connection says 'Loading product details...' on its card, and a landing shows the product in its first paint", async ({
    page,
  }) => {
    const shop = new Storefront(page);
    // A slow connection: every request for a product page (prefetches included) waits a second.
    await page.route(/\/product\/[0-9a-f-]{36}/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      // A prefetch the click made unnecessary may be gone by now.
      await route.continue().catch(() => {});
    });
    await shop.open("/?category=rings");
    await page.waitForFunction(() => {
      const link = document.querySelector('ul[aria-label$="products"] a');
      return !!link && Object.keys(link).some((key) => key.startsWith("__reactProps"));
    });
    const [name] = await shop.cardNames();
    const card = shop.grid().getByRole("listitem").first();
    await card.getByRole("link").click();
    await expect(card.getByRole("status")).toHaveText("Loading product details...");
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await page.unrouteAll({ behavior: "ignoreErrors" });

    // Opened directly (a link from Instagram), the product is in the page as first painted: not
    // behind a loading screen that scripts reveal.
    const url = page.url();
    const html = await (await page.request.get(url)).text();
    const title = html.indexOf(`>${name}</h1>`);
    expect(title).toBeGreaterThan(0);
    expect(html.slice(0, title)).not.toMatch(/<div hidden id="S:\d+">/);
    expect(html).not.toContain("Loading product details...");
  });

  test("the buttons only scripts can answer wait for them, instead of ignoring a tap @phone", async ({
    page,
  }) => {
    // A slow phone: the page is painted and its scripts are still on their way.
    const release = await holdRequests(page, "**/_next/static/chunks/*.js");
    await page.goto("/?utm_source=instagram", { waitUntil: "domcontentloaded" });
    const banner = page.getByRole("banner");
    const card = new Storefront(page).grid().getByRole("listitem").first();
    const controls = [
      // Phones only: a wide screen hides it.
      banner.getByRole("button", { name: messages.layout.openMenu, includeHidden: true }),
      banner.getByRole("button", { name: messages.layout.wishlist }),
      card.getByRole("button", { name: /^Add .+ to your wishlist$/ }),
      card.getByRole("button", { name: /^Quick view of / }),
    ];
    for (const control of controls) await expect(control).toBeDisabled();

    release();
    for (const control of controls) await expect(control).toBeEnabled({ timeout: 30_000 });
    await controls[1]!.click();
    await expect(page.getByRole("dialog", { name: messages.wishlist.title })).toBeVisible();
  });

  test("the gallery steps through images, wraps around and zooms", async ({ page, request }) => {
    const products = (await (await request.get("/api/products")).json()) as ApiProduct[];
    const product = products.find((p) => p.images.length >= 2);
    test.skip(!product, "the sample catalogue has no product with several images");
    const total = product!.images.length;

    await page.goto(`/product/${product!.id}`);
    await expect(page.getByRole("heading", { level: 1, name: product!.name })).toBeVisible();
    await expect(counter(page)).toHaveText(`1 / ${total}`);

    await page.getByRole("button", { name: "Previous image" }).click();
    await expect(counter(page)).toHaveText(`${total} / ${total}`);
    await page.getByRole("button", { name: "Next image" }).click();
    await expect(counter(page)).toHaveText(`1 / ${total}`);
    await page.getByRole("button", { name: "Next image" }).click();
    await expect(counter(page)).toHaveText(`2 / ${total}`);

    await page.keyboard.press("ArrowLeft");
    await expect(counter(page)).toHaveText(`1 / ${total}`);
    await page.keyboard.press("ArrowRight");
    await expect(counter(page)).toHaveText(`2 / ${total}`);

    await page.getByRole("button", { name: `Show image ${total}` }).click();
    await expect(counter(page)).toHaveText(`${total} / ${total}`);
    await page.getByRole("button", { name: "Next image" }).click();
    await expect(counter(page)).toHaveText(`1 / ${total}`);

    // Zooming in, then changing image, leaves the new image unzoomed.
    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect(page.getByRole("button", { name: "Zoom out" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.getByRole("button", { name: "Next image" }).click();
    await expect(page.getByRole("button", { name: "Zoom in" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });

  test("a long unbroken name wraps inside its card and its page, never widening the screen", async ({
    page,
    baseURL,
  }) => {
    const name = `Filigree${"W".repeat(150)}${Date.now()}`;
    const ring = await createProduct(baseURL!, { name, price: "12.00", quantity: 3 });
    await page.setViewportSize({ width: 390, height: 844 });
    const widerThanScreen = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const path of ["/category/rings", `/product/${ring.id}`]) {
      await page.goto(path);
      await expect(page.getByText(name).first()).toBeVisible();
      expect([path, await widerThanScreen()]).toEqual([path, 0]);
    }
    const buyNow = await page.getByRole("button", { name: "Buy Now" }).boundingBox();
    expect(buyNow!.x + buyNow!.width).toBeLessThanOrEqual(390);
  });

  test("an Arabic name reads right to left in its card and its page, a Latin one left to right, the page staying left to right", async ({
    page,
    baseURL,
  }) => {
    const arabic = `قلادة ذهبية ${Date.now()}`;
    const necklace = await createProduct(baseURL!, { name: arabic, price: "30.00", quantity: 3 });
    const latin = `Cedar Ring ${Date.now()}`;
    await createProduct(baseURL!, { name: latin, price: "20.00", quantity: 3 });
    const direction = (text: string) =>
      page
        .getByText(text, { exact: true })
        .first()
        .evaluate((element) => getComputedStyle(element).direction);

    await page.goto("/category/rings");
    expect(await direction(arabic)).toBe("rtl");
    expect(await direction(latin)).toBe("ltr");
    await page.goto(`/product/${necklace.id}`);
    await expect(page.getByRole("heading", { name: arabic, level: 1 })).toHaveCSS(
      "direction",
      "rtl",
    );
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByText(arabic)).toHaveCSS(
      "direction",
      "rtl",
    );
    await expect(page.locator("body")).toHaveCSS("direction", "ltr");
  });

  test("an unknown product shows Product Not Found with a 404 status", async ({ page }) => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-product-id"]) {
      const response = await page.goto(`/product/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("404", { exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
      await expect(page.getByText("Product not found", { exact: true })).toBeVisible();
      await expect(page).toHaveTitle("Product Not Found | Lumière");
    }
    // No id at all says so.
    expect((await page.goto("/product"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
    await expect(page.getByText("Product ID not found", { exact: true })).toBeVisible();
    await expect(page).toHaveTitle("Product Not Found | Lumière");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Exquisite Jewelry" })).toBeVisible();
  });

  test("a 404 screen is in the page as it arrives, before its scripts run @phone", async ({
    page,
    browser,
    baseURL,
  }) => {
    // Without scripts at all (Next sends these pages with an empty body, for its scripts to fill).
    const scriptless = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const still = await scriptless.newPage();
    for (const [path, title, detail] of [
      ["/product/00000000-0000-4000-8000-000000000000", "Product Not Found", "Product not found"],
      ["/product", "Product Not Found", "Product ID not found"],
      ["/category/necklace", "Page Not Found", messages.notFound.detail],
    ] as const) {
      expect((await still.goto(path))?.status()).toBe(404);
      await expect(still.getByRole("heading", { name: title })).toBeVisible();
      await expect(still.getByText(detail, { exact: true })).toBeVisible();
      await expect(still).toHaveTitle(`${title} | Lumière`);
      await expect(still.getByRole("link", { name: "Return to Home" })).toHaveAttribute(
        "href",
        "/",
      );
    }
    // The address the screens are taken from is no page of the shop.
    expect((await still.goto("/not-found-screen/product"))?.status()).toBe(404);
    await expect(still.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await scriptless.close();

    // A slow phone: the screen shows while the scripts are on their way, and once they have run it
    // is there once, working.
    const release = await holdRequests(page, "**/_next/static/chunks/*.js");
    await page.goto("/product/00000000-0000-4000-8000-000000000000", {
      waitUntil: "domcontentloaded",
    });
    const heading = page.getByRole("heading", { name: "Product Not Found" });
    await expect(heading).toBeVisible();
    const wishlist = page
      .getByRole("banner")
      .getByRole("button", { name: messages.layout.wishlist });
    await expect(wishlist).toBeDisabled();
    release();
    await expect(wishlist).toBeEnabled({ timeout: 30_000 });
    await expect(heading).toHaveCount(1);
    await expect(page.getByRole("banner")).toHaveCount(1);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page.getByRole("heading", { name: "Exquisite Jewelry" })).toBeVisible();
  });

  test("an unknown page shows the 404 screen", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  });

  test("the about page and the policies are readable and linked", async ({ page }) => {
    await page.goto("/about#lookbook");
    await expect(page.getByRole("heading", { level: 1, name: /About/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Worn every day" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Shop Our Collection" })).toHaveAttribute(
      "href",
      "/",
    );

    await page.goto("/terms-of-service");
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    await expect(page.getByText("Last updated: January 2025")).toBeVisible();
    await expect(page.getByRole("heading", { name: /30-day guarantee/ })).toBeVisible();

    await page.goto("/privacy-policy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(page.getByText("Last updated: January 2025")).toBeVisible();
  });

  test("each category page has its own title and description for search engines and previews", async ({
    request,
  }) => {
    const described = async (path: string) => {
      const { html, meta } = await headOf(request, path);
      return {
        title: html.match(/<title>([^<]*)<\/title>/)?.[1],
        description: meta('name="description"'),
        preview: meta('property="og:description"'),
      };
    };
    const home = await described("/");
    const rings = await described("/category/rings");
    expect(rings).toEqual({
      title: "Handmade Rings — Lumière",
      description: expect.stringMatching(/^Handcrafted rings, made in Lebanon\./),
      preview: rings.description,
    });
    expect(home.description).toMatch(/^Handcrafted earrings, necklaces, bracelets/);
    expect((await described("/category/anklets")).description).toMatch(/^Handcrafted anklets/);
  });

  test("a shared link to the about page or a policy shows the collection's first piece", async ({
    request,
  }) => {
    const preview = async (path: string) => {
      const { meta } = await headOf(request, path);
      const image = meta('property="og:image"')?.replaceAll("&amp;", "&");
      return { image, card: meta('name="twitter:card"') };
    };
    const home = await preview("/");
    expect(home.image).toMatch(/^https?:\/\/[^/]+\/images\/[0-9a-f-]{36}\.jpg\?w=1280&q=85$/);
    for (const path of ["/about", "/privacy-policy", "/terms-of-service"]) {
      expect(await preview(path)).toEqual({ image: home.image, card: "summary_large_image" });
    }
  });

  test("product pages describe the product to search engines", async ({ page, request }) => {
    const [product] = (await (await request.get("/api/products")).json()) as ApiProduct[];
    await page.goto(`/product/${product!.id}`);
    await expect(page).toHaveTitle(new RegExp(product!.name));
    const ogImage = await page.locator('meta[property="og:image"]').first().getAttribute("content");
    expect(ogImage).toMatch(/^https?:\/\/[^/]+\/images\/[0-9a-f-]{36}\.jpg\?w=1280&q=85$/);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent())!,
    );
    expect(jsonLd).toMatchObject({
      "@type": "Product",
      name: product!.name,
      offers: { priceCurrency: "USD" },
    });

    const robots = await request.get("/robots.txt");
    expect(await robots.text()).toContain("Disallow: /admin");
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`/product/${product!.id}</loc>`);
  });
});

/** A page's HTML as served, and the content of one of its meta tags by its name or property. */
async function headOf(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  const meta = (attribute: string) =>
    html.match(new RegExp(`<meta ${attribute} content="([^"]*)"`))?.[1];
  return { html, meta };
}
