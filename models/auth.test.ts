import { changePasswordSchema, loginSchema, signupSchema, verifyPinSchema } from "@/models/auth";

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
