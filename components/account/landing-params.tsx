"use client";

// Reacts to the landing URL: remembers a visitor's Instagram source for sign-up, and opens the auth
// modal for `?auth=login` or `?auth=signup`, or at its new-password step for the reset mail's link
// (`?auth=reset-password#resetToken=…`); then drops them from the address.
import { useEffect } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useAccountUi } from "@/components/account/account-ui";
import { useAuth } from "@/components/account/auth-provider";
import { rememberSignupSource } from "@/lib/signup-source";

export function LandingParams() {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const { status } = useAuth();
  const { openAuth, setAuthMode } = useAccountUi();
  const query = searchParams.toString();

  useEffect(() => {
    // Only a visitor can still sign up: a signed-in shopper's source is already known.
    if (status === "anonymous") rememberSignupSource(query);
  }, [query, status]);

  useEffect(() => {
    const params = new URLSearchParams(query);
    const mode = params.get("auth");
    const known = mode === "login" || mode === "signup" || mode === "reset-password";
    if (!known || status === "loading") return;
    // The reset token rides in the fragment, which no server, log or Referer ever sees.
    const resetToken = new URLSearchParams(window.location.hash.slice(1)).get("resetToken");
    params.delete("auth");
    const rest = params.toString();
    router.replace(rest ? `${pathname}?${rest}` : pathname, { scroll: false });
    if (mode !== "reset-password") {
      if (status === "anonymous") openAuth(mode);
    } else if (resetToken) {
      // Signed in here or not: the shopper asked for a new password, and the token has left the address.
      openAuth("login");
      setAuthMode("reset-password", { resetToken });
    }
  }, [query, pathname, status, router, openAuth, setAuthMode]);

  return null;
}
