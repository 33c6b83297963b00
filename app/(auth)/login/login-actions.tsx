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
