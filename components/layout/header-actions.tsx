"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { Heart, ShoppingBag } from "lucide-react";
import { useCart, useWishlist } from "@/components/cart/cart-provider";
import { CountBadge } from "@/components/ui/count-badge";
import { useHydrated } from "@/components/ui/use-hydrated";
import { storefrontMessages } from "@/lib/storefront-messages";

const iconButton =
  "relative inline-flex size-10 pointer-coarse:size-11 items-center justify-center rounded-full text-ink transition-colors hover:bg-sand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold";

export function WishlistButton() {
  const { count, openWishlist } = useWishlist();
  // Disabled until the page's scripts run: a tap before then would be lost.
  const hydrated = useHydrated();
  const label =
    count > 0
      ? storefrontMessages.layout.wishlistWithCount(count)
      : storefrontMessages.layout.wishlist;
  return (
    <button
      type="button"
      aria-label={label}
      aria-haspopup="dialog"
      disabled={!hydrated}
      onClick={openWishlist}
      className={iconButton}
    >
      <Heart className="size-5" strokeWidth={1.6} aria-hidden="true" />
      <CountBadge count={count} />
    </button>
  );
}

/**
 * The bag, on every page: the checkout (its form and validation are the biggest script the shop
 * has) is fetched when the shopper reaches for it, not on every visit, where it would compete
 * with the first page's pictures on a phone's connection.
 */
export function CartLink() {
  const { count } = useCart();
  const router = useRouter();
  const label =
    count > 0 ? storefrontMessages.layout.cartWithCount(count) : storefrontMessages.layout.cart;
  const prefetch = () => router.prefetch("/checkout");
  return (
    <Link
      href="/checkout"
      prefetch={false}
      onPointerEnter={prefetch}
      onTouchStart={prefetch}
      onFocus={prefetch}
      aria-label={label}
      className={iconButton}
    >
      <ShoppingBag className="size-5" strokeWidth={1.6} aria-hidden="true" />
      <CountBadge count={count} />
    </Link>
  );
}
