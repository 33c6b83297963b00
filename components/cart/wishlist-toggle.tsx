"use client";

import clsx from "clsx";
import { Heart } from "lucide-react";
import { useEffect, useState } from "react";
import { useWishlist } from "@/components/cart/cart-provider";
import { useHydrated } from "@/components/ui/use-hydrated";
import { HEART_ANIMATION_MS } from "@/lib/constants";
import { storefrontMessages } from "@/lib/storefront-messages";

/**
 * The heart that adds a piece to the wishlist or takes it out, beating for 300 ms when pressed
 * (still for shoppers who ask for reduced motion). The server's HTML shows it empty for everyone;
 * the browser fills it from the shopper's wishlist.
 */
export function WishlistToggle({
  productId,
  productName,
  className,
}: {
  productId: string;
  productName: string;
  className?: string;
}) {
  const wishlist = useWishlist();
  const saved = wishlist.has(productId);
  const [beating, setBeating] = useState(false);
  // Disabled until the page's scripts run: a tap before then would be lost.
  const hydrated = useHydrated();

  useEffect(() => {
    if (!beating) return;
    const timer = setTimeout(() => setBeating(false), HEART_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [beating]);

  return (
    <button
      type="button"
      aria-label={
        saved
          ? storefrontMessages.wishlist.removeItem(productName)
          : storefrontMessages.wishlist.addItem(productName)
      }
      disabled={!hydrated}
      onClick={() => {
        setBeating(true);
        void wishlist.toggle(productId);
      }}
      className={clsx(
        "bg-ivory/95 ring-line hover:text-gold-dark focus-visible:outline-gold inline-flex size-10 items-center justify-center rounded-full shadow-sm ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 pointer-coarse:min-h-11 pointer-coarse:min-w-11",
        saved ? "text-gold-dark" : "text-ink",
        className,
      )}
    >
      <Heart
        aria-hidden="true"
        strokeWidth={1.8}
        className={clsx(
          "size-5 duration-300 motion-safe:transition-transform",
          saved && "fill-current",
          beating && "motion-safe:scale-125",
        )}
      />
    </button>
  );
}
