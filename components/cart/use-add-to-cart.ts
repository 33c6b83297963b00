"use client";

import { useEffect, useState } from "react";
import { useCart } from "@/components/cart/cart-provider";
import { trackAddToCart } from "@/lib/analytics";
import type { CartProduct } from "@/lib/cart-rules";
import { ADDED_FEEDBACK_MS } from "@/lib/constants";

/**
 * Adding one product to the cart from a button: how many units the cart holds, whether the
 * 'Added!' feedback is showing (for 2 seconds after a successful add, then `onFeedbackEnd`), and
 * the add itself, which reports the add_to_cart event when it succeeded. Until the cart is read
 * (`ready`), its quantities are unknown: nothing may be added twice over what it already holds.
 */
export function useAddToCart(product: CartProduct, onFeedbackEnd?: () => void) {
  const cart = useCart();
  const [justAdded, setJustAdded] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!justAdded) return;
    const timer = setTimeout(() => {
      setJustAdded(false);
      onFeedbackEnd?.();
    }, ADDED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [justAdded, onFeedbackEnd]);

  const add = async (quantity: number) => {
    setBusy(true);
    const change = await cart.add(product, quantity);
    setBusy(false);
    if (change.ok) {
      trackAddToCart(product, quantity);
      setJustAdded(true);
    }
    return change.ok;
  };

  return { inCart: cart.quantityOf(product.id), ready: cart.ready, justAdded, busy, add };
}
