"use client";

// The product page's shopper controls (spec section 2, Product detail page): the stock line with
// what is already in the cart, the quantity selector, Add to Cart, Buy Now and the wishlist heart.
// The server renders them as every visitor sees them (nothing in the cart); the shopper's own
// cart and wishlist apply once the browser has read them, so the page's HTML is the same for all.
import { useId } from "react";
import clsx from "clsx";
import { Check, Loader2, ShoppingBag } from "lucide-react";
import { useCart } from "@/components/cart/cart-provider";
import { WishlistToggle } from "@/components/cart/wishlist-toggle";
import { useProductPurchase } from "@/components/product/use-product-purchase";
import { inkPill, outlinePill } from "@/components/ui/pill";
import type { CartProduct } from "@/lib/cart-rules";
import { storefrontMessages } from "@/lib/storefront-messages";
import { detailStockNotice, stockTone } from "@/lib/stock";

const noticeClasses = {
  unavailable: "text-muted",
  limited: "text-gold-dark",
  available: "text-emerald-800",
} as const;

const dotClasses = {
  unavailable: "bg-muted",
  limited: "bg-gold",
  available: "bg-emerald-600",
} as const;

/** 'In Stock (2 in cart)', 'Only 1 left in stock' or 'Currently unavailable', with its colour. */
export function ProductStockNotice({ productId, stock }: { productId: string; stock: number }) {
  const { ready, quantityOf } = useCart();
  const state = { stock, inCart: ready ? quantityOf(productId) : 0 };
  const tone = stockTone({ stock, inCart: 0 });
  return (
    <p className={clsx("mt-4 flex items-center gap-2 text-sm font-medium", noticeClasses[tone])}>
      <span aria-hidden="true" className={clsx("size-2 rounded-full", dotClasses[tone])} />
      {detailStockNotice(state)}
    </p>
  );
}

export function ProductPurchase({ product }: { product: CartProduct }) {
  const controls = useProductPurchase(product);
  const quantityId = useId();
  const options = Array.from({ length: Math.max(1, controls.max) }, (_, i) => i + 1);

  return (
    <div className="mt-8 space-y-4">
      <div className="flex items-end gap-3">
        <div>
          <label htmlFor={quantityId} className="text-ink mb-1.5 block text-sm font-medium">
            {storefrontMessages.cart.quantityLabel}
          </label>
          <select
            id={quantityId}
            value={controls.quantity}
            disabled={controls.quantityDisabled}
            onChange={(event) => controls.setQuantity(Number(event.target.value))}
            className="border-line text-ink focus:border-gold focus:ring-gold/20 h-12 w-24 rounded-full border bg-white px-4 text-[15px] tabular-nums shadow-xs outline-none focus:ring-3 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {options.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <WishlistToggle productId={product.id} productName={product.name} className="size-12" />
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <button
          type="button"
          onClick={controls.addToCart}
          disabled={controls.disabled}
          aria-live="polite"
          className={`${inkPill} disabled:bg-sand disabled:text-muted disabled:hover:bg-sand inline-flex h-12 items-center justify-center gap-2 px-6 py-0 disabled:cursor-not-allowed`}
        >
          {controls.busy ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : controls.justAdded ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <ShoppingBag aria-hidden="true" className="size-4" />
          )}
          {controls.label}
        </button>
        <button
          type="button"
          onClick={controls.buyNow}
          disabled={controls.buyNowDisabled}
          className={clsx(
            outlinePill,
            "disabled:hover:border-ink/70 disabled:hover:text-ink inline-flex h-12 items-center justify-center px-6 py-0 disabled:cursor-not-allowed disabled:opacity-40",
          )}
        >
          {storefrontMessages.addToCart.buyNow}
        </button>
      </div>
    </div>
  );
}
