"use client";

import { useEffect, useRef } from "react";
import { usePathname } from "next/navigation";

/** Scrolls smoothly to the top, or jumps there for a shopper who asks for less motion (an explicit
 * "smooth" ignores the stylesheet's prefers-reduced-motion rule). */
export function scrollToPageTop() {
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
}

/**
 * Every route change scrolls smoothly back to the top (spec section 2). A change of query string
 * alone (choosing a category on the home page) keeps the shopper where they are, and a link to an
 * anchor scrolls to that anchor instead.
 */
export function ScrollToTop() {
  const pathname = usePathname();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (window.location.hash) return;
    scrollToPageTop();
  }, [pathname]);

  return null;
}
