"use client";

import { useEffect, useRef } from "react";
import { usePathname } from "next/navigation";

/** Scrolls smoothly to the top, or jumps there for a shopper who asks for less motion (an explicit
 * "smooth" ignores the stylesheet's prefers-reduced-motion rule). */
export function scrollToPageTop() {
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
}

// The address a navigation that keeps the scroll position is going to (choosing a category).
let keepScrollAt: string | null = null;

/**
 * The next route change, to `pathname`, keeps the shopper where they are: choosing a category is
 * a change of view on the home page in the spec (`/?category=`), though each has its own address.
 */
export function keepScrollOnWayTo(pathname: string) {
  keepScrollAt = pathname;
}

/**
 * Every route change scrolls smoothly back to the top (spec section 2), except a change of
 * category (keepScrollOnWayTo) and a change of query string alone; a link to an anchor scrolls to
 * that anchor instead.
 */
export function ScrollToTop() {
  const pathname = usePathname();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const keep = keepScrollAt === pathname;
    keepScrollAt = null;
    if (keep || window.location.hash) return;
    scrollToPageTop();
  }, [pathname]);

  return null;
}
