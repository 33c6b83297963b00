"use client";

import { useLinkStatus } from "next/link";
import { storefrontMessages } from "@/lib/storefront-messages";

/**
 * Inside a product's link: 'Loading product details...' over its picture while the product's page
 * loads. The page itself has no loading screen: a visitor landing on it gets the product in the
 * first paint. Shown only after a moment, so a page that opens at once does not flash it.
 */
export function ProductLinkPending() {
  const { pending } = useLinkStatus();
  if (!pending) return null;
  return (
    <span
      role="status"
      className="bg-ivory/85 text-ink animate-fade-in absolute inset-0 flex items-center justify-center p-3 text-center font-serif text-lg backdrop-blur-sm [animation-delay:150ms] [animation-fill-mode:both]"
    >
      {storefrontMessages.product.loading}
    </span>
  );
}
