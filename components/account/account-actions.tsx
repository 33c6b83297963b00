"use client";

// The signed-in shopper's account entries, shared by the header menu and the mobile menu.
import {
  KeyRound,
  LayoutDashboard,
  LogOut,
  Package,
  Settings,
  Trash2,
  type LucideIcon,
} from "lucide-react";
import { useAuth } from "@/components/account/auth-provider";
import { useAccountUi } from "@/components/account/account-ui";
import { messages } from "@/lib/messages";
import type { PublicUser } from "@/models/auth";

export type AccountAction = {
  key: string;
  label: string;
  icon: LucideIcon;
  tone?: "danger";
} & ({ href: string; run?: never } | { run: () => void; href?: never });

/** Accounts made through Google have no password of their own to change. */
export function canChangePassword(user: PublicUser): boolean {
  return user.registrationSource !== "google" && user.hasPassword !== false;
}

export function useAccountActions({ withSettings }: { withSettings: boolean }): AccountAction[] {
  const { user, logout } = useAuth();
  const { openAccountDialog } = useAccountUi();
  if (!user) return [];
  const t = messages.account;
  const actions: (AccountAction | false)[] = [
    user.isEmailVerified && {
      key: "orders",
      label: messages.orders.title,
      icon: Package,
      href: "/orders",
    },
    user.isAdmin && {
      key: "admin",
      label: messages.admin.title,
      icon: LayoutDashboard,
      href: "/admin",
    },
    withSettings && {
      key: "settings",
      label: t.accountSettings,
      icon: Settings,
      run: () => openAccountDialog("settings"),
    },
    canChangePassword(user) && {
      key: "change-password",
      label: t.changePassword,
      icon: KeyRound,
      run: () => openAccountDialog("change-password"),
    },
    { key: "logout", label: t.logout, icon: LogOut, run: () => void logout() },
    {
      key: "delete-account",
      label: t.deleteAccount,
      icon: Trash2,
      tone: "danger",
      run: () => openAccountDialog("delete-account"),
    },
  ];
  return actions.filter((action): action is AccountAction => Boolean(action));
}
