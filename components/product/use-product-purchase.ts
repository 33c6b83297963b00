"use client";

// The product page's quantity, Add to Cart and Buy Now (spec sections 2 and 4): the quantity runs
// from 1 to min(10, stock − in cart) and goes back to 1 when the 2-second 'Added to Cart!' ends;
// Buy Now adds the chosen quantity when the product is not in the cart yet, then opens /checkout.
import { useCallback, useState } from "react";
import { useRouter } from "next/navigation";
import { useAddToCart } from "@/components/cart/use-add-to-cart";
import type { CartProduct } from "@/lib/cart-rules";
import { addToCartLabel, maxSelectableQuantity } from "@/lib/stock";

export function useProductPurchase(product: CartProduct) {
  const router = useRouter();
  const [chosen, setChosen] = useState(1);
  const resetQuantity = useCallback(() => setChosen(1), []);
  const { inCart, ready, justAdded, busy, add } = useAddToCart(product, resetQuantity);
  const stock = product.quantity;
  const max = maxSelectableQuantity({ stock, inCart, place: "detail" });
  const quantity = Math.max(1, Math.min(chosen, max));
  const { label, disabled } = addToCartLabel({
    stock,
    inCart,
    quantity,
    justAdded,
    place: "detail",
  });

  async function addToCart() {
    if (!disabled && !busy) await add(quantity);
  }

  async function buyNow() {
    if (busy) return;
    if (inCart === 0 && !(await add(quantity))) return;
    router.push("/checkout");
  }

  return {
    /** The quantity to add, kept within 1 and `max`. */
    quantity,
    setQuantity: setChosen,
    /** The most the shopper may choose now; 0 when nothing is left to add. */
    max,
    label,
    // Until the cart is read, nothing may be added twice over what it already holds, and a
    // quantity chosen before the page came alive would be lost.
    disabled: disabled || !ready,
    quantityDisabled: max <= 0 || !ready,
    busy,
    justAdded,
    addToCart,
    // Sold out with nothing in the cart: nothing to buy.
    buyNowDisabled: (stock <= 0 && inCart === 0) || !ready,
    buyNow,
  };
}
