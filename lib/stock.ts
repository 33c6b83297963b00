// Stock wording of the shop (spec section 4). Pure functions, safe to import from client and server:
// cards and the product page render them on the server, the cart UI re-renders them in the browser.
import { quantityCap } from "@/lib/cart-rules";
import { DETAIL_QUANTITY_CAP } from "@/lib/constants";
import { storefrontMessages } from "@/lib/storefront-messages";

type StockState = {
  /** Units the shop has. */
  stock: number;
  /** Units of this product already in the shopper's cart. */
  inCart: number;
};

export type StockTone = "unavailable" | "limited" | "available";

/** Badge on product cards and in the quick view. */
export function stockBadge({ stock, inCart }: StockState): string {
  if (stock <= 0) return storefrontMessages.stock.soldOut;
  if (inCart >= stock) return storefrontMessages.stock.allInCart(inCart, stock);
  if (inCart > 0) return storefrontMessages.stock.someInCart(inCart, stock - inCart);
  if (stock === 1) return storefrontMessages.stock.onlyOneLeft;
  return storefrontMessages.stock.inStock;
}

/** How a badge or notice is coloured: nothing left to buy, few left, or plenty. */
export function stockTone({ stock, inCart }: StockState): StockTone {
  if (stock <= 0 || inCart >= stock) return "unavailable";
  if (stock === 1 || inCart > 0) return "limited";
  return "available";
}

/** Stock line on the product detail page. */
export function detailStockNotice({ stock, inCart }: StockState): string {
  if (stock <= 0) return storefrontMessages.stock.detailUnavailable;
  if (stock === 1) return storefrontMessages.stock.detailOnlyOne;
  if (inCart > 0)
    return `${storefrontMessages.stock.inStock} ${storefrontMessages.stock.detailInCart(inCart)}`;
  return storefrontMessages.stock.inStock;
}

/**
 * Largest quantity a quantity chooser offers: never more than is left to add to the cart line
 * (which holds at most the stock and 99), and on the detail page at most 10 (spec section 5).
 */
export function maxSelectableQuantity({
  stock,
  inCart,
  place,
}: StockState & { place: "quick-view" | "detail" }): number {
  const room = quantityCap(stock) - inCart;
  return Math.max(0, place === "detail" ? Math.min(DETAIL_QUANTITY_CAP, room) : room);
}

type AddToCartState = StockState & {
  /** Quantity the shopper chose. */
  quantity: number;
  /** True for the 2 seconds after a successful add. */
  justAdded: boolean;
  /** The detail page words two labels differently from the quick view. */
  place: "quick-view" | "detail";
};

/** Label of the Add to Cart button and whether it can be pressed. */
export function addToCartLabel({ stock, inCart, quantity, justAdded, place }: AddToCartState): {
  label: string;
  disabled: boolean;
} {
  const detail = place === "detail";
  if (stock <= 0) return { label: storefrontMessages.addToCart.soldOut, disabled: true };
  // A line holds at most the stock and 99: past either, another press could add nothing.
  if (inCart >= quantityCap(stock)) {
    const label = detail
      ? storefrontMessages.addToCart.detailMaxInCart
      : storefrontMessages.addToCart.maxInCart;
    return { label, disabled: true };
  }
  if (justAdded) {
    const label = detail
      ? storefrontMessages.addToCart.detailAdded
      : storefrontMessages.addToCart.added;
    return { label, disabled: false };
  }
  if (inCart > 0) return { label: storefrontMessages.addToCart.addMore, disabled: false };
  return { label: storefrontMessages.addToCart.addN(quantity), disabled: false };
}
