import AxeBuilder from "@axe-core/playwright";
import { messages } from "@/lib/messages";
import type { ProductDto } from "@/models/product";
import { AuthModal, newShopper, waitForNotificationsToClose } from "./support/account";
import { AdminPanel, signInAsOwner, verifiedCustomer } from "./support/admin";
import { CheckoutPage, fillCart } from "./support/checkout";
import { Mailbox } from "./support/mailbox";
import { expect, quiet, test, type Locator, type Page } from "./support/test";

// Every screen of the shop and every window it opens, checked by axe against WCAG 2.1 A and AA at
// the phone's and the desktop's width (each test runs in both projects): no serious or critical
// violation anywhere.
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
// Many pages per test, each analysed in full, on a machine that may be busy.
test.describe.configure({ timeout: 180_000 });
const a = messages.account;

/** Waits until the page has settled: no request in flight and no finite animation running. */
async function settle(page: Page) {
  await quiet(page);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/** Fails with the rule, its help and the offending elements of every serious or critical violation. */
async function expectAccessible(page: Page, what: string) {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  const serious = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes
          .slice(0, 5)
          .map(
            (node) =>
              `    ${node.target.join(" ")} — ${node.failureSummary?.split("\n").join(" ")}`,
          )
          .join("\n"),
    );
  expect.soft(serious, `axe on ${what}`).toEqual([]);
}

const isPhone = () => test.info().project.name === "phone";

async function catalogue(page: Page): Promise<ProductDto[]> {
  return (await (await page.request.get("/api/products")).json()) as ProductDto[];
}

/** Opens an entry of the account menu: the header's on a desktop, the slide-in menu's on a phone. */
async function chooseAccountItem(page: Page, name: string) {
  if (isPhone()) {
    await page.getByRole("button", { name: messages.layout.openMenu }).click();
    await page.getByRole("dialog", { name: "Lumière" }).getByRole("button", { name }).click();
  } else {
    await page.getByRole("button", { name: a.accountMenu }).click();
    await page.getByRole("menuitem", { name, exact: true }).click();
  }
}

async function expectDialog(page: Page, dialog: Locator, what: string) {
  await expect(dialog).toBeVisible();
  await expectAccessible(page, what);
}

test.describe("pages @phone", () => {
  test("the catalogue and information pages", async ({ page }) => {
    const product = (await catalogue(page))[0]!;
    for (const path of [
      "/",
      "/category/rings",
      `/product/${product.id}`,
      "/about",
      "/privacy-policy",
      "/terms-of-service",
      "/adaptive-demo",
      "/verify-email",
      "/verify-email?token=not-a-real-token",
      "/login?error=OAuthCallback",
      "/no-such-page",
      "/product/000000000000000000000000",
    ]) {
      await page.goto(path);
      await expectAccessible(page, path);
    }
  });

  test("checkout and orders, signed out", async ({ page }) => {
    await page.goto("/checkout");
    await expectAccessible(page, "/checkout (signed out, empty)");
    await page.goto("/orders");
    await expectAccessible(page, "/orders (signed out)");
    const product = (await catalogue(page)).find((p) => p.quantity > 1)!;
    await fillCart(page, [{ product, quantity: 1 }]);
    await page.goto("/checkout");
    await expectAccessible(page, "/checkout (signed out, with items)");
  });

  test("checkout and orders of a verified customer", async ({ page }) => {
    await verifiedCustomer(page.request);
    await page.goto("/checkout");
    await expect(page.getByRole("heading", { name: messages.checkout.emptyCart })).toBeVisible();
    await expectAccessible(page, "/checkout (empty cart)");

    const product = (await catalogue(page)).find((p) => p.quantity > 1)!;
    await fillCart(page, [{ product, quantity: 1 }], { server: true });
    const checkout = new CheckoutPage(page);
    await checkout.open();
    await expect(checkout.placeOrder).toBeVisible();
    await expectAccessible(page, "/checkout (with items)");
    await checkout.placeOrder.click();
    await expect(
      checkout.form.getByText(messages.checkout.addressRequired, { exact: true }),
    ).toBeVisible();
    await expectAccessible(page, "/checkout (form errors)");

    await page.goto("/orders");
    await expectAccessible(page, "/orders (verified)");
  });

  test("the admin panel, its product form and an order's details", async ({ page, request }) => {
    // An order for the details window.
    await verifiedCustomer(request);
    const product = (await catalogue(page)).find((p) => p.quantity > 2)!;
    const placed = await request.post("/api/orders/checkout", {
      data: {
        items: [{ productId: product.id, quantity: 1 }],
        shippingAddress: { fullName: "Rana Aoun", address: "Armenia St", city: "Beirut" },
        phoneNumber: "+961 70 123 456",
        notes: "Please call before coming.",
        currency: "USD",
      },
    });
    expect(placed.status()).toBe(201);

    const admin = new AdminPanel(page);
    await signInAsOwner(page);
    for (const tab of ["dashboard", "products", "orders"] as const) {
      await admin.open(tab);
      await expectAccessible(page, `/admin?tab=${tab}`);
    }

    await admin.open("products");
    await page.getByRole("button", { name: messages.admin.addNewProduct }).click();
    await expectDialog(page, admin.dialog, "the admin's product form");
    await admin.dialog.getByRole("button", { name: messages.admin.createSubmit }).click();
    await expectAccessible(page, "the admin's product form with errors");
    await page.keyboard.press("Escape");

    await admin.open("orders");
    await page.getByRole("button", { name: messages.admin.viewDetails }).first().click();
    await expectDialog(page, admin.dialog, "the admin's order details");
  });
});

test.describe("windows and panels @phone", () => {
  test("each mode of the sign-in window", async ({ page, request }) => {
    const shopper = await verifiedCustomer(request);
    const modal = new AuthModal(page);
    await page.goto("/?auth=signup");
    await modal.expectTitle(a.signupTitle);
    await expectAccessible(page, "the sign-up window");
    await modal.button(a.signUpSubmit).click();
    await expectAccessible(page, "the sign-up window with errors");
    await page.keyboard.press("Escape");

    await page.goto("/?auth=login");
    await modal.expectTitle(a.loginTitle);
    await expectAccessible(page, "the sign-in window");
    await modal.logIn({ email: shopper.email, password: "wrong-password-9" });
    await expect(modal.problem).toBeVisible();
    await expectAccessible(page, "the sign-in window with a problem");

    await modal.field(a.email).fill(shopper.email);
    await modal.dialog.getByRole("button", { name: a.forgotPassword }).click();
    await modal.expectTitle(a.forgotTitle);
    await expectAccessible(page, "the forgot-password window");
    const mailbox = new Mailbox(shopper.email);
    await modal.button(a.sendPin).click();
    await modal.expectTitle(a.verifyPinTitle);
    await expectAccessible(page, "the PIN window");
    await modal.field(a.pin).fill(await mailbox.resetPin());
    await modal.button(a.verifyPinSubmit).click();
    await modal.expectTitle(a.resetTitle);
    await expectAccessible(page, "the reset-password window");
  });

  test("change password and delete account", async ({ page }) => {
    await verifiedCustomer(page.request);
    await page.goto("/");
    const dialog = new AuthModal(page);
    await chooseAccountItem(page, a.changePassword);
    await dialog.expectTitle(a.changePassword);
    await expectAccessible(page, "the change-password window");
    await dialog.button(a.changePasswordSubmit).click();
    await expectAccessible(page, "the change-password window with errors");
    await page.keyboard.press("Escape");
    await dialog.expectClosed();

    await chooseAccountItem(page, a.deleteAccount);
    await dialog.expectTitle(a.deleteAccount);
    await expectAccessible(page, "the delete-account window");
    await dialog.button(a.deleteSubmit).click();
    await expectAccessible(page, "the delete-account window with errors");
  });

  test("quick view, the wishlist panel and the mobile menu", async ({ page }) => {
    const product = (await catalogue(page)).find((p) => p.category === "earrings")!;
    await page.goto("/");
    await page.getByRole("button", { name: `Quick view of ${product.name}`, exact: true }).click();
    const quickView = page.getByRole("dialog").and(page.locator("[data-dialog='quick-view']"));
    await expectDialog(page, quickView, "the quick view");
    await quickView.getByRole("button", { name: messages.wishlist.addItem(product.name) }).click();
    await page.keyboard.press("Escape");
    await expect(quickView).toBeHidden();

    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Wishlist/ })
      .click();
    await expectDialog(page, page.getByRole("dialog", { name: "Wishlist" }), "the wishlist panel");
    await page.keyboard.press("Escape");

    if (isPhone()) {
      // The heart's toast fades out about now: axe would read its colours half-blended.
      await waitForNotificationsToClose(page);
      await page.getByRole("button", { name: messages.layout.openMenu }).click();
      await expectDialog(page, page.getByRole("dialog", { name: "Lumière" }), "the mobile menu");
    }
  });

  test("the signed-in header, its menu and the verification banner", async ({ page }) => {
    const shopper = newShopper();
    expect((await page.request.post("/api/auth/signup", { data: shopper })).status()).toBe(201);
    await page.goto("/");
    await expect(page.getByRole("button", { name: a.bannerResend })).toBeVisible();
    await expectAccessible(page, "the home page with the verification banner");
    if (isPhone()) {
      await page.getByRole("button", { name: messages.layout.openMenu }).click();
      await expectDialog(
        page,
        page.getByRole("dialog", { name: "Lumière" }),
        "the signed-in mobile menu",
      );
    } else {
      await page.getByRole("button", { name: a.accountMenu }).click();
      await expectDialog(page, page.getByRole("menu"), "the account menu");
    }
  });
});

// Keyboard, focus and motion: a shopper who uses no pointer, and one who asks for less motion.

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 60 } = {}) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  await expect(target).toBeFocused();
}

/** Tabs forward and back through an open window: focus never leaves it. */
async function expectFocusTrapped(page: Page, dialog: Locator, presses = 25) {
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      expect(
        await dialog.evaluate((element) => element.contains(document.activeElement)),
        `focus stays in the window after ${i + 1} × ${key}`,
      ).toBe(true);
    }
  }
}

/** Opens a window from `opener` with Enter, checks the trap, closes it with Escape: focus returns. */
async function expectTrapAndReturn(page: Page, opener: Locator, dialog: Locator) {
  await opener.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test("on a touch screen, no field's text is under 16px, so a phone does not zoom into it @phone", async ({
  page,
}) => {
  test.skip(!isPhone(), "a touch screen's rule");
  await page.goto("/");
  await settle(page);
  const fontSizes = () =>
    page.evaluate(() =>
      [...document.querySelectorAll("input:not([type=hidden]), select, textarea")]
        .filter((field) => (field as HTMLElement).offsetParent !== null)
        .map((field) => parseFloat(getComputedStyle(field).fontSize)),
    );
  const home = await fontSizes();
  expect(home.length).toBeGreaterThan(0);
  expect(Math.min(...home)).toBeGreaterThanOrEqual(16);
  await page.getByRole("button", { name: messages.layout.openMenu }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: messages.account.signIn, exact: true })
    .click();
  await new AuthModal(page).expectTitle(messages.account.loginTitle);
  expect(Math.min(...(await fontSizes()))).toBeGreaterThanOrEqual(16);
});

test.describe("keyboard", () => {
  test("finds a piece with the search box, adds it to the cart and reaches the checkout", async ({
    page,
  }) => {
    await verifiedCustomer(page.request);
    const product = (await catalogue(page)).find((p) => p.quantity > 1 && p.category === "rings")!;
    await page.goto("/");
    await settle(page);
    // Visible focus, also where a component sets no focus style of its own.
    const about = page.getByRole("banner").getByRole("link", { name: "About", exact: true });
    await tabTo(page, about);
    await expect(about).toHaveCSS("outline-style", "solid");
    const search = page.getByRole("combobox", { name: "Search products" });
    await tabTo(page, search);
    await page.keyboard.type(product.name);
    await expect(
      page.getByRole("listbox", { name: "Search products" }).getByRole("option").first(),
    ).toContainText(product.name);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: product.name, level: 1 })).toBeVisible();
    await settle(page);

    const add = page.getByRole("button", { name: /^Add \d+ to Cart$/ });
    await tabTo(page, add);
    await expect(add).toHaveCSS("outline-style", "solid");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: messages.addToCart.detailAdded })).toBeVisible();

    const cart = page.getByRole("banner").getByRole("link", { name: /^Cart/ });
    await tabTo(page, cart, { backwards: true });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole("complementary").getByText(product.name)).toBeVisible();
  });

  test("every window keeps focus inside and gives it back to its opener @phone", async ({
    page,
  }) => {
    const product = (await catalogue(page)).find((p) => p.category === "earrings")!;
    await page.goto("/");
    await settle(page);
    const header = page.getByRole("banner");

    await expectTrapAndReturn(
      page,
      page.getByRole("button", { name: `Quick view of ${product.name}`, exact: true }),
      page.getByRole("dialog").and(page.locator("[data-dialog='quick-view']")),
    );
    await expectTrapAndReturn(
      page,
      header.getByRole("button", { name: /^Wishlist/ }),
      page.getByRole("dialog", { name: "Wishlist" }),
    );
    if (isPhone()) {
      await expectTrapAndReturn(
        page,
        page.getByRole("button", { name: messages.layout.openMenu }),
        page.getByRole("dialog", { name: "Lumière" }),
      );
    } else {
      // The sign-in window opens from no trigger of its own, and still gives focus back.
      await expectTrapAndReturn(
        page,
        header.getByRole("button", { name: messages.account.signIn, exact: true }),
        page.getByRole("dialog", { name: messages.account.loginTitle }),
      );
    }
  });
});

test.describe("reduced motion @phone", () => {
  test.use({ reducedMotion: "reduce" });

  /** Records `read(element)` on every frame for `frames` frames, from now on. */
  async function sampleFrames(target: Locator, read: "scrollY" | "scale", frames: number) {
    await target.evaluate(
      (element, [what, count]) => {
        const samples: string[] = [];
        (window as unknown as { samples: string[] }).samples = samples;
        const tick = () => {
          samples.push(
            what === "scrollY"
              ? String(window.scrollY)
              : getComputedStyle(element.querySelector("svg")!).scale,
          );
          if (samples.length < (count as number)) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      },
      [read, frames] as const,
    );
  }

  async function samples(page: Page, frames: number): Promise<string[]> {
    await page.waitForFunction(
      (count) => (window as unknown as { samples: string[] }).samples.length >= count,
      frames,
    );
    return page.evaluate(() => (window as unknown as { samples: string[] }).samples);
  }

  test("a route change jumps to the top, the header and the heart do not move", async ({
    page,
  }) => {
    await page.goto("/");
    await settle(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    // The header steps aside at once, without sliding.
    const duration = await page
      .getByRole("banner")
      .evaluate((element) => parseFloat(getComputedStyle(element).transitionDuration));
    expect(duration).toBeLessThan(0.01);

    const start = await page.evaluate(() => window.scrollY);
    const about = page.getByRole("contentinfo").getByRole("link", { name: "About Us" });
    await sampleFrames(about, "scrollY", 90);
    await about.click();
    await expect(page).toHaveURL(/\/about$/);
    // The page jumps (the router may stop once at the new page's top on the way), it does not
    // glide through the positions between.
    const between = new Set(
      (await samples(page, 90)).map(Number).filter((y) => y > 0 && y < start - 1),
    );
    expect(between.size, `scroll positions passed: ${[...between].join(", ")}`).toBeLessThanOrEqual(
      1,
    );

    const product = (await catalogue(page))[0]!;
    await page.goto(`/product/${product.id}`);
    await settle(page);
    const heart = page.getByRole("button", { name: messages.wishlist.addItem(product.name) });
    await sampleFrames(heart, "scale", 40);
    await heart.click();
    expect(new Set(await samples(page, 40))).toEqual(new Set(["none"]));
  });
});
