"use client";

// The phone menu's panel: loaded when the menu is first opened (see mobile-menu.tsx), so the
// dialog code is not part of the storefront's first visit.
import Link from "next/link";
import { Dialog } from "radix-ui";
import { ChevronRight, Heart, ShoppingBag, X } from "lucide-react";
import { MobileAccountItems } from "@/components/account/mobile-account-items";
import { useCart, useWishlist } from "@/components/cart/cart-provider";
import { pageLinks } from "@/components/layout/page-links";
import { SocialLinks, type SocialUrls } from "@/components/layout/social-links";
import { SHOP_NAME } from "@/lib/constants";
import { formatBadgeCount } from "@/lib/format";
import { messages } from "@/lib/messages";
import { keepOpenOnNotificationPress } from "@/components/ui/toast";

const row =
  "flex w-full items-center gap-3 rounded-md px-3 py-3 text-start text-[0.95rem] text-ink transition-colors hover:bg-sand focus-visible:outline-2 focus-visible:outline-gold";

function Count({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="bg-gold-dark ms-auto rounded-full px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
      {formatBadgeCount(count)}
    </span>
  );
}

export function MobileMenuPanel({
  open,
  onOpenChange,
  onCloseAutoFocus,
  ...socialUrls
}: SocialUrls & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const close = () => onOpenChange(false);
  const { count: cartCount } = useCart();
  const { count: wishlistCount, openWishlist } = useWishlist();

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="bg-ink/40 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in fixed inset-0 z-50 backdrop-blur-[2px]" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          onInteractOutside={keepOpenOnNotificationPress}
          className="bg-ivory data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in fixed inset-y-0 start-0 z-50 flex w-80 max-w-[calc(100vw-2.5rem)] flex-col shadow-2xl outline-none"
        >
          <div className="border-line flex items-center justify-between border-b px-5 py-4">
            <Dialog.Title className="text-ink font-serif text-2xl font-semibold tracking-wide">
              {SHOP_NAME}
            </Dialog.Title>
            <Dialog.Close
              aria-label={messages.layout.closeMenu}
              className="text-ink hover:bg-sand focus-visible:outline-gold -me-2 inline-flex size-10 items-center justify-center rounded-full focus-visible:outline-2 pointer-coarse:size-11"
            >
              <X className="size-5" strokeWidth={1.6} aria-hidden="true" />
            </Dialog.Close>
          </div>

          <nav aria-label={messages.layout.menuTitle} className="flex-1 overflow-y-auto px-3 py-4">
            <ul className="space-y-0.5">
              {pageLinks.map(({ href, label }) => (
                <li key={href}>
                  <Link href={href} onClick={close} className={`${row} font-serif text-xl`}>
                    {label}
                    <ChevronRight
                      className="text-muted ms-auto size-4 rtl:rotate-180"
                      aria-hidden="true"
                    />
                  </Link>
                </li>
              ))}
            </ul>

            <div className="border-line my-4 border-t" />

            <ul className="space-y-0.5">
              <li>
                <button
                  type="button"
                  onClick={() => {
                    close();
                    openWishlist();
                  }}
                  className={row}
                >
                  <Heart className="size-5" strokeWidth={1.6} aria-hidden="true" />
                  {messages.layout.wishlist}
                  <Count count={wishlistCount} />
                </button>
              </li>
              <li>
                <Link href="/checkout" onClick={close} className={row}>
                  <ShoppingBag className="size-5" strokeWidth={1.6} aria-hidden="true" />
                  {messages.layout.cart}
                  <Count count={cartCount} />
                </Link>
              </li>
            </ul>

            <MobileAccountItems onNavigate={close} />
          </nav>

          <div className="border-line border-t px-5 py-4">
            <p className="text-muted mb-2 text-xs tracking-[0.2em] uppercase">
              {messages.layout.footerFollow}
            </p>
            <SocialLinks {...socialUrls} className="-ms-2" />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
