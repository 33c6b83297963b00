// Page objects and set-up for the checkout and My Orders journeys: products of their own (made
// through the admin API, so no other test's stock is touched), customers, and their carts.
import {
  request as apiRequest,
  type APIRequestContext,
  type Locator,
  type Page,
} from "@playwright/test";
import { expect } from "./test";
import { newShopper, type Shopper } from "./account";
import { OWNER, photo, verifiedCustomer } from "./admin";
import { toCartItem } from "@/lib/cart-rules";
import { CART_STORAGE_KEY } from "@/lib/constants";
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
    for (const { product, quantity } of lines) {
      const added = await page.request.post("/api/cart/add", {
        data: { productId: product.id, quantity },
      });
      expect(added.ok()).toBe(true);
    }
  }
  const items = lines.map(({ product, quantity }) => toCartItem(product, quantity));
  await page.goto("/");
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [CART_STORAGE_KEY, JSON.stringify(items)],
  );
}

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

  async fillShipping(values: { address: string; city: string; phone: string; area?: string }) {
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
