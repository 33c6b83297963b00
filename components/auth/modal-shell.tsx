"use client";

// The frame of every account modal: Escape and backdrop click close it, focus is trapped and
// page scroll is locked while it is open (radix-ui Dialog), and goes back to its opener after.
import { Dialog } from "radix-ui";
import { X } from "lucide-react";
import clsx from "clsx";
import { useLayoutEffect, useRef } from "react";
import { SHOP_NAME } from "@/lib/constants";
import { messages } from "@/lib/messages";
import { keepOpenOnNotificationPress } from "@/components/ui/toast";

export function ModalShell({
  open,
  onClose,
  title,
  description,
  icon,
  tone = "default",
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: React.ReactNode;
  icon?: React.ReactNode;
  tone?: "default" | "danger";
  children: React.ReactNode;
}) {
  // The button that opened the modal gets focus back when it closes: radix gives it back only to
  // a Dialog.Trigger, and these open from anywhere. Read before the focus trap moves it.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) {
      opener.current = document.activeElement;
    }
  }, [open]);

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="bg-ink/45 fixed inset-0 z-[60] grid grid-cols-[minmax(0,1fr)] place-items-center overflow-y-auto px-4 py-8 backdrop-blur-[2px] transition-opacity duration-200 starting:opacity-0">
          <Dialog.Content
            onCloseAutoFocus={(event) => {
              // Opened from a menu that closed meanwhile: radix's own choice stands.
              if (!opener.current?.isConnected) return;
              event.preventDefault();
              opener.current.focus();
            }}
            data-account-modal=""
            onInteractOutside={keepOpenOnNotificationPress}
            className="border-line bg-ivory relative w-full max-w-[26rem] rounded-2xl border px-6 pt-7 pb-6 shadow-[0_24px_60px_-20px_rgb(31_26_23/0.45)] transition duration-200 outline-none sm:px-8 sm:pt-9 sm:pb-8 starting:translate-y-2 starting:opacity-0"
          >
            <header className="mb-6 text-center">
              {icon ? (
                <div
                  aria-hidden
                  className={clsx(
                    "mx-auto mb-4 flex size-12 items-center justify-center rounded-full",
                    tone === "danger" ? "bg-red-50 text-red-700" : "bg-sand text-gold-dark",
                  )}
                >
                  {icon}
                </div>
              ) : (
                <p
                  aria-hidden
                  className="text-gold-dark mb-3 font-serif text-sm tracking-[0.35em] uppercase"
                >
                  {SHOP_NAME}
                </p>
              )}
              <Dialog.Title className="text-ink font-serif text-[1.9rem] leading-tight font-medium">
                {title}
              </Dialog.Title>
              {description ? (
                <Dialog.Description className="text-muted mx-auto mt-2 max-w-[22rem] text-sm leading-relaxed">
                  {description}
                </Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">{title}</Dialog.Description>
              )}
            </header>
            {children}
            <Dialog.Close
              aria-label={messages.account.close}
              className="text-muted hover:bg-sand hover:text-ink focus-visible:outline-gold absolute end-3 top-3 flex size-9 items-center justify-center rounded-full transition focus-visible:outline-2 pointer-coarse:size-11"
            >
              <X aria-hidden className="size-[18px]" />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
