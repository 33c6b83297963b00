"use client";

// The auth modal's login and signup modes (spec section 5, Auth modal).
import { toast } from "@/components/ui/toast";
import { useAuth } from "@/components/account/auth-provider";
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
import { GoogleButton } from "@/components/auth/google-button";
import { describeFailure } from "@/lib/api-client";
import { messages } from "@/lib/messages";
import { loginSchema, signupSchema } from "@/models/auth";

const t = messages.account;
const m = messages.auth;

export function LoginForm({
  defaultEmail = "",
  onForgotPassword,
}: {
  defaultEmail?: string;
  /** Opens forgot-password, carrying the email typed so far. */
  onForgotPassword: (email: string) => void;
}) {
  const { login } = useAuth();
  const { setAuthMode, closeAuth } = useAccountUi();
  const {
    register,
    getValues,
    formState: { errors, isSubmitting },
    problem,
    onSubmit,
  } = useZodForm(loginSchema, { email: defaultEmail, password: "" }, async (values) => {
    const result = await login(values);
    if (!result.ok) return describeFailure(result, m.loginFailed);
    closeAuth();
    toast.success(t.welcomeBack(result.data.user.firstName));
  });

  return (
    <div className="space-y-5">
      <GoogleButton />
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <EmailField error={errors.email?.message} {...register("email")} />
        <div>
          <PasswordField
            label={t.password}
            autoComplete="current-password"
            error={errors.password?.message}
            {...register("password")}
          />
          <div className="mt-2 text-end">
            <LinkButton
              className="text-[13px]"
              onClick={() => onForgotPassword(getValues("email").trim())}
            >
              {t.forgotPassword}
            </LinkButton>
          </div>
        </div>
        <FormAlert problem={problem} />
        <SubmitButton pending={isSubmitting}>{t.signInSubmit}</SubmitButton>
      </form>
      <p className="text-muted text-center text-sm">
        {t.noAccount} <LinkButton onClick={() => setAuthMode("signup")}>{t.signUp}</LinkButton>
      </p>
    </div>
  );
}

export function SignupForm() {
  const { signup } = useAuth();
  const { setAuthMode, closeAuth } = useAccountUi();
  const {
    register,
    formState: { errors, isSubmitting },
    problem,
    onSubmit,
  } = useZodForm(
    signupSchema,
    { firstName: "", lastName: "", email: "", password: "" },
    async (values) => {
      const result = await signup(values);
      if (!result.ok) return describeFailure(result, m.signupFailed);
      closeAuth();
      toast.success(t.accountCreated);
    },
  );

  return (
    <div className="space-y-5">
      <GoogleButton />
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2">
          <TextField
            label={t.firstName}
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register("firstName")}
          />
          <TextField
            label={t.lastName}
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register("lastName")}
          />
        </div>
        <EmailField error={errors.email?.message} {...register("email")} />
        <PasswordField
          label={t.password}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register("password")}
        />
        <FormAlert problem={problem} />
        <SubmitButton pending={isSubmitting}>{t.signUpSubmit}</SubmitButton>
      </form>
      <p className="text-muted text-center text-sm">
        {t.haveAccount} <LinkButton onClick={() => setAuthMode("login")}>{t.signIn}</LinkButton>
      </p>
    </div>
  );
}
