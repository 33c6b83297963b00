// A verified customer's cart and wishlist on the server (spec section 7), and the catalogue the
// browser checks the lists against: the SWR keys and every call the cart provider makes.
import { callApi } from "@/lib/api-client";
import type { CartAnswer, FixIssuesAnswer, WishlistAnswer } from "@/models/cart";

export const CART_KEY = "/api/cart";
export const WISHLIST_KEY = "/api/wishlist";
export const CATALOGUE_KEY = "/api/products";

/** SWR's fetcher: the answer's body, or the failure thrown so SWR keeps the last data and retries. */
export async function readApi<T>(path: string): Promise<T> {
  const result = await callApi<T>(path);
  if (result.ok) return result.data;
  throw result;
}

export type CartChangeAnswer = CartAnswer & { message?: string };
export type WishlistChangeAnswer = WishlistAnswer & { message?: string };

const segment = encodeURIComponent;

// An add is never sent twice: the server adds its quantity to the line, so a try whose answer was
// lost and a retry would count it twice. A network error keeps the line in browser storage instead,
// and the merge that follows raises the server's line to it, never past it.
export const serverCart = {
  add: (productId: string, quantity: number) =>
    callApi<CartChangeAnswer>("/api/cart/add", { body: { productId, quantity } }),
  update: (productId: string, quantity: number) =>
    callApi<CartChangeAnswer>("/api/cart/update", { method: "PUT", body: { productId, quantity } }),
  // A line already gone (404: a try whose answer was lost took it, or another tab did) is what was
  // asked: the cart as it is now answers instead.
  remove: async (productId: string) => {
    const result = await callApi<CartChangeAnswer>(`/api/cart/remove/${segment(productId)}`, {
      method: "DELETE",
    });
    return !result.ok && result.status === 404 ? callApi<CartChangeAnswer>(CART_KEY) : result;
  },
  fixIssues: () =>
    callApi<FixIssuesAnswer>("/api/cart/fix-issues", { body: { action: "adjust" }, retry: true }),
};

/**
 * Whether the shop no longer has a product: its own address answers that there is none. The
 * catalogue's list cannot tell, since a shared cache may answer it from before the product was
 * added.
 */
export async function productIsGone(productId: string): Promise<boolean> {
  const result = await callApi(`/api/product/${segment(productId)}`);
  return !result.ok && (result.status === 404 || result.status === 400);
}

/** The stock a refused cart change (409) names as the shop's now, when it names one. */
export function refusedStock(refusal: { body: unknown }): number | undefined {
  const stock = (refusal.body as { stock?: unknown } | null)?.stock;
  return typeof stock === "number" && Number.isInteger(stock) && stock >= 0 ? stock : undefined;
}

export const serverWishlist = {
  add: (productId: string) =>
    callApi<WishlistChangeAnswer>("/api/wishlist/add", { body: { productId }, retry: true }),
  remove: (productId: string) =>
    callApi<WishlistChangeAnswer>(`/api/wishlist/remove/${segment(productId)}`, {
      method: "DELETE",
    }),
  clear: () => callApi<WishlistChangeAnswer>("/api/wishlist/clear", { method: "DELETE" }),
};
