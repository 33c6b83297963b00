"use client";

import { useEffect, useRef } from "react";
import { usePathname, useSearchParams } from "next/navigation";

/**
 * Calls `onChange` after each client navigation (path or query), not on the first render.
 * Reads the query string, so render it inside <Suspense> to keep pages static.
 */
export function OnRouteChange({ onChange }: { onChange: () => void }) {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const route = `${pathname}?${search}`;
  const previous = useRef(route);
  const callback = useRef(onChange);

  useEffect(() => {
    callback.current = onChange;
  });

  useEffect(() => {
    if (previous.current === route) return;
    previous.current = route;
    callback.current();
  }, [route]);

  return null;
}
