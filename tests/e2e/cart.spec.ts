import { expect, test, type Page } from "./support/test";
import type { Browser, Locator } from "@playwright/test";
import { AccountArea } from "./support/account";
import { verifiedCustomer } from "./support/admin";
import { HeaderBadges, Owner, ProductPage, serverCart, serverLines, toast } from "./support/cart";
import { atCheckout, CheckoutPage } from "./support/checkout";
import { toCartItem } from "@/lib/cart-rules";
import {
  CART_STORAGE_KEY,
  WISHLIST_REMOVALS_STORAGE_KEY,
  WISHLIST_STORAGE_KEY,
} from "@/lib/constants";
import { messages } from "@/lib/messages";
import type { WishlistAnswer } from "@/models/cart";

const t = messages.addToCart;

let owner: Owner;
test.beforeEach(async ({ baseURL, extraHTTPHeaders }) => {
  owner = await Owner.signIn(baseURL!, extraHTTPHeaders ?? {});
});
test.afterEach(async () => owner.dispose());

const storedList = (page: import("@playwright/test").Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? "[]") as unknown[], key);

test("a visitor adds to the cart and the wishlist, and both survive a reload @phone", async ({
  page,
}) => {
  const product = await owner.createProduct({ quantity: 12, price: "19.99" });
  await page.addInitScript(() => {
    (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
  });
  const productPage = new ProductPage(page, product);
  const header = new HeaderBadges(page);
  await productPage.open();
  await header.expectCounts({ cart: 0, wishlist: 0 });
  await expect(productPage.stockLine(messages.stock.inStock)).toBeVisible();
  // The selector offers 1 to min(10, stock − in cart).
  await expect(productPage.quantity.locator("option")).toHaveCount(10);

  await productPage.quantity.selectOption("2");
  await expect(productPage.addButton).toHaveText(t.addN(2));
  await productPage.addButton.click();
  await expect(productPage.addButton).toHaveText(t.detailAdded);
  await header.expectCounts({ cart: 2, wishlist: 0 });
  // After 2 seconds the button says Add More and the quantity is back to 1.
  await expect(productPage.addButton).toHaveText(t.addMore, { timeout: 5_000 });
  await expect(productPage.quantity).toHaveValue("1");
  await expect(productPage.stockLine("In Stock (2 in cart)")).toBeVisible();
  await expect(productPage.quantity.locator("option")).toHaveCount(10);

  const events = await page.evaluate(
    () => (window as unknown as { dataLayer: unknown[] }).dataLayer,
  );
  expect(events).toEqual([
    {
      event: "add_to_cart",
      ecommerce: {
        currency: "USD",
        value: 39.98,
        items: [
          {
            item_id: product.id,
            item_name: product.name,
            item_category: "jewelry",
            price: 19.99,
            quantity: 2,
          },
        ],
      },
    },
  ]);

  await productPage.expectInWishlist(false);
  await productPage.heart.click();
  await expect(toast(page, messages.wishlist.added)).toBeVisible();
  await productPage.expectInWishlist(true);
  await header.expectCounts({ cart: 2, wishlist: 1 });

  await page.reload();
  await header.expectCounts({ cart: 2, wishlist: 1 });
  await expect(productPage.stockLine("In Stock (2 in cart)")).toBeVisible();
  await productPage.expectInWishlist(true);
  // Only 10 more may go in: the badge caps at 9+.
  await expect(productPage.quantity.locator("option")).toHaveCount(10);
  await productPage.add(8);
  await header.expectCounts({ cart: 10, wishlist: 1 });
  await expect(header.cart).toHaveText("9+");
  await expect(productPage.quantity.locator("option")).toHaveCount(2);

  // The heart takes the product out again.
  await productPage.heart.click();
  await productPage.expectInWishlist(false);
  await header.expectCounts({ cart: 10, wishlist: 0 });
});

test("Sold Out and Max quantity in cart", async ({ page }) => {
  const soldOut = await owner.createProduct({ quantity: 0 });
  const lastTwo = await owner.createProduct({ quantity: 2 });

  const soldOutPage = new ProductPage(page, soldOut);
  await soldOutPage.open();
  await expect(soldOutPage.stockLine(messages.stock.detailUnavailable)).toBeVisible();
  await expect(soldOutPage.addButton).toHaveText(t.soldOut);
  await expect(soldOutPage.addButton).toBeDisabled();
  await expect(soldOutPage.buyNow).toBeDisabled();
  await expect(soldOutPage.quantity).toBeDisabled();

  const lastTwoPage = new ProductPage(page, lastTwo);
  await lastTwoPage.open();
  await expect(lastTwoPage.quantity.locator("option")).toHaveCount(2);
  await lastTwoPage.quantity.selectOption("2");
  await lastTwoPage.addButton.click();
  await expect(lastTwoPage.addButton).toHaveText(t.detailMaxInCart);
  await expect(lastTwoPage.addButton).toBeDisabled();
  await expect(lastTwoPage.quantity).toBeDisabled();
  await expect(lastTwoPage.stockLine("In Stock (2 in cart)")).toBeVisible();
  await new HeaderBadges(page).expectCounts({ cart: 2, wishlist: 0 });
  // Buy Now still goes to the checkout, adding nothing more.
  await lastTwoPage.buyNow.click();
  await expect(page).toHaveURL("/checkout");
  expect(await storedList(page, CART_STORAGE_KEY)).toMatchObject([
    { productId: lastTwo.id, quantity: 2 },
  ]);
});

test("Buy Now adds the chosen quantity and lands on /checkout", async ({ page }) => {
  const product = await owner.createProduct({ quantity: 5 });
  const productPage = new ProductPage(page, product);
  await productPage.open();
  await productPage.quantity.selectOption("3");
  await productPage.buyNow.click();
  await expect(page).toHaveURL("/checkout");
  await new HeaderBadges(page).expectCounts({ cart: 3, wishlist: 0 });
  expect(await storedList(page, CART_STORAGE_KEY)).toMatchObject([
    { productId: product.id, quantity: 3 },
  ]);
});

test("a verified customer who signs in with a local cart gets the merged cart and wishlist", async ({
  page,
  request,
}) => {
  const [both, onlyLocal, onlyStored, scarce, wished, storedWish] = await Promise.all([
    owner.createProduct({ quantity: 10 }),
    owner.createProduct({ quantity: 10 }),
    owner.createProduct({ quantity: 10 }),
    owner.createProduct({ quantity: 2 }),
    owner.createProduct({ quantity: 10 }),
    owner.createProduct({ quantity: 10 }),
  ]);
  // The customer's stored lists, from another device.
  const shopper = await verifiedCustomer(request);
  for (const [product, quantity] of [
    [both, 4],
    [onlyStored, 1],
    [scarce, 1],
  ] as const) {
    expect(
      (await request.post("/api/cart/add", { data: { productId: product.id, quantity } })).ok(),
    ).toBe(true);
  }
  expect(
    (await request.post("/api/wishlist/add", { data: { productId: storedWish.id } })).ok(),
  ).toBe(true);

  // Signed out on this browser: a local cart and wishlist.
  const header = new HeaderBadges(page);
  const bothPage = new ProductPage(page, both);
  await bothPage.open();
  await bothPage.add(2);
  const onlyLocalPage = new ProductPage(page, onlyLocal);
  await onlyLocalPage.open();
  await onlyLocalPage.add(3);
  await onlyLocalPage.heart.click();
  const wishedPage = new ProductPage(page, wished);
  await wishedPage.open();
  await wishedPage.heart.click();
  await wishedPage.expectInWishlist(true);
  // A line kept from before the stock dropped: more than the stock now holds.
  await page.evaluate(
    ([key, line]) => {
      const cart = JSON.parse(localStorage.getItem(key!) ?? "[]") as unknown[];
      localStorage.setItem(key!, JSON.stringify([...cart, JSON.parse(line!)]));
    },
    [
      CART_STORAGE_KEY,
      JSON.stringify({ productId: scarce.id, name: scarce.name, price: 1, image: "", quantity: 5 }),
    ],
  );
  await page.reload();
  await header.expectCounts({ cart: 10, wishlist: 2 });

  await new AccountArea(page).logIn(shopper);
  // Per product the larger quantity, capped at the stock: 4 + 3 + 1 + 2; the wishlists' union.
  await header.expectCounts({ cart: 10, wishlist: 3 });
  await expect
    .poll(async () => {
      const cart = await serverCart(page.request);
      return Object.fromEntries(cart.map((line) => [line.productId, line.quantity]));
    })
    .toEqual({ [both.id]: 4, [onlyLocal.id]: 3, [onlyStored.id]: 1, [scarce.id]: 2 });
  await expect
    .poll(async () => {
      const { wishlist } = (await (
        await page.request.get("/api/wishlist")
      ).json()) as WishlistAnswer;
      return wishlist.map((entry) => entry._id).sort();
    })
    .toEqual([onlyLocal.id, wished.id, storedWish.id].sort());
  // Merged once: the local copy is gone, the server's lists are the customer's.
  await expect.poll(() => storedList(page, CART_STORAGE_KEY)).toEqual([]);
  expect(await storedList(page, WISHLIST_STORAGE_KEY)).toEqual([]);

  // From now on changes go to the server.
  await bothPage.open();
  await expect(bothPage.stockLine("In Stock (4 in cart)")).toBeVisible();
  await bothPage.add(1);
  await expect
    .poll(async () => {
      const cart = await serverCart(page.request);
      return cart.find((line) => line.productId === both.id)?.quantity;
    })
    .toBe(5);
  await page.reload();
  await header.expectCounts({ cart: 11, wishlist: 3 });
});

test("a stock drop raises one warning, and a product that is gone leaves the wishlist and the cart", async ({
  page,
}) => {
  const [dwindling, vanishing, deleted] = await Promise.all([
    owner.createProduct({ quantity: 5 }),
    owner.createProduct({ quantity: 4 }),
    owner.createProduct({ quantity: 4 }),
  ]);
  const header = new HeaderBadges(page);
  const dwindlingPage = new ProductPage(page, dwindling);
  await dwindlingPage.open();
  await dwindlingPage.add(3);
  const vanishingPage = new ProductPage(page, vanishing);
  await vanishingPage.open();
  await vanishingPage.add(1);
  const deletedPage = new ProductPage(page, deleted);
  await deletedPage.open();
  await deletedPage.heart.click();
  await deletedPage.add(1);
  await header.expectCounts({ cart: 5, wishlist: 1 });

  await owner.setStock(dwindling, 1);
  await owner.setStock(vanishing, 0);
  await owner.deleteProduct(deleted);

  await page.goto("/about");
  const warning = messages.cart.stockWarning([
    messages.cart.outOfStock([vanishing.name]),
    messages.cart.lowStock([{ name: dwindling.name, stock: 1 }]),
  ]);
  await expect(toast(page, warning)).toBeVisible();
  await expect(toast(page, warning)).toHaveCount(1);
  await header.expectCounts({ cart: 4, wishlist: 0 });
  await expect.poll(() => storedList(page, WISHLIST_STORAGE_KEY)).toEqual([]);
  expect(await storedList(page, CART_STORAGE_KEY)).not.toContainEqual(
    expect.objectContaining({ productId: deleted.id }),
  );

  // The product page shows the new stock; the cart holds more than is left: nothing more to add.
  await dwindlingPage.open();
  await expect(dwindlingPage.stockLine(messages.stock.detailOnlyOne)).toBeVisible();
  await expect(dwindlingPage.addButton).toHaveText(t.detailMaxInCart);
});

test("a brand-new piece a shared cache's older catalogue lacks is not taken for gone: it stays in the wishlist", async ({
  page,
}) => {
  // A shared cache (a CDN) may answer the catalogue as it was before the piece was added, for up
  // to 90 s: the owner posts a new piece and her followers come to save it.
  const cachedCatalogue: unknown = await (await page.request.get("/api/products")).json();
  const fresh = await owner.createProduct({ quantity: 4 });
  await page.route("**/api/products", (route) => route.fulfill({ json: cachedCatalogue }));
  await verifiedCustomer(page.request);
  const header = new HeaderBadges(page);
  const freshPage = new ProductPage(page, fresh);
  await freshPage.open();
  await expect(new AccountArea(page).menuButton).toBeVisible();
  await freshPage.heart.click();
  await header.expectCounts({ cart: 0, wishlist: 1 });

  const saved = async () => {
    const { wishlist } = (await (await page.request.get("/api/wishlist")).json()) as WishlistAnswer;
    return wishlist.map((entry) => entry._id);
  };
  await expect.poll(saved).toEqual([fresh.id]);
  // The wishlist has been checked against the catalogue by now (it is read as soon as the list
  // holds an entry); the piece is still saved, here and on the server.
  await page.waitForTimeout(3000);
  expect(await saved()).toEqual([fresh.id]);
  await header.expectCounts({ cart: 0, wishlist: 1 });
  await freshPage.expectInWishlist(true);
});

test("a brand-new piece a shared cache's older catalogue lacks reaches the server's cart and wishlist at sign-in", async ({
  page,
  request,
}) => {
  const cachedCatalogue: unknown = await (await page.request.get("/api/products")).json();
  const fresh = await owner.createProduct({ quantity: 4 });
  await page.route("**/api/products", (route) => route.fulfill({ json: cachedCatalogue }));
  const shopper = await verifiedCustomer(request);

  // Signed out: the new piece goes into the browser's cart and wishlist.
  const freshPage = new ProductPage(page, fresh);
  await freshPage.open();
  await freshPage.add(2);
  await freshPage.heart.click();
  await freshPage.expectInWishlist(true);
  await expect
    .poll(() => storedList(page, CART_STORAGE_KEY))
    .toMatchObject([{ productId: fresh.id, quantity: 2 }]);

  await new AccountArea(page).logIn(shopper);
  await expect
    .poll(() => serverLines(page.request))
    .toEqual([{ productId: fresh.id, quantity: 2 }]);
  const { wishlist } = (await (await page.request.get("/api/wishlist")).json()) as WishlistAnswer;
  expect(wishlist.map((entry) => entry._id)).toEqual([fresh.id]);
  await expect.poll(() => storedList(page, CART_STORAGE_KEY)).toEqual([]);
});

test("a visitor's cart shows a brand-new piece a shared cache's older catalogue lacks", async ({
  page,
}) => {
  const cachedCatalogue: unknown = await (await page.request.get("/api/products")).json();
  const fresh = await owner.createProduct({ quantity: 4 });
  await page.route("**/api/products", (route) => route.fulfill({ json: cachedCatalogue }));
  const header = new HeaderBadges(page);
  const freshPage = new ProductPage(page, fresh);
  await freshPage.open();
  await freshPage.add(2);
  await header.expectCounts({ cart: 2, wishlist: 0 });
  await expect(freshPage.stockLine("In Stock (2 in cart)")).toBeVisible();

  await page.goto("/checkout");
  const line = page
    .getByRole("region", { name: messages.checkout.yourCart })
    .getByRole("listitem")
    .filter({ hasText: fresh.name });
  await expect(line.getByRole("group")).toContainText("2");
  await header.expectCounts({ cart: 2, wishlist: 0 });
});

test("a verified customer's change rolls back when the server refuses it, and stays local while offline", async ({
  page,
  context,
}) => {
  const product = await owner.createProduct({ quantity: 6 });
  await verifiedCustomer(page.request);
  const header = new HeaderBadges(page);
  const productPage = new ProductPage(page, product);
  await productPage.open();
  await expect(new AccountArea(page).menuButton).toBeVisible();

  // The server refuses (here: as if the stock had just gone): the badge goes back, the spec's message.
  await page.route("**/api/cart/add", (route) =>
    route.fulfill({ status: 409, json: { error: messages.cart.soldOut } }),
  );
  await productPage.quantity.selectOption("2");
  await productPage.addButton.click();
  await expect(toast(page, messages.cart.updateFailed)).toBeVisible();
  await header.expectCounts({ cart: 0, wishlist: 0 });
  await expect(productPage.addButton).toHaveText(t.addN(2));
  await page.unroute("**/api/cart/add");

  // Offline: the add and the heart stay in the browser, and reach the server once back online.
  await context.setOffline(true);
  await productPage.addButton.click();
  await expect(toast(page, messages.cart.networkError)).toBeVisible({ timeout: 15_000 });
  await header.expectCounts({ cart: 2, wishlist: 0 });
  await productPage.heart.click();
  await expect(toast(page, messages.wishlist.addedLocally)).toBeVisible({ timeout: 15_000 });
  await header.expectCounts({ cart: 2, wishlist: 1 });
  expect(await storedList(page, CART_STORAGE_KEY)).toMatchObject([
    { productId: product.id, quantity: 2 },
  ]);

  await context.setOffline(false);
  await expect.poll(() => storedList(page, CART_STORAGE_KEY), { timeout: 20_000 }).toEqual([]);
  expect(await storedList(page, WISHLIST_STORAGE_KEY)).toEqual([]);
  expect(await serverLines(page.request)).toEqual([{ productId: product.id, quantity: 2 }]);
  const { wishlist } = (await (await page.request.get("/api/wishlist")).json()) as WishlistAnswer;
  expect(wishlist.map((entry) => entry._id)).toEqual([product.id]);
  await page.reload();
  await header.expectCounts({ cart: 2, wishlist: 1 });
});

/** A verified customer on a new product's page, signed in and ready. */
async function customerOnProductPage(page: Page) {
  const product = await owner.createProduct({ quantity: 8 });
  await verifiedCustomer(page.request);
  const productPage = new ProductPage(page, product);
  await productPage.open();
  await expect(new AccountArea(page).menuButton).toBeVisible();
  return { product, productPage };
}

/**
 * The first request to `url` reaches the server, and the connection drops before its answer comes
 * back; later ones pass. Returns how many were sent so far.
 */
async function loseFirstAnswer(page: Page, url: string): Promise<() => number> {
  let sent = 0;
  await page.route(url, async (route) => {
    sent++;
    if (sent > 1) return route.continue();
    await route.fetch();
    await route.abort("connectionreset");
  });
  return () => sent;
}

test("an add the server took but whose answer was lost is not sent again: the line holds what was chosen", async ({
  page,
}) => {
  const { product, productPage } = await customerOnProductPage(page);
  // The first add reaches the server, and the connection drops before its answer comes back.
  await loseFirstAnswer(page, "**/api/cart/add");
  await productPage.quantity.selectOption("2");
  await productPage.addButton.click();
  await expect(toast(page, messages.cart.networkError)).toBeVisible({ timeout: 15_000 });
  await new HeaderBadges(page).expectCounts({ cart: 2, wishlist: 0 });

  // Whatever the page does next (a retry, the merge once back online), the line holds 2.
  await page.reload();
  await new HeaderBadges(page).expectCounts({ cart: 2, wishlist: 0 });
  await expect.poll(() => storedList(page, CART_STORAGE_KEY), { timeout: 20_000 }).toEqual([]);
  expect(await serverLines(page.request)).toEqual([{ productId: product.id, quantity: 2 }]);
});

test("an add the shop answers with a server error (a database failover) stays in the cart and reaches the server later", async ({
  page,
}) => {
  const { product, productPage } = await customerOnProductPage(page);
  let failed = 0;
  await page.route("**/api/cart/add", async (route) => {
    if (failed++ > 0) return route.continue();
    await route.fulfill({ status: 503, json: { error: "Service unavailable" } });
  });
  await productPage.quantity.selectOption("2");
  await productPage.addButton.click();
  await expect(toast(page, messages.cart.networkError)).toBeVisible({ timeout: 15_000 });
  await expect(toast(page, messages.cart.updateFailed)).toHaveCount(0);
  await new HeaderBadges(page).expectCounts({ cart: 2, wishlist: 0 });
  expect(await storedList(page, CART_STORAGE_KEY)).toMatchObject([
    { productId: product.id, quantity: 2 },
  ]);

  await page.reload();
  await expect.poll(() => storedList(page, CART_STORAGE_KEY), { timeout: 20_000 }).toEqual([]);
  expect(await serverLines(page.request)).toEqual([{ productId: product.id, quantity: 2 }]);
  await new HeaderBadges(page).expectCounts({ cart: 2, wishlist: 0 });
});

test("a wishlist add the server took but whose answer was lost stays saved, and says so", async ({
  page,
}) => {
  const { product, productPage } = await customerOnProductPage(page);
  // The first add reaches the server, and the connection drops before its answer comes back;
  // the page's retry finds the piece already saved.
  const adds = await loseFirstAnswer(page, "**/api/wishlist/add");
  await productPage.heart.click();
  await expect(toast(page, messages.wishlist.added)).toBeVisible({ timeout: 15_000 });
  expect(adds()).toBe(2);
  await expect(toast(page, messages.wishlist.duplicate)).toHaveCount(0);
  await productPage.expectInWishlist(true);
  await new HeaderBadges(page).expectCounts({ cart: 0, wishlist: 1 });
  const { wishlist } = (await (await page.request.get("/api/wishlist")).json()) as WishlistAnswer;
  expect(wishlist.map(({ _id }) => _id)).toEqual([product.id]);
});

test("a line waiting in browser storage reaches the server once, however many tabs see it", async ({
  page,
  context,
}) => {
  const product = await owner.createProduct({ quantity: 8 });
  await verifiedCustomer(page.request);
  const tabs = [page, await context.newPage()];
  for (const tab of tabs) {
    await tab.goto("/");
    await expect(new AccountArea(tab).menuButton).toBeVisible();
  }
  // A third tab leaves a line waiting (as a network error does): both open tabs see it at once.
  const third = await context.newPage();
  await third.goto("/about");
  await third.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [CART_STORAGE_KEY, JSON.stringify([toCartItem(product, 2)])],
  );
  await expect.poll(() => storedList(page, CART_STORAGE_KEY), { timeout: 20_000 }).toEqual([]);
  expect(await serverLines(page.request)).toEqual([{ productId: product.id, quantity: 2 }]);
  await page.reload();
  await new HeaderBadges(page).expectCounts({ cart: 2, wishlist: 0 });
});

test("a line another tab leaves while a merge is on its way is not forgotten with the merged ones", async ({
  page,
  context,
}) => {
  const [first, second] = [
    await owner.createProduct({ quantity: 8 }),
    await owner.createProduct({ quantity: 8 }),
  ];
  await verifiedCustomer(page.request);
  await page.goto("/");
  await expect(new AccountArea(page).menuButton).toBeVisible();
  // The merge's add is held until the other tab has left its line.
  let addSeen = false;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/cart/add", async (route) => {
    addSeen = true;
    await released;
    await route.continue();
  });
  const other = await context.newPage();
  await other.goto("/about");
  const leave = (lines: unknown[]) =>
    other.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [CART_STORAGE_KEY, JSON.stringify(lines)],
    );
  await leave([toCartItem(first, 1)]);
  await expect.poll(() => addSeen, { timeout: 20_000 }).toBe(true);
  await leave([toCartItem(first, 1), toCartItem(second, 2)]);
  release();

  await expect
    .poll(() => serverLines(page.request), { timeout: 20_000 })
    .toEqual(
      expect.arrayContaining([
        { productId: first.id, quantity: 1 },
        { productId: second.id, quantity: 2 },
      ]),
    );
  await expect.poll(() => storedList(page, CART_STORAGE_KEY), { timeout: 20_000 }).toEqual([]);
  expect(await serverLines(page.request)).toHaveLength(2);
});

test("catalogue pages are the same HTML for a visitor and for a signed-in customer with a cart", async ({
  page,
  playwright,
  baseURL,
}) => {
  const product = await owner.createProduct({ quantity: 5 });
  await verifiedCustomer(page.request);
  expect(
    (
      await page.request.post("/api/cart/add", { data: { productId: product.id, quantity: 2 } })
    ).ok(),
  ).toBe(true);
  const visitor = await playwright.request.newContext({ baseURL });
  for (const path of [`/product/${product.id}`, "/?category=rings"]) {
    const [mine, theirs] = await Promise.all([
      page.request.get(path).then((r) => r.text()),
      visitor.get(path).then((r) => r.text()),
    ]);
    expect(mine, path).toBe(theirs);
  }
  await visitor.dispose();
});

/** A verified customer whose server cart holds `quantity` of a new product, at the checkout. */
async function customerAtCheckout(page: Page, baseURL: string, quantity: number) {
  const { checkout, product } = await atCheckout(page, baseURL, {
    cart: "server",
    pieces: { product: { name: "Test Ring", price: "24.50", stock: 8, inCart: quantity } },
  });
  const line = checkout.line(product.name);
  await expect(line.getByRole("group")).toContainText(String(quantity));
  return { product, line };
}

const serverQuantities = async (page: Page) => {
  const cart = await serverCart(page.request);
  return cart.map((item) => item.quantity);
};

test("quick taps on + end with the line at the quantity shown, on the server too, however slow the first one is", async ({
  page,
  baseURL,
}) => {
  const { line } = await customerAtCheckout(page, baseURL!, 1);
  // A slow phone: the first change takes a while to reach the shop; the later ones do not.
  let held = false;
  await page.route("**/api/cart/update", async (route) => {
    if (!held) {
      held = true;
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    await route.continue();
  });
  const slowAnswer = page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/cart/update") &&
      (response.request().postDataJSON() as { quantity: number }).quantity === 2,
  );
  const more = line.getByRole("button", { name: messages.cart.increase });
  for (const shown of ["2", "3", "4"]) {
    await more.click();
    await expect(line.getByRole("group")).toContainText(shown);
  }
  await slowAnswer;
  await expect.poll(() => serverQuantities(page), { timeout: 15_000 }).toEqual([4]);
  await expect(line.getByRole("group")).toContainText("4");
  await expect(page.getByText(messages.cart.updateFailed)).toHaveCount(0);
  await page.reload();
  await expect(line.getByRole("group")).toContainText("4");
});

test("a removal the server took but whose answer was lost leaves the line gone, with no failure message", async ({
  page,
  baseURL,
}) => {
  const { product, line } = await customerAtCheckout(page, baseURL!, 2);
  // The first removal reaches the server, and the connection drops before its answer comes back.
  const answers: number[] = [];
  await page.route("**/api/cart/remove/**", async (route) => {
    if (answers.length > 0) {
      answers.push(0);
      return route.continue();
    }
    answers.push((await route.fetch()).status());
    await route.abort("connectionreset");
  });
  await line.getByRole("button", { name: messages.checkout.removeItem(product.name) }).click();
  await expect(line).toHaveCount(0);
  // The page tries again; the server no longer has the line: that is what was asked.
  await expect.poll(() => answers.length, { timeout: 15_000 }).toBe(2);
  expect(answers[0]).toBe(200);
  // No failure shows, not even for a moment, and the line does not come back.
  const shows = (locator: Locator) =>
    locator
      .first()
      .waitFor({ timeout: 3_000 })
      .then(
        () => true,
        () => false,
      );
  expect(
    await Promise.all([
      shows(page.getByText(messages.cart.updateFailed)),
      shows(page.getByText(messages.cart.notInCart)),
      shows(line),
    ]),
  ).toEqual([false, false, false]);
  expect(await serverQuantities(page)).toEqual([]);
});

test("a heart pressed on and off again while the first press is still on its way ends off, on the server too", async ({
  page,
}) => {
  const { productPage } = await customerOnProductPage(page);
  // A slow phone: the add takes a while to reach the shop.
  await page.route("**/api/wishlist/add", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const added = page.waitForResponse((response) => response.url().endsWith("/api/wishlist/add"));
  await productPage.heart.click();
  await productPage.expectInWishlist(true);
  await productPage.heart.click();
  await productPage.expectInWishlist(false);
  await added;
  await expect
    .poll(async () => {
      const { wishlist } = (await (
        await page.request.get("/api/wishlist")
      ).json()) as WishlistAnswer;
      return wishlist.length;
    })
    .toBe(0);
  await page.waitForTimeout(500);
  await productPage.expectInWishlist(false);
  await new HeaderBadges(page).expectCounts({ cart: 0, wishlist: 0 });
});

test("a cart line the server could not take at sign-in (it was briefly down) stays in the browser and is merged later", async ({
  page,
  request,
}) => {
  const product = await owner.createProduct({ quantity: 8 });
  const shopper = await verifiedCustomer(request);
  const header = new HeaderBadges(page);
  const productPage = new ProductPage(page, product);
  await productPage.open();
  await productPage.add(2);
  await header.expectCounts({ cart: 2, wishlist: 0 });

  // The shop answers the merge's add with a server error (a database failover, say).
  let failed = 0;
  await page.route("**/api/cart/add", async (route) => {
    if (failed++ > 0) return route.continue();
    await route.fulfill({ status: 503, json: { error: "Service unavailable" } });
  });
  await new AccountArea(page).logIn(shopper);
  await expect.poll(() => failed).toBeGreaterThan(0);
  await page.waitForTimeout(1000);
  expect(await storedList(page, CART_STORAGE_KEY)).toMatchObject([
    { productId: product.id, quantity: 2 },
  ]);
  await header.expectCounts({ cart: 2, wishlist: 0 });

  await page.reload();
  await expect.poll(() => storedList(page, CART_STORAGE_KEY), { timeout: 20_000 }).toEqual([]);
  expect(await serverLines(page.request)).toEqual([{ productId: product.id, quantity: 2 }]);
  await header.expectCounts({ cart: 2, wishlist: 0 });
});

test("opening the cart shows the price the shop asks now, not the one the visit began with", async ({
  page,
}) => {
  const product = await owner.createProduct({ quantity: 5, price: "24.50" });
  const productPage = new ProductPage(page, product);
  await productPage.open();
  await productPage.add(1);
  await owner.setPrice(product, 30);
  await new HeaderBadges(page).cart.click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("listitem").filter({ hasText: product.name })).toContainText(
    "$30.00",
  );
});

/** The customer signed in on `page` also signed in on a second device, at the home page. */
async function onSecondDevice(
  page: Page,
  browser: Browser,
  options: { baseURL?: string; extraHTTPHeaders?: Record<string, string> },
) {
  const shopper = await verifiedCustomer(page.request);
  const laptop = await browser.newContext(options);
  const other = await laptop.newPage();
  const signedIn = await other.request.post("/api/auth/login", {
    data: { email: shopper.email, password: shopper.password },
  });
  expect(signedIn.ok()).toBe(true);
  // The second device has read both lists before the first changes them.
  const read = (path: string) => other.waitForResponse((r) => r.url().endsWith(path));
  const listsRead = Promise.all([read("/api/cart"), read("/api/wishlist")]);
  await other.goto("/");
  await listsRead;
  const header = new HeaderBadges(other);
  await header.expectCounts({ cart: 0, wishlist: 0 });
  return { other, header, close: () => laptop.close() };
}

test.describe("one account on two devices", () => {
  let product: Awaited<ReturnType<typeof owner.createProduct>>;
  let laptop: Awaited<ReturnType<typeof onSecondDevice>>;

  test.beforeEach(async ({ page, browser, baseURL, extraHTTPHeaders }) => {
    product = await owner.createProduct({ quantity: 5 });
    laptop = await onSecondDevice(page, browser, { baseURL, extraHTTPHeaders });
  });

  test.afterEach(() => laptop?.close());

  test("what one adds, the other's cart shows when opened", async ({ page }) => {
    const productPage = new ProductPage(page, product);
    await productPage.open();
    await productPage.add(2);

    await laptop.header.cart.click();
    await expect(laptop.other).toHaveURL(/\/checkout$/);
    await expect(
      new CheckoutPage(laptop.other).line(product.name).getByRole("group"),
    ).toContainText("2");
    await laptop.header.expectCounts({ cart: 2, wishlist: 0 });
  });

  test("what one saves, the other's wishlist shows when opened", async ({ page }) => {
    const saved = await page.request.post("/api/wishlist/add", {
      data: { productId: product.id },
    });
    expect(saved.ok()).toBe(true);

    await laptop.header.wishlist.click();
    const panel = laptop.other.getByRole("dialog", { name: messages.wishlist.title });
    await expect(panel.getByText(product.name, { exact: true })).toBeVisible();
    await laptop.other.keyboard.press("Escape");
    await laptop.header.expectCounts({ cart: 0, wishlist: 1 });
  });
});

test("a wishlist removal the shop cannot be reached for stays removed, and reaches the shop later", async ({
  page,
}) => {
  const kept = await owner.createProduct({ quantity: 5 });
  const dropped = await owner.createProduct({ quantity: 5 });
  await verifiedCustomer(page.request);
  for (const product of [kept, dropped]) {
    const saved = await page.request.post("/api/wishlist/add", { data: { productId: product.id } });
    expect(saved.ok()).toBe(true);
  }
  const savedIds = async () =>
    ((await (await page.request.get("/api/wishlist")).json()) as WishlistAnswer).wishlist
      .map((entry) => entry._id)
      .sort();
  const header = new HeaderBadges(page);
  await page.goto("/");
  await header.expectCounts({ cart: 0, wishlist: 2 });

  await page.route("**/api/wishlist/remove/**", (route) => route.abort("internetdisconnected"));
  await header.wishlist.click();
  const panel = page.getByRole("dialog", { name: messages.wishlist.title });
  await panel.getByRole("button", { name: messages.wishlist.removeItem(dropped.name) }).click();
  await expect(toast(page, messages.cart.networkError).first()).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByText(dropped.name, { exact: true })).toHaveCount(0);
  await expect(panel.getByText(kept.name, { exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await header.expectCounts({ cart: 0, wishlist: 1 });

  // Still out of reach after a reload: still removed here, still saved on the server.
  await page.reload();
  await header.expectCounts({ cart: 0, wishlist: 1 });
  expect(await savedIds()).toEqual([kept.id, dropped.id].sort());

  // Back in reach: the next visit removes it on the server too.
  await page.unroute("**/api/wishlist/remove/**");
  await page.reload();
  await expect.poll(savedIds, { timeout: 20_000 }).toEqual([kept.id]);
  await header.expectCounts({ cart: 0, wishlist: 1 });
  // Forgotten here once the shop took it.
  await expect.poll(() => storedRaw(page, WISHLIST_REMOVALS_STORAGE_KEY)).toBeNull();
});

test("a piece removed from the wishlist while the shop was out of reach and saved again stays saved", async ({
  page,
}) => {
  const { product, productPage } = await customerOnProductPage(page);
  expect(
    (await page.request.post("/api/wishlist/add", { data: { productId: product.id } })).ok(),
  ).toBe(true);
  await page.reload();
  await productPage.expectInWishlist(true);
  await page.route("**/api/wishlist/remove/**", (route) => route.abort("internetdisconnected"));
  await productPage.heart.click();
  await expect(toast(page, messages.cart.networkError).first()).toBeVisible({ timeout: 15_000 });
  await productPage.expectInWishlist(false);

  await productPage.heart.click();
  await productPage.expectInWishlist(true);
  await page.unroute("**/api/wishlist/remove/**");
  await page.reload();
  await new HeaderBadges(page).expectCounts({ cart: 0, wishlist: 1 });
  const { wishlist } = (await (await page.request.get("/api/wishlist")).json()) as WishlistAnswer;
  expect(wishlist.map((entry) => entry._id)).toEqual([product.id]);
  expect(await storedRaw(page, WISHLIST_REMOVALS_STORAGE_KEY)).toBeNull();
});

test("a visitor whose browser storage is full still keeps a cart for the visit, and can empty it", async ({
  page,
}) => {
  const product = await owner.createProduct({ quantity: 5 });
  // Storage already full (or a private window allowing none): every write is refused.
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
  });
  const productPage = new ProductPage(page, product);
  await productPage.open();
  await productPage.add(1);
  const header = new HeaderBadges(page);
  await header.expectCounts({ cart: 1, wishlist: 0 });
  await header.cart.click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole("button", { name: messages.checkout.removeItem(product.name) }).click();
  await expect(page.getByRole("heading", { name: messages.checkout.emptyCart })).toBeVisible();
  await header.expectCounts({ cart: 0, wishlist: 0 });
});

/** What browser storage holds under `key`, as stored. */
const storedRaw = (page: Page, key: string) =>
  page.evaluate((name) => localStorage.getItem(name), key);
