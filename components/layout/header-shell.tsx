"use client";

import { useEffect, useRef, useState } from "react";
import { HEADER_HIDE_AFTER_PX } from "@/lib/constants";

/** The sticky header bar: slides away while the shopper scrolls down, returns on scroll up or near the top. */
export function HeaderShell({ children }: { children: React.ReactNode }) {
  const [hidden, setHidden] = useState(false);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    let lastY = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      // A shopper typing in the search box keeps the header (and its results) in view.
      const typing =
        document.activeElement instanceof HTMLInputElement &&
        ref.current?.contains(document.activeElement);
      if (y <= HEADER_HIDE_AFTER_PX) setHidden(false);
      else if (y > lastY + 2) setHidden(!typing);
      else if (y < lastY - 2) setHidden(false);
      lastY = y;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <header
      ref={ref}
      data-hidden={hidden || undefined}
      onFocus={() => setHidden(false)}
      className="border-line bg-ivory/95 supports-[backdrop-filter]:bg-ivory/85 sticky top-0 z-40 border-b backdrop-blur-md transition-transform duration-300 ease-out data-hidden:-translate-y-full"
    >
      {children}
    </header>
  );
}
