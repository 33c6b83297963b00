"use client";

import { Suspense } from "react";
import { OnRouteChange } from "@/components/layout/on-route-change";

function scrollToTop() {
  // A link to an anchor on the new page scrolls there instead.
  if (window.location.hash) return;
  window.scrollTo({ top: 0, behavior: "smooth" });
}

/** Every route change scrolls smoothly back to the top (spec section 2). */
export function ScrollToTop() {
  return (
    <Suspense fallback={null}>
      <OnRouteChange onChange={scrollToTop} />
    </Suspense>
  );
}
