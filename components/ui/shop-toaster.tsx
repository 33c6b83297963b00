"use client";

import type { CSSProperties } from "react";
import { Toaster as SonnerToaster } from "sonner";
import { NOTIFICATION_CLASS } from "@/components/ui/toast";
import { TOAST_DURATION_MS } from "@/lib/constants";

// Loaded together with the window that shows them (components/ui/toast.ts).
export { toast } from "sonner";

// Sonner's colour variables, in the shop's palette (ivory paper, warm ink, muted jewel tones).
const palette = {
  "--normal-bg": "var(--color-ivory)",
  "--normal-border": "var(--color-line)",
  "--normal-text": "var(--color-ink)",
  "--success-bg": "#f2f5ec",
  "--success-border": "#d3dec3",
  "--success-text": "#3d5a28",
  "--info-bg": "#f0f3f6",
  "--info-border": "#d3dce6",
  "--info-text": "#30506e",
  "--warning-bg": "#fbf3e3",
  "--warning-border": "#ebd6ad",
  "--warning-text": "#855512",
  "--error-bg": "#fbefec",
  "--error-border": "#eccdc7",
  "--error-text": "#982d22",
  "--border-radius": "0.375rem",
  fontFamily: "var(--font-sans)",
} as CSSProperties;

/** Below the header, whose buttons a notification must not cover (globals.css). */
const offset = { top: "var(--toast-top)" };

/** The shop's notifications: top right, dismissable, 4 seconds (spec section 2, Toasts). */
export function ShopToaster() {
  return (
    <SonnerToaster
      position="top-right"
      offset={offset}
      mobileOffset={offset}
      duration={TOAST_DURATION_MS}
      closeButton
      richColors
      style={palette}
      toastOptions={{
        classNames: {
          // Pressable over an open window too, which makes the rest of the page ignore the pointer.
          toast: `${NOTIFICATION_CLASS} !pointer-events-auto !shadow-[0_10px_30px_-12px_rgba(31,26,23,0.25)] !text-sm pointer-coarse:!pe-11`,
          // On a touch screen the close button is a finger's size, inside the notification's end.
          closeButton:
            "pointer-coarse:!start-auto pointer-coarse:!end-0 pointer-coarse:!size-11 pointer-coarse:!transform-none pointer-coarse:!border-0 pointer-coarse:!bg-transparent",
          title: "!font-medium",
          description: "!opacity-90",
        },
      }}
    />
  );
}
