"use client";

import { Suspense, useState } from "react";
import Link from "next/link";
import { Dialog } from "radix-ui";
import { ChevronRight, Heart, Menu, ShoppingBag, X } from "lucide-react";
import { MobileAccountItems } from "@/components/account/mobile-account-items";
import { useHeaderCounts } from "@/components/layout/header-counts";
import { OnRouteChange } from "@/components/layout/on-route-change";
import { SocialLinks, type SocialUrls } from "@/components/layout/social-links";
import { SHOP_NAME } from "@/lib/constants";
import { formatBadgeCount } from "@/lib/format";
import { messages } from "@/lib/messages";

const row =
  "flex w-full items-center gap-3 rounded-md px-3 py-3 text-start text-[0.95rem] text-ink transition-colors hover:bg-sand focus-visible:outline-2 focus-visible:outline-gold";

function Count({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="ms-auto rounded-full bg-gold-dark px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
      {formatBadgeCount(count)}
    </span>
  );
}

/** The phone menu: a 20rem panel sliding in from the start side (spec section 2, Header). */
export function MobileMenu(socialUrls: SocialUrls) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const { cartCount, wishlistCount, openWishlist } = useHeaderCounts();

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Suspense fallback={null}>
        <OnRouteChange onChange={close} />
      </Suspense>
      <Dialog.Trigger
        aria-label={messages.layout.openMenu}
        className="-ms-2 inline-flex size-10 items-center justify-center rounded-full text-ink hover:bg-sand focus-visible:outline-2 focus-visible:outline-gold lg:hidden"
      >
        <Menu className="size-5" strokeWidth={1.6} aria-hidden="true" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 start-0 z-50 flex w-80 max-w-[calc(100vw-2.5rem)] flex-col bg-ivory shadow-2xl outline-none data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in"
        >
          <div className="flex items-center justify-between border-b border-line px-5 py-4">
            <Dialog.Title className="font-serif text-2xl font-semibold tracking-wide text-ink">{SHOP_NAME}</Dialog.Title>
            <Dialog.Close
              aria-label={messages.layout.closeMenu}
              className="-me-2 inline-flex size-10 items-center justify-center rounded-full text-ink hover:bg-sand focus-visible:outline-2 focus-visible:outline-gold"
            >
              <X className="size-5" strokeWidth={1.6} aria-hidden="true" />
            </Dialog.Close>
          </div>

          <nav aria-label={messages.layout.menuTitle} className="flex-1 overflow-y-auto px-3 py-4">
            <ul className="space-y-0.5">
              <li>
                <Link href="/" onClick={close} className={`${row} font-serif text-xl`}>
                  {messages.layout.collections}
                  <ChevronRight className="ms-auto size-4 text-muted rtl:rotate-180" aria-hidden="true" />
                </Link>
              </li>
              <li>
                <Link href="/about" onClick={close} className={`${row} font-serif text-xl`}>
                  {messages.layout.about}
                  <ChevronRight className="ms-auto size-4 text-muted rtl:rotate-180" aria-hidden="true" />
                </Link>
              </li>
            </ul>

            <div className="my-4 border-t border-line" />

            <ul className="space-y-0.5">
              <li>
                <button
                  type="button"
                  aria-disabled={openWishlist ? undefined : true}
                  onClick={() => {
                    if (!openWishlist) return;
                    close();
                    openWishlist();
                  }}
                  className={`${row} aria-disabled:cursor-default aria-disabled:text-muted aria-disabled:hover:bg-transparent`}
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

          <div className="border-t border-line px-5 py-4">
            <p className="mb-2 text-xs tracking-[0.2em] text-muted uppercase">{messages.layout.footerFollow}</p>
            <SocialLinks {...socialUrls} className="-ms-2" />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
