"use client";

// The shop's notifications, as the rest of the shop asks for them. What draws them (sonner) is a
// sizeable script that showing a page does not need: it loads once the page is idle (components/
// ui/toaster.tsx), or at once when a notification is asked for earlier, which then shows as soon as
// that code is here (sonner replays notifications made before its window subscribed).
import type { ExternalToast } from "sonner";

export const loadNotifications = () => import("@/components/ui/shop-toaster");

let wanted = false;
const listeners = new Set<() => void>();

/** Whether the notifications' window should be on the page: from the first need of it on. */
export const notificationsWanted = () => wanted;

export function subscribeToNotificationsWanted(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function wantNotifications() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** The class of each notification (shop-toaster.tsx), which a press on one is known by. */
export const NOTIFICATION_CLASS = "shop-notification";

/**
 * For a window's `onInteractOutside`: a press on a notification (its close button) is not a press
 * beside the window, so the window stays open. Notifications take presses over an open window
 * (shop-toaster.tsx), whose page behind does not.
 */
export function keepOpenOnNotificationPress(event: {
  target: EventTarget | null;
  preventDefault(): void;
}) {
  if (event.target instanceof Element && event.target.closest(`.${NOTIFICATION_CLASS}`)) {
    event.preventDefault();
  }
}

type Kind = "success" | "error" | "info" | "warning";

const notify = (kind: Kind) => (message: string, options?: ExternalToast) => {
  wantNotifications();
  // Code that never arrives (the connection dropped before it came) leaves nothing to draw with.
  loadNotifications().then(
    ({ toast }) => toast[kind](message, options),
    () => undefined,
  );
};

export const toast = {
  success: notify("success"),
  error: notify("error"),
  info: notify("info"),
  warning: notify("warning"),
};
