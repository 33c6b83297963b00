"use client";

// Which account window is open: the auth modal (and its mode) or one of the account dialogs.
// Any component can open them: `useAccountUi().openAuth("login")`.
import { createContext, use, useCallback, useMemo, useState } from "react";

export type AuthMode = "login" | "signup" | "forgot-password" | "verify-pin" | "reset-password";
export type AccountDialog = "change-password" | "delete-account" | "settings";

type AuthModalState = {
  open: boolean;
  mode: AuthMode;
  /** Counts openings: each one starts with empty fields and no errors. */
  opening: number;
  /** The reset flow of this opening: the email the PIN went to, then the reset token. */
  email: string;
  resetToken: string | null;
};
type ResetFlow = Partial<Pick<AuthModalState, "email" | "resetToken">>;

type AccountUiValue = {
  googleEnabled: boolean;
  authModal: AuthModalState;
  /** Opens the auth modal with every field and error reset. */
  openAuth: (mode?: Extract<AuthMode, "login" | "signup">) => void;
  /** Moves the open auth modal to another mode, optionally carrying the reset flow along. */
  setAuthMode: (mode: AuthMode, flow?: ResetFlow) => void;
  closeAuth: () => void;
  accountDialog: AccountDialog | null;
  openAccountDialog: (dialog: AccountDialog) => void;
  closeAccountDialog: () => void;
};

const AccountUiContext = createContext<AccountUiValue | null>(null);

export function AccountUiProvider({
  googleEnabled,
  children,
}: {
  googleEnabled: boolean;
  children: React.ReactNode;
}) {
  const [authModal, setAuthModal] = useState<AuthModalState>({
    open: false,
    mode: "login",
    opening: 0,
    email: "",
    resetToken: null,
  });
  const [accountDialog, setAccountDialog] = useState<AccountDialog | null>(null);

  const openAuth = useCallback<AccountUiValue["openAuth"]>((mode = "login") => {
    setAccountDialog(null);
    setAuthModal((current) => ({
      open: true,
      mode,
      opening: current.opening + 1,
      email: "",
      resetToken: null,
    }));
  }, []);
  const setAuthMode = useCallback(
    (mode: AuthMode, flow: ResetFlow = {}) =>
      setAuthModal((current) => ({ ...current, ...flow, mode })),
    [],
  );
  const closeAuth = useCallback(() => setAuthModal((current) => ({ ...current, open: false })), []);
  const openAccountDialog = useCallback((dialog: AccountDialog) => {
    setAuthModal((current) => ({ ...current, open: false }));
    setAccountDialog(dialog);
  }, []);
  const closeAccountDialog = useCallback(() => setAccountDialog(null), []);

  const value = useMemo(
    () => ({
      googleEnabled,
      authModal,
      openAuth,
      setAuthMode,
      closeAuth,
      accountDialog,
      openAccountDialog,
      closeAccountDialog,
    }),
    [
      googleEnabled,
      authModal,
      openAuth,
      setAuthMode,
      closeAuth,
      accountDialog,
      openAccountDialog,
      closeAccountDialog,
    ],
  );

  return <AccountUiContext value={value}>{children}</AccountUiContext>;
}

export function useAccountUi(): AccountUiValue {
  const value = use(AccountUiContext);
  if (!value) throw new Error("useAccountUi must be used inside <Providers>");
  return value;
}
