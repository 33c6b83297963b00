"use client";

// The end of Google sign-in. The server already set the session cookie; this page only reads the
// outcome from the address (a token in the fragment or query, or an error), confirms the session
// with the profile call and moves on. The token is never stored by the page.
import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { useAuth } from "@/components/account/auth-provider";
import { messages } from "@/lib/messages";

function readOutcome(): { token: string | null; error: string | null } {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const query = new URLSearchParams(window.location.search);
  return {
    token: fragment.get("token") || query.get("token"),
    error: fragment.get("error") || query.get("error"),
  };
}

export function CompleteSignIn() {
  const router = useRouter();
  const { refresh } = useAuth();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { token, error } = readOutcome();
    // Drop the token from the address bar and history at once.
    window.history.replaceState(null, "", window.location.pathname);
    if (error) {
      router.replace(`/login?error=${encodeURIComponent(error)}`);
      return;
    }
    if (!token) {
      router.replace("/login");
      return;
    }
    void refresh()
      .catch(() => null)
      .then((user) => router.replace(user ? "/" : "/login?error=SessionRequired"));
  }, [refresh, router]);

  return (
    <div role="status" className="flex flex-col items-center gap-5 text-center">
      <span
        aria-hidden
        className="border-line border-t-gold size-10 animate-spin rounded-full border-2"
      />
      <p className="text-ink font-serif text-2xl">{messages.auth.completingSignIn}</p>
    </div>
  );
}
