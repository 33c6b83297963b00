// Page objects and set-up for the checkout and My Orders journeys: products of their own (made
// through the admin API, so no other test's stock is touched), customers, and their carts.
import {
  request as apiRequest,
  type APIRequestContext,
  type Locator,
  type Page,
} from "@playwright/test";
import { expect } from "./test";
import { AuthModal, newShopper, type Shopper } from "./account";
import { OWNER, photo, verifiedCustomer } from "./admin";
import { toCartItem } from "@/lib/cart-rules";
import { CART_STORAGE_KEY, INSTAGRAM_DISCOUNT_PERCENT } from "@/lib/constants";
import { messages } from "@/lib/messages";
import type { OrderDto } from "@/models/order";
import type { ProductDto } from "@/models/product";

const t = messages.checkout;

/** An API context of its own (another shopper, the owner), from a client address of its own. */
export async function newApiContext(baseURL: string, address: string): Promise<APIRequestContext> {
  return apiRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": address } });
}

/**
 * The owner's API session, signed in once per worker and server: each sign-in costs a password
 * hash, and the sign-ins of one address are limited (30 in 15 minutes), which a fast run of the
 * suite's many products would reach.
 */
const ownerSessions = new Map<string, Promise<APIRequestContext>>();

function ownerApi(baseURL: string, { again = false } = {}): Promise<APIRequestContext> {
  let session = ownerSessions.get(baseURL);
  if (!session || again) {
    session = (async () => {
      const owner = await newApiContext(baseURL, "198.51.100.7");
      expect((await owner.post("/api/auth/login", { data: OWNER })).ok()).toBe(true);
      return owner;
    })();
    ownerSessions.set(baseURL, session);
  }
  return session;
}

/** A product made by the owner for one test, with `quantity` in stock. */
export async function createProduct(
  baseURL: string,
  { name, price, quantity }: { name: string; price: string; quantity: number },
): Promise<ProductDto> {
  const images = await photo(`${name}.jpg`, "#c9a46a");
  const create = async (owner: APIRequestContext) =>
    owner.post("/api/admin/products", {
      multipart: {
        name,
        price,
        category: "rings",
        description: "Made for the checkout journey.",
        quantity: String(quantity),
        materials: JSON.stringify(["Sterling silver"]),
        images,
      },
    });
  let response = await create(await ownerApi(baseURL));
  // The session ended meanwhile (a test signed the owner out everywhere): sign in again.
  if (response.status() === 401) response = await create(await ownerApi(baseURL, { again: true }));
  expect(response.status()).toBe(201);
  const { product } = (await response.json()) as { product: ProductDto };
  return product;
}

/** An order placed through the API by the customer signed in on `request` (another device). */
export async function orderThroughApi(
  request: APIRequestContext,
  items: { product: ProductDto; quantity: number }[],
) {
  const placed = await request.post("/api/orders/checkout", {
    data: {
      items: items.map(({ product, quantity }) => ({ productId: product.id, quantity })),
      shippingAddress: { fullName: "Rana Aoun", address: "Main street", city: "Beirut" },
      phoneNumber: "01 234 567",
      currency: "USD",
    },
  });
  expect(placed.status()).toBe(201);
  return ((await placed.json()) as { order: OrderDto }).order;
}

/** A customer who signed up and never verified the email, signed in through `request`. */
export async function unverifiedCustomer(
  request: APIRequestContext,
  { source }: { source?: "instagram" } = {},
): Promise<Shopper> {
  const shopper = newShopper("Lina", "Haddad");
  const signup = await request.post("/api/auth/signup", { data: { ...shopper, source } });
  expect(signup.status()).toBe(201);
  return shopper;
}

export { verifiedCustomer };

/** A verified customer signed in on another device only (an API context of its own at `address`). */
export async function verifiedCustomerElsewhere(baseURL: string, address: string) {
  const device = await newApiContext(baseURL, address);
  const shopper = await verifiedCustomer(device);
  await device.dispose();
  return shopper;
}

/** The customer signs out of every device, from another one at `address`. */
export async function signOutEverywhere(baseURL: string, shopper: Shopper, address: string) {
  const device = await newApiContext(baseURL, address);
  expect((await device.post("/api/auth/login", { data: shopper })).ok()).toBe(true);
  expect((await device.post("/api/auth/logout-everywhere")).ok()).toBe(true);
  await device.dispose();
}

/** What the shop has of a product now. */
export async function stockOf(request: APIRequestContext, product: ProductDto): Promise<number> {
  const answer = await request.get(`/api/product/${product.id}`);
  return ((await answer.json()) as { quantity: number }).quantity;
}

/** The orders of the customer signed in on `request`, newest first. */
export async function ordersOf(request: APIRequestContext): Promise<OrderDto[]> {
  return ((await (await request.get("/api/orders")).json()) as { orders: OrderDto[] }).orders;
}

/**
 * Puts `quantity` units of a product in the shopper's cart: in browser storage (where the page
 * reads a visitor's cart) and, for a signed-in verified customer, on the server too (where a synced
 * cart lives), so the page finds the same cart whichever it reads.
 */
export async function fillCart(
  page: Page,
  lines: { product: ProductDto; quantity: number }[],
  { server = false } = {},
) {
  if (server) {
    for (const { product, quantity } of lines) await addOnServer(page, product, quantity);
  }
  const items = lines.map(({ product, quantity }) => toCartItem(product, quantity));
  await page.goto("/");
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [CART_STORAGE_KEY, JSON.stringify(items)],
  );
}

/** One of a test's own pieces: its name (made unique), price, stock, and how many are in the cart. */
export type Piece = { name: string; price: string; stock: number; inCart?: number };

/**
 * Who is at the checkout: a verified customer signed in on the page, one who never verified the
 * email, one with a verified account signed in on another device only ("signed out"), or a
 * visitor without an account.
 */
export type Customer = "verified" | "unverified" | "signed out" | "visitor";

/**
 * A test's own pieces, made by the owner; its customer; and a cart holding the pieces' `inCart`
 * units: in the browser and, for a verified customer, on the server too (or, with `cart:
 * "server"`, on the server only, as another device left it). Then the checkout opens, unless
 * `open` is false because something changes first. Answers with each piece under its own key.
 */
export async function atCheckout<P extends Record<string, Piece>, C extends Customer = "verified">(
  page: Page,
  baseURL: string,
  {
    pieces,
    customer = "verified" as C,
    source,
    cart,
    open = true,
  }: {
    pieces: P;
    customer?: C;
    source?: "instagram";
    cart?: "server";
    open?: boolean;
  },
): Promise<
  {
    checkout: CheckoutPage;
    /** The customer's account (a visitor has none). */
    shopper: C extends "visitor" ? undefined : Shopper;
  } & { [K in keyof P]: ProductDto }
> {
  const stamp = Date.now();
  const products: Record<string, ProductDto> = {};
  const lines: { product: ProductDto; quantity: number }[] = [];
  for (const [key, { name, price, stock, inCart = 0 }] of Object.entries(pieces)) {
    const product = await createProduct(baseURL, {
      name: `${name} ${stamp}`,
      price,
      quantity: stock,
    });
    products[key] = product;
    if (inCart > 0) lines.push({ product, quantity: inCart });
  }
  const shopper =
    customer === "verified"
      ? await verifiedCustomer(page.request, { source })
      : customer === "unverified"
        ? await unverifiedCustomer(page.request, { source })
        : customer === "signed out"
          ? await verifiedCustomerElsewhere(baseURL, "198.51.100.21")
          : undefined;
  if (cart === "server") {
    for (const { product, quantity } of lines) await addOnServer(page, product, quantity);
  } else if (lines.length > 0) {
    await fillCart(page, lines, { server: customer === "verified" });
  }
  const checkout = new CheckoutPage(page);
  if (open) await checkout.open();
  return { ...(products as { [K in keyof P]: ProductDto }), checkout, shopper: shopper as never };
}

/** Adds to the signed-in customer's cart on the server, as another of her devices would. */
export async function addOnServer(page: Page, product: ProductDto, quantity: number) {
  const added = await page.request.post("/api/cart/add", {
    data: { productId: product.id, quantity },
  });
  expect(added.ok()).toBe(true);
}

/** An address in Lebanon for the tests that do not look at it. */
const SOME_ADDRESS = { address: "Old souk", city: "Byblos", phone: "09 111 222" };

export class CheckoutPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto("/checkout");
  }

  get form(): Locator {
    return this.page.locator("form");
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  get summary(): Locator {
    return this.page.getByRole("complementary");
  }

  get placeOrder(): Locator {
    return this.page.getByRole("button", { name: t.placeOrder });
  }

  line(name: string): Locator {
    return this.summary.getByRole("listitem").filter({ hasText: name });
  }

  /** The open checkout with these pieces in the cart instead (a verified customer's next order). */
  async openWith(lines: { product: ProductDto; quantity: number }[]) {
    await fillCart(this.page, lines, { server: true });
    await this.open();
  }

  /** What a refused order says above the button. */
  get problem(): Locator {
    return this.summary.getByRole("alert");
  }

  /** The summary's line naming the Instagram first-order discount. */
  get discount(): Locator {
    return this.summary.getByText(t.discountApplied(INSTAGRAM_DISCOUNT_PERCENT));
  }

  /** A signed-out visitor's cart, under the sign-in prompt. */
  visitorLine(name: string): Locator {
    return this.page
      .getByRole("region", { name: t.yourCart })
      .getByRole("listitem")
      .filter({ hasText: name });
  }

  /** A signed-out visitor signs in from the checkout's prompt and finds the form. */
  async signInFromPrompt(shopper: Shopper) {
    await this.page
      .getByRole("main")
      .getByRole("button", { name: messages.account.signIn })
      .click();
    const modal = new AuthModal(this.page);
    await modal.logIn(shopper);
    await modal.expectClosed();
    await expect(this.placeOrder).toBeVisible();
  }

  async fillShipping(
    values: { address: string; city: string; phone: string; area?: string } = SOME_ADDRESS,
  ) {
    await this.field(t.address).fill(values.address);
    await this.field(t.city).selectOption(values.city);
    await this.field(t.phoneNumber).fill(values.phone);
    if (values.area) await this.field(t.area).fill(values.area);
  }

  async chooseCurrency(currency: "USD" | "LBP") {
    // The radio is visually hidden under its label and, on phones, the floating chat button can
    // cover its spot: send the click to the radio itself rather than to a point on the screen.
    const radio = this.summary.getByRole("radio", { name: t.currencyNames[currency] });
    await radio.dispatchEvent("click");
    await expect(radio).toBeChecked();
  }

  /** Places the order and finds the thank-you with this total. */
  async expectPlaced(total: string) {
    await this.placeOrder.click();
    await expect(this.thankYou).toBeVisible();
    await expect(this.detail(t.total)).toHaveText(total);
  }

  get thankYou(): Locator {
    return this.page.getByRole("heading", { name: t.thankYouTitle });
  }

  /** The thank-you summary's value for one of its labels. */
  detail(label: string): Locator {
    return this.page
      .locator("dl > div")
      .filter({ has: this.page.getByText(label, { exact: true }) })
      .locator("dd");
  }
}
