// A shopper's phone: every control on the storefront is big enough for a finger on a touch screen.
import { CART_STORAGE_KEY, WISHLIST_STORAGE_KEY } from "@/lib/constants";
import { toCartItem } from "@/lib/cart-rules";
import { messages } from "@/lib/messages";
import type { ProductDto } from "@/models/product";
import { verifiedCustomer } from "./support/admin";
import { unverifiedCustomer } from "./support/checkout";
import { expect, quiet, smallControls, test, type Page } from "./support/test";

// Cedar Leaf Gold Studs: 14 in stock, 3 pictures, on the home page's default category.
const STUDS = "Cedar Leaf Gold Studs";

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

async function studs(page: Page): Promise<ProductDto> {
  const products: ProductDto[] = await (await page.request.get("/api/products")).json();
  return products.find((product) => product.name === STUDS)!;
}

/** Opens `path` once its buttons work (React has hydrated them). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await quiet(page);
  expect(await page.evaluate(() => matchMedia("(pointer: coarse)").matches)).toBe(true);
}

// Polled: a window or notification that slides in is measured once it is in place.
const expectFingerSized = (page: Page) => expect.poll(() => smallControls(page)).toEqual([]);

test.describe("on a touch screen every control is big enough for a finger", () => {
  test("the home page: header, search, categories, cards and footer", async ({ page }) => {
    await open(page, "/");
    await page.getByRole("combobox", { name: "Search products" }).fill("studs");
    await expect(page.getByRole("listbox").getByRole("option").first()).toBeVisible();
    await expectFingerSized(page);
    await page.keyboard.press("Escape");
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await expectFingerSized(page);
  });

  test("the sign-in window in each of its modes", async ({ page }) => {
    await open(page, "/?auth=login");
    const modal = page.getByRole("dialog");
    await expect(modal.getByRole("heading", { name: messages.account.loginTitle })).toBeVisible();
    await expectFingerSized(page);
    await modal.getByRole("button", { name: messages.account.forgotPassword }).click();
    await expect(modal.getByRole("heading", { name: messages.account.forgotTitle })).toBeVisible();
    await expectFingerSized(page);
    await page.goto("/?auth=signup");
    await expect(modal.getByRole("heading", { name: messages.account.signupTitle })).toBeVisible();
    await expectFingerSized(page);
  });

  test("the phone menu", async ({ page }) => {
    await open(page, "/");
    await page.getByRole("button", { name: messages.layout.openMenu }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectFingerSized(page);
  });

  test("the quick view", async ({ page }) => {
    await open(page, "/");
    await page.getByRole("button", { name: `Quick view of ${STUDS}`, exact: true }).click();
    await expect(page.getByRole("dialog").getByRole("heading", { name: STUDS })).toBeVisible();
    await expectFingerSized(page);
  });

  test("the product page", async ({ page }) => {
    await open(page, `/product/${(await studs(page))._id}`);
    await expect(page.getByRole("heading", { name: STUDS, level: 1 })).toBeVisible();
    await expectFingerSized(page);
  });

  test("the wishlist panel", async ({ page }) => {
    const product = await studs(page);
    await page.addInitScript(([key, refs]) => localStorage.setItem(key, refs), [
      WISHLIST_STORAGE_KEY,
      JSON.stringify([{ _id: product._id, dateAdded: "2026-01-02" }]),
    ] as const);
    await open(page, "/");
    await page.getByRole("button", { name: "Wishlist, 1 item", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Wishlist" }).getByRole("listitem")).toHaveCount(
      1,
    );
    await expectFingerSized(page);
  });

  test("the verification banner and a notification", async ({ page }) => {
    await unverifiedCustomer(page.request);
    await open(page, "/");
    const banner = page.locator("[data-verification-banner]");
    await expect(banner).toBeVisible();
    await expectFingerSized(page);
    await banner.getByRole("button", { name: messages.account.bannerResend }).click();
    await expect(
      page.getByRole("region", { name: /Notifications/ }).getByRole("listitem"),
    ).toBeVisible();
    await expectFingerSized(page);
  });

  test("the checkout", async ({ page }) => {
    await verifiedCustomer(page.request);
    const product = await studs(page);
    await page.addInitScript(([key, items]) => localStorage.setItem(key, items), [
      CART_STORAGE_KEY,
      JSON.stringify([toCartItem(product, 1)]),
    ] as const);
    await open(page, "/checkout");
    await expect(page.getByRole("complementary").getByText(STUDS)).toBeVisible();
    await expectFingerSized(page);

    // While she types, the chat button steps aside: above the keyboard it would sit on the field.
    const chat = page.getByRole("link", { name: messages.layout.chat });
    await expect(chat).toBeVisible();
    await page.getByLabel(messages.checkout.phoneNumber, { exact: true }).fill("03 123 456");
    await expect(chat).toBeHidden();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(chat).toBeVisible();
  });
});
