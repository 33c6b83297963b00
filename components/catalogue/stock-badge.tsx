"use client";

import clsx from "clsx";
import { useCart } from "@/components/cart/cart-provider";
import { stockBadge, stockTone } from "@/lib/stock";

// Solid colours at WCAG AA for 12px text, whatever photo lies beneath: ink on ivory 16:1, white on
// gold-dark 4.9:1, ivory on ink 16:1.
const toneClasses = {
  unavailable: "bg-ink text-ivory",
  limited: "bg-gold-dark text-white",
  available: "bg-ivory text-ink ring-1 ring-line",
} as const;

/**
 * The card and quick-view badge of spec section 4, counting what this shopper already has in the
 * cart. The server's HTML shows the badge of an empty cart (the same page for every visitor); the
 * browser applies the shopper's cart once it has read it.
 */
export function StockBadge({
  productId,
  stock,
  className,
}: {
  productId: string;
  stock: number;
  className?: string;
}) {
  const inCart = useCart().quantityOf(productId);
  return (
    <span
      data-testid="stock-badge"
      className={clsx(
        "inline-block rounded-xl px-2.5 py-1 text-xs leading-tight font-semibold tracking-wide shadow-sm",
        toneClasses[stockTone({ stock, inCart })],
        className,
      )}
    >
      {stockBadge({ stock, inCart })}
    </span>
  );
}
