"use client";

// The verification page's states (spec section 4): loading, success with a countdown to the
// shop, or an error listing why a link fails. Each token is sent to the server exactly once,
// even when React runs effects twice.
import { useEffect, useState } from "react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { CircleCheck, CircleX, Loader2, MailCheck } from "lucide-react";
import clsx from "clsx";
import { useAccountUi } from "@/components/account/account-ui";
import { useAuth } from "@/components/account/auth-provider";
import { useResendVerification } from "@/components/account/use-resend-verification";
import { callApi } from "@/lib/api-client";
import { VERIFY_REDIRECT_SECONDS } from "@/lib/constants";
import { messages } from "@/lib/messages";

type Outcome = { state: "success" } | { state: "error"; message: string };

const v = messages.verification;
const t = messages.verifyEmail;

const verifications = new Map<string, Promise<Outcome>>();

function verifyOnce(token: string): Promise<Outcome> {
  let outcome = verifications.get(token);
  if (!outcome) {
    outcome = callApi<{ message?: string }>("/api/auth/verify-email", { body: { token } }).then(
      (result): Outcome =>
        result.ok
          ? { state: "success" }
          : {
              state: "error",
              message: result.kind === "network" ? v.networkError : (result.error ?? v.failed),
            },
    );
    verifications.set(token, outcome);
  }
  return outcome;
}

/** The status for the token in the page's address. */
export function VerifyEmailFromAddress() {
  return <VerifyEmailStatus token={useSearchParams().get("token") || null} />;
}

/** What the page shows before its scripts have read the address. */
export function VerifyEmailPending() {
  return (
    <StatusFrame>
      <Loading />
    </StatusFrame>
  );
}

function StatusFrame({ children }: { children: React.ReactNode }) {
  return (
    <section
      aria-live="polite"
      className="border-line w-full max-w-lg rounded-2xl border bg-white/75 px-6 py-10 text-center shadow-[0_24px_60px_-30px_rgb(31_26_23/0.35)] sm:px-10 sm:py-12"
    >
      {children}
    </section>
  );
}

export function VerifyEmailStatus({ token }: { token: string | null }) {
  const { refresh } = useAuth();
  const [answer, setAnswer] = useState<Outcome | null>(null);
  // A link without a token is never sent to the server.
  const outcome: Outcome | null = token ? answer : { state: "error", message: v.invalidLink };

  useEffect(() => {
    if (!token) return;
    let current = true;
    void verifyOnce(token).then((result) => {
      if (!current) return;
      setAnswer(result);
      if (result.state === "success") void refresh();
    });
    return () => {
      current = false;
    };
  }, [token, refresh]);

  return (
    <StatusFrame>
      {!outcome && <Loading />}
      {outcome?.state === "success" && <Success />}
      {outcome?.state === "error" && <Failure message={outcome.message} />}
    </StatusFrame>
  );
}

function StateIcon({
  tone,
  children,
}: {
  tone: "gold" | "green" | "red";
  children: React.ReactNode;
}) {
  return (
    <div
      aria-hidden
      className={clsx(
        "mx-auto mb-6 flex size-16 items-center justify-center rounded-full",
        tone === "gold" && "bg-sand text-gold-dark",
        tone === "green" && "bg-emerald-50 text-emerald-700 ring-8 ring-emerald-50/50",
        tone === "red" && "bg-red-50 text-red-700 ring-8 ring-red-50/50",
      )}
    >
      {children}
    </div>
  );
}

function Loading() {
  return (
    <>
      <StateIcon tone="gold">
        <Loader2 className="size-7 animate-spin" />
      </StateIcon>
      <h1 className="font-serif text-3xl font-medium">{t.loadingTitle}</h1>
      <p className="text-muted mt-3">{t.loadingText}</p>
    </>
  );
}

function Success() {
  const router = useRouter();
  const [seconds, setSeconds] = useState(VERIFY_REDIRECT_SECONDS);

  useEffect(() => {
    if (seconds <= 0) {
      router.push("/");
      return;
    }
    const tick = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(tick);
  }, [seconds, router]);

  return (
    <>
      <StateIcon tone="green">
        <CircleCheck className="size-8" />
      </StateIcon>
      <h1 className="font-serif text-3xl font-medium">{t.successTitle}</h1>
      <p className="text-muted mx-auto mt-3 max-w-sm leading-relaxed">{t.successText}</p>
      <div className="bg-sand mx-auto mt-8 h-1 max-w-xs overflow-hidden rounded-full">
        <div
          className="bg-gold h-full rounded-full transition-[width] duration-1000 ease-linear"
          style={{ width: `${(seconds / VERIFY_REDIRECT_SECONDS) * 100}%` }}
        />
      </div>
      <p className="text-muted mt-3 text-sm">{t.redirecting(Math.max(seconds, 0))}</p>
      <Link
        href="/"
        className="bg-ink text-ivory hover:bg-ink/85 focus-visible:outline-gold mt-6 inline-flex h-11 items-center justify-center rounded-lg px-8 text-sm font-medium tracking-wide transition focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {t.goNow}
      </Link>
    </>
  );
}

function Failure({ message }: { message: string }) {
  return (
    <>
      <StateIcon tone="red">
        <CircleX className="size-8" />
      </StateIcon>
      <h1 className="font-serif text-3xl font-medium">{t.errorTitle}</h1>
      <p role="alert" className="text-ink mx-auto mt-3 max-w-sm leading-relaxed">
        {message}
      </p>
      <div className="bg-sand/60 mx-auto mt-7 max-w-sm rounded-xl px-5 py-4 text-start text-sm">
        <p className="text-ink font-medium">{t.causesTitle}</p>
        <ul className="text-muted marker:text-gold mt-2 list-disc space-y-1 ps-5">
          <li>{t.causeExpired}</li>
          <li>{t.causeUsed}</li>
          <li>{t.causeInvalid}</li>
        </ul>
      </div>
      <NextStep />
      <Link
        href="/"
        className="text-gold-dark hover:text-ink mt-5 inline-block text-sm font-medium underline-offset-4 hover:underline"
      >
        {t.backHome}
      </Link>
    </>
  );
}

/** What the shopper can do about a failed link, depending on who they are. */
function NextStep() {
  const { status, user } = useAuth();
  const { openAuth } = useAccountUi();
  const { resend, sending } = useResendVerification();
  const button =
    "inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-ink px-6 text-sm font-medium text-ivory transition hover:bg-ink/85 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold disabled:opacity-70";

  if (status === "loading") return <div className="mt-7 h-11" aria-hidden />;
  if (user?.isEmailVerified) {
    return <p className="mt-7 text-sm font-medium text-emerald-800">{t.alreadyVerified}</p>;
  }
  if (user) {
    return (
      <div className="mt-7">
        <p className="text-muted mb-3 text-sm">{t.resendPrompt}</p>
        <button type="button" onClick={resend} disabled={sending} className={button}>
          {sending ? (
            <Loader2 aria-hidden className="size-4 animate-spin" />
          ) : (
            <MailCheck aria-hidden className="size-4" />
          )}
          {t.resendButton}
        </button>
      </div>
    );
  }
  return (
    <div className="mt-7">
      <p className="text-muted mb-3 text-sm">{t.signInToResend}</p>
      <button type="button" onClick={() => openAuth("login")} className={button}>
        {messages.account.signIn}
      </button>
    </div>
  );
}
