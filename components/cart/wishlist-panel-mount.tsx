"use client";

import dynamic from "next/dynamic";
import { useLayoutEffect, useRef, useState } from "react";
import { storefrontMessages } from "@/lib/storefront-messages";

const WishlistPanel = dynamic(
  () => import("@/components/cart/wishlist-panel").then((m) => m.WishlistPanel),
  { ssr: false },
);

const headerWishlistButton = () =>
  document.querySelector<HTMLElement>(
    `header button[aria-haspopup="dialog"][aria-label^="${storefrontMessages.layout.wishlist}"]`,
  );

/**
 * Where the wishlist panel lives (inside the cart provider, which opens it). Its code loads when a
 * shopper first opens it, so the storefront's first visit downloads none of it.
 */
export function WishlistPanelMount({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);

  // The button that opened the panel (the header's or the phone menu's heart) gets focus back:
  // radix gives it back only to a Dialog.Trigger. Read before the panel's focus trap moves it.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement)
      opener.current = document.activeElement;
  }, [open]);

  return used ? (
    <WishlistPanel
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={(event) => {
        // Opened from the phone menu, the opener left with the menu: the header's heart stands in.
        const target = opener.current?.isConnected ? opener.current : headerWishlistButton();
        if (!target) return;
        event.preventDefault();
        target.focus();
      }}
    />
  ) : null;
}
