import type { Metadata } from "next";
import { CompleteSignIn } from "./complete-sign-in";

export const metadata: Metadata = {
  title: "Signing in",
  robots: { index: false },
};

export default function AuthCallbackPage() {
  return (
    <section className="grid min-h-[60dvh] place-items-center px-4 py-16">
      <CompleteSignIn />
    </section>
  );
}
