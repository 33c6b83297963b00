"use client";

// Sends a new verification email, with the spec's toasts (section 8, Resend verification).
import { useCallback, useState } from "react";
import { toast } from "@/components/ui/toast";
import { callApi } from "@/lib/api-client";
import { storefrontMessages } from "@/lib/storefront-messages";

const v = storefrontMessages.verification;

export function useResendVerification() {
  const [sending, setSending] = useState(false);
  const resend = useCallback(async () => {
    setSending(true);
    const result = await callApi<{ message?: string }>("/api/auth/resend-verification", {
      method: "POST",
    });
    setSending(false);
    if (result.ok) toast.success(v.resendSuccess);
    else if (result.kind === "network") toast.error(v.resendFailed, { description: v.tryAgain });
    else toast.error(result.error ?? v.resendFailed);
    return result.ok;
  }, []);
  return { resend, sending };
}
