"use client";

// Reacts to the landing URL: remembers a visitor's Instagram source for sign-up, and opens the auth
// modal for `?auth=login` or `?auth=signup` (then drops that parameter from the address).
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
  const { openAuth } = useAccountUi();
  const query = searchParams.toString();

  useEffect(() => {
    // Only a visitor can still sign up: a signed-in shopper's source is already known.
    if (status === "anonymous") rememberSignupSource(query);
  }, [query, status]);

  useEffect(() => {
    const params = new URLSearchParams(query);
    const mode = params.get("auth");
    if ((mode !== "login" && mode !== "signup") || status === "loading") return;
    params.delete("auth");
    const rest = params.toString();
    router.replace(rest ? `${pathname}?${rest}` : pathname, { scroll: false });
    if (status === "anonymous") openAuth(mode);
  }, [query, pathname, status, router, openAuth]);

  return null;
}
