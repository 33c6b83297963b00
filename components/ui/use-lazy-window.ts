"use client";

import { useState } from "react";

/**
 * A window whose code loads on its first opening: `used` from then on (mount it), `opening` while
 * that code is still on its way, so the button that opened it can spin (seconds on a slow phone).
 */
export function useLazyWindow(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const show = () => {
    setUsed(true);
    setOpen(true);
    // A failed download stops the spinner too: it never spins for ever.
    const settle = () => setLoaded(true);
    void load().then(settle, settle);
  };
  return { open, setOpen, used, opening: open && !loaded, show };
}
