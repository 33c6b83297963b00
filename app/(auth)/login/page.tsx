import type { Metadata } from "next";
import { Suspense } from "react";
import { SHOP_NAME } from "@/lib/constants";
import { messages } from "@/lib/messages";
import { LoginActions, LoginProblem, SignedInGoesHome } from "./login-actions";

export const metadata: Metadata = {
  title: "Sign in",
  robots: { index: false },
};

// The same static page for every visitor: the error code in the address is read, and a signed-in
// visitor sent home, in the browser, so a flood of /login?error=… costs the server nothing.
export default function LoginPage() {
  return (
    <section className="grid min-h-[70dvh] place-items-center px-4 py-12 sm:py-20">
      <div className="border-line w-full max-w-md rounded-2xl border bg-white/80 p-8 text-center shadow-sm sm:p-10">
        <p className="text-gold-dark text-xs font-medium tracking-[0.3em] uppercase">{SHOP_NAME}</p>
        <h1 className="text-ink mt-3 font-serif text-3xl sm:text-4xl">
          {messages.auth.loginPageTitle}
        </h1>
        <Suspense>
          <LoginProblem />
        </Suspense>
        <p className="text-muted mt-6 leading-relaxed">{messages.auth.loginPageIntro}</p>
        <LoginActions />
        <SignedInGoesHome />
      </div>
    </section>
  );
}
