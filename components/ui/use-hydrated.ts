"use client";

import { startTransition, useEffect, useState } from "react";

function onceParsed(done: () => void): () => void {
  if (document.readyState !== "loading") {
    done();
    return () => {};
  }
  document.addEventListener("DOMContentLoaded", done, { once: true });
  return () => document.removeEventListener("DOMContentLoaded", done);
}

/**
 * False in the server's HTML and until the browser has the whole page and React runs in it.
 *
 * The shop's providers wait for it before their values turn per-visitor (the session, the lists in
 * browser storage): while parts of a page are still streaming in (a product shown for the first
 * time since it changed), a change of a value they read would make React give up hydrating them
 * and render them again in the browser, throwing the server's HTML away.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => onceParsed(() => startTransition(() => setHydrated(true))), []);
  return hydrated;
}
