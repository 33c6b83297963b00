"use client";

import { Suspense, useRef } from "react";
import dynamic from "next/dynamic";
import { Loader2, Menu } from "lucide-react";
import { OnRouteChange } from "@/components/layout/on-route-change";
import type { SocialUrls } from "@/components/layout/social-links";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useLazyWindow } from "@/components/ui/use-lazy-window";
import { storefrontMessages } from "@/lib/storefront-messages";

const loadPanel = () => import("@/components/layout/mobile-menu-panel");
const MobileMenuPanel = dynamic(() => loadPanel().then((m) => m.MobileMenuPanel), { ssr: false });

/**
 * The phone menu: a 20rem panel sliding in from the start side (spec section 2, Header). The panel
 * loads on first use, the button spinning until it is here (seconds on a slow phone); pointing at
 * or focusing the button starts that download a moment early.
 */
export function MobileMenu(socialUrls: SocialUrls) {
  const { open, setOpen, used, opening, show } = useLazyWindow(loadPanel);
  const trigger = useRef<HTMLButtonElement>(null);
  // Disabled until the page's scripts run: a tap before then would be lost.
  const hydrated = useHydrated();

  return (
    <>
      <Suspense fallback={null}>
        <OnRouteChange onChange={() => setOpen(false)} />
      </Suspense>
      <button
        ref={trigger}
        type="button"
        aria-label={storefrontMessages.layout.openMenu}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-busy={opening || undefined}
        disabled={!hydrated}
        onPointerEnter={loadPanel}
        onPointerDown={loadPanel}
        onFocus={loadPanel}
        onClick={show}
        className="text-ink hover:bg-sand focus-visible:outline-gold -ms-2 inline-flex size-10 items-center justify-center rounded-full focus-visible:outline-2 lg:hidden pointer-coarse:size-11"
      >
        {opening ? (
          <Loader2 className="size-5 animate-spin" aria-hidden="true" />
        ) : (
          <Menu className="size-5" strokeWidth={1.6} aria-hidden="true" />
        )}
      </button>
      {used && (
        <MobileMenuPanel
          {...socialUrls}
          open={open}
          onOpenChange={setOpen}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
        />
      )}
    </>
  );
}
