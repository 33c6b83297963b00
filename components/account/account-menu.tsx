"use client";

// The header's account area: Sign In / Sign Up when signed out, the user menu when signed in.
import dynamic from "next/dynamic";
import { useAccountUi } from "@/components/account/account-ui";
import { useAuth } from "@/components/account/auth-provider";
import { storefrontMessages } from "@/lib/storefront-messages";

const t = storefrontMessages.account;

const avatarPlaceholder = (
  <span aria-hidden className="bg-sand block size-9 animate-pulse rounded-full" />
);

// Most visitors are signed out: the menu and its positioning code load only for signed-in shoppers.
const UserMenu = dynamic(() => import("@/components/account/user-menu").then((m) => m.UserMenu), {
  ssr: false,
  loading: () => avatarPlaceholder,
});

export function AccountMenu() {
  const { status, user } = useAuth();
  const { openAuth } = useAccountUi();

  if (status === "loading") return avatarPlaceholder;
  if (!user) {
    return (
      <div className="flex items-center gap-2">
        <button
          type="button"
          onClick={() => openAuth("login")}
          className="text-ink hover:bg-sand focus-visible:outline-gold h-9 rounded-full px-3.5 text-sm font-medium transition focus-visible:outline-2 pointer-coarse:h-11"
        >
          {t.signIn}
        </button>
        <button
          type="button"
          onClick={() => openAuth("signup")}
          className="bg-ink text-ivory hover:bg-ink/85 focus-visible:outline-gold hidden h-9 rounded-full px-4 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 sm:block pointer-coarse:h-11"
        >
          {t.signUp}
        </button>
      </div>
    );
  }
  return <UserMenu user={user} />;
}
