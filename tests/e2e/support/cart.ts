// Page objects for the cart journeys: the product page's controls, the header's badges, and the
// shop owner changing the catalogue behind the shopper's back (through the admin API, as the
// admin panel does, so the shop's caches learn of it as they would in real life).
import {
  request as playwrightRequest,
  type APIRequestContext,
  type Locator,
  type Page,
} from "@playwright/test";
import { expect } from "./test";
import { OWNER, photo } from "./admin";
import { messages } from "@/lib/messages";
import type { CartAnswer } from "@/models/cart";
import type { ProductDto } from "@/models/product";

export type ProductSpec = { name: string; quantity: number; price?: string };

/** The shop owner, signed in through the API in a context of their own. */
export class Owner {
  private constructor(private readonly api: APIRequestContext) {}

  static async signIn(baseURL: string, headers: Record<string, string>): Promise<Owner> {
    const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: headers });
    const response = await api.post("/api/auth/login", { data: OWNER });
    expect(response.ok()).toBe(true);
    return new Owner(api);
  }

  /** Signs the owner in from `headers`' address for one change, and out again. */
  static async change(
    baseURL: string,
    headers: Record<string, string>,
    change: (owner: Owner) => Promise<void>,
  ) {
    const owner = await Owner.signIn(baseURL, headers);
    await change(owner);
    await owner.dispose();
  }

  private fields({ name, quantity, price = "24.50" }: ProductSpec) {
    return {
      name,
      price,
      category: "rings",
      description: `${name}, made for the cart journeys.`,
      quantity: String(quantity),
      materials: JSON.stringify(["Sterling silver"]),
    };
  }

  /** A new ring with a name no other test uses. */
  async createProduct(spec: Omit<ProductSpec, "name"> & { name?: string }): Promise<ProductDto> {
    const name = spec.name ?? `Test Ring ${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const response = await this.api.post("/api/admin/products", {
      multipart: { ...this.fields({ ...spec, name }), images: await photo("ring.jpg", "#c9a45c") },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { product: ProductDto }).product;
  }

  private async edit(product: ProductDto, { quantity = product.quantity, price = product.price }) {
    const response = await this.api.put(`/api/admin/products/${product.id}`, {
      multipart: this.fields({ name: product.name, quantity, price: price.toFixed(2) }),
    });
    expect(response.ok()).toBe(true);
  }

  async setStock(product: ProductDto, quantity: number) {
    await this.edit(product, { quantity });
  }

  async setPrice(product: ProductDto, price: number) {
    await this.edit(product, { price });
  }

  async setOrderStatus(order: { _id: string }, status: string) {
    const response = await this.api.patch(`/api/admin/orders/${order._id}/status`, {
      data: { status },
    });
    expect(response.ok()).toBe(true);
  }

  async deleteProduct(product: ProductDto) {
    expect((await this.api.delete(`/api/admin/products/${product.id}`)).ok()).toBe(true);
  }

  async dispose() {
    await this.api.dispose();
  }
}

const t = messages.addToCart;

/** The product page's controls. */
export class ProductPage {
  constructor(
    private readonly page: Page,
    readonly product: ProductDto,
  ) {}

  async open() {
    await this.page.goto(`/product/${this.product.id}`);
    await expect(
      this.page.getByRole("heading", { name: this.product.name, level: 1 }),
    ).toBeVisible();
  }

  get quantity(): Locator {
    return this.page.getByLabel(messages.cart.quantityLabel, { exact: true });
  }

  /** The Add to Cart button, whatever its label says. */
  get addButton(): Locator {
    return this.page
      .getByRole("button", {
        name: /Add \d+ to Cart|Add More|Added to Cart!|Max quantity in cart|Sold Out/,
      })
      .first();
  }

  get buyNow(): Locator {
    return this.page.getByRole("button", { name: t.buyNow, exact: true });
  }

  /** The wishlist heart of this product (the related products' cards have their own). */
  get heart(): Locator {
    const w = messages.wishlist;
    return this.page.getByRole("button", {
      name: new RegExp(`^(${w.addItem(this.product.name)}|${w.removeItem(this.product.name)})$`),
    });
  }

  async expectInWishlist(saved: boolean) {
    const w = messages.wishlist;
    const name = this.product.name;
    await expect(this.heart).toHaveAccessibleName(saved ? w.removeItem(name) : w.addItem(name));
  }

  /** The stock line under the price (a paragraph: the related products' badges are not). */
  stockLine(text: string): Locator {
    const exactly = new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
    return this.page.getByRole("main").locator("p").filter({ hasText: exactly });
  }

  /** Chooses a quantity and adds it, waiting for the 2-second 'Added to Cart!' to pass. */
  async add(quantity: number) {
    await this.quantity.selectOption(String(quantity));
    await this.addButton.click();
    await expect(this.addButton).toHaveText(t.detailAdded);
    await expect(this.addButton).not.toHaveText(t.detailAdded, { timeout: 5_000 });
  }
}

/** The header's cart link and wishlist button with their count badges. */
export class HeaderBadges {
  constructor(private readonly page: Page) {}

  get cart(): Locator {
    return this.page.getByRole("banner").getByRole("link", { name: /^Cart/ });
  }

  get wishlist(): Locator {
    return this.page.getByRole("banner").getByRole("button", { name: /^Wishlist/ });
  }

  async expectCounts({ cart, wishlist }: { cart: number; wishlist: number }) {
    const l = messages.layout;
    await expect(this.cart).toHaveAccessibleName(cart ? l.cartWithCount(cart) : l.cart);
    await expect(this.wishlist).toHaveAccessibleName(
      wishlist ? l.wishlistWithCount(wishlist) : l.wishlist,
    );
  }
}

/** The notification with exactly this text. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });
}

/** The cart the server keeps for the customer signed in on `request`. */
export async function serverCart(request: APIRequestContext): Promise<CartAnswer["cart"]> {
  return ((await (await request.get("/api/cart")).json()) as CartAnswer).cart;
}

/** The server cart's pieces and quantities, nothing else. */
export async function serverLines(request: APIRequestContext) {
  return (await serverCart(request)).map(({ productId, quantity }) => ({ productId, quantity }));
}
