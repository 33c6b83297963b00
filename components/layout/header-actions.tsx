"use client";

import Link from "next/link";
import { Heart, ShoppingBag } from "lucide-react";
import { CountBadge } from "@/components/ui/count-badge";
import { useHeaderCounts } from "@/components/layout/header-counts";
import { messages } from "@/lib/messages";

const iconButton =
  "relative inline-flex size-10 items-center justify-center rounded-full text-ink transition-colors hover:bg-sand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold";

export function WishlistButton() {
  const { wishlistCount, openWishlist } = useHeaderCounts();
  const label = wishlistCount > 0 ? messages.layout.wishlistWithCount(wishlistCount) : messages.layout.wishlist;
  return (
    <button
      type="button"
      aria-label={label}
      aria-disabled={openWishlist ? undefined : true}
      onClick={openWishlist}
      className={`${iconButton} aria-disabled:cursor-default aria-disabled:opacity-60 aria-disabled:hover:bg-transparent`}
    >
      <Heart className="size-5" strokeWidth={1.6} aria-hidden="true" />
      <CountBadge count={wishlistCount} />
    </button>
  );
}

export function CartLink() {
  const { cartCount } = useHeaderCounts();
  const label = cartCount > 0 ? messages.layout.cartWithCount(cartCount) : messages.layout.cart;
  return (
    <Link href="/checkout" aria-label={label} className={iconButton}>
      <ShoppingBag className="size-5" strokeWidth={1.6} aria-hidden="true" />
      <CountBadge count={cartCount} />
    </Link>
  );
}
