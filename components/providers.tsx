"use client";

// Client-side context shared by the whole app, wrapped around every page by the root layout:
// the session, the account windows (auth modal, change password, delete account, settings)
// and the verification banner. `googleEnabled` tells the sign-in UI whether to offer Google.
import { Suspense } from "react";
import { AccountDialogs } from "@/components/account/account-dialogs";
import { AccountUiProvider } from "@/components/account/account-ui";
import { AuthProvider } from "@/components/account/auth-provider";
import { LandingParams } from "@/components/account/landing-params";
import { VerificationBanner } from "@/components/account/verification-banner";
import { AuthModal } from "@/components/auth/auth-modal";

export function Providers({
  children,
  googleEnabled,
}: {
  children: React.ReactNode;
  googleEnabled: boolean;
}) {
  return (
    <AuthProvider>
      <AccountUiProvider googleEnabled={googleEnabled}>
        <VerificationBanner />
        {children}
        <AuthModal />
        <AccountDialogs />
        <Suspense fallback={null}>
          <LandingParams />
        </Suspense>
      </AccountUiProvider>
    </AuthProvider>
  );
}
