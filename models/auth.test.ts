import { messages } from "@/lib/messages";
import {
  changePasswordFormSchema,
  changePasswordSchema,
  deleteAccountFormSchema,
  loginSchema,
  resetPasswordFormSchema,
  signupSchema,
  verifyPinSchema,
} from "@/models/auth";

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("auth validation", () => {
  it.each([
    [{ email: "", password: "secret1" }, "Email is required"],
    [{ email: "nope", password: "secret1" }, "Email is invalid"],
    [{ email: "a@b.co", password: "" }, "Password is required"],
    [{ email: "a@b.co", password: "12345" }, "Password must be at least 6 characters"],
  ])("login %j fails with %s", (body, message) => {
    expect(firstError(loginSchema.safeParse(body))).toBe(message);
  });

  it("normalises the email to lower case", () => {
    expect(loginSchema.parse({ email: " Maya@Example.COM ", password: "secret1" }).email).toBe(
      "maya@example.com",
    );
  });

  it("requires names on signup and ignores unknown sources", () => {
    expect(
      firstError(
        signupSchema.safeParse({
          email: "a@b.co",
          password: "secret1",
          firstName: " ",
          lastName: "K",
        }),
      ),
    ).toBe("First name is required");
    expect(
      firstError(
        signupSchema.safeParse({
          email: "a@b.co",
          password: "secret1",
          firstName: "M",
          lastName: "",
        }),
      ),
    ).toBe("Last name is required");
    expect(
      firstError(
        signupSchema.safeParse({
          email: "a@b.co",
          password: "secret1",
          firstName: "\u202e\u200b",
          lastName: "K",
        }),
      ),
    ).toBe("First name is required");
    expect(
      signupSchema.parse({
        email: "a@b.co",
        password: "secret1",
        firstName: "M",
        lastName: "K",
        source: "tiktok",
      }).source,
    ).toBeUndefined();
  });

  it.each([
    ["", "PIN is required"],
    ["12a456", "PIN must contain only numbers"],
    ["12345", "PIN must be 6 digits"],
  ])("pin %j fails with %s", (pin, message) => {
    expect(firstError(verifyPinSchema.safeParse({ email: "a@b.co", pin }))).toBe(message);
  });

  it("refuses a new password equal to the current one", () => {
    expect(
      firstError(
        changePasswordSchema.safeParse({ currentPassword: "secret1", newPassword: "secret1" }),
      ),
    ).toBe("New password must be different from current password");
  });
});

describe("form schemas", () => {
  // A form shows the first message of each field.
  const messagesOf = (result: {
    error?: { issues: { message: string; path: PropertyKey[] }[] };
  }) => {
    const first = new Map<string, string>();
    for (const issue of result.error?.issues ?? []) {
      const field = String(issue.path[0]);
      if (!first.has(field)) first.set(field, issue.message);
    }
    return [...first].map(([field, message]) => `${field}: ${message}`).sort();
  };

  it("asks the change-password form for a matching confirmation and a new password", () => {
    expect(
      messagesOf(
        changePasswordFormSchema.safeParse({
          currentPassword: "secret1",
          newPassword: "secret1",
          confirmPassword: "other",
        }),
      ),
    ).toEqual([
      "confirmPassword: New passwords do not match",
      "newPassword: New password must be different from current password",
    ]);
    expect(
      messagesOf(
        changePasswordFormSchema.safeParse({
          currentPassword: "",
          newPassword: "12345",
          confirmPassword: "12345",
        }),
      ),
    ).toEqual([
      "currentPassword: Password is required",
      "newPassword: New password must be at least 6 characters long",
    ]);
  });

  it("asks the reset form for a confirmation that matches", () => {
    expect(
      messagesOf(
        resetPasswordFormSchema.safeParse({ newPassword: "secret1", confirmPassword: "" }),
      ),
    ).toEqual(["confirmPassword: Please confirm your password"]);
    expect(
      messagesOf(
        resetPasswordFormSchema.safeParse({ newPassword: "secret1", confirmPassword: "secret2" }),
      ),
    ).toEqual(["confirmPassword: Passwords do not match"]);
  });

  it("asks the delete form for the exact phrase and the password", () => {
    expect(
      messagesOf(deleteAccountFormSchema.safeParse({ confirmation: "", password: "" })),
    ).toEqual([
      'confirmation: Please type "DELETE MY ACCOUNT" to confirm',
      "password: Please enter your password to confirm account deletion",
    ]);
    expect(
      messagesOf(
        deleteAccountFormSchema.safeParse({ confirmation: "delete my account", password: "x" }),
      ),
    ).toEqual(["confirmation: Text does not match"]);
    expect(
      deleteAccountFormSchema.safeParse({ confirmation: "DELETE MY ACCOUNT", password: "x" })
        .success,
    ).toBe(true);
  });
});

describe("a password past the longest one accepted", () => {
  it("is named too long, not too short, on every form that takes one", () => {
    const long = "p".repeat(201);
    const tooLong = messages.auth.passwordTooLong(200);
    expect(firstError(loginSchema.safeParse({ email: "a@b.co", password: long }))).toBe(tooLong);
    expect(
      firstError(
        signupSchema.safeParse({ email: "a@b.co", password: long, firstName: "M", lastName: "K" }),
      ),
    ).toBe(tooLong);
    expect(
      firstError(changePasswordSchema.safeParse({ currentPassword: "secret1", newPassword: long })),
    ).toBe(tooLong);
  });
});
