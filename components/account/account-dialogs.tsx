"use client";

// The signed-in shopper's account windows: change password, delete account and settings
// (spec sections 5 and 8). Each opening starts with empty fields.
import {
  KeyRound,
  Loader2,
  LogOut,
  MailCheck,
  Settings,
  Trash2,
  TriangleAlert,
} from "lucide-react";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { canChangePassword } from "@/components/account/account-actions";
import { useAccountUi } from "@/components/account/account-ui";
import { useAuth } from "@/components/account/auth-provider";
import { useResendVerification } from "@/components/account/use-resend-verification";
import { fullNameOf, UserAvatar, VerificationBadge } from "@/components/account/user-avatar";
import {
  FormAlert,
  PasswordField,
  SubmitButton,
  TextField,
  useZodForm,
} from "@/components/ui/form-controls";
import { ModalShell } from "@/components/auth/modal-shell";
import { callApi, describeFailure } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { messages } from "@/lib/messages";
import { changePasswordFormSchema, deleteAccountFormSchema, type PublicUser } from "@/models/auth";

const t = messages.account;
const cp = messages.changePassword;
const da = messages.deleteAccount;

export function AccountDialogs() {
  const { user } = useAuth();
  const { accountDialog, closeAccountDialog } = useAccountUi();
  const open = user ? accountDialog : null;
  return (
    <>
      <ModalShell
        open={open === "change-password"}
        onClose={closeAccountDialog}
        title={t.changePassword}
        description={t.changePasswordIntro}
        icon={<KeyRound className="size-5" />}
      >
        {open === "change-password" && <ChangePasswordForm />}
      </ModalShell>
      <ModalShell
        open={open === "delete-account"}
        onClose={closeAccountDialog}
        title={t.deleteAccount}
        description={t.deleteIntro}
        icon={<TriangleAlert className="size-5" />}
        tone="danger"
      >
        {open === "delete-account" && user && <DeleteAccountForm user={user} />}
      </ModalShell>
      <ModalShell
        open={open === "settings"}
        onClose={closeAccountDialog}
        title={t.accountSettings}
        description={t.settingsIntro}
        icon={<Settings className="size-5" />}
      >
        {open === "settings" && user && <AccountSettings user={user} />}
      </ModalShell>
    </>
  );
}

function ChangePasswordForm() {
  const { refresh } = useAuth();
  const { closeAccountDialog } = useAccountUi();
  const {
    register,
    formState: { errors, isSubmitting },
    problem,
    onSubmit,
  } = useZodForm(
    changePasswordFormSchema,
    { currentPassword: "", newPassword: "", confirmPassword: "" },
    async ({ currentPassword, newPassword }) => {
      const result = await callApi("/api/auth/change-password", {
        body: { currentPassword, newPassword },
      });
      if (!result.ok) return describeFailure(result, cp.failed, cp.error);
      closeAccountDialog();
      toast.success(cp.success);
      // The answer carries a new session cookie; the old session no longer works.
      await refresh();
    },
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <PasswordField
        label={t.currentPassword}
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register("currentPassword")}
      />
      <PasswordField
        label={t.newPassword}
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register("newPassword")}
      />
      <PasswordField
        label={t.confirmNewPassword}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      <FormAlert problem={problem} />
      <div className="flex flex-col-reverse gap-2.5 pt-1 sm:flex-row">
        <CancelButton />
        <SubmitButton pending={isSubmitting}>{t.changePasswordSubmit}</SubmitButton>
      </div>
    </form>
  );
}

function DeleteAccountForm({ user }: { user: PublicUser }) {
  const { forgetSession } = useAuth();
  const { closeAccountDialog } = useAccountUi();
  const {
    register,
    formState: { errors, isSubmitting },
    problem,
    onSubmit,
  } = useZodForm(
    deleteAccountFormSchema,
    { confirmation: "", password: "" },
    async ({ password }) => {
      const result = await callApi("/api/auth/delete-account", {
        method: "DELETE",
        body: { password },
      });
      if (!result.ok) return describeFailure(result, da.failed);
      closeAccountDialog();
      toast.success(da.success);
      await forgetSession();
    },
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="bg-sand/70 text-ink rounded-lg px-3.5 py-2.5 text-center text-sm">
        {t.deleteConfirmHint}
        <span className="mt-1 block font-mono text-[13px] font-semibold tracking-wider select-all">
          {da.phrase}
        </span>
      </p>
      <TextField
        label={t.deleteConfirmLabel}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={errors.confirmation?.message}
        {...register("confirmation")}
      />
      {user.hasPassword ? (
        <PasswordField
          label={t.password}
          autoComplete="current-password"
          error={errors.password?.message}
          {...register("password")}
        />
      ) : (
        // A Google account has no password: the API takes its email address instead.
        <TextField
          label={t.deleteEmailLabel}
          type="email"
          autoComplete="email"
          hint={t.deleteEmailHint}
          error={errors.password?.message}
          {...register("password")}
        />
      )}
      <FormAlert problem={problem} />
      <div className="flex flex-col gap-2.5 pt-1">
        <SubmitButton pending={isSubmitting} tone="danger">
          {!isSubmitting && <Trash2 aria-hidden className="size-4" />}
          {t.deleteSubmit}
        </SubmitButton>
        <CancelButton />
      </div>
    </form>
  );
}

/** Ends every session of the account, this one too (the only way out for a Google-only account). */
function useSignOutEverywhere() {
  const { forgetSession } = useAuth();
  const { closeAccountDialog } = useAccountUi();
  const [pending, setPending] = useState(false);
  const signOutEverywhere = async () => {
    setPending(true);
    const result = await callApi<{ message: string }>("/api/auth/logout-everywhere", {
      method: "POST",
    });
    setPending(false);
    if (!result.ok) {
      toast.error(describeFailure(result, messages.auth.genericError).message);
      return;
    }
    closeAccountDialog();
    toast.success(result.data.message);
    await forgetSession();
  };
  return { signOutEverywhere, pending };
}

function AccountSettings({ user }: { user: PublicUser }) {
  const { openAccountDialog } = useAccountUi();
  const { resend, sending } = useResendVerification();
  const { signOutEverywhere, pending: signingOut } = useSignOutEverywhere();
  const rows: { label: string; value: React.ReactNode }[] = [
    { label: t.settingsName, value: <span dir="auto">{fullNameOf(user)}</span> },
    { label: t.settingsEmail, value: user.email },
    { label: t.settingsEmailStatus, value: <VerificationBadge verified={user.isEmailVerified} /> },
    {
      label: t.settingsSignInMethod,
      value: user.registrationSource === "google" ? t.signInMethodGoogle : t.signInMethodPassword,
    },
    // In the shop's time zone and style, like every other date ("Nov 26, 2026").
    { label: t.settingsMemberSince, value: formatDate(user.createdAt) },
  ];
  const buttonClass =
    "inline-flex h-11 w-full items-center justify-center gap-2 rounded-lg border border-line bg-white px-4 text-sm font-medium transition hover:border-gold/60 focus-visible:outline-2 focus-visible:outline-gold disabled:opacity-70";

  return (
    <div className="space-y-5">
      <div className="flex justify-center">
        <UserAvatar user={user} size="lg" />
      </div>
      <dl className="divide-line border-line divide-y rounded-xl border bg-white/70 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="flex items-center justify-between gap-4 px-4 py-3">
            <dt className="text-muted shrink-0">{row.label}</dt>
            {/* Whole, however long: this is where the customer checks her details. */}
            <dd className="text-ink min-w-0 text-end font-medium wrap-anywhere">{row.value}</dd>
          </div>
        ))}
      </dl>
      <div className="space-y-2.5">
        {!user.isEmailVerified && (
          <button type="button" onClick={resend} disabled={sending} className={buttonClass}>
            {sending ? (
              <Loader2 aria-hidden className="size-4 animate-spin" />
            ) : (
              <MailCheck aria-hidden className="size-4" />
            )}
            {t.resendVerification}
          </button>
        )}
        {canChangePassword(user) && (
          <button
            type="button"
            onClick={() => openAccountDialog("change-password")}
            className={buttonClass}
          >
            <KeyRound aria-hidden className="size-4" />
            {t.changePassword}
          </button>
        )}
        <button
          type="button"
          onClick={signOutEverywhere}
          disabled={signingOut}
          title={t.signOutEverywhereHint}
          className={buttonClass}
        >
          {signingOut ? (
            <Loader2 aria-hidden className="size-4 animate-spin" />
          ) : (
            <LogOut aria-hidden className="size-4" />
          )}
          {t.signOutEverywhere}
        </button>
        <button
          type="button"
          onClick={() => openAccountDialog("delete-account")}
          className={`${buttonClass} text-red-700`}
        >
          <Trash2 aria-hidden className="size-4" />
          {t.deleteAccount}
        </button>
      </div>
    </div>
  );
}

function CancelButton() {
  const { closeAccountDialog } = useAccountUi();
  return (
    <button
      type="button"
      onClick={closeAccountDialog}
      className="border-line text-ink hover:border-gold/60 focus-visible:outline-gold h-11 w-full rounded-lg border bg-white px-5 text-sm font-medium transition focus-visible:outline-2"
    >
      {t.cancel}
    </button>
  );
}
