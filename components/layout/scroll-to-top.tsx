"use client";

import { useEffect, useRef } from "react";
import { usePathname } from "next/navigation";

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
    window.scrollTo({ top: 0, behavior: "smooth" });
  }, [pathname]);

  return null;
}
