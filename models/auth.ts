// Validation shared by the auth forms (react-hook-form + zodResolver) and the auth API (spec section 5).
import { z } from "zod";
import { MIN_PASSWORD_LENGTH, PIN_LENGTH } from "@/lib/constants";
import { messages } from "@/lib/messages";
import { showsSomething } from "@/models/text";

const m = messages.auth;
const MAX_TEXT = 200;
const MAX_PASSWORD = 200;

export const emailField = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, { error: m.emailRequired })
  .max(MAX_TEXT, { error: m.emailInvalid })
  .pipe(z.email({ error: m.emailInvalid }))
  .transform((email) => email.toLowerCase());

const passwordField = z
  .string({ error: m.passwordRequired })
  .min(1, { error: m.passwordRequired })
  .min(MIN_PASSWORD_LENGTH, { error: m.passwordTooShort })
  .max(MAX_PASSWORD, { error: m.passwordTooLong(MAX_PASSWORD) });

export const MAX_NAME_LENGTH = 50;
const LINE_BREAK = /[\r\n\t\v\f\u0085\u2028\u2029]/;
// A scheme, "www.", an email address or anything shaped like a domain ("shop-help.com/restore"):
// names appear in the shop's mails, which must never carry a stranger's link.
const LINK = /:\/\/|www\.|@|[\p{L}\p{N}-]\.\p{L}{2,}/iu;
// A bare IPv4 address ("1.2.3.4/login").
const IP_ADDRESS = /\d{1,3}(?:\.\d{1,3}){3}/;
// Full stops of other scripts that browsers and mail readers take for a domain's dots (UTS #46):
// the ideographic 。, the halfwidth ｡, and the small and one-dot leaders.
const DOT_LOOKALIKES = /[\u3002\uff61\ufe52\u2024]/g;
/** Whether a name holds a link, seen as a mail reader would show it: invisible marks (a zero-width
 * space, a soft hyphen) dropped and look-alikes (a fullwidth or ideographic full stop) made plain. */
function holdsLink(name: string): boolean {
  const plain = name
    .normalize("NFKC")
    .replace(/\p{Cf}/gu, "")
    .replace(DOT_LOOKALIKES, ".");
  return LINK.test(plain) || IP_ADDRESS.test(plain);
}

const nameField = ({ required, tooLong }: { required: string; tooLong: string }) =>
  z
    .string({ error: required })
    .trim()
    .refine(showsSomething, { error: required, abort: true })
    .max(MAX_NAME_LENGTH, { error: tooLong })
    .refine((name) => !LINE_BREAK.test(name), { error: m.nameOneLine })
    .refine((name) => !holdsLink(name), { error: m.nameNoLinks });

export const loginSchema = z.object({
  email: emailField,
  password: passwordField,
});

export const signupSchema = z.object({
  email: emailField,
  password: passwordField,
  firstName: nameField({ required: m.firstNameRequired, tooLong: m.firstNameTooLong }),
  lastName: nameField({ required: m.lastNameRequired, tooLong: m.lastNameTooLong }),
  source: z.enum(["instagram"]).optional().catch(undefined),
});

export const forgotPasswordSchema = z.object({ email: emailField });

export const pinField = z
  .string({ error: m.pinRequired })
  .min(1, { error: m.pinRequired })
  .regex(/^\d*$/, { error: m.pinDigits })
  .length(PIN_LENGTH, { error: m.pinLength });

export const verifyPinSchema = z.object({ email: emailField, pin: pinField });

export const newPasswordField = z
  .string({ error: m.newPasswordRequired })
  .min(1, { error: m.newPasswordRequired })
  .min(MIN_PASSWORD_LENGTH, { error: m.passwordTooShort })
  .max(MAX_PASSWORD, { error: m.passwordTooLong(MAX_PASSWORD) });

/** The API's body; the form adds a confirmation (resetPasswordFormSchema). */
export const resetPasswordSchema = z.object({
  resetToken: z
    .string({ error: m.resetSessionExpired })
    .min(1, { error: m.resetSessionExpired })
    .max(500),
  newPassword: newPasswordField,
});

export const resetPasswordFormSchema = resetPasswordSchema
  .pick({ newPassword: true })
  .extend({ confirmPassword: z.string().min(1, { error: m.confirmRequired }) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: m.passwordsMismatch,
    path: ["confirmPassword"],
  });

const cp = messages.changePassword;

const changePasswordFields = z.object({
  currentPassword: z
    .string({ error: m.passwordRequired })
    .min(1, { error: m.passwordRequired })
    .max(MAX_PASSWORD, { error: m.passwordTooLong(MAX_PASSWORD) }),
  newPassword: z
    .string({ error: cp.tooShort })
    .min(MIN_PASSWORD_LENGTH, { error: cp.tooShort })
    .max(MAX_PASSWORD, { error: m.passwordTooLong(MAX_PASSWORD) }),
});

const differsFromCurrent = {
  check: (v: { currentPassword: string; newPassword: string }) =>
    v.newPassword !== v.currentPassword,
  params: { error: cp.sameAsCurrent, path: ["newPassword"] },
};

export const changePasswordSchema = changePasswordFields.refine(
  differsFromCurrent.check,
  differsFromCurrent.params,
);

/** The form adds a confirmation of the new password. */
export const changePasswordFormSchema = changePasswordFields
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: cp.mismatch,
    path: ["confirmPassword"],
  })
  .refine(differsFromCurrent.check, differsFromCurrent.params);

const da = messages.deleteAccount;

export const deleteAccountSchema = z.object({
  password: z
    .string({ error: da.passwordRequired })
    .min(1, { error: da.passwordRequired })
    .max(MAX_PASSWORD, { error: m.passwordTooLong(MAX_PASSWORD) }),
});

/** The form adds the typed confirmation phrase. */
export const deleteAccountFormSchema = deleteAccountSchema.extend({
  confirmation: z
    .string()
    .min(1, { error: da.typePhrase })
    .refine((v) => v === da.phrase, { error: da.mismatch }),
});

export const verifyEmailSchema = z.object({
  token: z
    .string({ error: messages.verification.invalidLink })
    .min(1, { error: messages.verification.invalidLink })
    .max(500),
});

/** The user as the API returns it: never a password hash or any secret. */
export type PublicUser = {
  _id: string;
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  avatar: string | null;
  isEmailVerified: boolean;
  isAdmin: boolean;
  registrationSource: "google" | "instagram_bio" | null;
  /** The Google account the user signs in with, when there is one. */
  providers: { google?: { id: string } };
  hasPassword: boolean;
  lastLoginAt: string | null;
  /** The sign-in before the current one (the admin header's "last login"). */
  previousLoginAt?: string | null;
  createdAt: string;
};
