"use client";

// The sign-in choices of /login: the shop's auth modal (email and password, or sign up) and Google.
import Link from "next/link";
import { useAccountUi } from "@/components/account/account-ui";
import { GoogleButton } from "@/components/auth/google-button";
import { messages } from "@/lib/messages";

export function LoginActions() {
  const { openAuth } = useAccountUi();
  return (
    <div className="mt-8 space-y-5 text-start">
      <GoogleButton />
      <button
        type="button"
        onClick={() => openAuth("login")}
        className="flex h-11 w-full items-center justify-center rounded-lg bg-ink text-sm font-medium tracking-wide text-ivory transition hover:bg-ink/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold"
      >
        {messages.account.signIn}
      </button>
      <button
        type="button"
        onClick={() => openAuth("signup")}
        className="flex h-11 w-full items-center justify-center rounded-lg border border-line bg-white text-sm font-medium text-ink transition hover:border-gold/60 hover:bg-sand/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold"
      >
        {messages.auth.createAccount}
      </button>
      <p className="pt-2 text-center text-sm">
        <Link href="/" className="text-gold-dark underline underline-offset-4 hover:text-ink">
          {messages.auth.backToShop}
        </Link>
      </p>
    </div>
  );
}
