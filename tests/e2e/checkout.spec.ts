import {
  expect,
  expectLiningFigures,
  holdRequests,
  test,
  type Locator,
  type Page,
} from "./support/test";
import { AccountArea, newShopper } from "./support/account";
import { Mailbox } from "./support/mailbox";
import { HeaderBadges, Owner, ProductPage, serverCart, serverLines, toast } from "./support/cart";
import {
  addOnServer,
  atCheckout,
  CheckoutPage,
  fillCart,
  newApiContext,
  orderThroughApi,
  ordersOf,
  signOutEverywhere,
  stockOf,
  verifiedCustomer,
  verifiedCustomerElsewhere,
} from "./support/checkout";
import {
  CART_CHANGES_STORAGE_KEY,
  CHECKOUT_DRAFT_STORAGE_KEY,
  INSTAGRAM_DISCOUNT_PERCENT,
} from "@/lib/constants";
import { messages } from "@/lib/messages";
import { ORDER_NUMBER_PATTERN } from "@/lib/order-rules";
import type { OrderDto } from "@/models/order";
import type { ProductDto } from "@/models/product";

const t = messages.checkout;
const o = messages.orders;

/** Another verified customer, from another address, buys `quantity` of the product. */
async function rivalBuys(
  baseURL: string,
  { product, quantity, address }: { product: ProductDto; quantity: number; address: string },
) {
  const rival = await newApiContext(baseURL, address);
  await verifiedCustomer(rival);
  await orderThroughApi(rival, [{ product, quantity }]);
  await rival.dispose();
}

test("a verified customer fixes a form error, pays in LBP on delivery and finds the order under Current Orders @phone", async ({
  page,
  baseURL,
}) => {
  const { checkout, shopper, ring } = await atCheckout(page, baseURL!, {
    pieces: { ring: { name: "Cedar Leaf Ring", price: "24.50", stock: 6, inCart: 2 } },
  });
  await expect(page.getByRole("heading", { name: t.title, level: 1 })).toBeVisible();
  await expect(checkout.field(t.fullName)).toHaveValue(`${shopper.firstName} ${shopper.lastName}`);
  await expect(checkout.line(ring.name)).toContainText("$49.00");
  // $49.00 + $5.00 delivery.
  await expect(checkout.summary).toContainText("$54.00");

  // Nothing but the name filled in: each required field says what is missing.
  await checkout.placeOrder.click();
  for (const error of [t.addressRequired, t.cityRequired, t.phoneRequired]) {
    await expect(checkout.form.getByText(error, { exact: true })).toBeVisible();
  }
  await checkout.fillShipping({ address: "Rue Gouraud, Gemmayzeh", city: "Beirut", phone: "12" });
  // Editing a field clears its error at once; the next submit checks again.
  await expect(checkout.form.getByText(t.addressRequired, { exact: true })).toHaveCount(0);
  await expect(checkout.form.getByText(t.phoneRequired, { exact: true })).toHaveCount(0);
  await expect(checkout.form.getByText(t.phoneInvalid, { exact: true })).toHaveCount(0);
  await checkout.placeOrder.click();
  await expect(checkout.form.getByText(t.phoneInvalid, { exact: true })).toBeVisible();
  await checkout.field(t.phoneNumber).fill("+961 3 123 456");
  await expect(checkout.form.getByText(t.phoneInvalid, { exact: true })).toHaveCount(0);

  await checkout.chooseCurrency("LBP");
  // Every amount in the chosen currency: the line (49 × 89,500) and the total (54 × 89,500).
  await expect(checkout.line(ring.name)).toContainText("4,385,500 LBP");
  await expect(checkout.line(ring.name)).not.toContainText("$");
  await expect(checkout.summary).toContainText("4,833,000 LBP");
  await expect(checkout.summary).toContainText(t.lbpRate);

  const placed = page.waitForResponse("**/api/orders/checkout");
  await checkout.placeOrder.click();
  const response = await placed;
  expect(response.status()).toBe(201);
  expect(response.request().headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  const { order } = (await response.json()) as { order: OrderDto };
  expect(order.currency).toBe("LBP");

  await expect(checkout.thankYou).toBeVisible();
  await expect(checkout.detail(t.orderNumber)).toHaveText(order.orderNumber);
  expect(order.orderNumber).toMatch(ORDER_NUMBER_PATTERN);
  await expect(checkout.detail(t.status)).toHaveText(t.confirmed);
  await expect(checkout.detail(t.currency)).toHaveText("LBP");
  // The pieces are priced in dollars: the total says what it comes to in them too, as My Orders
  // and the confirmation mail do.
  await expect(checkout.detail(t.total)).toHaveText("4,833,000 LBP ($54.00)");
  await expect(checkout.detail(t.delivery)).toHaveText("447,500 LBP");
  await expect(page.getByText(t.callNote)).toBeVisible();
  await expect(page.getByText(t.deliveryPromise)).toBeVisible();
  await expect(page.getByText(/free delivery/i)).toHaveCount(0);
  // The cart is empty now (the header says so) and the order's units are taken.
  await expect(
    page.getByRole("banner").getByRole("link", { name: messages.layout.cart, exact: true }),
  ).toBeVisible();
  expect(await stockOf(page.request, ring)).toBe(4);

  await page.getByRole("link", { name: t.viewOrders }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole("tab", { name: o.current(1) })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.getByRole("tab", { name: o.history(0) })).toBeVisible();
  const card = page.getByRole("article", { name: o.orderNumber(order.orderNumber) });
  await expect(card).toContainText(o.status.pending);
  await expect(card).toContainText(ring.name);
  await expect(card).toContainText("4,833,000 LBP ($54.00)");
  await expect(card).toContainText("Rue Gouraud, Gemmayzeh");
  await expect(card).toContainText("+961 3 123 456");
  await expect(card).toContainText("cash on delivery");

  await page.getByRole("tab", { name: o.history(0) }).click();
  await expect(page.getByText(o.noHistory)).toBeVisible();
});

test("an empty cart shows the empty-cart message with a way back to the shop", async ({ page }) => {
  await verifiedCustomer(page.request);
  await new CheckoutPage(page).open();
  await expect(page.getByRole("heading", { name: t.emptyCart })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await page.getByRole("link", { name: t.continueShopping }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a signed-out visitor sees and changes the cart under the sign-in prompt, and checks out after signing in", async ({
  page,
  baseURL,
}) => {
  const { checkout, shopper, ring, chain } = await atCheckout(page, baseURL!, {
    customer: "signed out",
    pieces: {
      ring: { name: "Olive Branch Ring", price: "30.00", stock: 3, inCart: 1 },
      chain: { name: "Fine Anklet Chain", price: "12.00", stock: 5, inCart: 1 },
    },
  });
  await expect(page.getByRole("heading", { name: t.pleaseSignIn })).toBeVisible();
  await expect(checkout.placeOrder).toHaveCount(0);

  // The visitor's cart: its lines, changeable, and what they come to with delivery.
  const cart = page.getByRole("region", { name: t.yourCart });
  const line = (name: string) => checkout.visitorLine(name);
  await expect(line(ring.name)).toContainText("$30.00");
  await expect(cart).toContainText("$47.00");
  await line(ring.name).getByRole("button", { name: messages.cart.increase }).click();
  await expect(line(ring.name)).toContainText("$60.00");
  await line(chain.name)
    .getByRole("button", { name: t.removeItem(chain.name) })
    .click();
  await expect(line(chain.name)).toHaveCount(0);
  await expect(cart).toContainText("$65.00");

  await checkout.signInFromPrompt(shopper);
  await expect(checkout.line(ring.name)).toContainText("$60.00");
  await expect(checkout.line(chain.name)).toHaveCount(0);
});

test("a visitor's line of a piece restocked since it was added can be raised to the new stock", async ({
  page,
  baseURL,
  extraHTTPHeaders,
}) => {
  // Both of the two left go in the cart; then the owner makes more.
  const { checkout, ring } = await atCheckout(page, baseURL!, {
    customer: "visitor",
    open: false,
    pieces: { ring: { name: "Restocked Olive Ring", price: "30.00", stock: 2, inCart: 2 } },
  });
  await Owner.change(baseURL!, extraHTTPHeaders ?? {}, (owner) => owner.setStock(ring, 5));

  await checkout.open();
  const line = checkout.visitorLine(ring.name);
  await expect(line).toContainText("$60.00");
  await line.getByRole("button", { name: messages.cart.increase }).click();
  await expect(line.getByRole("group")).toContainText("3");
  await expect(line).toContainText("$90.00");
  await expect(page.getByText(messages.cart.updateFailed)).toHaveCount(0);
});

test("a visitor's line of a piece another shopper bought from meanwhile stays in the cart at what is left when she signs in", async ({
  page,
  baseURL,
}) => {
  const { checkout, shopper, ring } = await atCheckout(page, baseURL!, {
    customer: "signed out",
    pieces: { ring: { name: "Shared Cedar Ring", price: "30.00", stock: 3, inCart: 3 } },
  });
  await expect(checkout.visitorLine(ring.name)).toContainText("$90.00");

  // Another shopper buys one of the three while the page is open; then she signs in.
  await rivalBuys(baseURL!, { product: ring, quantity: 1, address: "198.51.100.29" });
  await checkout.signInFromPrompt(shopper);
  await expect(checkout.line(ring.name).getByRole("group")).toContainText("2");
  await expect(checkout.line(ring.name)).toContainText("$60.00");
  // Lowered where she can see it, and told why.
  await expect(
    toast(
      page,
      messages.cart.stockWarning([messages.cart.lowStock([{ name: ring.name, stock: 2 }])]),
    ),
  ).toBeVisible();
});

test("a visitor's line of a piece sold out when she signs in is named, not silently dropped", async ({
  page,
  baseURL,
}) => {
  const { checkout, shopper, ring, studs } = await atCheckout(page, baseURL!, {
    customer: "signed out",
    pieces: {
      ring: { name: "Last Cedar Ring", price: "30.00", stock: 1, inCart: 1 },
      studs: { name: "Kept Cedar Studs", price: "20.00", stock: 4, inCart: 1 },
    },
  });
  await expect(checkout.visitorLine(ring.name)).toBeVisible();
  await rivalBuys(baseURL!, { product: ring, quantity: 1, address: "198.51.100.33" });
  await checkout.signInFromPrompt(shopper);
  await expect(checkout.line(studs.name)).toBeVisible();
  await expect(checkout.line(ring.name)).toHaveCount(0);
  await expect(
    toast(page, messages.cart.stockWarning([messages.cart.outOfStock([ring.name])])),
  ).toBeVisible();
});

test("a visitor's line that a shared cache still shows in stock stays in the cart at what is left when she signs in", async ({
  page,
  baseURL,
}) => {
  const { checkout, shopper, ring } = await atCheckout(page, baseURL!, {
    customer: "signed out",
    pieces: { ring: { name: "Cached Cedar Ring", price: "30.00", stock: 3, inCart: 3 } },
  });
  await expect(checkout.visitorLine(ring.name)).toContainText("$90.00");
  // A shared cache (a CDN) may answer the catalogue as it was for up to 90 s after an order.
  const cachedCatalogue: unknown = await (await page.request.get("/api/products")).json();
  await page.route("**/api/products", (route) => route.fulfill({ json: cachedCatalogue }));

  await rivalBuys(baseURL!, { product: ring, quantity: 1, address: "198.51.100.31" });
  await checkout.signInFromPrompt(shopper);
  await expect(checkout.line(ring.name).getByRole("group")).toContainText("2");
  await expect
    .poll(async () => (await serverLines(page.request)).map((line) => line.quantity))
    .toEqual([2]);
});

test("a verified customer whose cart cannot be read is told so, not that it is empty, and Try Again shows it", async ({
  page,
  baseURL,
}) => {
  const { checkout, ring } = await atCheckout(page, baseURL!, {
    cart: "server",
    open: false,
    pieces: { ring: { name: "Unread Pearl Ring", price: "30.00", stock: 4, inCart: 1 } },
  });

  await page.route("**/api/cart", (route) => route.abort("internetdisconnected"));
  await checkout.open();
  const main = page.getByRole("main");
  // Tried three times (1 s, then 2 s apart) before the shopper is told.
  await expect(main.getByText(messages.cart.networkError)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("heading", { name: t.emptyCart })).toHaveCount(0);

  await page.unroute("**/api/cart");
  await main.getByRole("button", { name: o.tryAgain }).click();
  await expect(checkout.line(ring.name)).toContainText("$30.00");
});

test("My Orders asks a signed-out visitor to log in", async ({ page }) => {
  await page.goto("/orders");
  await expect(page.getByRole("heading", { name: o.pleaseLogIn })).toBeVisible();
});

test("an unverified customer sees the verification requirement, and the server refuses the order", async ({
  page,
  baseURL,
}) => {
  const { checkout } = await atCheckout(page, baseURL!, {
    customer: "unverified",
    source: "instagram",
    pieces: { ring: { name: "Anchor Ring", price: "18.00", stock: 2, inCart: 1 } },
  });
  const notice = page.getByRole("alert").filter({ hasText: t.verifyTitle });
  await expect(notice).toContainText(t.verificationRequired);
  await expect(
    notice.getByRole("button", { name: messages.account.resendVerification }),
  ).toBeVisible();
  // Signed up from Instagram: the first-order discount waits for the verified email.
  await expect(checkout.summary).toContainText(t.discountAvailable(INSTAGRAM_DISCOUNT_PERCENT));
  await expect(checkout.summary).toContainText("$23.00");

  await checkout.fillShipping();
  await checkout.placeOrder.click();
  await expect(checkout.problem).toHaveText(t.verificationRequired);

  // The page's own notice asks for the mail: the floating banner, with a second button for the
  // same thing, steps aside here and on My Orders, and is back on the next page.
  const banner = page.getByRole("region", { name: messages.account.bannerText });
  await expect(banner).toHaveCount(0);

  await page.goto("/orders");
  await expect(page.getByRole("heading", { name: o.verifyTitle })).toBeVisible();
  await expect(page.getByText(o.verifyText)).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.getByRole("banner").getByRole("link", { name: messages.layout.collections }).click();
  await expect(banner.getByRole("button", { name: messages.account.bannerResend })).toBeVisible();
});

test("an email verified in another tab turns the open checkout into the account's, its cart kept", async ({
  page,
  baseURL,
}) => {
  const { checkout, ring } = await atCheckout(page, baseURL!, {
    customer: "visitor",
    pieces: { ring: { name: "Anchor Ring", price: "18.00", stock: 2, inCart: 1 } },
    open: false,
  });
  const shopper = newShopper("Lina", "Haddad");
  const mailbox = new Mailbox(shopper.email);
  expect((await page.request.post("/api/auth/signup", { data: shopper })).status()).toBe(201);
  await checkout.open();
  await expect(page.getByRole("alert").filter({ hasText: t.verifyTitle })).toBeVisible();
  await expect(checkout.summary).toContainText(ring.name);

  // The mail's link opens in a second tab: the browser's cart moves to the account there.
  const mailTab = await page.context().newPage();
  await mailTab.goto(await mailbox.verificationLink());
  await expect(
    mailTab.getByRole("heading", { name: messages.verifyEmail.successTitle }),
  ).toBeVisible();
  await expect.poll(async () => (await serverLines(page.request)).length).toBe(1);

  // The first tab, never looked at again meanwhile, is the verified customer's checkout.
  await expect(page.getByRole("alert").filter({ hasText: t.verifyTitle })).toHaveCount(0);
  await expect(checkout.summary).toContainText(ring.name);
  await expect(page.getByText(t.emptyCart)).toHaveCount(0);
  await mailTab.close();
});

test("signed in in another tab, a visitor's open checkout becomes the customer's, its cart kept", async ({
  page,
  baseURL,
}) => {
  const { checkout, ring } = await atCheckout(page, baseURL!, {
    customer: "visitor",
    pieces: { ring: { name: "Cedar Ring", price: "21.00", stock: 2, inCart: 1 } },
  });
  await expect(page.getByText(ring.name)).toBeVisible();
  await expect(new AccountArea(page).signInButton).toBeVisible();

  // She signs in in a second tab: the browser's cart moves to her account there.
  const shopper = await verifiedCustomerElsewhere(baseURL!, "198.51.100.31");
  const signIn = await page.request.post("/api/auth/login", {
    data: { email: shopper.email, password: shopper.password },
  });
  expect(signIn.ok()).toBe(true);
  const otherTab = await page.context().newPage();
  await otherTab.goto("/");
  await expect.poll(async () => (await serverLines(page.request)).length).toBe(1);

  // The first tab, never looked at again meanwhile, is hers, the piece still in the cart.
  await expect(new AccountArea(page).menuButton).toBeVisible();
  await expect(checkout.summary).toContainText(ring.name);
  await expect(page.getByText(t.emptyCart)).toHaveCount(0);
  await otherTab.close();
});

test("when another shopper takes the last units first, the checkout names the short piece and fixes the cart", async ({
  page,
  baseURL,
}) => {
  const { checkout, ring } = await atCheckout(page, baseURL!, {
    pieces: { ring: { name: "Last Pearl Ring", price: "40.00", stock: 3, inCart: 2 } },
  });
  await checkout.fillShipping();

  // Someone else buys two of the three while the form is being filled in.
  await rivalBuys(baseURL!, { product: ring, quantity: 2, address: "198.51.100.22" });

  await checkout.placeOrder.click();
  const problem = checkout.problem;
  await expect(problem).toContainText(t.insufficientStock);
  await expect(problem).toContainText(t.shortItem(ring.name, 1));
  await problem.getByRole("button", { name: t.fixCart }).click();
  await expect(page.getByText(messages.cart.fixSuccess(1, 0))).toBeVisible();
  await expect(checkout.line(ring.name).getByRole("group")).toContainText("1");

  await checkout.expectPlaced("$45.00");
});

test("a price raised while the checkout is open is not charged: the order waits for the customer to see it", async ({
  page,
  baseURL,
}) => {
  const { checkout, hoops } = await atCheckout(page, baseURL!, {
    pieces: { hoops: { name: "Mediterranean Blue Hoops", price: "39.00", stock: 4, inCart: 1 } },
  });
  await expect(checkout.summary).toContainText("$44.00");
  await checkout.fillShipping();

  await Owner.change(baseURL!, { "X-Forwarded-For": "198.51.100.24" }, (owner) =>
    owner.setPrice(hoops, 79),
  );

  await checkout.placeOrder.click();
  const problem = checkout.problem;
  await expect(problem).toContainText(t.totalRose);
  await expect(problem).toContainText(t.totalNow("$84.00"));
  await expect(checkout.line(hoops.name)).toContainText("$79.00");
  await expect(checkout.thankYou).toHaveCount(0);

  await checkout.expectPlaced("$84.00");
});

test("a checkout whose session ended on another device turns to a signed-out visitor's page at the next press, and keeps the address for the next sign-in", async ({
  page,
  baseURL,
}) => {
  const { checkout, shopper } = await atCheckout(page, baseURL!, {
    pieces: { ring: { name: "Cedar Twig Ring", price: "26.00", stock: 3, inCart: 1 } },
  });
  await checkout.fillShipping({ address: "Hamra St", city: "Beirut", phone: "03 123 456" });

  await signOutEverywhere(baseURL!, shopper, "198.51.100.25");

  // The press is refused (401), and the page is a signed-out visitor's: no form, Sign In offered.
  const account = new AccountArea(page);
  await expect(account.menuButton).toBeVisible();
  await checkout.placeOrder.click();
  await expect(account.signInButton).toBeVisible();
  await expect(account.menuButton).toHaveCount(0);
  await expect(checkout.placeOrder).toHaveCount(0);
  // The sign-in prompt, read from the top: her cart waits on the server, it is not empty.
  await expect(page.getByRole("heading", { name: t.pleaseSignIn })).toBeVisible();
  await expect(page.getByText(t.signInText)).toBeVisible();
  await expect(page.getByRole("heading", { name: t.emptyCart })).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // Signed in again, the customer finds the address they typed.
  await account.logIn(shopper);
  await expect(checkout.field(t.address)).toHaveValue("Hamra St");
  await expect(checkout.field(t.city)).toHaveValue("Beirut");
});

test("a refreshed checkout keeps what the customer typed and the currency she picked until the order is placed, and sign-out forgets them", async ({
  page,
  baseURL,
}) => {
  const { checkout, shopper, ring } = await atCheckout(page, baseURL!, {
    pieces: { ring: { name: "Cedar Bud Ring", price: "21.00", stock: 5, inCart: 1 } },
  });
  const fullName = `${shopper.firstName} ${shopper.lastName}`;
  await checkout.fillShipping({
    address: "Rue Pasteur 12",
    city: "Tripoli",
    phone: "06 123 456",
    area: "El Mina",
  });
  await checkout.field(t.floor).fill("3");
  await checkout.field(t.notes).fill("Call before coming");
  await checkout.chooseCurrency("LBP");

  await page.reload();
  await expect(checkout.summary.getByRole("radio", { name: t.currencyNames.LBP })).toBeChecked();
  await expect(checkout.field(t.address)).toHaveValue("Rue Pasteur 12");
  await expect(checkout.field(t.city)).toHaveValue("Tripoli");
  await expect(checkout.field(t.phoneNumber)).toHaveValue("06 123 456");
  await expect(checkout.field(t.area)).toHaveValue("El Mina");
  await expect(checkout.field(t.floor)).toHaveValue("3");
  await expect(checkout.field(t.notes)).toHaveValue("Call before coming");
  await expect(checkout.field(t.fullName)).toHaveValue(fullName);

  const placed = page.waitForResponse("**/api/orders/checkout");
  await checkout.placeOrder.click();
  const { order } = (await (await placed).json()) as { order: OrderDto };
  expect(order.shippingAddress).toMatchObject({ address: "Rue Pasteur 12", floor: "3" });
  expect(order.currency).toBe("LBP");
  await expect(checkout.thankYou).toBeVisible();

  // The next order starts from the profile and the last order's delivery address and currency,
  // notes empty.
  await checkout.openWith([{ product: ring, quantity: 1 }]);
  await expect(checkout.summary.getByRole("radio", { name: t.currencyNames.LBP })).toBeChecked();
  await expect(checkout.field(t.address)).toHaveValue("Rue Pasteur 12");
  await expect(checkout.field(t.city)).toHaveValue("Tripoli");
  await expect(checkout.field(t.area)).toHaveValue("El Mina");
  await expect(checkout.field(t.floor)).toHaveValue("3");
  await expect(checkout.field(t.fullName)).toHaveValue(fullName);
  await expect(checkout.field(t.notes)).toHaveValue("");

  // What she types instead is what stays; and what another person at this phone could find is
  // gone once the customer signs out.
  await checkout.chooseCurrency("USD");
  await checkout.field(t.address).fill("Rue Maarad 4");
  await checkout.field(t.area).fill("");
  await page.reload();
  await expect(checkout.field(t.address)).toHaveValue("Rue Maarad 4");
  await expect(checkout.field(t.area)).toHaveValue("");
  await expect(checkout.summary.getByRole("radio", { name: t.currencyNames.USD })).toBeChecked();
  await new AccountArea(page).logOut();
  await expect(checkout.placeOrder).toHaveCount(0);
  const kept = await page.evaluate(
    (key) => sessionStorage.getItem(key),
    CHECKOUT_DRAFT_STORAGE_KEY,
  );
  expect(kept).toBeNull();
});

test("after an order took the last piece, Back shows its page sold out, not the stock it had", async ({
  page,
  baseURL,
}) => {
  const { checkout, pendant } = await atCheckout(page, baseURL!, {
    open: false,
    pieces: { pendant: { name: "Zahle Ruby Pendant", price: "48.00", stock: 1 } },
  });
  await page.goto(`/product/${pendant.id}`);
  await expect(page.getByText(messages.stock.detailOnlyOne)).toBeVisible();
  await page.getByRole("button", { name: messages.addToCart.buyNow }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await checkout.fillShipping();
  await checkout.placeOrder.click();
  await expect(checkout.thankYou).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/product/${pendant.id}$`));
  await expect(page.getByText(messages.stock.detailUnavailable)).toBeVisible();
  await expect(page.getByText(messages.stock.detailOnlyOne)).toHaveCount(0);
});

test("a piece another shopper bought while its page was open: Add to Cart is refused and the page shows it sold out", async ({
  page,
  baseURL,
}) => {
  const { pendant } = await atCheckout(page, baseURL!, {
    open: false,
    pieces: { pendant: { name: "Byblos Shell Pendant", price: "31.00", stock: 1 } },
  });
  await page.goto(`/product/${pendant.id}`);
  await expect(page.getByText(messages.stock.detailOnlyOne)).toBeVisible();
  await rivalBuys(baseURL!, { product: pendant, quantity: 1, address: "198.51.100.26" });

  await page.getByRole("button", { name: messages.addToCart.addN(1) }).click();
  await expect(page.getByText(messages.cart.updateFailed)).toBeVisible();
  await expect(page.getByText(messages.stock.detailUnavailable)).toBeVisible();
});

test("a cart holding more than the shop has says so at the checkout, and one press settles it on the server", async ({
  page,
  baseURL,
}) => {
  const { checkout, ring, studs } = await atCheckout(page, baseURL!, {
    open: false,
    pieces: {
      ring: { name: "Settled Onyx Ring", price: "30.00", stock: 5, inCart: 4 },
      studs: { name: "Settled Onyx Studs", price: "12.00", stock: 3, inCart: 2 },
    },
  });
  await Owner.change(baseURL!, { "X-Forwarded-For": "198.51.100.25" }, async (owner) => {
    await owner.setStock(ring, 2);
    await owner.setStock(studs, 0);
  });

  await checkout.open();
  const problem = checkout.problem;
  await expect(problem).toContainText(t.insufficientStock);
  await expect(problem).toContainText(messages.cart.outOfStock([studs.name]));
  await expect(problem).toContainText(messages.cart.lowStock([{ name: ring.name, stock: 2 }]));

  const fixed = page.waitForResponse((response) => response.url().endsWith("/api/cart/fix-issues"));
  await problem.getByRole("button", { name: t.fixCart }).click();
  expect((await fixed).status()).toBe(200);
  await expect(page.getByText(messages.cart.fixSuccess(1, 1))).toBeVisible();
  await expect(problem).toHaveCount(0);
  await expect(checkout.line(studs.name)).toHaveCount(0);
  await expect(checkout.line(ring.name).getByRole("group")).toContainText("2");
  expect(await serverLines(page.request)).toEqual([{ productId: ring.id, quantity: 2 }]);
});

test("an unverified customer's cart issues are named at the checkout, without a fix that needs a verified account", async ({
  page,
  baseURL,
}) => {
  const { checkout, ring } = await atCheckout(page, baseURL!, {
    customer: "unverified",
    open: false,
    pieces: { ring: { name: "Unsettled Jade Ring", price: "22.00", stock: 3, inCart: 3 } },
  });
  await Owner.change(baseURL!, { "X-Forwarded-For": "198.51.100.26" }, (owner) =>
    owner.setStock(ring, 1),
  );

  await checkout.open();
  const problem = checkout.problem.filter({ hasText: t.insufficientStock });
  await expect(problem).toContainText(messages.cart.lowStock([{ name: ring.name, stock: 1 }]));
  await expect(problem.getByRole("button")).toHaveCount(0);
});

test("a line holding more than is left says so, and one step down takes it to what is left", async ({
  page,
  baseURL,
}) => {
  const { checkout, ring } = await atCheckout(page, baseURL!, {
    open: false,
    pieces: { ring: { name: "Dwindling Coral Ring", price: "30.00", stock: 6, inCart: 5 } },
  });
  // Another shopper buys four of the six before this one reaches the checkout.
  await rivalBuys(baseURL!, { product: ring, quantity: 4, address: "198.51.100.23" });

  await checkout.open();
  const line = checkout.line(ring.name);
  await expect(line).toContainText(t.lineShort(2));
  await expect(line.getByRole("button", { name: messages.cart.increase })).toBeDisabled();
  await line.getByRole("button", { name: messages.cart.decrease }).click();
  await expect(line.getByRole("group")).toContainText("2");
  await expect(line).not.toContainText(t.lineShort(2));
  await expect(page.getByText(messages.cart.updateFailed)).toHaveCount(0);
  await expect
    .poll(async () => (await serverCart(page.request)).map((item) => item.quantity))
    .toEqual([2]);
});

test("a removal or a lower quantity the shop cannot be reached for stays as she set it, and reaches the shop later", async ({
  page,
  baseURL,
}) => {
  const { checkout, ring, pendant } = await atCheckout(page, baseURL!, {
    pieces: {
      ring: { name: "Unreached Cedar Ring", price: "30.00", stock: 4, inCart: 1 },
      pendant: { name: "Unreached Shell Pendant", price: "20.00", stock: 5, inCart: 3 },
    },
  });
  const ringLine = checkout.line(ring.name);
  const pendantLine = checkout.line(pendant.name);
  await expect(ringLine).toContainText("$30.00");
  const unreachable = ["**/api/cart/remove/**", "**/api/cart/update"];
  for (const url of unreachable)
    await page.route(url, (route) => route.abort("internetdisconnected"));

  await ringLine.getByRole("button", { name: t.removeItem(ring.name) }).click();
  await expect(ringLine).toHaveCount(0);
  const notice = toast(page, messages.cart.networkError);
  // Tried three times (1 s, then 2 s apart) before the shopper is told.
  await expect(notice.first()).toBeVisible({ timeout: 15_000 });
  await pendantLine.getByRole("button", { name: messages.cart.decrease }).click();
  await expect(pendantLine.getByRole("group")).toContainText("2");
  await expect(notice).toHaveCount(2, { timeout: 15_000 });
  await expect(page.getByText(messages.cart.updateFailed)).toHaveCount(0);

  // A reload while the shop is still out of reach shows the cart as she left it; the shop's is
  // unchanged.
  await page.reload();
  await expect(pendantLine.getByRole("group")).toContainText("2");
  await expect(ringLine).toHaveCount(0);
  expect(await serverLines(page.request)).toEqual(
    expect.arrayContaining([
      { productId: ring.id, quantity: 1 },
      { productId: pendant.id, quantity: 3 },
    ]),
  );

  // Back in reach: the next visit takes both changes to the shop.
  for (const url of unreachable) await page.unroute(url);
  await page.reload();
  await expect
    .poll(() => serverLines(page.request), { timeout: 20_000 })
    .toEqual([{ productId: pendant.id, quantity: 2 }]);
  await expect(pendantLine.getByRole("group")).toContainText("2");
  await expect(ringLine).toHaveCount(0);
  // Forgotten here once the shop took them.
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), CART_CHANGES_STORAGE_KEY))
    .toBeNull();
});

/**
 * Her connection drops every cart change for a while, and the merge that would send it later: a
 * line of 3 lowered to 2 stays at 2 in her browser, and at 3 in the shop's cart.
 */
async function lowerWhileUnreachable(page: Page, checkout: CheckoutPage, piece: ProductDto) {
  const line = checkout.line(piece.name);
  await page.route("**/api/cart/update", (route) => route.abort("internetdisconnected"));
  await line.getByRole("button", { name: messages.cart.decrease }).click();
  await expect(toast(page, messages.cart.networkError)).toBeVisible({ timeout: 15_000 });
  await expect(line.getByRole("group")).toContainText("2");
  expect(await serverLines(page.request)).toEqual([{ productId: piece.id, quantity: 3 }]);
}

/** Back in reach after an order: the waiting change is settled and the shop's cart is empty. */
async function expectNothingBackInReach(page: Page) {
  await page.unroute("**/api/cart/update");
  await page.reload();
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), CART_CHANGES_STORAGE_KEY), {
      timeout: 20_000,
    })
    .toBeNull();
  expect(await serverLines(page.request)).toEqual([]);
}

test("a line lowered while the shop could not be reached, then ordered, does not come back to the cart", async ({
  page,
  baseURL,
}) => {
  const { checkout, ring } = await atCheckout(page, baseURL!, {
    pieces: { ring: { name: "Lowered Cedar Ring", price: "30.00", stock: 5, inCart: 3 } },
  });
  await lowerWhileUnreachable(page, checkout, ring);

  // The order goes through with the 2 she sees; the shop's line keeps the unit she took out.
  await checkout.fillShipping();
  await checkout.expectPlaced("$65.00");
  const [order] = await ordersOf(page.request);
  expect(order!.items).toMatchObject([{ productId: ring.id, quantity: 2 }]);
  await new HeaderBadges(page).expectCounts({ cart: 0, wishlist: 0 });

  // Back in reach: neither what she ordered nor the unit she took out comes back to the cart.
  await expectNothingBackInReach(page);
  await new HeaderBadges(page).expectCounts({ cart: 0, wishlist: 0 });
});

test("a verified Instagram customer sees the first-order discount applied and is charged the discounted total", async ({
  page,
  baseURL,
}) => {
  const { checkout, necklace } = await atCheckout(page, baseURL!, {
    source: "instagram",
    pieces: { necklace: { name: "Byblos Shell Necklace", price: "33.35", stock: 4, inCart: 1 } },
  });
  // 10% of $33.35 is $3.335, rounded to $3.34: $33.35 + $5.00 − $3.34.
  await expect(checkout.discount).toBeVisible();
  await expect(checkout.summary).toContainText("−$3.34");
  await expect(checkout.summary).toContainText("$35.01");

  await checkout.fillShipping();
  await checkout.expectPlaced("$35.01");

  // My Orders names the discount as the checkout did.
  await page.goto("/orders");
  const card = page.getByRole("article").filter({ hasText: necklace.name });
  await expect(card.getByText(t.discountApplied(INSTAGRAM_DISCOUNT_PERCENT))).toBeVisible();
  await expect(card).toContainText("−$3.34");

  // The discount is for the first order only.
  await checkout.openWith([{ product: necklace, quantity: 1 }]);
  await expect(checkout.placeOrder).toBeVisible();
  await expect(checkout.summary).toContainText("$38.35");
  await expect(checkout.discount).toHaveCount(0);
});

/** How many lines of text an element's words take on screen. */
const linesOf = (element: Locator) =>
  element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.bottom))).size;
  });

test("on a phone, every amount of a discounted order in Lebanese pounds reads on one line, at the thank-you and in My Orders @phone", async ({
  page,
  baseURL,
}) => {
  const { checkout, bangle } = await atCheckout(page, baseURL!, {
    source: "instagram",
    pieces: { bangle: { name: "Tyre Bangle", price: "100.05", stock: 4, inCart: 1 } },
  });
  await checkout.fillShipping();
  await checkout.chooseCurrency("LBP");
  // The serif's totals in lining figures: old-style ones make a 1 read as an I.
  await expectLiningFigures(checkout.summary.getByText("8,506,080 LBP", { exact: true }));
  await checkout.placeOrder.click();
  await expect(checkout.thankYou).toBeVisible();
  await expectLiningFigures(checkout.detail(t.total).getByText("8,506,080 LBP", { exact: true }));

  // $100.05, $5.00 delivery, 10% off rounded to $10.01: $95.04.
  const amounts = {
    [t.subtotal]: "8,954,475 LBP",
    [t.delivery]: "447,500 LBP",
    [t.discountApplied(INSTAGRAM_DISCOUNT_PERCENT)]: "−895,895 LBP",
    [t.total]: "8,506,080 LBP",
  };
  for (const [label, amount] of Object.entries(amounts)) {
    const value = checkout.detail(label).getByText(amount, { exact: true });
    await expect(value).toBeVisible();
    expect(await linesOf(value), `${label} at the thank-you`).toBe(1);
  }

  await page.getByRole("link", { name: t.viewOrders }).click();
  const card = page.getByRole("article").filter({ hasText: bangle.name });
  for (const [label, amount] of Object.entries(amounts)) {
    const value = card
      .locator("dl > div")
      .filter({ has: page.getByText(label, { exact: true }) })
      .getByText(amount, { exact: true });
    await expect(value).toBeVisible();
    expect(await linesOf(value), `${label} in My Orders`).toBe(1);
  }
});

test("the first-order discount applies when the orders cannot be read, and the server has the last word", async ({
  page,
  baseURL,
}) => {
  await page.route("**/api/orders", (route) =>
    route.request().method() === "GET" ? route.abort("internetdisconnected") : route.continue(),
  );
  const { checkout, anklet } = await atCheckout(page, baseURL!, {
    source: "instagram",
    pieces: { anklet: { name: "Sidon Anklet", price: "30.00", stock: 4, inCart: 1 } },
  });
  // $30.00 + $5.00 − $3.00.
  await expect(checkout.discount).toBeVisible();
  await expect(checkout.detail(t.total)).toHaveText("$32.00");
  await checkout.fillShipping();
  await checkout.expectPlaced("$32.00");

  // A second order: still unread, still shown; the server refuses it once with the real total.
  await checkout.openWith([{ product: anklet, quantity: 1 }]);
  await expect(checkout.detail(t.total)).toHaveText("$32.00");
  await checkout.fillShipping();
  await checkout.placeOrder.click();
  await expect(checkout.problem).toContainText(t.discountGone);
  await expect(checkout.discount).toHaveCount(0);
  await expect(checkout.detail(t.total)).toHaveText("$35.00");
  await checkout.expectPlaced("$35.00");
});

test("an account re-created with the email of one that ordered is not promised the first-order discount", async ({
  page,
  baseURL,
}) => {
  const { checkout, shopper, brooch } = await atCheckout(page, baseURL!, {
    source: "instagram",
    open: false,
    pieces: { brooch: { name: "Cedar Brooch", price: "20.00", stock: 4 } },
  });
  await orderThroughApi(page.request, [{ product: brooch, quantity: 1 }]);
  const deleted = await page.request.delete("/api/auth/delete-account", {
    data: { password: shopper.password },
  });
  expect(deleted.ok()).toBe(true);
  await verifiedCustomer(page.request, { source: "instagram", shopper });

  await fillCart(page, [{ product: brooch, quantity: 1 }], { server: true });
  const ordersRead = page.waitForResponse((response) => response.url().endsWith("/api/orders"));
  await checkout.open();
  expect((await ordersRead).status()).toBe(200);
  // The new account has no orders of its own, but the email has had its first order.
  await expect(checkout.summary).toContainText("$25.00");
  await expect(checkout.discount).toHaveCount(0);

  await checkout.fillShipping();
  await checkout.expectPlaced("$25.00");
});

test("a first-order discount used up by an order from another device refuses the order once, then the real total is placed", async ({
  page,
  baseURL,
}) => {
  const { checkout, earrings } = await atCheckout(page, baseURL!, {
    source: "instagram",
    pieces: {
      bangle: { name: "Tyre Bangle", price: "40.00", stock: 6, inCart: 1 },
      earrings: { name: "Tyre Drop Earrings", price: "15.00", stock: 6 },
    },
  });
  await expect(checkout.discount).toBeVisible();
  // $40.00 + $5.00 − $4.00.
  await expect(checkout.summary).toContainText("$41.00");
  await checkout.fillShipping();

  // The same customer orders another piece from another device while this page is open.
  await orderThroughApi(page.request, [{ product: earrings, quantity: 1 }]);

  await checkout.placeOrder.click();
  const problem = checkout.problem;
  await expect(problem).toContainText(t.discountGone);
  await expect(problem).toContainText(t.totalNow("$45.00"));
  await expect(checkout.discount).toHaveCount(0);
  await expect(checkout.thankYou).toHaveCount(0);

  await checkout.expectPlaced("$45.00");
});

test("a piece another device's order took out of the cart refuses the press, which names no total of the cart as it was", async ({
  page,
  baseURL,
}) => {
  const { checkout, necklace } = await atCheckout(page, baseURL!, {
    source: "instagram",
    pieces: {
      signet: { name: "Cedar Signet", price: "59.00", stock: 6, inCart: 1 },
      necklace: { name: "Silver Bar Necklace", price: "38.00", stock: 6, inCart: 1 },
    },
  });
  // $97.00 + $5.00 − $9.70.
  await expect(checkout.summary).toContainText("$92.30");
  await checkout.fillShipping();

  // Another device orders the necklace: the discount goes, and the necklace leaves the cart.
  await orderThroughApi(page.request, [{ product: necklace, quantity: 1 }]);

  await checkout.placeOrder.click();
  const problem = checkout.problem;
  await expect(problem).toContainText(t.cartChangedElsewhere);
  await expect(checkout.line(necklace.name)).toHaveCount(0);
  // The summary's total ($59.00 + $5.00) stands alone; the refused cart's $102.00 is not named.
  await expect(checkout.detail(t.total)).toHaveText("$64.00");
  await expect(problem).not.toContainText("$102.00");
});

test("an answer lost on the way back is retried with the same Idempotency-Key: one order, shown once", async ({
  page,
  baseURL,
}) => {
  const { checkout, ring } = await atCheckout(page, baseURL!, {
    pieces: { ring: { name: "Tyre Wave Ring", price: "21.00", stock: 5, inCart: 1 } },
  });
  await checkout.fillShipping();

  // The first request reaches the shop and places the order, but its answer never arrives.
  const keys: string[] = [];
  let lost = false;
  await page.route("**/api/orders/checkout", async (route) => {
    keys.push(route.request().headers()["idempotency-key"]!);
    if (lost) return route.continue();
    lost = true;
    const placed = await route.fetch();
    expect(placed.status()).toBe(201);
    await route.abort("connectionreset");
  });
  await checkout.placeOrder.click();
  await expect(checkout.thankYou).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);

  expect(await ordersOf(page.request)).toHaveLength(1);
  expect(await stockOf(page.request, ring)).toBe(4);
});

test("an order placed in one tab empties the checkout open in another, which cannot send the same pieces again", async ({
  page,
  baseURL,
}) => {
  const { checkout } = await atCheckout(page, baseURL!, {
    pieces: { ring: { name: "Hasbaya Twist Ring", price: "27.00", stock: 5, inCart: 1 } },
  });
  const otherTab = await page.context().newPage();
  const other = new CheckoutPage(otherTab);
  await other.open();
  await expect(other.placeOrder).toBeVisible();

  await checkout.fillShipping();
  await checkout.placeOrder.click();
  await expect(checkout.thankYou).toBeVisible();

  await expect(otherTab.getByRole("heading", { name: t.emptyCart })).toBeVisible();
  await expect(other.placeOrder).toHaveCount(0);
  expect(await ordersOf(page.request)).toHaveLength(1);
  await otherTab.close();
});

test("the same cart ordered on two devices is one order: the second device's press says the cart changed elsewhere", async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  const { checkout, shopper } = await atCheckout(page, baseURL!, {
    pieces: { ring: { name: "Chouf Cedar Ring", price: "22.00", stock: 5, inCart: 1 } },
  });
  // Her laptop, signed in to the same account, has the same checkout open.
  const laptopContext = await browser.newContext({ baseURL, extraHTTPHeaders });
  const laptopPage = await laptopContext.newPage();
  const signedIn = await laptopPage.request.post("/api/auth/login", {
    data: { email: shopper!.email, password: shopper!.password },
  });
  expect(signedIn.ok()).toBe(true);
  const laptop = new CheckoutPage(laptopPage);
  await laptop.open();
  await laptop.fillShipping();

  await checkout.fillShipping();
  await checkout.placeOrder.click();
  await expect(checkout.thankYou).toBeVisible();

  // The laptop still shows the ring; its press places nothing and says why.
  await laptop.placeOrder.click();
  await expect(laptopPage.getByRole("heading", { name: t.changedElsewhereTitle })).toBeVisible();
  await expect(laptopPage.getByText(t.changedElsewhereText)).toBeVisible();
  await expect(laptopPage.getByRole("link", { name: t.viewOrders })).toBeVisible();
  expect(await ordersOf(page.request)).toHaveLength(1);
  await laptopContext.close();
});

test("a line added while the shop could not be reached is ordered with the rest, not refused as changed elsewhere", async ({
  page,
  baseURL,
}) => {
  const { checkout, studs } = await atCheckout(page, baseURL!, {
    pieces: {
      ring: { name: "Reached Cedar Ring", price: "25.00", stock: 4, inCart: 1 },
      studs: { name: "Waiting Cedar Studs", price: "18.00", stock: 4 },
    },
  });
  // The add gets no answer: the line waits in the browser for the next merge.
  await page.route("**/api/cart/**", (route) => route.abort("connectionreset"));
  const studsPage = new ProductPage(page, studs);
  await studsPage.open();
  await studsPage.addButton.click();
  await expect(toast(page, messages.cart.networkError)).toBeVisible();
  await page.unroute("**/api/cart/**");

  // To the checkout without a reload (no merge has run), and the order placed at once.
  await new HeaderBadges(page).cart.click();
  await expect(checkout.line(studs.name)).toBeVisible();
  await checkout.fillShipping();
  await checkout.placeOrder.click();
  await expect(checkout.thankYou).toBeVisible();
  const [order] = await ordersOf(page.request);
  expect(order!.items.map((item) => item.name).sort()).toEqual([
    expect.stringContaining("Reached Cedar Ring"),
    expect.stringContaining("Waiting Cedar Studs"),
  ]);
});

test("a thank-you reloaded, or come back to with Back and Forward, still shows the order placed; a new visit to the checkout does not", async ({
  page,
  baseURL,
  extraHTTPHeaders,
}) => {
  const { checkout } = await atCheckout(page, baseURL!, {
    pieces: { ring: { name: "Anjar Moon Ring", price: "26.00", stock: 5, inCart: 1 } },
  });
  await checkout.fillShipping();
  await checkout.placeOrder.click();
  await expect(checkout.thankYou).toBeVisible();
  const [order] = await ordersOf(page.request);
  await expect(checkout.detail(t.orderNumber)).toHaveText(order!.orderNumber);

  await page.reload();
  await expect(checkout.thankYou).toBeVisible();
  await expect(checkout.detail(t.orderNumber)).toHaveText(order!.orderNumber);
  await expect(checkout.detail(t.total)).toHaveText("$31.00");

  await page.goBack();
  await page.goForward();
  await expect(checkout.thankYou).toBeVisible();
  await expect(checkout.detail(t.orderNumber)).toHaveText(order!.orderNumber);

  // Sent out since: the address no longer brings back a thank-you saying 'Confirmed'.
  await Owner.change(baseURL!, extraHTTPHeaders ?? {}, (owner) =>
    owner.setOrderStatus(order!, "out_for_delivery"),
  );
  await page.reload();
  await expect(page.getByRole("heading", { name: t.emptyCart })).toBeVisible();
  await expect(checkout.thankYou).toHaveCount(0);

  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: t.emptyCart })).toBeVisible();
  await expect(checkout.thankYou).toHaveCount(0);
});

test("a connection lost just after the order's answer arrived leaves the thank-you on screen, its number shown", async ({
  page,
  baseURL,
}) => {
  const { checkout } = await atCheckout(page, baseURL!, {
    pieces: { ring: { name: "Tyre Pearl Ring", price: "23.00", stock: 5, inCart: 1 } },
  });
  await checkout.fillShipping();

  // The order's answer arrives, and then the phone loses its connection: nothing else gets out.
  let dropped = false;
  const ordersTries: string[] = [];
  await page.route("**/*", (route) => {
    if (!dropped) return route.fallback();
    if (new URL(route.request().url()).pathname === "/api/orders") ordersTries.push("aborted");
    return route.abort("internetdisconnected");
  });
  await page.route("**/api/orders/checkout", async (route) => {
    const placed = await route.fetch();
    dropped = true;
    await route.fulfill({ response: placed });
  });
  await checkout.placeOrder.click();
  await expect(checkout.thankYou).toBeVisible();
  // Every try of the orders' read after the order has failed: the page had time to leave.
  await expect.poll(() => ordersTries.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);

  const [order] = await ordersOf(page.request);
  await expect(page).toHaveURL(/\/checkout/);
  await expect(checkout.thankYou).toBeVisible();
  await expect(checkout.detail(t.orderNumber)).toHaveText(order!.orderNumber);
});

/**
 * Presses Place Order while every try reaches the shop (the first places the order, the others
 * find it) and no answer comes back; the cart, read again, has lost the order's pieces, and the
 * emptied cart says the order was most likely placed.
 */
async function placeWithEveryAnswerLost(page: Page, checkout: CheckoutPage) {
  await page.route("**/api/orders/checkout", async (route) => {
    await route.fetch();
    await route.abort("connectionreset");
  });
  await checkout.placeOrder.click();
  await expect(page.getByRole("heading", { name: t.unconfirmedTitle })).toBeVisible({
    timeout: 20_000,
  });
}

test("an order placed whose every answer was lost leaves the cart, so it cannot be ordered twice", async ({
  page,
  baseURL,
}) => {
  const { checkout } = await atCheckout(page, baseURL!, {
    pieces: { ring: { name: "Tyre Shell Ring", price: "22.00", stock: 5, inCart: 1 } },
  });
  await checkout.fillShipping();

  await placeWithEveryAnswerLost(page, checkout);
  await expect(page.getByText(t.unconfirmedText)).toBeVisible();
  const orders = await ordersOf(page.request);
  expect(orders).toHaveLength(1);
  await page.getByRole("link", { name: t.viewOrders }).click();
  await expect(
    page.getByRole("article", { name: o.orderNumber(orders[0]!.orderNumber) }),
  ).toBeVisible();
});

test("an order whose every answer was lost, of a line lowered while the shop could not be reached, leaves the cart too", async ({
  page,
  baseURL,
}) => {
  const { checkout, ring } = await atCheckout(page, baseURL!, {
    pieces: { ring: { name: "Unanswered Cedar Ring", price: "30.00", stock: 5, inCart: 3 } },
  });
  await lowerWhileUnreachable(page, checkout, ring);
  await checkout.fillShipping();

  // The order of the 2 she sees is placed, and no answer comes back. Her orders show it was
  // placed: the pieces leave the cart, as after an answered order.
  await placeWithEveryAnswerLost(page, checkout);
  const orders = await ordersOf(page.request);
  expect(orders).toHaveLength(1);
  expect(orders[0]!.items).toMatchObject([{ productId: ring.id, quantity: 2 }]);

  // Back in reach: the unit she took out does not come back either.
  await page.unroute("**/api/orders/checkout");
  await expectNothingBackInReach(page);
  expect(await ordersOf(page.request)).toHaveLength(1);
});

test("after an order whose answers were lost, pieces added meanwhile are a new order, not that one shown again", async ({
  page,
  baseURL,
}) => {
  const { checkout, ring, anklet } = await atCheckout(page, baseURL!, {
    pieces: {
      ring: { name: "Sidon Sea Ring", price: "23.00", stock: 5, inCart: 1 },
      anklet: { name: "Sidon Sand Anklet", price: "17.00", stock: 5 },
    },
  });
  await checkout.fillShipping();

  // Every try reaches the shop (the first places the order) and no answer comes back; meanwhile
  // the customer puts an anklet in her cart from her other phone.
  let first = true;
  await page.route("**/api/orders/checkout", async (route) => {
    await route.fetch();
    if (first) {
      first = false;
      await addOnServer(page, anklet, 1);
    }
    await route.abort("connectionreset");
  });
  await checkout.placeOrder.click();
  // The cart read again holds only the anklet: the ring left it with the order.
  await expect(page.getByText(anklet.name)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(ring.name)).toHaveCount(0);
  await page.unroute("**/api/orders/checkout");

  await checkout.placeOrder.click();
  await expect(checkout.thankYou).toBeVisible();
  const orders = await ordersOf(page.request);
  expect(orders.map((order) => order.items.map((item) => item.name))).toEqual([
    [anklet.name],
    [ring.name],
  ]);
  await expect(page.getByText(orders[0]!.orderNumber)).toBeVisible();
  expect(await serverCart(page.request)).toEqual([]);
});

test("a double tap on Place Order on a slow connection places one order and takes the stock once", async ({
  page,
  baseURL,
}) => {
  const { checkout, ring } = await atCheckout(page, baseURL!, {
    pieces: { ring: { name: "Double Tap Ring", price: "26.00", stock: 5, inCart: 2 } },
  });
  await checkout.fillShipping();

  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/orders/checkout")) sent.push(request.method());
  });
  const release = await holdRequests(page, "**/api/orders/checkout");
  await checkout.placeOrder.dblclick();
  // While the order is on its way the button says so and cannot be pressed again.
  const placing = page.getByRole("button", { name: t.placing });
  await expect(placing).toBeDisabled();
  await placing.click({ force: true });
  release();

  await expect(checkout.thankYou).toBeVisible();
  await expect(checkout.detail(t.total)).toHaveText("$57.00");
  expect(sent).toEqual(["POST"]);
  expect(await ordersOf(page.request)).toHaveLength(1);
  expect(await stockOf(page.request, ring)).toBe(3);
});

test("a press that never reaches the shop says so and keeps the cart and the address; the next press places the order once", async ({
  page,
  baseURL,
}) => {
  const { checkout, ring } = await atCheckout(page, baseURL!, {
    pieces: { ring: { name: "Offline Cedar Ring", price: "28.00", stock: 4, inCart: 1 } },
  });
  await checkout.fillShipping({ address: "Mar Mikhael", city: "Beirut", phone: "03 456 789" });

  // The phone has no connection: no try reaches the shop.
  await page.route("**/api/orders/checkout", (route) => route.abort("internetdisconnected"));
  await checkout.placeOrder.click();
  // Tried three times (1 s, then 2 s apart) before the shopper is told.
  await expect(checkout.summary.getByText(t.networkError)).toBeVisible({ timeout: 15_000 });
  await expect(checkout.thankYou).toHaveCount(0);
  await expect(checkout.line(ring.name)).toContainText("$28.00");
  await expect(checkout.field(t.address)).toHaveValue("Mar Mikhael");
  expect(await ordersOf(page.request)).toHaveLength(0);
  expect(await stockOf(page.request, ring)).toBe(4);

  await page.unroute("**/api/orders/checkout");
  await checkout.expectPlaced("$33.00");
  const orders = await ordersOf(page.request);
  expect(orders).toHaveLength(1);
  expect(orders[0]!.shippingAddress).toMatchObject({ address: "Mar Mikhael", city: "Beirut" });
  expect(await stockOf(page.request, ring)).toBe(3);
});

test("My Orders tells a failed load from a refused one, and Try Again loads the orders", async ({
  page,
}) => {
  await verifiedCustomer(page.request);
  let answer: "network" | 503 | "pass" = "network";
  await page.route("**/api/orders", (route) =>
    answer === "network"
      ? route.abort("internetdisconnected")
      : answer === 503
        ? route.fulfill({ status: 503, json: { error: "Busy" } })
        : route.continue(),
  );
  await page.goto("/orders");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const tryAgain = page.getByRole("button", { name: o.tryAgain });
  await expect(page.getByRole("heading", { name: o.loadFailed })).toBeVisible();

  answer = 503;
  await tryAgain.click();
  await expect(page.getByRole("heading", { name: o.fetchFailedStatus(503) })).toBeVisible();

  answer = "pass";
  await tryAgain.click();
  await expect(page.getByRole("tab", { name: o.current(0) })).toBeVisible();
  await expect(page.getByText(o.noCurrent)).toBeVisible();
});

test("after a customer's session ends elsewhere, the next one to sign in on that page never sees her orders", async ({
  page,
  baseURL,
}) => {
  const { shopper: first, ring } = await atCheckout(page, baseURL!, {
    open: false,
    pieces: { ring: { name: "Cedar Vow Ring", price: "31.00", stock: 3 } },
  });
  const placed = await orderThroughApi(page.request, [{ product: ring, quantity: 1 }]);
  await page.goto("/orders");
  const card = page.getByRole("article", { name: o.orderNumber(placed.orderNumber) });
  await expect(card).toBeVisible();

  // The session ends on another device; the page learns it at its next profile check.
  await signOutEverywhere(baseURL!, first, "198.51.100.26");
  // Coming back to the tab checks it (at most every 5 seconds).
  await page.waitForTimeout(5_000);
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(page.getByText(o.pleaseLogIn)).toBeVisible();

  // Someone else signs in on the same page: not one frame of the first customer's orders.
  const second = await verifiedCustomerElsewhere(baseURL!, "198.51.100.27");
  await page.evaluate((orderNumber) => {
    const seen = { shown: false };
    Object.assign(window, { firstOrderSeen: seen });
    new MutationObserver(() => {
      if (document.body.innerText.includes(orderNumber)) seen.shown = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, placed.orderNumber);
  await new AccountArea(page).logIn(second);
  await expect(page.getByText(o.noCurrent)).toBeVisible();
  expect(
    await page.evaluate(
      () => (window as unknown as { firstOrderSeen: { shown: boolean } }).firstOrderSeen.shown,
    ),
  ).toBe(false);
});

test("My Orders opened after the session ended on another device asks to log in, and shows the orders once signed in again", async ({
  page,
  baseURL,
}) => {
  const { shopper: customer, ring } = await atCheckout(page, baseURL!, {
    open: false,
    pieces: { ring: { name: "Olive Knot Ring", price: "27.00", stock: 3 } },
  });
  const placed = await orderThroughApi(page.request, [{ product: ring, quantity: 1 }]);
  await page.goto("/about");
  const account = new AccountArea(page);
  await expect(account.menuButton).toBeVisible();

  // Signed out on every device from her phone; this page has not checked its session since.
  await signOutEverywhere(baseURL!, customer, "198.51.100.28");

  await account.choose(o.title);
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole("heading", { name: o.pleaseLogIn })).toBeVisible();
  await expect(page.getByText(o.fetchFailedStatus(401))).toHaveCount(0);
  await account.expectSignedOut();

  await account.logIn(customer);
  await expect(
    page.getByRole("article", { name: o.orderNumber(placed.orderNumber) }),
  ).toBeVisible();
});

test("on a touch screen, each cart line's −, + and remove buttons are a fingertip wide @phone", async ({
  page,
  baseURL,
}) => {
  test.skip(test.info().project.name !== "phone", "a touch screen's rule");
  const { checkout, ring } = await atCheckout(page, baseURL!, {
    pieces: { ring: { name: "Byblos Twist Ring", price: "31.00", stock: 5, inCart: 2 } },
  });
  const line = checkout.line(ring.name);
  const buttons = [messages.cart.decrease, messages.cart.increase, t.removeItem(ring.name)].map(
    (name) => line.getByRole("button", { name }),
  );
  // 44 px: the size a fingertip covers (WCAG 2.5.5), where a miss changes what she pays for.
  for (const button of buttons) {
    const box = (await button.boundingBox())!;
    expect(Math.min(box.width, box.height), String(button)).toBeGreaterThanOrEqual(44);
  }
  await buttons[1]!.click();
  await expect(line.getByRole("group", { name: t.quantityOf(ring.name) })).toContainText("3");
});

test("on a narrow phone a cart line's name keeps the line's width, whatever the length of its price", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { checkout, pendant } = await atCheckout(page, baseURL!, {
    pieces: {
      pendant: { name: "Delicate Handmade Cedar Pendant", price: "1234.50", stock: 20, inCart: 9 },
    },
  });
  await checkout.chooseCurrency("LBP");
  const line = checkout.line(pendant.name);
  // 9 × $1,234.50 in pounds: the longest amount a line shows.
  await expect(line).toContainText("994,389,750 LBP");
  const nameBox = (await line.getByText(pendant.name, { exact: true }).boundingBox())!;
  const lineBox = (await line.boundingBox())!;
  // Beside its picture (64 px and a gap), the name has the rest of the line, not what the price leaves.
  expect(nameBox.width).toBeGreaterThanOrEqual(lineBox.width - 64 - 12 - 4);
});
