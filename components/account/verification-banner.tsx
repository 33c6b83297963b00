"use client";

// Asks a signed-in shopper with an unverified email to verify it (spec section 2, Home).
// Dismissing hides it for the rest of the browser session.
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type RefObject,
} from "react";
import { usePathname } from "next/navigation";
import { Loader2, MailWarning, X } from "lucide-react";
import { useAuth } from "@/components/account/auth-provider";
import { useResendVerification } from "@/components/account/use-resend-verification";
import { storefrontMessages } from "@/lib/storefront-messages";

const DISMISSED_KEY = "verificationBannerDismissed";
/** How far the banner reaches up from the bottom of the screen; the footer leaves that much free. */
const BANNER_SPACE_PROPERTY = "--verification-banner-space";
const t = storefrontMessages.account;

function readDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

/**
 * Keeps the banner's reach on the page's root, so the end of every page scrolls clear of it: its
 * height follows how its text wraps (six lines on a 360 px phone, one on a laptop).
 */
function useReservedSpace(banner: RefObject<HTMLDivElement | null>, shown: boolean) {
  useEffect(() => {
    const element = banner.current;
    if (!shown || !element) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => {
      const reach =
        element.getBoundingClientRect().height + parseFloat(getComputedStyle(element).bottom);
      root.setProperty(BANNER_SPACE_PROPERTY, `${reach}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty(BANNER_SPACE_PROPERTY);
    };
  }, [banner, shown]);
}

// The checkout and My Orders show a verification notice of their own, with its own send button:
// while one is on the page the banner steps aside, so one button asks for the mail, not two.
let pageNotices = 0;
const noticeListeners = new Set<() => void>();
const announceNotices = () => noticeListeners.forEach((listener) => listener());
const subscribeToNotices = (listener: () => void) => {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
};

/** Called by a page's own verification notice: the banner is hidden while it is shown. */
export function useStandsInForVerificationBanner() {
  // Before the paint: the banner does not flash up beside the notice.
  useLayoutEffect(() => {
    pageNotices += 1;
    announceNotices();
    return () => {
      pageNotices -= 1;
      announceNotices();
    };
  }, []);
}

export function VerificationBanner() {
  const { user } = useAuth();
  const pathname = usePathname();
  const { resend, sending } = useResendVerification();
  const [dismissed, setDismissed] = useState(
    () => typeof window !== "undefined" && readDismissed(),
  );

  const pageHasNotice = useSyncExternalStore(
    subscribeToNotices,
    () => pageNotices > 0,
    () => false,
  );

  const banner = useRef<HTMLDivElement>(null);
  // The verification page speaks for itself.
  const shown = Boolean(
    user && !user.isEmailVerified && !dismissed && !pageHasNotice && pathname !== "/verify-email",
  );
  useReservedSpace(banner, shown);
  if (!shown) return null;

  const dismiss = () => {
    setDismissed(true);
    try {
      sessionStorage.setItem(DISMISSED_KEY, "1");
    } catch {
      // Storage disabled: dismissed for this page view only.
    }
  };

  // Floating over the bottom of the screen, beside the chat button: the session is known only once
  // the page runs, and a bar above the header would then push the whole page down (a layout shift
  // of 0.07 on a phone).
  return (
    <div
      ref={banner}
      role="region"
      aria-label={t.bannerText}
      data-verification-banner
      className="border-gold/30 text-ink fixed start-3 end-20 bottom-3 z-40 rounded-2xl border bg-[linear-gradient(90deg,#f6efe3,#f1e6d2,#f6efe3)] shadow-[0_12px_30px_-10px_rgba(31,26,23,0.45)] md:start-6 md:end-24 md:bottom-6 md:max-w-2xl"
    >
      <div className="flex items-center gap-3 px-4 py-2.5 sm:gap-4">
        <MailWarning aria-hidden className="text-gold-dark hidden size-5 shrink-0 sm:block" />
        <p className="min-w-0 flex-1 text-[13px] leading-snug sm:text-sm">{t.bannerText}</p>
        <button
          type="button"
          onClick={resend}
          disabled={sending}
          className="bg-ink text-ivory hover:bg-ink/85 focus-visible:outline-gold inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full px-3.5 text-[13px] font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-70 pointer-coarse:h-11"
        >
          {sending && <Loader2 aria-hidden className="size-3.5 animate-spin" />}
          {sending ? t.sending : t.bannerResend}
        </button>
        <button
          type="button"
          onClick={dismiss}
          aria-label={t.bannerDismiss}
          className="text-muted hover:text-ink focus-visible:outline-gold -me-1.5 flex size-8 shrink-0 items-center justify-center rounded-full transition hover:bg-white/60 focus-visible:outline-2 pointer-coarse:size-11"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
    </div>
  );
}
