"use client";

import { useSyncExternalStore } from "react";
import {
  readNetworkQuality,
  WIDE_SCREEN_QUERY,
  type ConnectionInfo,
  type NetworkQuality,
} from "@/models/network-quality";

type Connection = ConnectionInfo & EventTarget;

const connectionOf = () => (navigator as Navigator & { connection?: Connection }).connection;

function subscribe(onChange: () => void) {
  const connection = connectionOf();
  const wideScreen = window.matchMedia(WIDE_SCREEN_QUERY);
  connection?.addEventListener("change", onChange);
  wideScreen.addEventListener("change", onChange);
  return () => {
    connection?.removeEventListener("change", onChange);
    wideScreen.removeEventListener("change", onChange);
  };
}

// The same object while nothing changed, as useSyncExternalStore requires.
let last: { key: string; quality: NetworkQuality } | undefined;

function getSnapshot(): NetworkQuality {
  const quality = readNetworkQuality(connectionOf(), {
    wideScreen: window.matchMedia(WIDE_SCREEN_QUERY).matches,
  });
  const key = JSON.stringify(quality);
  if (last?.key !== key) last = { key, quality };
  return last.quality;
}

// The server, and the browser while it hydrates, know nothing of the visitor's connection: the
// page's HTML is the same for everyone.
const getServerSnapshot = () => null;

/**
 * The visitor's network quality, live: updated on the connection's change event (and, without the
 * Network Information API, when the screen crosses the wide-screen width). Null until hydrated.
 */
export function useNetworkQuality(): NetworkQuality | null {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
