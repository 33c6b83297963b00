import { expect, test, type Page } from "./support/test";
import { newShopper } from "./support/account";
import { signInAsOwner } from "./support/admin";
import { messages } from "@/lib/messages";
import type { Category } from "@/lib/constants";
import type { ProductDto } from "@/models/product";

// A shopper from Instagram, on a phone on a slow connection: what she sees first stays where it
// is while the rest of the page, her session and her cart arrive.

/** Moves a product to another category through the owner's product form (its pictures kept). */
async function moveProduct(page: Page, product: ProductDto, category: Category) {
  const response = await page.request.put(`/api/admin/products/${product.id}`, {
    multipart: {
      name: product.name,
      price: String(product.price),
      category,
      description: product.description,
      quantity: String(product.quantity),
      materials: JSON.stringify(product.materials),
    },
  });
  expect(response.ok()).toBe(true);
}

declare global {
  interface Window {
    /** Total layout shift so far (as CLS counts it: shifts not caused by the shopper's input). */
    layoutShift: number;
    /** Each time the related-products area changed: "none", "placeholders" or "products". */
    relatedStates: string[];
  }
}

/**
 * Chrome DevTools' "Slow 3G" (2 s round trips, 400 kbit/s) and a phone's slower processor (4x),
 * with the page's layout shifts and its related-products area recorded from the first byte.
 */
async function onSlowPhone(page: Page) {
  await page.addInitScript((relatedTitle) => {
    window.layoutShift = 0;
    window.relatedStates = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) window.layoutShift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
    const record = () => {
      const heading = [...document.querySelectorAll("h2")].find(
        (h) => h.textContent === relatedTitle,
      );
      const section = heading?.closest("section");
      const state = !section
        ? "none"
        : section.querySelector('[role="status"]')
          ? "placeholders"
          : "products";
      if (window.relatedStates.at(-1) !== state) window.relatedStates.push(state);
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true });
  }, messages.product.related);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 2000,
    downloadThroughput: 50_000,
    uploadThroughput: 50_000,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

const layoutShift = (page: Page) => page.evaluate(() => window.layoutShift);
const relatedStates = (page: Page) => page.evaluate(() => window.relatedStates);

test.describe("a phone on a slow connection @phone", () => {
  test.setTimeout(120_000);

  test("the verification banner of a signed-in shopper who has not verified her email does not push the page down", async ({
    page,
  }) => {
    const signup = await page.request.post("/api/auth/signup", { data: newShopper() });
    expect(signup.status()).toBe(201);
    await onSlowPhone(page);
    await page.goto("/", { timeout: 60_000 });
    const banner = page.getByRole("region", { name: messages.account.bannerText });
    await expect(banner).toBeVisible({ timeout: 60_000 });
    await expect(banner.getByRole("button", { name: messages.account.bannerResend })).toBeVisible();
    // The whole bar is on the screen, the chat button beside it and not under it.
    const box = (await banner.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    const chat = (await page.getByRole("link", { name: messages.layout.chat }).boundingBox())!;
    expect(box.x + box.width <= chat.x || box.y + box.height <= chat.y).toBe(true);
    await page.waitForTimeout(1000);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
  });

  test("the related pieces come with the product page, never as placeholder cards", async ({
    page,
    request,
  }) => {
    const products = (await (await request.get("/api/products")).json()) as ProductDto[];
    const product = products.find(
      (p) => products.filter((o) => o.category === p.category).length > 1,
    )!;
    await request.get(`/product/${product.id}`); // the cached page, as most shoppers get it
    await onSlowPhone(page);
    await page.goto(`/product/${product.id}`, { timeout: 60_000 });
    const related = page.getByRole("list", { name: messages.product.related });
    await expect(related.getByRole("link").first()).toBeAttached({ timeout: 60_000 });
    await page.waitForLoadState("load", { timeout: 60_000 });
    expect(await relatedStates(page)).toEqual(["none", "products"]);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
  });

  test("a piece alone in its category shows no related heading at any moment", async ({ page }) => {
    await signInAsOwner(page);
    const anklets = (await (
      await page.request.get("/api/products/anklets")
    ).json()) as ProductDto[];
    const [alone, ...others] = anklets;
    for (const other of others) await moveProduct(page, other, "bracelets");
    try {
      await page.context().clearCookies();
      await page.request.get(`/product/${alone!.id}`);
      await onSlowPhone(page);
      await page.goto(`/product/${alone!.id}`, { timeout: 60_000 });
      await page.waitForLoadState("load", { timeout: 60_000 });
      await page.waitForTimeout(2000);
      expect(await relatedStates(page)).toEqual(["none"]);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
    } finally {
      await signInAsOwner(page);
      for (const other of others) await moveProduct(page, other, "anklets");
    }
  });
});
