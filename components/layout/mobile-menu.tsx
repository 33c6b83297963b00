"use client";

import { Suspense, useRef, useState } from "react";
import dynamic from "next/dynamic";
import { Menu } from "lucide-react";
import { OnRouteChange } from "@/components/layout/on-route-change";
import type { SocialUrls } from "@/components/layout/social-links";
import { messages } from "@/lib/messages";

const loadPanel = () => import("@/components/layout/mobile-menu-panel");
const MobileMenuPanel = dynamic(() => loadPanel().then((m) => m.MobileMenuPanel), { ssr: false });

/**
 * The phone menu: a 20rem panel sliding in from the start side (spec section 2, Header). The panel
 * loads on first use; pointing at or focusing the button starts that download a moment early.
 */
export function MobileMenu(socialUrls: SocialUrls) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Suspense fallback={null}>
        <OnRouteChange onChange={() => setOpen(false)} />
      </Suspense>
      <button
        ref={trigger}
        type="button"
        aria-label={messages.layout.openMenu}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={loadPanel}
        onPointerDown={loadPanel}
        onFocus={loadPanel}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className="text-ink hover:bg-sand focus-visible:outline-gold -ms-2 inline-flex size-10 items-center justify-center rounded-full focus-visible:outline-2 lg:hidden"
      >
        <Menu className="size-5" strokeWidth={1.6} aria-hidden="true" />
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
