import type { Metadata } from "next";
import { Suspense } from "react";
import {
  VerifyEmailFromAddress,
  VerifyEmailPending,
} from "@/components/account/verify-email-status";

export const metadata: Metadata = {
  title: "Verify your email",
  robots: { index: false },
};

// The same static page for every link: the token is read from the address in the browser, which
// sends it to the server (spec: the page reads it from the query string).
export default function VerifyEmailPage() {
  return (
    <div className="grid min-h-[70dvh] place-items-center px-4 py-12 sm:py-20">
      <Suspense fallback={<VerifyEmailPending />}>
        <VerifyEmailFromAddress />
      </Suspense>
    </div>
  );
}
