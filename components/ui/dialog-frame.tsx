"use client";

// The frame of the shop's windows with a title bar (the quick view, the admin's product form, order
// details and delete confirmation): radix-ui Dialog (focus trap and return, Escape, backdrop click,
// scroll lock). On a phone it fills the screen's width and scrolls.
import { Dialog } from "radix-ui";
import { X } from "lucide-react";
import clsx from "clsx";
import { useRef } from "react";
import { keepOpenOnNotificationPress } from "@/components/ui/toast";
import { messages } from "@/lib/messages";

const widths = { narrow: "max-w-md", wide: "max-w-2xl", product: "max-w-4xl" } as const;

export function DialogFrame({
  open,
  onClose,
  title,
  description,
  size = "wide",
  kind,
  onCloseAutoFocus,
  focusWindowOnOpen = false,
  closeOnOutsidePress = true,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: React.ReactNode;
  size?: keyof typeof widths;
  /** Names the window in the page (`data-dialog`), for styles and tests. */
  kind: string;
  /** Where focus goes once the window closed; by default back to what had it before. */
  onCloseAutoFocus?: (event: Event) => void;
  /**
   * Focus the window itself when it opens, not its first button: where that button is a toggle
   * (the quick view's wishlist heart), a stray Enter must not press it. Always so on a touch
   * screen.
   */
  focusWindowOnOpen?: boolean;
  /**
   * Whether a press on the dimmed page around the window closes it. A form that would lose what
   * was typed into it stays open: Cancel, the close button and Escape still close it.
   */
  closeOnOutsidePress?: boolean;
  children: React.ReactNode;
}) {
  const content = useRef<HTMLDivElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay
          className={clsx(
            "bg-ink/45 fixed inset-0 z-[60] grid overflow-y-auto px-2 py-3 backdrop-blur-[2px] transition-opacity duration-200 motion-reduce:transition-none sm:place-items-center sm:px-4 sm:py-8 starting:opacity-0",
            // A short window (a confirmation) sits mid-screen on a phone too, clear of the
            // notifications at the top; a tall one starts at the top and scrolls.
            size === "narrow" ? "place-items-center" : "place-items-start",
          )}
        >
          <Dialog.Content
            ref={content}
            data-dialog={kind}
            onOpenAutoFocus={(event) => {
              // On a touch screen a focused field opens the keyboard over the window it opened.
              if (focusWindowOnOpen || matchMedia("(pointer: coarse)").matches) {
                event.preventDefault();
                content.current?.focus();
              }
            }}
            onCloseAutoFocus={onCloseAutoFocus}
            onInteractOutside={
              closeOnOutsidePress ? keepOpenOnNotificationPress : (event) => event.preventDefault()
            }
            className={clsx(
              "border-line bg-ivory relative mx-auto w-full rounded-2xl border px-4 pt-5 pb-5 shadow-[0_24px_60px_-20px_rgb(31_26_23/0.45)] transition duration-200 outline-none motion-reduce:transition-none sm:px-7 sm:pt-7 sm:pb-7 starting:translate-y-2 starting:opacity-0",
              widths[size],
            )}
          >
            <header className="mb-5 pe-10">
              <Dialog.Title
                dir="auto"
                className="text-ink font-serif text-[1.6rem] leading-tight font-medium wrap-anywhere sm:text-[1.9rem]"
              >
                {title}
              </Dialog.Title>
              {description ? (
                <Dialog.Description className="text-muted mt-1 text-sm leading-relaxed wrap-anywhere">
                  {description}
                </Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">{title}</Dialog.Description>
              )}
            </header>
            {children}
            <Dialog.Close
              aria-label={messages.account.close}
              className="text-muted hover:bg-sand hover:text-ink focus-visible:outline-gold absolute end-3 top-3 flex size-10 items-center justify-center rounded-full transition focus-visible:outline-2 pointer-coarse:size-11"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
