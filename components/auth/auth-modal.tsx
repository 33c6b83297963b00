"use client";

// The auth modal with its five modes. Each opening starts afresh (fields, errors, reset flow);
// each mode renders its own form, so switching modes also hides every revealed password.
import { useAccountUi, type AuthMode } from "@/components/account/account-ui";
import { ModalShell } from "@/components/auth/modal-shell";
import {
  ForgotPasswordForm,
  ResetPasswordForm,
  VerifyPinForm,
} from "@/components/auth/password-reset-forms";
import { LoginForm, SignupForm } from "@/components/auth/sign-in-forms";
import { messages } from "@/lib/messages";

const t = messages.account;

const titles: Record<AuthMode, string> = {
  login: t.loginTitle,
  signup: t.signupTitle,
  "forgot-password": t.forgotTitle,
  "verify-pin": t.verifyPinTitle,
  "reset-password": t.resetTitle,
};

export function AuthModal() {
  const { authModal, closeAuth, setAuthMode } = useAccountUi();
  const { mode, email, resetToken, opening } = authModal;

  const intro: Record<AuthMode, string> = {
    login: t.loginIntro,
    signup: t.signupIntro,
    "forgot-password": t.forgotIntro,
    "verify-pin": t.verifyPinIntro(email),
    "reset-password": t.resetIntro,
  };

  return (
    <ModalShell
      open={authModal.open}
      onClose={closeAuth}
      title={titles[mode]}
      description={intro[mode]}
    >
      <div key={`${opening}-${mode}`}>
        {mode === "login" && (
          <LoginForm
            defaultEmail={email}
            onForgotPassword={(typed) => setAuthMode("forgot-password", { email: typed })}
          />
        )}
        {mode === "signup" && <SignupForm />}
        {mode === "forgot-password" && (
          <ForgotPasswordForm
            defaultEmail={email}
            onPinSent={(sentTo) => setAuthMode("verify-pin", { email: sentTo, resetToken: null })}
          />
        )}
        {mode === "verify-pin" && (
          <VerifyPinForm
            email={email}
            onVerified={(token) => setAuthMode("reset-password", { resetToken: token })}
            onResend={() => setAuthMode("forgot-password")}
          />
        )}
        {mode === "reset-password" && <ResetPasswordForm resetToken={resetToken} />}
      </div>
    </ModalShell>
  );
}
