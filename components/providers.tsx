"use client";

// Client-side context shared by the whole app, wrapped around every page by the root layout:
// the session, the cart and wishlist, the account windows (auth modal, change password, delete
// account, settings) and the verification banner. `googleEnabled` tells the sign-in UI whether to offer Google.
import dynamic from "next/dynamic";
import { Suspense, useState } from "react";
import { AccountUiProvider, useAccountUi } from "@/components/account/account-ui";
import { AuthProvider } from "@/components/account/auth-provider";
import { CartProvider } from "@/components/cart/cart-provider";
import { LandingParams } from "@/components/account/landing-params";
import { VerificationBanner } from "@/components/account/verification-banner";

// The account windows carry the forms and their validation: they load when first opened, so the
// storefront's first visit downloads none of it.
const AuthModal = dynamic(() => import("@/components/auth/auth-modal").then((m) => m.AuthModal), {
  ssr: false,
});
const AccountDialogs = dynamic(
  () => import("@/components/account/account-dialogs").then((m) => m.AccountDialogs),
  { ssr: false },
);

export function Providers({
  children,
  googleEnabled,
}: {
  children: React.ReactNode;
  googleEnabled: boolean;
}) {
  return (
    <AuthProvider>
      <CartProvider>
        <AccountUiProvider googleEnabled={googleEnabled}>
          <VerificationBanner />
          {children}
          <AccountWindows />
          <Suspense fallback={null}>
            <LandingParams />
          </Suspense>
        </AccountUiProvider>
      </CartProvider>
    </AuthProvider>
  );
}

function AccountWindows() {
  const { authModal, accountDialog } = useAccountUi();
  const [authNeeded, setAuthNeeded] = useState(false);
  const [dialogsNeeded, setDialogsNeeded] = useState(false);
  if (authModal.open && !authNeeded) setAuthNeeded(true);
  if (accountDialog && !dialogsNeeded) setDialogsNeeded(true);
  return (
    <>
      {authNeeded && <AuthModal />}
      {dialogsNeeded && <AccountDialogs />}
    </>
  );
}
