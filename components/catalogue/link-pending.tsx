"use client";

import { useLinkStatus } from "next/link";

/** A small pulsing dot under a link while the page it opens is on its way. */
export function LinkPending() {
  const { pending } = useLinkStatus();
  return (
    <span
      aria-hidden="true"
      className={`pointer-events-none absolute inset-x-0 bottom-1 mx-auto size-1 rounded-full bg-current transition-opacity ${
        pending ? "animate-pulse opacity-100" : "opacity-0"
      }`}
    />
  );
}
