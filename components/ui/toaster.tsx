"use client";

import dynamic from "next/dynamic";
import { useEffect, useSyncExternalStore } from "react";
import {
  loadNotifications,
  notificationsWanted,
  subscribeToNotificationsWanted,
  wantNotifications,
} from "@/components/ui/toast";

const ShopToaster = dynamic(() => loadNotifications().then((m) => m.ShopToaster), { ssr: false });

/** Runs `task` once the page has loaded and the browser has a moment to spare. */
function whenPageIdle(task: () => void) {
  let idle: number | undefined;
  let timer: number | undefined;
  const schedule = () => {
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback === "function")
      idle = window.requestIdleCallback(task, { timeout: 3000 });
    else timer = window.setTimeout(task, 500);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    window.clearTimeout(timer);
  };
}

/**
 * Where notifications show (spec section 2, Toasts). Their code waits until the page has loaded and
 * is idle, so it never competes with the first paint on a phone's connection; it is fetched then
 * rather than at the first notification so that one is ready even when the connection drops later.
 */
export function Toaster() {
  const wanted = useSyncExternalStore(
    subscribeToNotificationsWanted,
    notificationsWanted,
    () => false,
  );
  useEffect(() => whenPageIdle(wantNotifications), []);
  return wanted ? <ShopToaster /> : null;
}
