"use client";

// The auth modal's reset flow (spec section 4, Auth modal flow): forgot-password sends a PIN,
// verify-pin trades it for a reset token, reset-password sets the new password and signs in.
import { toast } from "@/components/ui/toast";
import { z } from "zod";
import { type SessionAnswer, useAuth } from "@/components/account/auth-provider";
import { useAccountUi } from "@/components/account/account-ui";
import {
  EmailField,
  FormAlert,
  LinkButton,
  PasswordField,
  SubmitButton,
  TextField,
  useZodForm,
} from "@/components/ui/form-controls";
import { callApi, describeFailure } from "@/lib/api-client";
import { PIN_LENGTH } from "@/lib/constants";
import { messages } from "@/lib/messages";
import { forgotPasswordSchema, pinField, resetPasswordFormSchema } from "@/models/auth";

const t = messages.account;
const m = messages.auth;

function BackToSignIn() {
  const { setAuthMode } = useAccountUi();
  return (
    <p className="text-center text-sm">
      <LinkButton onClick={() => setAuthMode("login")}>{t.backToSignIn}</LinkButton>
    </p>
  );
}

export function ForgotPasswordForm({
  defaultEmail,
  onPinSent,
}: {
  defaultEmail: string;
  onPinSent: (email: string) => void;
}) {
  const {
    register,
    formState: { errors, isSubmitting },
    problem,
    onSubmit,
  } = useZodForm(forgotPasswordSchema, { email: defaultEmail }, async ({ email }) => {
    const result = await callApi("/api/auth/forgot-password", { body: { email } });
    if (!result.ok) return describeFailure(result, m.resetPinFailed, m.resetPinFailed);
    onPinSent(email);
  });

  return (
    <div className="space-y-5">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <EmailField error={errors.email?.message} {...register("email")} />
        <FormAlert problem={problem} />
        <SubmitButton pending={isSubmitting}>{t.sendPin}</SubmitButton>
      </form>
      <BackToSignIn />
    </div>
  );
}

const pinFormSchema = z.object({ pin: pinField });

export function VerifyPinForm({
  email,
  onVerified,
  onResend,
}: {
  email: string;
  onVerified: (resetToken: string) => void;
  onResend: () => void;
}) {
  const {
    register,
    formState: { errors, isSubmitting },
    problem,
    onSubmit,
  } = useZodForm(pinFormSchema, { pin: "" }, async (values) => {
    const result = await callApi<{ resetToken?: string }>("/api/auth/verify-reset-pin", {
      body: { email, pin: values.pin },
    });
    if (!result.ok) return describeFailure(result, m.invalidPin);
    if (!result.data.resetToken) return { message: m.invalidPin, details: [] };
    onVerified(result.data.resetToken);
  });
  const pin = register("pin");

  return (
    <div className="space-y-5">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label={t.pin}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={PIN_LENGTH}
          placeholder={"•".repeat(PIN_LENGTH)}
          error={errors.pin?.message}
          className="[&_input]:text-center [&_input]:font-mono [&_input]:text-xl [&_input]:tracking-[0.5em]"
          {...pin}
          onChange={(event) => {
            // Typing keeps digits only, at most six (spec section 5).
            event.target.value = event.target.value.replace(/\D/g, "").slice(0, PIN_LENGTH);
            return pin.onChange(event);
          }}
        />
        <FormAlert problem={problem} />
        <SubmitButton pending={isSubmitting}>{t.verifyPinSubmit}</SubmitButton>
      </form>
      <p className="text-muted text-center text-sm">
        {t.noPinReceived} <LinkButton onClick={onResend}>{t.resendPin}</LinkButton>
      </p>
      <BackToSignIn />
    </div>
  );
}

export function ResetPasswordForm({ resetToken }: { resetToken: string | null }) {
  const { acceptSession } = useAuth();
  const { closeAuth } = useAccountUi();
  const {
    register,
    formState: { errors, isSubmitting },
    problem,
    onSubmit,
  } = useZodForm(
    resetPasswordFormSchema,
    { newPassword: "", confirmPassword: "" },
    async ({ newPassword }) => {
      if (!resetToken) return { message: m.resetSessionExpired, details: [] };
      const result = await callApi<SessionAnswer>("/api/auth/reset-password", {
        body: { resetToken, newPassword },
      });
      if (!result.ok) return describeFailure(result, m.resetFailed);
      await acceptSession(result.data.user);
      closeAuth();
      toast.success(t.passwordReset);
    },
  );

  return (
    <div className="space-y-5">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <PasswordField
          label={t.newPassword}
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register("newPassword")}
        />
        <PasswordField
          label={t.confirmPassword}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register("confirmPassword")}
        />
        <FormAlert problem={problem} />
        <SubmitButton pending={isSubmitting}>{t.resetSubmit}</SubmitButton>
      </form>
      <BackToSignIn />
    </div>
  );
}
