"use client";

import clsx from "clsx";
import dynamic from "next/dynamic";
import { Eye, Loader2 } from "lucide-react";
import { useRef } from "react";
import type { QuickViewProduct } from "@/components/cart/quick-view";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useLazyWindow } from "@/components/ui/use-lazy-window";
import { storefrontMessages } from "@/lib/storefront-messages";

const loadQuickView = () => import("@/components/cart/quick-view");
const QuickView = dynamic(() => loadQuickView().then((m) => m.QuickView), { ssr: false });

/**
 * A card's Quick view button. The window's code loads on first use (pointing at or focusing the
 * button starts that download a moment early), the button spinning until it is here: on a slow
 * phone that takes seconds. Closing the window returns focus to this button.
 */
export function QuickViewButton({
  product,
  className,
}: {
  product: QuickViewProduct;
  className?: string;
}) {
  const { open, setOpen, used, opening, show } = useLazyWindow(loadQuickView);
  const trigger = useRef<HTMLButtonElement>(null);
  // Disabled until the page's scripts run: a tap before then would be lost.
  const hydrated = useHydrated();

  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label={storefrontMessages.quickView.openItem(product.name)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-busy={opening || undefined}
        disabled={!hydrated}
        onPointerEnter={loadQuickView}
        onFocus={loadQuickView}
        onClick={show}
        className={clsx(
          "bg-ivory/95 text-ink ring-line hover:bg-ivory hover:text-gold-dark focus-visible:outline-gold inline-flex h-10 items-center gap-1.5 rounded-full px-3.5 text-xs font-semibold tracking-wide shadow-sm ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2 motion-reduce:transition-none pointer-coarse:h-11",
          className,
        )}
      >
        {opening ? (
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Eye aria-hidden="true" className="size-4" strokeWidth={1.8} />
        )}
        <span className="max-sm:sr-only">{storefrontMessages.quickView.open}</span>
      </button>
      {used && (
        <QuickView
          product={product}
          open={open}
          onClose={() => setOpen(false)}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
        />
      )}
    </>
  );
}
