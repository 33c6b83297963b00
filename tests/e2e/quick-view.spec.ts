import { WISHLIST_STORAGE_KEY } from "@/lib/constants";
import type { CartAnswer } from "@/models/cart";
import type { ProductDto } from "@/models/product";
import { verifiedCustomer } from "./support/admin";
import {
  expect,
  expectTapTargets,
  holdRequests,
  test,
  type Locator,
  type Page,
} from "./support/test";

// A shopper on the earrings grid (the home page's default category) of the sample catalogue:
// Cedar Leaf Gold Studs (14 in stock, 3 pictures), Batroun Pearl Drop Earrings (the last one),
// Jeita Emerald Studs (sold out).
const STUDS = "Cedar Leaf Gold Studs";
const PEARLS = "Batroun Pearl Drop Earrings";
const SOLD_OUT = "Jeita Emerald Studs";

/** The product grid's cards and the quick view, as a shopper reaches them. */
class Shop {
  constructor(readonly page: Page) {}

  header = () => this.page.getByRole("banner");
  card = (name: string) =>
    this.page
      .getByRole("list", { name: /products$/ })
      .getByRole("article")
      .filter({ has: this.page.getByRole("heading", { name, exact: true }) });
  badge = (name: string) => this.card(name).getByTestId("stock-badge");
  quickViewButton = (name: string) =>
    this.page.getByRole("button", { name: `Quick view of ${name}`, exact: true });
  quickView = () =>
    this.page.getByRole("dialog").and(this.page.locator("[data-dialog='quick-view']"));
  counter = () => this.quickView().getByLabel("Image counter");
  cartButton = () =>
    this.quickView().getByRole("button", {
      name: /to Cart$|^Added!$|^Add More$|^Max in Cart$|^Sold Out$/,
    });
  wishlistButton = (label = "Wishlist") =>
    this.header().getByRole("button", { name: label, exact: true });
  panel = () => this.page.getByRole("dialog", { name: "Wishlist" });
  panelRow = (name: string) =>
    this.panel()
      .getByRole("listitem")
      .filter({ has: this.page.getByRole("link", { name, exact: true }) });
  cartLink = (label: string) => this.header().getByRole("link", { name: label, exact: true });

  async open(path = "/") {
    await this.page.goto(path);
    // The buttons work once React has hydrated them (it attaches its props to the element).
    await this.page.waitForFunction(() => {
      const button = document.querySelector("button[aria-label^='Quick view of']");
      return !!button && Object.keys(button).some((key) => key.startsWith("__reactProps"));
    });
  }

  async openQuickView(name: string) {
    await this.quickViewButton(name).click();
    await expect(this.quickView()).toBeVisible();
    await expect(this.quickView().getByRole("heading", { name })).toBeVisible();
  }
}

const isFocused = (locator: Locator) => expect(locator).toBeFocused();

test.describe("quick view", () => {
  test("opens from a card with the keyboard, steps through images with the arrow keys, and Escape returns focus", async ({
    page,
  }) => {
    const shop = new Shop(page);
    await shop.open();

    // From the card's link, Tab reaches the card's heart and then its Quick view button.
    await shop.card(STUDS).getByRole("link").focus();
    await page.keyboard.press("Tab");
    await isFocused(
      shop.card(STUDS).getByRole("button", { name: `Add ${STUDS} to your wishlist` }),
    );
    await page.keyboard.press("Tab");
    await isFocused(shop.quickViewButton(STUDS));
    await page.keyboard.press("Enter");

    const dialog = shop.quickView();
    await expect(dialog.getByRole("heading", { name: STUDS })).toBeVisible();
    await expect(shop.counter()).toHaveText("1 / 3");
    // The window itself has focus, not its first button (the heart): a stray Enter presses nothing.
    await expect(dialog).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(
      dialog.getByRole("button", { name: `Add ${STUDS} to your wishlist` }),
    ).toBeVisible();
    // The page behind cannot scroll while the window is open.
    await expect(page.locator("body")).toHaveAttribute("data-scroll-locked", /\d/);

    await page.keyboard.press("ArrowRight");
    await expect(shop.counter()).toHaveText("2 / 3");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(shop.counter()).toHaveText("3 / 3");
    await dialog.getByRole("button", { name: "Show image 1" }).click();
    await expect(shop.counter()).toHaveText("1 / 3");
    await dialog.getByRole("button", { name: "Next image" }).click();
    await expect(shop.counter()).toHaveText("2 / 3");

    // Focus stays inside the window however far a shopper tabs.
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press("Tab");
      expect(
        await page.evaluate(() => !!document.activeElement?.closest("[data-dialog='quick-view']")),
      ).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await isFocused(shop.quickViewButton(STUDS));
    await expect(page.locator("body")).not.toHaveAttribute("data-scroll-locked", /\d/);
  });

  test("the Quick view button shows it is opening while the window downloads on a slow phone @phone", async ({
    page,
  }) => {
    const shop = new Shop(page);
    await shop.open();
    // A slow phone: the window's code arrives seconds after the tap.
    const release = await holdRequests(page, "**/_next/static/chunks/**");

    // Found by its label, as the open window hides the page behind it from the accessibility tree.
    const button = page.locator(`button[aria-label="Quick view of ${STUDS}"]`);
    await button.click();
    await expect(button).toHaveAttribute("aria-busy", "true");
    await expect(shop.quickView()).toBeHidden();

    release();
    await expect(shop.quickView()).toBeVisible();
    await expect(button).not.toHaveAttribute("aria-busy", "true");
  });

  test("zooms where the pointer is, and a click on the backdrop closes it", async ({ page }) => {
    const shop = new Shop(page);
    await shop.open();
    await shop.openQuickView(STUDS);

    const zoom = shop.quickView().getByRole("button", { name: "Zoom in" });
    const box = (await zoom.boundingBox())!;
    await zoom.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
    const zoomOut = shop.quickView().getByRole("button", { name: "Zoom out" });
    await expect(zoomOut).toHaveAttribute("aria-pressed", "true");
    const image = zoomOut.locator("img").last();
    await expect(image).toHaveCSS("transform-origin", /^\d+(\.\d+)?px \d+(\.\d+)?px$/);
    const origin = async () =>
      (await image.evaluate((img) => getComputedStyle(img).transformOrigin))
        .split(" ")
        .map(parseFloat);
    const [x1, y1] = await origin();
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.2);
    await expect.poll(async () => (await origin())[0]).toBeGreaterThan(x1!);
    expect((await origin())[1]).toBeLessThan(y1!);

    // The backdrop is the page around the window.
    await page.mouse.click(5, 5);
    await expect(shop.quickView()).toBeHidden();
  });

  test("a shopper who asks for less motion gets the window and the zoom without animation", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const shop = new Shop(page);
    await shop.open();
    await shop.openQuickView(STUDS);
    const durations = () =>
      shop
        .quickView()
        .evaluate((dialog) =>
          [dialog, ...dialog.querySelectorAll("img")].map((el) =>
            parseFloat(getComputedStyle(el).transitionDuration),
          ),
        );
    expect(Math.max(...(await durations()))).toBeLessThan(0.001);

    await page.emulateMedia({ reducedMotion: "no-preference" });
    expect(Math.max(...(await durations()))).toBeGreaterThanOrEqual(0.2);
  });

  test("Add to Cart follows the spec's labels and updates the header badge and the card @phone", async ({
    page,
  }) => {
    // A page with a tag manager: the shop hands it the add_to_cart event.
    await page.addInitScript(() => {
      (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
    });
    const shop = new Shop(page);
    await shop.open();
    await expect(shop.badge(STUDS)).toHaveText("In Stock");
    await shop.openQuickView(STUDS);

    await expect(shop.cartButton()).toHaveText("Add 1 to Cart");
    await shop.quickView().getByRole("button", { name: "Increase quantity" }).click();
    await expect(shop.cartButton()).toHaveText("Add 2 to Cart");
    await shop.cartButton().click();
    await expect(shop.cartButton()).toHaveText("Added!");
    await expect(shop.quickView().getByTestId("stock-badge")).toHaveText(
      "2 in cart, 12 more available",
    );
    expect(
      await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer),
    ).toEqual([
      {
        event: "add_to_cart",
        ecommerce: {
          currency: "USD",
          value: 68,
          items: [
            {
              item_id: expect.any(String),
              item_name: STUDS,
              item_category: "jewelry",
              price: 34,
              quantity: 2,
            },
          ],
        },
      },
    ]);
    // After 2 seconds the button offers more, starting again at one.
    await expect(shop.cartButton()).toHaveText("Add More", { timeout: 4000 });
    await expect(shop.quickView().getByRole("group", { name: "Quantity" })).toContainText("1");

    await page.keyboard.press("Escape");
    await expect(shop.cartLink("Cart, 2 items")).toBeVisible();
    await expect(shop.badge(STUDS)).toHaveText("2 in cart, 12 more available");

    // The cart is the shopper's own, kept in the browser: it survives a reload.
    await page.reload();
    await expect(shop.cartLink("Cart, 2 items")).toBeVisible();
    await expect(shop.badge(STUDS)).toHaveText("2 in cart, 12 more available");
  });

  test("the quick view's link to the full page is a target a finger can hit @phone", async ({
    page,
  }) => {
    const shop = new Shop(page);
    await shop.open();
    await shop.openQuickView(STUDS);
    await expectTapTargets(shop.quickView().getByRole("link", { name: "View full details" }));
  });

  test("the quick view's stepper runs up to the stock, past the detail page's 10", async ({
    page,
  }) => {
    const shop = new Shop(page);
    await shop.open();
    await shop.openQuickView(STUDS);
    const more = shop.quickView().getByRole("button", { name: "Increase quantity" });
    for (let i = 1; i < 14; i++) await more.click();
    await expect(shop.cartButton()).toHaveText("Add 14 to Cart");
    await expect(more).toBeDisabled();
  });

  test("the last piece, a sold-out piece and Buy Now", async ({ page }) => {
    const shop = new Shop(page);
    await shop.open();
    await expect(shop.badge(PEARLS)).toHaveText("Only 1 left!");
    await expect(shop.badge(SOLD_OUT)).toHaveText("Sold Out");

    await shop.openQuickView(SOLD_OUT);
    await expect(shop.cartButton()).toHaveText("Sold Out");
    await expect(shop.cartButton()).toBeDisabled();
    await expect(shop.quickView().getByRole("button", { name: "Buy Now" })).toBeDisabled();
    await page.keyboard.press("Escape");

    await shop.openQuickView(PEARLS);
    await expect(
      shop.quickView().getByRole("button", { name: "Increase quantity" }),
    ).toBeDisabled();
    await shop.cartButton().click();
    await expect(shop.cartButton()).toHaveText("Max in Cart");
    await expect(shop.cartButton()).toBeDisabled();
    await expect(shop.quickView().getByTestId("stock-badge")).toHaveText("All in cart (1/1)");
    await page.keyboard.press("Escape");
    await expect(shop.badge(PEARLS)).toHaveText("All in cart (1/1)");

    // Buy Now adds a piece that is not in the cart yet, then goes to checkout.
    await shop.openQuickView(STUDS);
    await shop.quickView().getByRole("button", { name: "Buy Now" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const stored = await page.evaluate(() => Object.values(localStorage).join(" "));
    expect(stored).toContain(STUDS);
  });

  test("waits for the customer's cart before Add to Cart and Buy Now, so Buy Now adds nothing twice", async ({
    page,
  }) => {
    await verifiedCustomer(page.request);
    const products = (await (await page.request.get("/api/products")).json()) as ProductDto[];
    const studs = products.find((product) => product.name === STUDS)!;
    expect(
      (
        await page.request.post("/api/cart/add", { data: { productId: studs.id, quantity: 1 } })
      ).ok(),
    ).toBe(true);

    // The customer's cart is slow to come: until it does, how many she holds is unknown.
    const answerCart = await holdRequests(page, "**/api/cart");
    const shop = new Shop(page);
    await shop.open();
    await shop.openQuickView(STUDS);
    const buyNow = shop.quickView().getByRole("button", { name: "Buy Now" });
    await expect(buyNow).toBeDisabled();
    await expect(shop.cartButton()).toBeDisabled();

    answerCart();
    await expect(shop.cartButton()).toHaveText("Add More");
    await buyNow.click();
    await expect(page).toHaveURL(/\/checkout$/);
    const cart = (await (await page.request.get("/api/cart")).json()) as CartAnswer;
    expect(cart.cart.map(({ quantity }) => quantity)).toEqual([1]);
  });

  test("on a product page the arrow keys move the quick view's pictures, not the page's", async ({
    page,
  }) => {
    const shop = new Shop(page);
    const products: { _id: string; name: string }[] = await (
      await page.request.get("/api/products/earrings")
    ).json();
    const pearls = products.find((product) => product.name === PEARLS)!;
    await shop.open(`/product/${pearls._id}`);
    const pageCounter = page.getByLabel("Image counter");
    await expect(pageCounter).toHaveText("1 / 4");

    await shop.openQuickView(STUDS);
    await page.keyboard.press("ArrowRight");
    await expect(shop.counter()).toHaveText("2 / 3");
    await page.keyboard.press("Escape");
    await expect(pageCounter).toHaveText("1 / 4");
    await page.keyboard.press("ArrowRight");
    await expect(pageCounter).toHaveText("2 / 4");
  });

  test("the heart on a card keeps a piece in the wishlist", async ({ page }) => {
    const shop = new Shop(page);
    await shop.open();
    await shop
      .card(STUDS)
      .getByRole("button", { name: `Add ${STUDS} to your wishlist` })
      .click();
    await expect(page.getByText("Item added to your wishlist!")).toBeVisible();
    await expect(shop.header().getByRole("button", { name: "Wishlist, 1 item" })).toBeVisible();

    // The quick view shows the same heart, and takes the piece out again.
    await shop.openQuickView(STUDS);
    await shop
      .quickView()
      .getByRole("button", { name: `Remove ${STUDS} from your wishlist` })
      .click();
    await expect(
      shop.quickView().getByRole("button", { name: `Add ${STUDS} to your wishlist` }),
    ).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(
      shop.header().getByRole("button", { name: "Wishlist", exact: true }),
    ).toBeVisible();
  });

  test("a notification over the open window can be closed, and the window stays open", async ({
    page,
  }) => {
    const shop = new Shop(page);
    await shop.open();
    await shop.openQuickView(STUDS);
    await shop
      .quickView()
      .getByRole("button", { name: `Add ${STUDS} to your wishlist` })
      .click();
    const notification = page
      .getByRole("region", { name: /Notifications/ })
      .getByRole("listitem")
      .filter({ hasText: "Item added to your wishlist!" });
    await expect(notification).toBeVisible();
    await notification.getByRole("button", { name: "Close toast" }).click({ timeout: 2000 });
    await expect(notification).toHaveCount(0);
    await expect(shop.quickView()).toBeVisible();
  });
});

test.describe("wishlist panel", () => {
  test("opens from the header empty, and Escape returns to the header @phone", async ({ page }) => {
    const shop = new Shop(page);
    await shop.open();
    await shop.wishlistButton().click();

    await expect(shop.panel().getByText("Your wishlist is empty")).toBeVisible();
    await expect(shop.panel().getByRole("link", { name: "Browse the collection" })).toBeVisible();
    await expect(page.locator("body")).toHaveAttribute("data-scroll-locked", /\d/);
    await page.keyboard.press("Escape");
    await expect(shop.panel()).toBeHidden();
    await isFocused(shop.wishlistButton());
  });

  test("opens from the phone menu, and closing it leaves focus on the header's heart @phone", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "the menu button shows on phones only");
    const shop = new Shop(page);
    await shop.open();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Wishlist" }).click();

    await expect(shop.panel().getByText("Your wishlist is empty")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(shop.panel()).toBeHidden();
    await isFocused(shop.wishlistButton());
  });

  test("lists saved pieces with price and stock, adds them to the cart and removes them", async ({
    page,
  }) => {
    const shop = new Shop(page);
    await shop.open();
    for (const name of [STUDS, PEARLS]) {
      await shop
        .card(name)
        .getByRole("button", { name: `Add ${name} to your wishlist` })
        .click();
    }
    await shop.wishlistButton("Wishlist, 2 items").click();

    await expect(shop.panel().getByText("2 pieces")).toBeVisible();
    const studs = shop.panelRow(STUDS);
    await expect(studs.getByText("$34.00")).toBeVisible();
    await expect(studs.getByTestId("stock-badge")).toHaveText("In Stock");
    await expect(shop.panelRow(PEARLS).getByTestId("stock-badge")).toHaveText("Only 1 left!");

    await studs.getByRole("button", { name: "Add 1 to Cart" }).click();
    await expect(studs.getByRole("button", { name: "Added!" })).toBeVisible();
    await expect(studs.getByTestId("stock-badge")).toHaveText("1 in cart, 13 more available");
    await shop.panelRow(PEARLS).getByRole("button", { name: "Add 1 to Cart" }).click();
    await expect(shop.panelRow(PEARLS).getByRole("button", { name: "Max in Cart" })).toBeDisabled();

    await shop
      .panelRow(PEARLS)
      .getByRole("button", { name: `Remove ${PEARLS} from your wishlist` })
      .click();
    await expect(shop.panelRow(PEARLS)).toHaveCount(0);
    await expect(shop.panel().getByText("1 piece", { exact: true })).toBeVisible();

    // A click beside the panel closes it.
    await page.mouse.click(5, 300);
    await expect(shop.panel()).toBeHidden();
    await expect(shop.cartLink("Cart, 2 items")).toBeVisible();
    await expect(shop.wishlistButton("Wishlist, 1 item")).toBeVisible();

    await shop.wishlistButton("Wishlist, 1 item").click();
    await shop
      .panelRow(STUDS)
      .getByRole("button", { name: `Remove ${STUDS} from your wishlist` })
      .click();
    await expect(shop.panel().getByText("Your wishlist is empty")).toBeVisible();
  });

  test("a saved piece the shop no longer has is dropped from the wishlist", async ({ page }) => {
    const shop = new Shop(page);
    const products: { _id: string; name: string }[] = await (
      await page.request.get("/api/products")
    ).json();
    const studs = products.find((product) => product.name === STUDS)!;
    const gone = "00000000-0000-4000-8000-000000000000";
    await page.addInitScript(
      ([key, refs]) => {
        if (!sessionStorage.getItem("seeded")) localStorage.setItem(key, refs);
        sessionStorage.setItem("seeded", "1");
      },
      [
        WISHLIST_STORAGE_KEY,
        JSON.stringify([
          { _id: studs._id, dateAdded: "2026-01-02T10:00:00.000Z" },
          { _id: gone, dateAdded: "2026-01-03T10:00:00.000Z" },
        ]),
      ] as const,
    );
    await shop.open();
    // The cart provider drops the piece the shop no longer has as soon as the lists load.
    await shop.wishlistButton("Wishlist, 1 item").click();

    await expect(shop.panelRow(STUDS)).toBeVisible();
    await expect(shop.panel().getByRole("listitem")).toHaveCount(1);
    await expect(shop.panel().getByText("1 piece", { exact: true })).toBeVisible();
    const stored = await page.evaluate((key) => localStorage.getItem(key), WISHLIST_STORAGE_KEY);
    expect(stored).toContain(studs._id);
    expect(stored).not.toContain(gone);
  });
});
