"use client";

// The sign-in choices of /login: the shop's auth modal (email and password, or sign up) and Google;
// the failed sign-in the address names, and home once signed in.
import { useEffect } from "react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useAccountUi } from "@/components/account/account-ui";
import { useAuth } from "@/components/account/auth-provider";
import { GoogleButton } from "@/components/auth/google-button";
import { messages } from "@/lib/messages";

type GoogleErrorCode = keyof typeof messages.auth.googleErrors;

/** next-auth's error codes (and our own) as sentences a shopper understands. */
function describeError(code: string): string {
  if (code === "SessionRequired") return messages.auth.signInToContinue;
  const known = Object.hasOwn(messages.auth.googleErrors, code) && code !== "default";
  return messages.auth.googleErrors[known ? (code as GoogleErrorCode) : "default"];
}

/** The failed sign-in the address names (`?error=`), if any. */
export function LoginProblem() {
  const code = useSearchParams().get("error")?.slice(0, 64);
  if (!code) return null;
  return (
    <div
      role="alert"
      className="mt-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-start text-sm text-red-800"
    >
      <p className="font-medium">{messages.auth.loginPageProblem}</p>
      <p className="mt-1">{describeError(code)}</p>
    </div>
  );
}

/** Signed in (before, or just now from this page after a failed Google sign-in): home. */
export function SignedInGoesHome() {
  const { status } = useAuth();
  const router = useRouter();
  useEffect(() => {
    if (status === "authenticated") router.replace("/");
  }, [status, router]);
  return null;
}

export function LoginActions() {
  const { openAuth } = useAccountUi();
  return (
    <div className="mt-8 space-y-5 text-start">
      <GoogleButton />
      <button
        type="button"
        onClick={() => openAuth("login")}
        className="bg-ink text-ivory hover:bg-ink/90 focus-visible:outline-gold flex h-11 w-full items-center justify-center rounded-lg text-sm font-medium tracking-wide transition focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {messages.account.signIn}
      </button>
      <button
        type="button"
        onClick={() => openAuth("signup")}
        className="border-line text-ink hover:border-gold/60 hover:bg-sand/40 focus-visible:outline-gold flex h-11 w-full items-center justify-center rounded-lg border bg-white text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {messages.auth.createAccount}
      </button>
      <p className="pt-2 text-center text-sm">
        <Link href="/" className="text-gold-dark hover:text-ink underline underline-offset-4">
          {messages.auth.backToShop}
        </Link>
      </p>
    </div>
  );
}
