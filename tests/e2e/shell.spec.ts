import type { APIRequestContext } from "@playwright/test";
import { expect, expectTapTargets, holdRequests, test, type Page } from "./support/test";
import { messages } from "@/lib/messages";
import { searchProducts } from "@/lib/search";
import type { ProductDto } from "@/models/product";

// A shopper's way around every page: the header's search, the phone menu, the footer and the
// header that steps aside while reading.

let catalogue: ProductDto[] = [];

test.beforeAll(async ({ request }) => {
  const response = await request.get("/api/products");
  expect(response.ok()).toBe(true);
  catalogue = await response.json();
  expect(catalogue.length).toBeGreaterThan(1);
});

function searchBox(page: Page) {
  return page.getByRole("combobox", { name: "Search products" });
}

async function search(page: Page, query: string) {
  const box = searchBox(page);
  await box.click();
  await box.fill(query);
  return box;
}

/** A middle part of a product's name, in another case, so the match is a real substring. */
function partOfName(name: string) {
  const start = Math.floor(name.length / 4);
  return name
    .slice(start, start + Math.max(4, Math.ceil(name.length / 2)))
    .trim()
    .toUpperCase();
}

test.describe("header search", () => {
  test("finds a product by part of its name and Enter opens the first result", async ({ page }) => {
    const product = catalogue[catalogue.length - 1]!;
    const query = partOfName(product.name);
    const expected = searchProducts({ products: catalogue, query });
    await page.goto("/");

    const box = await search(page, query);
    const options = page.getByRole("listbox", { name: "Search products" }).getByRole("option");
    await expect(options).toHaveCount(expected.length);
    await expect(options.filter({ hasText: product.name })).toBeVisible();
    await expect(options.first()).toContainText(expected[0]!.name);

    await box.press("Enter");
    await expect(page).toHaveURL(`/product/${expected[0]!._id}`);
    await expect(box).toHaveValue("");
  });

  test("finds products by category, sorts them, and a click opens one", async ({ page }) => {
    const category = catalogue[0]!.category;
    const byName = searchProducts({ products: catalogue, query: category });
    const dearest = searchProducts({ products: catalogue, query: category, sort: "price-desc" });
    await page.goto("/");

    await search(page, category);
    const options = page.getByRole("listbox", { name: "Search products" }).getByRole("option");
    await expect(options).toHaveCount(byName.length);
    for (const product of byName)
      await expect(options.filter({ hasText: product.name })).toHaveCount(1);
    await expect(options.first()).toContainText(byName[0]!.name);

    await page.getByLabel("Sort by").selectOption("price-desc");
    await expect(options.first()).toContainText(dearest[0]!.name);

    await options.first().click();
    await expect(page).toHaveURL(`/product/${dearest[0]!._id}`);
  });

  test("Enter pressed while the catalogue is still loading opens the first result once it arrives @phone", async ({
    page,
  }) => {
    const product = catalogue[catalogue.length - 1]!;
    const query = partOfName(product.name);
    const expected = searchProducts({ products: catalogue, query });
    // A slow phone: the catalogue answers only after the shopper has typed and pressed Enter.
    const release = await holdRequests(page, "**/api/products");
    await page.goto("/");

    const box = await search(page, query);
    await expect(page.getByRole("status").filter({ hasText: "Searching" })).toBeVisible();
    await box.press("Enter");
    release();

    await expect(page).toHaveURL(`/product/${expected[0]!._id}`);
    await expect(box).toHaveValue("");
  });

  test("says so when nothing matches", async ({ page }) => {
    await page.goto("/");
    await search(page, "zzqx unicorn tiara");
    await expect(page.getByText('No products found for "zzqx unicorn tiara"')).toBeVisible();
    await expect(page.getByText("Try searching with different keywords")).toBeVisible();
    await expect(page.getByRole("listbox")).toHaveCount(0);
  });

  test("a long search that matches nothing is shown whole on a phone @phone", async ({ page }) => {
    // A pasted link or a word typed on without spaces: the sentence wraps inside the results.
    const query = `lumiere${"x".repeat(120)}`;
    await page.goto("/");
    await search(page, query);
    const sentence = page.getByText(`No products found for "${query}"`);
    await expect(sentence).toBeVisible();
    const fits = await sentence.evaluate((element) => {
      const panel = element.closest("div.absolute")!.getBoundingClientRect();
      const text = element.getBoundingClientRect();
      return (
        element.scrollWidth <= element.clientWidth &&
        text.left >= panel.left &&
        text.right <= panel.right
      );
    });
    expect(fits).toBe(true);
  });

  test("Escape clears the search and closes the results", async ({ page }) => {
    await page.goto("/");
    const box = await search(page, catalogue[0]!.category);
    await expect(page.getByRole("listbox", { name: "Search products" })).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");

    await box.press("Escape");
    await expect(box).toHaveValue("");
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("listbox")).toHaveCount(0);
  });

  test("choosing a category clears the search", async ({ page }) => {
    await page.goto("/");
    const box = await search(page, "zzqx");
    await page.getByRole("heading", { level: 1 }).click();
    await expect(box).toHaveValue("zzqx");

    await page
      .getByRole("navigation", { name: "Categories" })
      .getByRole("link", { name: "Necklaces" })
      .click();
    await expect(page).toHaveURL("/category/necklaces");
    await expect(box).toHaveValue("");
  });

  test("choosing the category already shown clears the search too @phone", async ({ page }) => {
    await page.goto("/");
    const earrings = page
      .getByRole("navigation", { name: "Categories" })
      .getByRole("link", { name: "Earrings" });
    // The category buttons work once React has hydrated them (it attaches its props to the element).
    await page.waitForFunction(() => {
      const link = document.querySelector("nav[aria-label='Categories'] a[aria-current='page']");
      return !!link && Object.keys(link).some((key) => key.startsWith("__reactProps"));
    });
    const box = await search(page, "zzqx");
    await page.getByRole("heading", { level: 1 }).click();
    await expect(box).toHaveValue("zzqx");

    // Earrings is the home page's category.
    await expect(earrings).toHaveAttribute("aria-current", "page");
    await earrings.click();
    await expect(box).toHaveValue("");
    await expect(page).toHaveURL("/");
  });

  test("arrow keys choose which result Enter opens", async ({ page }) => {
    const category = catalogue[0]!.category;
    const expected = searchProducts({ products: catalogue, query: category });
    test.skip(expected.length < 2, "needs two products in one category");
    await page.goto("/");

    const box = await search(page, category);
    const options = page.getByRole("listbox", { name: "Search products" }).getByRole("option");
    await expect(options.first()).toBeVisible();
    await box.press("ArrowDown");
    await box.press("ArrowDown");
    await expect(options.and(page.getByRole("option", { selected: true }))).toContainText(
      expected[1]!.name,
    );
    await box.press("Enter");
    await expect(page).toHaveURL(`/product/${expected[1]!._id}`);
  });
});

test("the mobile menu opens, locks the page and closes on Escape or outside @phone", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "the menu button shows on phone widths only");
  await page.goto("/");
  const menu = page.getByRole("dialog", { name: "Lumière" });

  // The first tap may land before the page is interactive.
  await expect(async () => {
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(menu.getByRole("link", { name: "Collections" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "About" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Cart" })).toHaveAttribute("href", "/checkout");
  await expect(menu.getByRole("link", { name: "Instagram" })).toBeVisible();
  expect((await menu.boundingBox())!.width).toBeCloseTo(320, 0);
  await expect(page.locator("body")).toHaveAttribute("data-scroll-locked", /.*/);

  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(page.locator("body")).not.toHaveAttribute("data-scroll-locked", /.*/);

  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(menu).toBeVisible();
  const viewport = page.viewportSize()!;
  await page.mouse.click(viewport.width - 10, viewport.height / 2);
  await expect(menu).toBeHidden();

  await page.getByRole("button", { name: "Open menu" }).click();
  await menu.getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL("/about");
  await expect(menu).toBeHidden();
});

test("the menu button shows it is opening while the menu downloads on a slow phone @phone", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "the menu button shows on phone widths only");
  await page.goto("/");
  // Found by its label, as the open menu hides the page behind it from the accessibility tree.
  const button = page.locator("button[aria-label='Open menu']");
  // The button works once React has hydrated it (it attaches its props to the element).
  await page.waitForFunction(() => {
    const element = document.querySelector("button[aria-label='Open menu']");
    return !!element && Object.keys(element).some((key) => key.startsWith("__reactProps"));
  });
  // A slow phone: the menu's code arrives seconds after the tap.
  const release = await holdRequests(page, "**/_next/static/chunks/**");

  await button.click();
  await expect(button).toHaveAttribute("aria-busy", "true");
  release();
  await expect(page.getByRole("dialog", { name: "Lumière" })).toBeVisible();
  await expect(button).not.toHaveAttribute("aria-busy", "true");
});

/** The code a first visit to `path` runs: every script its page names, except the old browsers' polyfills. */
async function firstLoadScripts(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  const sources = [...html.matchAll(/<script src="([^"]+)"([^>]*)>/g)]
    .filter(([, , attributes]) => !/nomodule/i.test(attributes!))
    .map(([, source]) => source!);
  expect(sources.length).toBeGreaterThan(0);
  const scripts = await Promise.all(
    sources.map(async (source) => (await request.get(source)).text()),
  );
  return scripts.join("\n");
}

test("a first visit downloads no code the page needs only later", async ({ request }) => {
  for (const path of ["/", "/category/rings", `/product/${catalogue[0]!.id}`]) {
    const code = await firstLoadScripts(request, path);
    // Notifications: drawn once the page is idle or a notification is first asked for.
    expect(code.includes("data-sonner-toaster"), path).toBe(false);
    // Texts of other pages (lib/storefront-messages.ts holds the storefront's own).
    expect(code.includes(messages.checkout.phoneInvalid), path).toBe(false);
    expect(code.includes(messages.admin.productManagement), path).toBe(false);
  }
});

test("the footer links to the shop's pages, contact and socials", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "About Us" })).toHaveAttribute("href", "/about");
  await expectTapTargets(footer.getByRole("navigation").getByRole("link"));
  await expect(footer.getByRole("link", { name: "Contact" })).toHaveAttribute(
    "href",
    /^mailto:.+@.+/,
  );
  await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
    "href",
    "/privacy-policy",
  );
  await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
    "href",
    "/terms-of-service",
  );
  await expect(footer.getByRole("link", { name: "Instagram" })).toHaveAttribute(
    "href",
    /instagram\.com/,
  );
  await expect(footer.getByRole("link", { name: "TikTok" })).toHaveAttribute("href", /tiktok\.com/);

  // Floating over the page, yet within the footer's landmark like every other way to reach us.
  const chat = footer.getByRole("link", { name: "Chat with us" });
  await expect(chat).toHaveAttribute("target", "_blank");
  await expect(chat).toHaveAttribute("rel", /noopener/);
  const href = new URL((await chat.getAttribute("href"))!);
  expect(href.searchParams.get("text")).toBe("Hello! I'm interested in your handmade jewelry.");
});

test("the header shows the cart and wishlist without counts while both are empty", async ({
  page,
}) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Lumière home" })).toHaveAttribute("href", "/");
  await expect(header.getByRole("link", { name: "Cart", exact: true })).toHaveAttribute(
    "href",
    "/checkout",
  );
  await expect(header.getByRole("button", { name: "Wishlist", exact: true })).toHaveAttribute(
    "aria-haspopup",
    "dialog",
  );
});

test("the header steps aside while scrolling down and returns on scroll up", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => {
    document.body.style.minHeight = "5000px";
  });
  const header = page.getByRole("banner");
  await expect(header).toBeInViewport();

  await page.mouse.move(200, 400);
  await page.mouse.wheel(0, 60);
  await page.waitForFunction(() => window.scrollY >= 60);
  await expect(header).toBeInViewport();

  await expect(async () => {
    await page.mouse.wheel(0, 400);
    await expect(header).not.toBeInViewport({ timeout: 1000 });
  }).toPass();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);

  await page.mouse.wheel(0, -150);
  await expect(header).toBeInViewport();
});

test("a new page starts at the top", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => {
    document.body.style.minHeight = "5000px";
  });
  await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
  await expect(page).toHaveURL("/about");
  await page.waitForFunction(() => window.scrollY === 0);
});
