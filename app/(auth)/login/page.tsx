import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { getCurrentUser } from "@/lib/auth/session";
import { SHOP_NAME } from "@/lib/constants";
import { messages } from "@/lib/messages";
import { LoginActions } from "./login-actions";

export const metadata: Metadata = {
  title: "Sign in",
  robots: { index: false },
};

type GoogleErrorCode = keyof typeof messages.auth.googleErrors;

/** next-auth's error codes (and our own) as sentences a shopper understands. */
function describeError(code: string): string {
  if (code === "SessionRequired") return messages.auth.signInToContinue;
  const known = Object.hasOwn(messages.auth.googleErrors, code) && code !== "default";
  return messages.auth.googleErrors[known ? (code as GoogleErrorCode) : "default"];
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// The error code and the session are per request: the page renders inside a Suspense boundary
// (no static frame: a signed-in visitor is sent home before anything shows).
export default function LoginPage({ searchParams }: Props) {
  return (
    <Suspense>
      <LoginScreen searchParams={searchParams} />
    </Suspense>
  );
}

async function LoginScreen({ searchParams }: Props) {
  const { error } = await searchParams;
  const code = typeof error === "string" ? error.slice(0, 64) : null;
  // Signed in (also just now, from this page's own sign-in after a failed Google one): home.
  if (await getCurrentUser()) redirect("/");
  return (
    <section className="grid min-h-[70dvh] place-items-center px-4 py-12 sm:py-20">
      <div className="border-line w-full max-w-md rounded-2xl border bg-white/80 p-8 text-center shadow-sm sm:p-10">
        <p className="text-gold-dark text-xs font-medium tracking-[0.3em] uppercase">{SHOP_NAME}</p>
        <h1 className="text-ink mt-3 font-serif text-3xl sm:text-4xl">
          {messages.auth.loginPageTitle}
        </h1>
        {code ? (
          <div
            role="alert"
            className="mt-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-start text-sm text-red-800"
          >
            <p className="font-medium">{messages.auth.loginPageProblem}</p>
            <p className="mt-1">{describeError(code)}</p>
          </div>
        ) : null}
        <p className="text-muted mt-6 leading-relaxed">{messages.auth.loginPageIntro}</p>
        <LoginActions />
      </div>
    </section>
  );
}
