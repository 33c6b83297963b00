"use client";

// The panels the per-user pages (checkout, My Orders) show instead of their content: sign in
// first, verify the email first, or a plain message with a way on.
import Link from "next/link";
import { useState } from "react";
import { AlertCircle, Loader2, LogIn, MailWarning, RotateCw, type LucideIcon } from "lucide-react";
import { useAccountUi } from "@/components/account/account-ui";
import { useResendVerification } from "@/components/account/use-resend-verification";
import { useStandsInForVerificationBanner } from "@/components/account/verification-banner";
import { messages } from "@/lib/messages";

export const primaryButton =
  "bg-ink text-ivory hover:bg-ink/85 focus-visible:outline-gold inline-flex h-11 items-center justify-center gap-2 rounded-lg px-6 text-sm font-medium tracking-wide transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-70";
export const secondaryButton =
  "border-line text-ink hover:border-gold hover:text-gold-dark focus-visible:outline-gold inline-flex h-11 items-center justify-center gap-2 rounded-lg border bg-white px-6 text-sm font-medium tracking-wide transition focus-visible:outline-2 focus-visible:outline-offset-2";

export function NoticePanel({
  icon: Icon,
  title,
  text,
  role,
  children,
}: {
  icon: LucideIcon;
  title: string;
  text?: string;
  role?: "alert" | "status";
  children?: React.ReactNode;
}) {
  return (
    <section
      role={role}
      className="border-line mx-auto w-full max-w-lg rounded-2xl border bg-white/75 px-6 py-10 text-center shadow-[0_24px_60px_-30px_rgb(31_26_23/0.35)] sm:px-10 sm:py-12"
    >
      <div className="bg-sand text-gold-dark mx-auto mb-5 flex size-14 items-center justify-center rounded-full">
        <Icon aria-hidden className="size-7" />
      </div>
      <h1 className="font-serif text-3xl font-medium">{title}</h1>
      {text && <p className="text-muted mx-auto mt-3 max-w-sm leading-relaxed">{text}</p>}
      {children && (
        <div className="mt-7 flex flex-wrap items-center justify-center gap-3">{children}</div>
      )}
    </section>
  );
}

/**
 * A list that could not be read: what went wrong, and Try Again, spinning while the read runs
 * (`busy` also while the list is read again by itself).
 */
export function LoadFailedNotice({
  title,
  text,
  busy = false,
  onRetry,
}: {
  title: string;
  text?: string;
  busy?: boolean;
  onRetry: () => Promise<unknown>;
}) {
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    await onRetry();
    setRetrying(false);
  };
  const spinning = busy || retrying;
  return (
    <NoticePanel icon={AlertCircle} title={title} text={text} role="alert">
      <button
        type="button"
        onClick={() => void retry()}
        disabled={spinning}
        className={primaryButton}
      >
        <RotateCw aria-hidden className={spinning ? "size-4 animate-spin" : "size-4"} />
        {messages.orders.tryAgain}
      </button>
    </NoticePanel>
  );
}

/** Signed out: the page's own message and a button opening the sign-in window. */
export function SignInNotice({ title, text }: { title: string; text?: string }) {
  const { openAuth } = useAccountUi();
  return (
    <NoticePanel icon={LogIn} title={title} text={text}>
      <button type="button" onClick={() => openAuth("login")} className={primaryButton}>
        {messages.account.signIn}
      </button>
      <button type="button" onClick={() => openAuth("signup")} className={secondaryButton}>
        {messages.account.signUp}
      </button>
    </NoticePanel>
  );
}

/** Signed in with an unverified email: what is blocked, and a new verification link. */
export function VerificationNotice({
  title,
  text,
  compact = false,
}: {
  title: string;
  text: string;
  compact?: boolean;
}) {
  useStandsInForVerificationBanner();
  const { resend, sending } = useResendVerification();
  const button = (
    <button type="button" onClick={resend} disabled={sending} className={primaryButton}>
      {sending && <Loader2 aria-hidden className="size-4 animate-spin" />}
      {sending ? messages.account.sending : messages.account.resendVerification}
    </button>
  );
  if (!compact) {
    return (
      <NoticePanel icon={MailWarning} title={title} text={text} role="alert">
        {button}
      </NoticePanel>
    );
  }
  return (
    <section
      role="alert"
      className="border-gold/40 flex flex-col gap-4 rounded-2xl border bg-[#f6efe3] px-5 py-4 sm:flex-row sm:items-center"
    >
      <MailWarning aria-hidden className="text-gold-dark hidden size-6 shrink-0 sm:block" />
      <div className="min-w-0 flex-1">
        <h2 className="text-ink font-medium">{title}</h2>
        <p className="text-ink/80 mt-0.5 text-sm leading-relaxed">{text}</p>
      </div>
      <div className="shrink-0">{button}</div>
    </section>
  );
}

/** A link styled as the main button (to the shop, to My Orders). */
export function ButtonLink({
  href,
  secondary = false,
  children,
}: {
  href: string;
  secondary?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Link href={href} className={secondary ? secondaryButton : primaryButton}>
      {children}
    </Link>
  );
}
