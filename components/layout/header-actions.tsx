"use client";

import Link from "next/link";
import { Heart, ShoppingBag } from "lucide-react";
import { useCart, useWishlist } from "@/components/cart/cart-provider";
import { CountBadge } from "@/components/ui/count-badge";
import { messages } from "@/lib/messages";

const iconButton =
  "relative inline-flex size-10 items-center justify-center rounded-full text-ink transition-colors hover:bg-sand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold";

export function WishlistButton() {
  const { count, openWishlist } = useWishlist();
  const label = count > 0 ? messages.layout.wishlistWithCount(count) : messages.layout.wishlist;
  return (
    <button
      type="button"
      aria-label={label}
      aria-haspopup="dialog"
      onClick={openWishlist}
      className={iconButton}
    >
      <Heart className="size-5" strokeWidth={1.6} aria-hidden="true" />
      <CountBadge count={count} />
    </button>
  );
}

export function CartLink() {
  const { count } = useCart();
  const label = count > 0 ? messages.layout.cartWithCount(count) : messages.layout.cart;
  return (
    <Link href="/checkout" aria-label={label} className={iconButton}>
      <ShoppingBag className="size-5" strokeWidth={1.6} aria-hidden="true" />
      <CountBadge count={count} />
    </Link>
  );
}
