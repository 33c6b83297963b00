import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { POST as changePassword } from "@/app/api/auth/change-password/route";
import { DELETE as deleteAccount } from "@/app/api/auth/delete-account/route";
import { POST as forgotPassword } from "@/app/api/auth/forgot-password/route";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { GET as profile } from "@/app/api/auth/profile/route";
import { POST as resendVerification } from "@/app/api/auth/resend-verification/route";
import { POST as resetPassword } from "@/app/api/auth/reset-password/route";
import { POST as signup } from "@/app/api/auth/signup/route";
import { POST as verifyEmail } from "@/app/api/auth/verify-email/route";
import { POST as verifyResetPin } from "@/app/api/auth/verify-reset-pin/route";
import { getAuthSecret } from "@/lib/auth/secret";
import { requireAdmin, requireVerifiedUser } from "@/lib/auth/session";
import {
  cartItems,
  emailVerificationTokens,
  orders,
  passwordResets,
  products,
  rateLimits,
  users,
  wishlistItems,
} from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { detachedWorkDone } from "@/lib/http";
import { messages } from "@/lib/messages";
import {
  HASHING_REQUESTS_PER_ADDRESS,
  rateLimitConfig,
  resetRateLimitConfig,
} from "@/lib/rate-limit";
import { describeEachDatabase } from "@/tests/support/databases";
import { createSignedInUser } from "@/tests/support/users";
import {
  jsonRequest,
  outboxMails,
  pinIn,
  resetLinkTokenIn,
  readResponse,
  sessionCookieFrom,
  uniqueEmail,
  verificationTokenIn,
} from "@/tests/support/auth-requests";

const m = messages;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lumiere-auth-"));
const PASSWORD = "silver-moon-7";

beforeAll(() => {
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  resetEnvCache();
  jest.spyOn(console, "info").mockImplementation(() => {});
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  resetRateLimitConfig();
});

type Call = (request: Request) => Promise<Response>;
const call = async (handler: Call, ...args: Parameters<typeof jsonRequest>) =>
  readResponse(await handler(jsonRequest(...args)));

async function signUpShopper(overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const response = await signup(
    jsonRequest("/api/auth/signup", {
      body: { email, password: PASSWORD, firstName: "Maya", lastName: "Khoury", ...overrides },
    }),
  );
  const result = await readResponse(response);
  expect(result.status).toBe(201);
  return {
    email: (overrides.email as string | undefined)?.toLowerCase() ?? email,
    token: result.body.token as string,
    user: result.body.user as Record<string, unknown>,
    cookie: sessionCookieFrom(response)!,
  };
}

const latestMail = (email: string) => outboxMails(dataDir, email).at(-1) ?? "";

function expectPublicUser(user: unknown) {
  const keys = Object.keys(user as object);
  expect(keys.sort()).toEqual(
    [
      "_id",
      "avatar",
      "createdAt",
      "email",
      "firstName",
      "hasPassword",
      "id",
      "isAdmin",
      "isEmailVerified",
      "lastLoginAt",
      "lastName",
      "phoneNumber",
      "previousLoginAt",
      "providers",
      "registrationSource",
    ].sort(),
  );
  const text = JSON.stringify(user);
  expect(text).not.toMatch(/password_?hash|scrypt|session_?version|googleId/i);
}

describeEachDatabase("auth API", ({ db }) => {
  beforeEach(async () => {
    resetRateLimitConfig();
    await db().delete(rateLimits);
  });

  describe("POST /api/auth/signup", () => {
    it("creates the account, answers { token, user }, sets the session cookie and mails a verification link", async () => {
      const email = uniqueEmail("Nour");
      const response = await signup(
        jsonRequest("/api/auth/signup", {
          body: {
            email: email.toUpperCase(),
            password: PASSWORD,
            firstName: " Nour ",
            lastName: "Haddad",
          },
        }),
      );
      const { status, body } = await readResponse(response);
      expect(status).toBe(201);
      expect(typeof body.token).toBe("string");
      expect(body.user).toMatchObject({
        email: email.toLowerCase(),
        firstName: "Nour",
        lastName: "Haddad",
        isEmailVerified: false,
        isAdmin: false,
        registrationSource: null,
        providers: {},
        hasPassword: true,
      });
      expectPublicUser(body.user);
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith("lumiere_session="))!;
      expect(cookie).toContain(`lumiere_session=${body.token}`);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).toMatch(/Max-Age=2592000/);
      const mail = latestMail(email.toLowerCase());
      expect(mail).toContain("Subject: Lumi");
      expect(verificationTokenIn(mail)).toBeTruthy();
      const [row] = await db().select().from(users).where(eq(users.email, email.toLowerCase()));
      expect(row!.passwordHash).toMatch(/^scrypt\$/);
    });

    it("records an Instagram landing as registrationSource instagram_bio and ignores other sources", async () => {
      const instagram = await signUpShopper({ source: "instagram" });
      expect(instagram.user.registrationSource).toBe("instagram_bio");
      const other = await signUpShopper({ source: "facebook" });
      expect(other.user.registrationSource).toBeNull();
    });

    it("refuses a second account for the same email in any letter case (409)", async () => {
      const { email } = await signUpShopper();
      const { status, body } = await call(signup, "/api/auth/signup", {
        body: { email: email.toUpperCase(), password: PASSWORD, firstName: "A", lastName: "B" },
      });
      expect(status).toBe(409);
      expect(body).toEqual({ error: m.auth.emailTaken });
    });

    it.each([
      [
        {},
        m.auth.emailRequired,
        [
          m.auth.emailRequired,
          m.auth.passwordRequired,
          m.auth.firstNameRequired,
          m.auth.lastNameRequired,
        ],
      ],
      [
        { email: "", password: PASSWORD, firstName: "A", lastName: "B" },
        m.auth.emailRequired,
        [m.auth.emailRequired],
      ],
      [
        { email: "not-an-email", password: PASSWORD, firstName: "A", lastName: "B" },
        m.auth.emailInvalid,
        [m.auth.emailInvalid],
      ],
      [
        { email: "a@b.co", password: "", firstName: "A", lastName: "B" },
        m.auth.passwordRequired,
        [m.auth.passwordRequired, m.auth.passwordTooShort],
      ],
      [
        { email: "a@b.co", password: "12345", firstName: "A", lastName: "B" },
        m.auth.passwordTooShort,
        [m.auth.passwordTooShort],
      ],
      [
        { email: "a@b.co", password: PASSWORD, firstName: "  ", lastName: "B" },
        m.auth.firstNameRequired,
        [m.auth.firstNameRequired],
      ],
      [
        { email: "a@b.co", password: PASSWORD, firstName: "A" },
        m.auth.lastNameRequired,
        [m.auth.lastNameRequired],
      ],
    ])("answers 400 with the spec's messages for %j", async (body, error, details) => {
      const result = await call(signup, "/api/auth/signup", { body });
      expect(result.status).toBe(400);
      expect(result.body).toEqual({ error, details });
    });
  });

  describe("POST /api/auth/login", () => {
    it("signs in with the right password, in any letter case of the email, and records the sign-in times", async () => {
      const { email } = await signUpShopper();
      const first = await login(
        jsonRequest("/api/auth/login", {
          body: { email: email.toUpperCase(), password: PASSWORD },
        }),
      );
      const firstBody = await readResponse(first);
      expect(firstBody.status).toBe(200);
      expect(firstBody.body.user).toMatchObject({ email });
      expectPublicUser(firstBody.body.user);
      expect(sessionCookieFrom(first)).toBe(`lumiere_session=${firstBody.body.token}`);
      const [afterFirst] = await db().select().from(users).where(eq(users.email, email));
      const second = await call(login, "/api/auth/login", { body: { email, password: PASSWORD } });
      expect(second.status).toBe(200);
      const [afterSecond] = await db().select().from(users).where(eq(users.email, email));
      expect(afterSecond!.previousLoginAt?.toISOString()).toBe(
        afterFirst!.lastLoginAt?.toISOString(),
      );
      expect(afterSecond!.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(
        afterFirst!.lastLoginAt!.getTime(),
      );
    });

    it("answers the same 401 for a wrong password and for an unknown email", async () => {
      const { email } = await signUpShopper();
      const wrong = await call(login, "/api/auth/login", {
        body: { email, password: "wrong-password" },
      });
      const unknown = await call(login, "/api/auth/login", {
        body: { email: uniqueEmail(), password: PASSWORD },
      });
      expect(wrong).toMatchObject({ status: 401, body: { error: m.auth.invalidCredentials } });
      expect(unknown).toMatchObject({ status: 401, body: { error: m.auth.invalidCredentials } });
      expect(wrong.headers.get("set-cookie")).toBeNull();
    });

    it.each([
      [{}, m.auth.emailRequired, [m.auth.emailRequired, m.auth.passwordRequired]],
      [{ email: "x@y.co" }, m.auth.passwordRequired, [m.auth.passwordRequired]],
      [{ email: "x@", password: PASSWORD }, m.auth.emailInvalid, [m.auth.emailInvalid]],
      [{ email: "x@y.co", password: "abc" }, m.auth.passwordTooShort, [m.auth.passwordTooShort]],
    ])("answers 400 with the spec's messages for %j", async (body, error, details) => {
      expect(await call(login, "/api/auth/login", { body })).toMatchObject({
        status: 400,
        body: { error, details },
      });
    });
  });

  describe("sessions", () => {
    it("accepts the token as a Bearer header and as the session cookie", async () => {
      const { token, cookie, email } = await signUpShopper();
      const byBearer = await call(profile, "/api/auth/profile", { method: "GET", token });
      const byCookie = await call(profile, "/api/auth/profile", { method: "GET", cookie });
      expect(byBearer).toMatchObject({ status: 200, body: { user: { email } } });
      expect(byCookie).toMatchObject({ status: 200, body: { user: { email } } });
      expectPublicUser(byCookie.body.user);
      // Among the browser's other cookies too.
      const amongOthers = await call(profile, "/api/auth/profile", {
        method: "GET",
        cookie: `theme=ivory; ${cookie}; cart=%7B%7D`,
      });
      expect(amongOthers).toMatchObject({ status: 200, body: { user: { email } } });
    });

    it("answers 401 without a token, and for tampered, foreign, expired or garbage tokens", async () => {
      const { token, user } = await signUpShopper();
      const tampered = token.slice(0, -4) + (token.endsWith("AAAA") ? "BBBB" : "AAAA");
      const expired = await encode({
        token: { sub: user.id as string, sv: 0 },
        secret: getAuthSecret(),
        salt: "lumiere-session",
        maxAge: -120,
      });
      const foreign = await encode({
        token: { sub: user.id as string, sv: 0 },
        secret: "some-other-secret-some-other-secret",
        salt: "lumiere-session",
      });
      const unsalted = await encode({
        token: { sub: user.id as string, sv: 0 },
        secret: getAuthSecret(),
      });
      for (const bad of [
        tampered,
        expired,
        foreign,
        unsalted,
        "garbage",
        "a.b.c.d.e",
        "x".repeat(5000),
      ]) {
        const result = await call(profile, "/api/auth/profile", { method: "GET", token: bad });
        expect(result).toMatchObject({ status: 401, body: { error: m.api.unauthorized } });
      }
      expect(await call(profile, "/api/auth/profile", { method: "GET" })).toMatchObject({
        status: 401,
      });
      expect(
        await call(profile, "/api/auth/profile", {
          method: "GET",
          headers: { authorization: "Basic abc" },
        }),
      ).toMatchObject({ status: 401 });
    });

    it("refuses a cookie-authenticated state change from a foreign origin but not from our own", async () => {
      const { cookie } = await signUpShopper();
      const foreign = await call(resendVerification, "/api/auth/resend-verification", {
        cookie,
        origin: "https://evil.example",
      });
      expect(foreign).toMatchObject({ status: 403, body: { error: m.api.badOrigin } });
      const own = await call(resendVerification, "/api/auth/resend-verification", {
        cookie,
        origin: "http://localhost:3000",
      });
      expect(own.status).toBe(200);
    });

    it("takes the allowed origin from APP_URL (scheme included) and the Host, never from X-Forwarded-Host", async () => {
      const { cookie } = await signUpShopper();
      const resend = (origin: string, headers: Record<string, string> = {}) =>
        call(resendVerification, "/api/auth/resend-verification", { cookie, origin, headers });
      // A forged X-Forwarded-Host naming the attacker's site does not make it our own.
      expect(
        (await resend("https://evil.example", { "x-forwarded-host": "evil.example" })).status,
      ).toBe(403);
      process.env.TRUST_PROXY = "1";
      resetEnvCache();
      try {
        expect(
          (await resend("https://evil.example", { "x-forwarded-host": "evil.example" })).status,
        ).toBe(403);
        // Behind a proxy the Host header is the proxy's business: only APP_URL's origin counts.
        expect((await resend("http://localhost:3000")).status).toBe(200);
        process.env.APP_URL = "https://shop.example";
        resetEnvCache();
        expect((await resend("http://localhost:3000")).status).toBe(403);
        expect((await resend("http://shop.example")).status).toBe(403);
        expect((await resend("https://shop.example")).status).toBe(200);
      } finally {
        delete process.env.TRUST_PROXY;
        delete process.env.APP_URL;
        resetEnvCache();
      }
      // Reached directly: the Host the browser addressed, with the request's own scheme.
      expect((await resend("https://localhost:3000")).status).toBe(403);
      expect((await resend("http://localhost:3000")).status).toBe(200);
    });

    it("names the cookie __Host-lumiere_session in production over https, and reads only that one there", async () => {
      Object.assign(process.env, {
        NODE_ENV: "production",
        APP_URL: "https://shop.example",
        AUTH_SECRET: "a-production-secret-of-at-least-32-bytes",
      });
      resetEnvCache();
      try {
        const { token } = await signUpShopper();
        const response = await logout(
          jsonRequest("/api/auth/logout", { origin: "https://shop.example" }),
        );
        const cleared = response.headers.getSetCookie()[0]!;
        expect(cleared).toMatch(/^__Host-lumiere_session=; /);
        expect(cleared).toMatch(/; Secure/);
        expect(cleared).toMatch(/; Path=\/;/);
        expect(cleared).not.toMatch(/Domain=/i);
        const withCookie = (cookie: string) =>
          call(profile, "/api/auth/profile", { method: "GET", cookie });
        expect((await withCookie(`__Host-lumiere_session=${token}`)).status).toBe(200);
        // A cookie without the prefix could have been planted by a sibling subdomain.
        expect((await withCookie(`lumiere_session=${token}`)).status).toBe(401);
      } finally {
        Object.assign(process.env, { NODE_ENV: "test" });
        delete process.env.APP_URL;
        delete process.env.AUTH_SECRET;
        resetEnvCache();
      }
    });

    it("logout clears the session cookie", async () => {
      const response = await logout(jsonRequest("/api/auth/logout"));
      expect(response.status).toBe(200);
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith("lumiere_session="))!;
      expect(cookie).toMatch(/^lumiere_session=;/);
      expect(cookie).toMatch(/Max-Age=0/);
    });

    it("requireVerifiedUser answers 403 with requiresVerification for an unverified user; requireAdmin 403 for a customer", async () => {
      const { token } = await signUpShopper();
      const request = () => jsonRequest("/api/orders", { method: "GET", token });
      await expect(requireVerifiedUser(request())).rejects.toMatchObject({
        status: 403,
        extra: { requiresVerification: true },
      });
      await expect(requireAdmin(request())).rejects.toMatchObject({ status: 403 });
    });
  });

  describe("email verification", () => {
    it("verifies with the mailed link once; a reused link and an unknown one answer distinct 400s", async () => {
      const { email, token } = await signUpShopper();
      const link = verificationTokenIn(latestMail(email))!;
      const ok = await call(verifyEmail, "/api/auth/verify-email", { body: { token: link } });
      expect(ok).toMatchObject({
        status: 200,
        body: { message: m.verification.success, user: { isEmailVerified: true } },
      });
      const me = await call(profile, "/api/auth/profile", { method: "GET", token });
      expect(me.body.user).toMatchObject({ isEmailVerified: true });
      expect(
        await call(verifyEmail, "/api/auth/verify-email", { body: { token: link } }),
      ).toMatchObject({
        status: 400,
        body: { error: m.verification.linkUsed },
      });
      expect(
        await call(verifyEmail, "/api/auth/verify-email", { body: { token: "made-up-token" } }),
      ).toMatchObject({
        status: 400,
        body: { error: m.verification.invalidLink },
      });
      expect(await call(verifyEmail, "/api/auth/verify-email", { body: {} })).toMatchObject({
        status: 400,
        body: { error: m.verification.invalidLink },
      });
      const verifiedRequest = jsonRequest("/api/orders", { method: "GET", token });
      await expect(requireVerifiedUser(verifiedRequest)).resolves.toMatchObject({ email });
    });

    it("refuses a link older than 24 hours", async () => {
      const { email, user } = await signUpShopper();
      const link = verificationTokenIn(latestMail(email))!;
      await db()
        .update(emailVerificationTokens)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(emailVerificationTokens.userId, user.id as string));
      expect(
        await call(verifyEmail, "/api/auth/verify-email", { body: { token: link } }),
      ).toMatchObject({
        status: 400,
        body: { error: m.verification.linkExpired },
      });
    });

    it("resends a new link to a signed-in unverified user and refuses once verified", async () => {
      const { email, token } = await signUpShopper();
      expect(await call(resendVerification, "/api/auth/resend-verification", {})).toMatchObject({
        status: 401,
      });
      const resent = await call(resendVerification, "/api/auth/resend-verification", { token });
      expect(resent).toMatchObject({
        status: 200,
        body: { message: m.verification.resendSuccess },
      });
      const mails = outboxMails(dataDir, email);
      expect(mails).toHaveLength(2);
      const newest = verificationTokenIn(mails[1]!)!;
      expect(newest).not.toBe(verificationTokenIn(mails[0]!));
      expect(
        (await call(verifyEmail, "/api/auth/verify-email", { body: { token: newest } })).status,
      ).toBe(200);
      expect(
        await call(resendVerification, "/api/auth/resend-verification", { token }),
      ).toMatchObject({
        status: 400,
        body: { error: m.verification.alreadyVerified },
      });
    });
    it("keeps one live link per account: a resent link replaces every older one", async () => {
      const { email, token } = await signUpShopper();
      for (let i = 0; i < 2; i++) {
        expect(
          (await call(resendVerification, "/api/auth/resend-verification", { token })).status,
        ).toBe(200);
      }
      const links = outboxMails(dataDir, email).map((mail) => verificationTokenIn(mail)!);
      expect(links).toHaveLength(3);
      for (const older of links.slice(0, 2)) {
        expect(
          await call(verifyEmail, "/api/auth/verify-email", { body: { token: older } }),
        ).toMatchObject({
          status: 400,
          body: { error: m.verification.invalidLink },
        });
      }
      expect(
        (await call(verifyEmail, "/api/auth/verify-email", { body: { token: links[2] } })).status,
      ).toBe(200);
    });
  });

  describe("password reset with a PIN", () => {
    async function requestPin(email: string) {
      const result = await call(forgotPassword, "/api/auth/forgot-password", { body: { email } });
      expect(result).toMatchObject({ status: 200, body: { message: m.auth.resetPinSent } });
      return pinIn(latestMail(email))!;
    }
    const wrongPin = (pin: string) => String((Number(pin) + 1) % 1_000_000).padStart(6, "0");

    it("answers the same for an unknown email and sends nothing", async () => {
      const email = uniqueEmail();
      const result = await call(forgotPassword, "/api/auth/forgot-password", { body: { email } });
      expect(result).toMatchObject({ status: 200, body: { message: m.auth.resetPinSent } });
      expect(outboxMails(dataDir, email)).toHaveLength(0);
    });

    it("goes PIN → reset token → new password, signs the user in and revokes older sessions", async () => {
      const { email, token: oldToken } = await signUpShopper();
      const pin = await requestPin(email);
      expect(pin).toMatch(/^\d{6}$/);
      const [stored] = await db().select().from(passwordResets);
      expect(JSON.stringify(stored)).not.toContain(pin);
      const verified = await call(verifyResetPin, "/api/auth/verify-reset-pin", {
        body: { email, pin },
      });
      expect(verified.status).toBe(200);
      const resetToken = verified.body.resetToken as string;
      expect(resetToken.length).toBeGreaterThan(30);
      // The PIN is single-use.
      expect(
        await call(verifyResetPin, "/api/auth/verify-reset-pin", { body: { email, pin } }),
      ).toMatchObject({
        status: 400,
        body: { error: m.auth.invalidPin },
      });
      const response = await resetPassword(
        jsonRequest("/api/auth/reset-password", {
          body: { resetToken, newPassword: "new-pearl-22" },
        }),
      );
      const reset = await readResponse(response);
      expect(reset).toMatchObject({
        status: 200,
        body: { user: { email, isEmailVerified: true } },
      });
      expectPublicUser(reset.body.user);
      expect(sessionCookieFrom(response)).toBe(`lumiere_session=${reset.body.token}`);
      expect(
        (await call(profile, "/api/auth/profile", { method: "GET", token: oldToken })).status,
      ).toBe(401);
      expect(
        (
          await call(profile, "/api/auth/profile", {
            method: "GET",
            token: reset.body.token as string,
          })
        ).status,
      ).toBe(200);
      expect(
        (await call(login, "/api/auth/login", { body: { email, password: "new-pearl-22" } }))
          .status,
      ).toBe(200);
      expect(
        (await call(login, "/api/auth/login", { body: { email, password: PASSWORD } })).status,
      ).toBe(401);
      // The reset token is single-use.
      expect(
        await call(resetPassword, "/api/auth/reset-password", {
          body: { resetToken, newPassword: "again-again-1" },
        }),
      ).toMatchObject({ status: 400, body: { error: m.auth.resetSessionExpired } });
      expect(latestMail(email)).toMatch(/Subject: .*password was changed/);
    });

    it("sent again after its answer was lost, the same reset signs her in instead of saying it expired", async () => {
      const { email, user } = await signUpShopper();
      const verified = await call(verifyResetPin, "/api/auth/verify-reset-pin", {
        body: { email, pin: await requestPin(email) },
      });
      const body = { resetToken: verified.body.resetToken, newPassword: "new-pearl-24" };
      expect((await call(resetPassword, "/api/auth/reset-password", { body })).status).toBe(200);
      const mailsAfterFirst = outboxMails(dataDir, email).length;

      const again = await call(resetPassword, "/api/auth/reset-password", { body });
      expect(again).toMatchObject({ status: 200, body: { user: { email } } });
      expect(
        (
          await call(profile, "/api/auth/profile", {
            method: "GET",
            token: again.body.token as string,
          })
        ).status,
      ).toBe(200);
      // Nothing was changed twice: no second "password changed" mail.
      expect(outboxMails(dataDir, email)).toHaveLength(mailsAfterFirst);
      // Only for a few minutes.
      await db()
        .update(passwordResets)
        .set({ usedAt: sql`now() - interval '6 minutes'` })
        .where(eq(passwordResets.userId, user.id as string));
      expect(await call(resetPassword, "/api/auth/reset-password", { body })).toMatchObject({
        status: 400,
        body: { error: m.auth.resetSessionExpired },
      });
      await db()
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(eq(passwordResets.userId, user.id as string));
      // Only with the password it set: the token cannot set another one.
      expect(
        await call(resetPassword, "/api/auth/reset-password", {
          body: { ...body, newPassword: "new-pearl-25" },
        }),
      ).toMatchObject({ status: 400, body: { error: m.auth.resetSessionExpired } });
      // Nor once the password has been changed since.
      const signedIn = await call(login, "/api/auth/login", {
        body: { email, password: "new-pearl-24" },
      });
      expect(
        (
          await call(changePassword, "/api/auth/change-password", {
            body: { currentPassword: "new-pearl-24", newPassword: "new-pearl-26" },
            token: signedIn.body.token as string,
          })
        ).status,
      ).toBe(200);
      expect(await call(resetPassword, "/api/auth/reset-password", { body })).toMatchObject({
        status: 400,
        body: { error: m.auth.resetSessionExpired },
      });
    });

    it("sent twice at once, the same reset signs her in both times and changes the password once", async () => {
      const { email } = await signUpShopper();
      const verified = await call(verifyResetPin, "/api/auth/verify-reset-pin", {
        body: { email, pin: await requestPin(email) },
      });
      const mailsBefore = outboxMails(dataDir, email).length;
      const body = { resetToken: verified.body.resetToken, newPassword: "new-pearl-27" };
      const answers = await Promise.all([
        call(resetPassword, "/api/auth/reset-password", { body }),
        call(resetPassword, "/api/auth/reset-password", { body }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(outboxMails(dataDir, email)).toHaveLength(mailsBefore + 1);
    });

    it("keeps a reset the owner earned with her PIN when someone asks for another PIN for her email", async () => {
      const { email } = await signUpShopper();
      const verified = await call(verifyResetPin, "/api/auth/verify-reset-pin", {
        body: { email, pin: await requestPin(email) },
      });
      expect(verified.status).toBe(200);
      // Someone else, elsewhere, asks for a PIN for the same email.
      const otherPin = await requestPin(email);
      expect(
        await call(resetPassword, "/api/auth/reset-password", {
          body: { resetToken: verified.body.resetToken, newPassword: "new-pearl-23" },
        }),
      ).toMatchObject({ status: 200, body: { user: { email } } });
      // The reset ended the other PIN too.
      expect(
        await call(verifyResetPin, "/api/auth/verify-reset-pin", {
          body: { email, pin: otherPin },
        }),
      ).toMatchObject({ status: 400, body: { error: m.auth.invalidPin } });
    });

    it("answers Invalid PIN for a wrong PIN, and after 5 wrong attempts the PIN is dead", async () => {
      const { email } = await signUpShopper();
      const pin = await requestPin(email);
      for (let attempt = 1; attempt <= 4; attempt++) {
        expect(
          await call(verifyResetPin, "/api/auth/verify-reset-pin", {
            body: { email, pin: wrongPin(pin) },
          }),
        ).toMatchObject({ status: 400, body: { error: m.auth.invalidPin } });
      }
      expect(
        await call(verifyResetPin, "/api/auth/verify-reset-pin", {
          body: { email, pin: wrongPin(pin) },
        }),
      ).toMatchObject({ status: 400, body: { error: m.auth.pinAttemptsExceeded } });
      expect(
        await call(verifyResetPin, "/api/auth/verify-reset-pin", { body: { email, pin } }),
      ).toMatchObject({
        status: 400,
        body: { error: m.auth.pinAttemptsExceeded },
      });
      // A new request gives a new PIN that works.
      const fresh = await requestPin(email);
      expect(
        (await call(verifyResetPin, "/api/auth/verify-reset-pin", { body: { email, pin: fresh } }))
          .status,
      ).toBe(200);
    });

    it("bounds PIN guesses per account and day, however many new PINs are requested", async () => {
      rateLimitConfig.pinGuesses.account = { points: 7, windowSeconds: 24 * 60 * 60 };
      const { email } = await signUpShopper();
      const first = await requestPin(email);
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect(
          (
            await call(verifyResetPin, "/api/auth/verify-reset-pin", {
              body: { email, pin: wrongPin(first) },
            })
          ).status,
        ).toBe(400);
      }
      const second = await requestPin(email);
      for (let attempt = 1; attempt <= 2; attempt++) {
        expect(
          await call(verifyResetPin, "/api/auth/verify-reset-pin", {
            body: { email, pin: wrongPin(second) },
          }),
        ).toMatchObject({ status: 400, body: { error: m.auth.invalidPin } });
      }
      // The day's guesses are spent: a third PIN brings no new ones, from any address.
      const third = await requestPin(email);
      const refused = await call(verifyResetPin, "/api/auth/verify-reset-pin", {
        body: { email, pin: third },
      });
      expect(refused).toMatchObject({ status: 429, body: { error: m.api.tooManyRequests } });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(60 * 60);
    });

    it("sets a new password from the mail's link, though strangers spent the day's guesses and asked for newer PINs", async () => {
      rateLimitConfig.pinGuesses.account = { points: 3, windowSeconds: 24 * 60 * 60 };
      const { email } = await signUpShopper();
      await requestPin(email);
      const link = resetLinkTokenIn(latestMail(email))!;
      expect(link.length).toBeGreaterThan(30);
      // A stranger spends the account's guesses, and asks for a newer PIN.
      for (let attempt = 1; attempt <= 4; attempt++) {
        await call(verifyResetPin, "/api/auth/verify-reset-pin", {
          body: { email, pin: "000000" },
        });
      }
      const newest = await requestPin(email);
      expect(
        (await call(verifyResetPin, "/api/auth/verify-reset-pin", { body: { email, pin: newest } }))
          .status,
      ).toBe(429);

      // The owner opens the link of the mail she got: no PIN, no guess to wait out.
      const reset = await call(resetPassword, "/api/auth/reset-password", {
        body: { resetToken: link, newPassword: "new-pearl-22" },
      });
      expect(reset).toMatchObject({ status: 200, body: { user: { email } } });
      expect(
        (await call(login, "/api/auth/login", { body: { email, password: "new-pearl-22" } }))
          .status,
      ).toBe(200);
      // Once.
      expect(
        await call(resetPassword, "/api/auth/reset-password", {
          body: { resetToken: link, newPassword: "new-pearl-33" },
        }),
      ).toMatchObject({ status: 400, body: { error: m.auth.resetSessionExpired } });
    });

    it("a reset link ends with the PIN's validity", async () => {
      const { email, user } = await signUpShopper();
      await requestPin(email);
      const link = resetLinkTokenIn(latestMail(email))!;
      await db()
        .update(passwordResets)
        .set({ resetTokenExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(passwordResets.userId, user.id as string));
      expect(
        await call(resetPassword, "/api/auth/reset-password", {
          body: { resetToken: link, newPassword: "new-pearl-22" },
        }),
      ).toMatchObject({ status: 400, body: { error: m.auth.resetSessionExpired } });
    });

    it("refuses an expired PIN, and a new request replaces the old PIN", async () => {
      const { email, user } = await signUpShopper();
      const first = await requestPin(email);
      await db()
        .update(passwordResets)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(passwordResets.userId, user.id as string));
      expect(
        await call(verifyResetPin, "/api/auth/verify-reset-pin", { body: { email, pin: first } }),
      ).toMatchObject({
        status: 400,
        body: { error: m.auth.pinExpired },
      });
      const second = await requestPin(email);
      const third = await requestPin(email);
      if (second !== third) {
        expect(
          await call(verifyResetPin, "/api/auth/verify-reset-pin", {
            body: { email, pin: second },
          }),
        ).toMatchObject({
          status: 400,
          body: { error: m.auth.invalidPin },
        });
      }
      expect(
        (await call(verifyResetPin, "/api/auth/verify-reset-pin", { body: { email, pin: third } }))
          .status,
      ).toBe(200);
    });

    it("answers Invalid PIN for an email without a reset or without an account", async () => {
      const { email } = await signUpShopper();
      for (const target of [email, uniqueEmail()]) {
        expect(
          await call(verifyResetPin, "/api/auth/verify-reset-pin", {
            body: { email: target, pin: "123456" },
          }),
        ).toMatchObject({
          status: 400,
          body: { error: m.auth.invalidPin },
        });
      }
    });

    it.each([
      [{ email: "a@b.co" }, m.auth.pinRequired],
      [{ email: "a@b.co", pin: "" }, m.auth.pinRequired],
      [{ email: "a@b.co", pin: "12345" }, m.auth.pinLength],
      [{ email: "a@b.co", pin: "12a456" }, m.auth.pinDigits],
      [{ pin: "123456" }, m.auth.emailRequired],
    ])("validates the PIN form %j", async (body, error) => {
      const result = await call(verifyResetPin, "/api/auth/verify-reset-pin", { body });
      expect(result.status).toBe(400);
      expect(result.body.error).toBe(error);
      expect(result.body.details).toContain(error);
    });

    it("refuses a made-up, missing or expired reset token with the reset-session message", async () => {
      const { email } = await signUpShopper();
      const pin = await requestPin(email);
      const { body } = await call(verifyResetPin, "/api/auth/verify-reset-pin", {
        body: { email, pin },
      });
      await db()
        .update(passwordResets)
        .set({ resetTokenExpiresAt: sql`now() - interval '1 second'` });
      for (const resetToken of [body.resetToken, "made-up", undefined]) {
        expect(
          await call(resetPassword, "/api/auth/reset-password", {
            body: { resetToken, newPassword: "fine-password" },
          }),
        ).toMatchObject({ status: 400, body: { error: m.auth.resetSessionExpired } });
      }
      expect(
        await call(resetPassword, "/api/auth/reset-password", {
          body: { resetToken: "x", newPassword: "" },
        }),
      ).toMatchObject({ status: 400, body: { error: m.auth.newPasswordRequired } });
    });
  });

  describe("POST /api/auth/change-password", () => {
    it("changes the password, keeps the caller signed in on its token, ends other sessions and mails a confirmation", async () => {
      const { email, token, cookie } = await signUpShopper();
      const other = (await call(login, "/api/auth/login", { body: { email, password: PASSWORD } }))
        .body.token as string;
      const response = await changePassword(
        jsonRequest("/api/auth/change-password", {
          cookie,
          origin: "http://localhost:3000",
          body: { currentPassword: PASSWORD, newPassword: "golden-hour-9" },
        }),
      );
      const result = await readResponse(response);
      expect(result).toMatchObject({ status: 200, body: { message: m.changePassword.success } });
      expect(result.body.token).toBe(token);
      expect(sessionCookieFrom(response)).toBe(`lumiere_session=${token}`);
      expect((await call(profile, "/api/auth/profile", { method: "GET", token })).status).toBe(200);
      expect((await call(profile, "/api/auth/profile", { method: "GET", cookie })).status).toBe(
        200,
      );
      expect(
        (await call(profile, "/api/auth/profile", { method: "GET", token: other })).status,
      ).toBe(401);
      expect(
        (await call(login, "/api/auth/login", { body: { email, password: "golden-hour-9" } }))
          .status,
      ).toBe(200);
      expect(latestMail(email)).toMatch(/Subject: .*password was changed/);
    });

    it("answers a change sent again after its answer was lost as done, changing and mailing nothing more", async () => {
      const { email, token } = await signUpShopper();
      const body = { currentPassword: PASSWORD, newPassword: "golden-hour-9" };
      const first = await call(changePassword, "/api/auth/change-password", { token, body });
      expect(first).toMatchObject({ status: 200, body: { message: m.changePassword.success } });
      await detachedWorkDone();
      const mailsAfterFirst = outboxMails(dataDir, email).length;
      const again = await call(changePassword, "/api/auth/change-password", { token, body });
      expect(again).toMatchObject({
        status: 200,
        body: { message: m.changePassword.success, token },
      });
      await detachedWorkDone();
      expect(outboxMails(dataDir, email)).toHaveLength(mailsAfterFirst);
      expect((await call(profile, "/api/auth/profile", { method: "GET", token })).status).toBe(200);
      expect(
        (await call(login, "/api/auth/login", { body: { email, password: "golden-hour-9" } }))
          .status,
      ).toBe(200);
      // A wrong current password is still wrong when the new one is not the password either.
      expect(
        await call(changePassword, "/api/auth/change-password", {
          token,
          body: { currentPassword: PASSWORD, newPassword: "another-one-7" },
        }),
      ).toMatchObject({ status: 400, body: { error: m.changePassword.wrongCurrent } });
    });

    it.each([
      [
        { currentPassword: "wrong-one", newPassword: "golden-hour-9" },
        m.changePassword.wrongCurrent,
      ],
      [{ currentPassword: PASSWORD, newPassword: PASSWORD }, m.changePassword.sameAsCurrent],
      [{ currentPassword: PASSWORD, newPassword: "short" }, m.changePassword.tooShort],
      [{ newPassword: "golden-hour-9" }, m.auth.passwordRequired],
    ])("refuses %j with a clear message", async (body, error) => {
      const { token } = await signUpShopper();
      expect(
        await call(changePassword, "/api/auth/change-password", { token, body }),
      ).toMatchObject({
        status: 400,
        body: { error },
      });
      expect((await call(profile, "/api/auth/profile", { method: "GET", token })).status).toBe(200);
    });

    it("needs a session, and refuses accounts that have no password (Google only)", async () => {
      expect(
        await call(changePassword, "/api/auth/change-password", {
          body: { currentPassword: "a", newPassword: "bbbbbb" },
        }),
      ).toMatchObject({ status: 401 });
      const { token, user } = await signUpShopper();
      await db()
        .update(users)
        .set({ passwordHash: null })
        .where(eq(users.id, user.id as string));
      expect(
        await call(changePassword, "/api/auth/change-password", {
          token,
          body: { currentPassword: PASSWORD, newPassword: "golden-hour-9" },
        }),
      ).toMatchObject({ status: 400, body: { error: m.changePassword.noPassword } });
    });
  });

  describe("DELETE /api/auth/delete-account", () => {
    it("keeps the shop's only admin: another admin must exist before the last one goes", async () => {
      await db().update(users).set({ isAdmin: false }).where(eq(users.isAdmin, true));
      const first = await createSignedInUser(db(), { isAdmin: true });
      const second = await createSignedInUser(db(), { isAdmin: true });
      // Confirmed by email: these accounts have no password.
      const remove = ({ user, token }: { user: { email: string }; token: string }) =>
        call(deleteAccount, "/api/auth/delete-account", {
          method: "DELETE",
          token,
          body: { password: user.email },
        });
      expect((await remove(first)).status).toBe(200);
      expect(await remove(second)).toMatchObject({
        status: 409,
        body: { error: m.deleteAccount.lastAdmin },
      });
      expect(await db().select().from(users).where(eq(users.id, second.user.id))).toHaveLength(1);
    });

    it("deletes the account with its cart and wishlist, keeps its orders, clears the cookie and mails a confirmation", async () => {
      const { email, token, user } = await signUpShopper();
      const userId = user.id as string;
      const [product] = await db()
        .insert(products)
        .values({ name: "Olive leaf ring", priceCents: 3500, category: "rings", quantity: 4 })
        .returning();
      await db().insert(cartItems).values({ userId, productId: product!.id, quantity: 1 });
      await db().insert(wishlistItems).values({ userId, productId: product!.id });
      const [order] = await db()
        .insert(orders)
        .values({
          orderNumber: `LUM-${Date.now()}`,
          userId,
          customerFirstName: "Maya",
          customerLastName: "Khoury",
          customerEmail: email,
          subtotalCents: 3500,
          deliveryFeeCents: 500,
          totalCents: 4000,
          estimatedDelivery: new Date(),
          shippingAddress: { fullName: "Maya Khoury", address: "Street 1", city: "Beirut" },
          phoneNumber: "+961 70 000000",
        })
        .returning();

      expect(
        await call(deleteAccount, "/api/auth/delete-account", {
          method: "DELETE",
          token,
          body: { password: "nope-nope" },
        }),
      ).toMatchObject({
        status: 400,
        body: { error: m.deleteAccount.wrongPassword },
      });
      expect(
        await call(deleteAccount, "/api/auth/delete-account", {
          method: "DELETE",
          token,
          body: {},
        }),
      ).toMatchObject({
        status: 400,
        body: { error: m.deleteAccount.passwordRequired },
      });
      const response = await deleteAccount(
        jsonRequest("/api/auth/delete-account", {
          method: "DELETE",
          token,
          body: { password: PASSWORD },
        }),
      );
      expect(await readResponse(response)).toMatchObject({
        status: 200,
        body: { message: m.deleteAccount.success },
      });
      expect(response.headers.getSetCookie().join()).toMatch(/lumiere_session=;.*Max-Age=0/);
      expect(await db().select().from(users).where(eq(users.id, userId))).toHaveLength(0);
      expect(await db().select().from(cartItems).where(eq(cartItems.userId, userId))).toHaveLength(
        0,
      );
      expect(
        await db().select().from(wishlistItems).where(eq(wishlistItems.userId, userId)),
      ).toHaveLength(0);
      const [kept] = await db().select().from(orders).where(eq(orders.id, order!.id));
      expect(kept).toMatchObject({ userId: null, customerEmail: email });
      expect((await call(profile, "/api/auth/profile", { method: "GET", token })).status).toBe(401);
      expect(latestMail(email)).toMatch(/Subject: .*account has been deleted/);
    });

    it("confirms a Google-only account (no password) by its email instead", async () => {
      const { email, token, user } = await signUpShopper();
      await db()
        .update(users)
        .set({ passwordHash: null })
        .where(eq(users.id, user.id as string));
      expect(
        await call(deleteAccount, "/api/auth/delete-account", {
          method: "DELETE",
          token,
          body: { password: PASSWORD },
        }),
      ).toMatchObject({
        status: 400,
        body: { error: m.deleteAccount.wrongEmail },
      });
      expect(
        await call(deleteAccount, "/api/auth/delete-account", {
          method: "DELETE",
          token,
          body: { password: email.toUpperCase() },
        }),
      ).toMatchObject({ status: 200 });
    });
  });

  describe("rate limits", () => {
    const deviceOf = (result: { headers: Headers }) =>
      result.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith("lumiere_device="))
        ?.split(";")[0];

    it("runs only a few password-hashing requests of one address at once; others are not held up", async () => {
      const { email } = await signUpShopper();
      const burst = await Promise.all(
        Array.from({ length: HASHING_REQUESTS_PER_ADDRESS + 3 }, (_, i) =>
          i % 2
            ? call(login, "/api/auth/login", {
                address: "198.51.100.90",
                body: { email, password: "wrong-guess" },
              })
            : call(signup, "/api/auth/signup", {
                address: "198.51.100.90",
                body: { email: uniqueEmail(), password: PASSWORD, firstName: "A", lastName: "B" },
              }),
        ),
      );
      const refused = burst.filter((answer) => answer.status === 429);
      expect(refused).toHaveLength(3);
      expect(refused[0]!.body).toEqual({ error: m.api.tooManyRequests });
      expect(refused[0]!.headers.get("retry-after")).toBe("1");
      // Once they are answered, the address has its share again.
      expect(
        (
          await call(login, "/api/auth/login", {
            address: "198.51.100.90",
            body: { email, password: PASSWORD },
          })
        ).status,
      ).toBe(200);
    });

    it("counts only failed sign-ins per email, whatever the address; past the limit no password signs in until the window ends", async () => {
      rateLimitConfig.login.email = { points: 3, windowSeconds: 600 };
      const { email } = await signUpShopper();
      // Successful sign-ins are not counted.
      for (let i = 0; i < 3; i++) {
        expect(
          (await call(login, "/api/auth/login", { body: { email, password: PASSWORD } })).status,
        ).toBe(200);
      }
      for (let i = 0; i < 3; i++) {
        expect(
          (
            await call(login, "/api/auth/login", {
              address: `198.51.100.${40 + i}`,
              body: { email, password: "wrong-guess" },
            })
          ).status,
        ).toBe(401);
      }
      // Past the limit, the right password answers as a wrong one does: guessing from many
      // addresses learns nothing more.
      for (const password of ["wrong-guess", PASSWORD]) {
        const limited = await call(login, "/api/auth/login", { body: { email, password } });
        expect(limited.status).toBe(429);
        expect(limited.body).toEqual({ error: m.api.tooManyRequests });
        const retryAfter = Number(limited.headers.get("retry-after"));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(600);
      }
      // The window ends: the owner signs in, and failures are counted afresh.
      await db()
        .update(rateLimits)
        .set({ expire: sql`now() - interval '1 second'` });
      expect(
        (await call(login, "/api/auth/login", { body: { email, password: PASSWORD } })).status,
      ).toBe(200);
      expect(
        (await call(login, "/api/auth/login", { body: { email, password: "wrong-guess" } })).status,
      ).toBe(401);
    });

    it("checks no more guesses than the limit when they all arrive at once, from many addresses", async () => {
      rateLimitConfig.login.email = { points: 3, windowSeconds: 600 };
      const { email } = await signUpShopper();
      // Nineteen wrong guesses and the right password, sent together.
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(login, "/api/auth/login", {
            address: `198.51.100.${100 + i}`,
            body: { email, password: i === 19 ? PASSWORD : `wrong-guess-${i}` },
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      // Three guesses were checked; the rest, the right password sent last among them, were not.
      expect(statuses.filter((status) => status === 401)).toHaveLength(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(17);
      expect(statuses[19]).toBe(429);
    });

    it("lets a browser that proved the password before sign in while others' wrong guesses hold the email", async () => {
      rateLimitConfig.login.email = { points: 2, windowSeconds: 600 };
      const { email } = await signUpShopper();
      const own = await call(login, "/api/auth/login", { body: { email, password: PASSWORD } });
      const device = deviceOf(own)!;
      expect(device).toMatch(/^lumiere_device=[\w-]+\.[\w-]+$/);
      const other = await signUpShopper();
      const otherDevice = deviceOf(
        await call(login, "/api/auth/login", {
          body: { email: other.email, password: PASSWORD },
        }),
      )!;

      // Someone else spends the email's failures.
      for (let i = 0; i < 2; i++) {
        const guess = await call(login, "/api/auth/login", {
          body: { email, password: "wrong-guess" },
        });
        expect(guess.status).toBe(401);
      }
      const signIn = (cookie?: string, password = PASSWORD) =>
        call(login, "/api/auth/login", { cookie, body: { email, password } });
      expect((await signIn()).status).toBe(429);
      // Another account's mark, or a forged one, is no way past the wait.
      expect((await signIn(otherDevice)).status).toBe(429);
      expect((await signIn(`${device.slice(0, -2)}xx`)).status).toBe(429);
      // The owner's own browser signs in, and gets a fresh mark.
      const mine = await signIn(device);
      expect(mine.status).toBe(200);
      expect(deviceOf(mine)).toMatch(/^lumiere_device=/);
      expect(deviceOf(mine)).not.toBe(device);
      // Its own wrong passwords are counted for it alone.
      expect((await signIn(device, "wrong-guess")).status).toBe(401);
      expect((await signIn(device, "wrong-guess")).status).toBe(401);
      expect((await signIn(device)).status).toBe(429);
    });

    it("trusts no mark given before the password changed: a reset leaves an old browser no guesses of its own", async () => {
      rateLimitConfig.login.email = { points: 2, windowSeconds: 600 };
      const { email } = await signUpShopper();
      const signIn = (password: string, cookie?: string) =>
        call(login, "/api/auth/login", { cookie, body: { email, password } });
      // A browser that knew the password once keeps its mark.
      const oldMark = deviceOf(await signIn(PASSWORD))!;
      await call(forgotPassword, "/api/auth/forgot-password", { body: { email } });
      const verified = await call(verifyResetPin, "/api/auth/verify-reset-pin", {
        body: { email, pin: pinIn(latestMail(email))! },
      });
      const reset = await call(resetPassword, "/api/auth/reset-password", {
        body: { resetToken: verified.body.resetToken, newPassword: "a-new-password" },
      });
      expect(reset.status).toBe(200);
      const newMark = deviceOf(reset)!;
      // Guesses at the new password spend the email's failures; the old browser gets no more.
      expect((await signIn("guess-one")).status).toBe(401);
      expect((await signIn("guess-two")).status).toBe(401);
      expect((await signIn("guess-three", oldMark)).status).toBe(429);
      expect((await signIn("a-new-password", oldMark)).status).toBe(429);
      // The browser the reset was made in is the owner's.
      expect((await signIn("a-new-password", newMark)).status).toBe(200);
    });

    it("lets the owner end the wait with a password reset", async () => {
      rateLimitConfig.login.email = { points: 2, windowSeconds: 600 };
      const { email } = await signUpShopper();
      for (let i = 0; i < 2; i++) {
        await call(login, "/api/auth/login", { body: { email, password: "wrong-guess" } });
      }
      expect(
        (await call(login, "/api/auth/login", { body: { email, password: PASSWORD } })).status,
      ).toBe(429);
      await call(forgotPassword, "/api/auth/forgot-password", { body: { email } });
      const pin = pinIn(latestMail(email))!;
      const verified = await call(verifyResetPin, "/api/auth/verify-reset-pin", {
        body: { email, pin },
      });
      const reset = await call(resetPassword, "/api/auth/reset-password", {
        body: { resetToken: verified.body.resetToken, newPassword: "a-new-password" },
      });
      expect(reset.status).toBe(200);
      expect(
        (await call(login, "/api/auth/login", { body: { email, password: "a-new-password" } }))
          .status,
      ).toBe(200);
    });

    it("never refuses the right PIN for the wrong ones others sent first", async () => {
      rateLimitConfig.verifyResetPin.email = { points: 2, windowSeconds: 600 };
      const { email } = await signUpShopper();
      const guesses = [];
      for (let i = 0; i < 3; i++) {
        const guess = await call(verifyResetPin, "/api/auth/verify-reset-pin", {
          address: `198.51.100.${60 + i}`,
          body: { email, pin: "000000" },
        });
        guesses.push(guess.status);
      }
      expect(guesses).toEqual([400, 400, 429]);
      await call(forgotPassword, "/api/auth/forgot-password", { body: { email } });
      const verified = await call(verifyResetPin, "/api/auth/verify-reset-pin", {
        body: { email, pin: pinIn(latestMail(email))! },
      });
      expect(verified.status).toBe(200);
      expect(verified.body.resetToken).toEqual(expect.any(String));
    });

    it("still counts every sign-in attempt, right or wrong, against the client address", async () => {
      rateLimitConfig.login.address = { points: 2, windowSeconds: 900 };
      const { email } = await signUpShopper();
      const address = "203.0.113.8";
      expect(
        (await call(login, "/api/auth/login", { address, body: { email, password: PASSWORD } }))
          .status,
      ).toBe(200);
      expect(
        (
          await call(login, "/api/auth/login", {
            address,
            body: { email, password: "wrong-guess" },
          })
        ).status,
      ).toBe(401);
      expect(
        (await call(login, "/api/auth/login", { address, body: { email, password: PASSWORD } }))
          .status,
      ).toBe(429);
    });

    it("limits attempts per client address, whatever the email", async () => {
      rateLimitConfig.login.address = { points: 2, windowSeconds: 900 };
      const address = "203.0.113.7";
      for (let i = 0; i < 2; i++) {
        expect(
          (
            await call(login, "/api/auth/login", {
              address,
              body: { email: uniqueEmail(), password: PASSWORD },
            })
          ).status,
        ).toBe(401);
      }
      const limited = await call(login, "/api/auth/login", {
        address,
        body: { email: uniqueEmail(), password: PASSWORD },
      });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      // Another address is not affected.
      expect(
        (
          await call(login, "/api/auth/login", {
            body: { email: uniqueEmail(), password: PASSWORD },
          })
        ).status,
      ).toBe(401);
    });

    it("limits signup, forgot-password, verify-reset-pin, reset-password, verify-email, resend-verification and password confirmations too", async () => {
      for (const action of [
        "signup",
        "forgotPassword",
        "verifyResetPin",
        "resetPassword",
        "verifyEmail",
        "resendVerification",
        "passwordCheck",
      ] as const) {
        rateLimitConfig[action].address = { points: 1, windowSeconds: 60 };
      }
      const address = "198.51.100.9";
      const { token } = await signUpShopper();
      const attempts: [Call, Record<string, unknown>, string?][] = [
        [signup, { email: uniqueEmail(), password: PASSWORD, firstName: "A", lastName: "B" }],
        [forgotPassword, { email: uniqueEmail() }],
        [verifyResetPin, { email: uniqueEmail(), pin: "123456" }],
        [resetPassword, { resetToken: "made-up", newPassword: "fine-password" }],
        [verifyEmail, { token: "made-up" }],
        [resendVerification, {}, token],
        [changePassword, { currentPassword: "wrong-guess", newPassword: "another-one" }, token],
      ];
      for (const [handler, body, bearer] of attempts) {
        const first = await call(handler, "/api/auth/x", { address, body, token: bearer });
        expect(first.status).toBeLessThan(429);
        const second = await call(handler, "/api/auth/x", { address, body, token: bearer });
        expect(second.status).toBe(429);
        expect(second.headers.get("retry-after")).toMatch(/^\d+$/);
      }
    });

    it("keeps the defaults sane", () => {
      resetRateLimitConfig();
      expect(rateLimitConfig.login.email.points).toBeGreaterThanOrEqual(5);
      expect(rateLimitConfig.login.email.points).toBeLessThanOrEqual(20);
      expect(rateLimitConfig.verifyResetPin.address.points).toBeLessThanOrEqual(50);
    });
  });

  describe("hostile input", () => {
    const bodies: [string, string][] = [
      ["invalid JSON", '{"email": '],
      ["an array", JSON.stringify([{ email: "a@b.co", password: PASSWORD }])],
      ["null", "null"],
      ["a number", "42"],
      ["a string", JSON.stringify("email=a@b.co")],
      [
        "wrong types",
        JSON.stringify({
          email: 5,
          password: ["x"],
          firstName: {},
          lastName: null,
          pin: 123456,
          token: 7,
          resetToken: {},
          newPassword: true,
          currentPassword: 1,
        }),
      ],
      [
        "nulls",
        JSON.stringify({
          email: null,
          password: null,
          firstName: null,
          lastName: null,
          pin: null,
          token: null,
        }),
      ],
      [
        "SQL fragments",
        JSON.stringify({
          email: "' OR 1=1 --@x.co",
          password: "' OR '1'='1",
          firstName: "Robert'); DROP TABLE users;--",
          lastName: "x",
          pin: "1' OR",
          token: "' OR 1=1 --",
          resetToken: "' OR 1=1 --",
          newPassword: "zzzzzz",
        }),
      ],
      [
        "huge strings",
        JSON.stringify({
          email: `${"a".repeat(5000)}@b.co`,
          password: "p".repeat(10_000),
          firstName: "f".repeat(10_000),
          lastName: "l",
          pin: "1".repeat(1000),
          token: "t".repeat(10_000),
          resetToken: "r".repeat(10_000),
          newPassword: "n".repeat(10_000),
        }),
      ],
      ["an oversized body", JSON.stringify({ email: "a@b.co", padding: "x".repeat(100_000) })],
      ["prototype keys", '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {}}}'],
    ];
    const endpoints: [string, Call, string][] = [
      ["signup", signup, "POST"],
      ["login", login, "POST"],
      ["verify-email", verifyEmail, "POST"],
      ["forgot-password", forgotPassword, "POST"],
      ["verify-reset-pin", verifyResetPin, "POST"],
      ["reset-password", resetPassword, "POST"],
      ["change-password", changePassword, "POST"],
      ["delete-account", deleteAccount, "DELETE"],
    ];

    it("answers every malformed body with a 4xx JSON error, never a 500", async () => {
      rateLimitConfig.passwordCheck.email = { points: 1000, windowSeconds: 60 };
      const { token } = await signUpShopper();
      for (const [name, handler, method] of endpoints) {
        for (const [label, raw] of bodies) {
          const result = await call(handler, `/api/auth/${name}`, { method, raw, token });
          const context = `${name} with ${label}`;
          expect([context, result.status >= 400 && result.status < 500]).toEqual([context, true]);
          expect([context, typeof result.body.error]).toEqual([context, "string"]);
          expect([context, result.status]).not.toEqual([context, 429]);
        }
      }
      // The shopper's account survived all of it.
      expect((await call(profile, "/api/auth/profile", { method: "GET", token })).status).toBe(200);
    });

    it("refuses a NUL or another control character in any text field with 400, before the database", async () => {
      rateLimitConfig.passwordCheck.email = { points: 1000, windowSeconds: 60 };
      const { token } = await signUpShopper();
      const controls = ["\u0000", "\u0008", "\u001b", "\u0085", "\ud800"];
      const fields: [Call, string, string, Record<string, string>][] = [
        [
          signup,
          "POST",
          "signup",
          { email: uniqueEmail(), password: PASSWORD, firstName: "Maya", lastName: "Khoury" },
        ],
        [login, "POST", "login", { email: uniqueEmail(), password: PASSWORD }],
        [forgotPassword, "POST", "forgot-password", { email: uniqueEmail() }],
        [verifyResetPin, "POST", "verify-reset-pin", { email: uniqueEmail(), pin: "123456" }],
        [
          resetPassword,
          "POST",
          "reset-password",
          { resetToken: "some-token", newPassword: PASSWORD },
        ],
        [verifyEmail, "POST", "verify-email", { token: "some-token" }],
        [
          changePassword,
          "POST",
          "change-password",
          { currentPassword: PASSWORD, newPassword: "golden-hour-9" },
        ],
        [deleteAccount, "DELETE", "delete-account", { password: PASSWORD }],
      ];
      for (const [handler, method, name, body] of fields) {
        for (const field of Object.keys(body)) {
          for (const control of controls) {
            const result = await call(handler, `/api/auth/${name}`, {
              method,
              token,
              body: {
                ...body,
                [field]: `${body[field]!.slice(0, 2)}${control}${body[field]!.slice(2)}`,
              },
            });
            expect([name, field, result.status, result.body]).toEqual([
              name,
              field,
              400,
              { error: m.api.invalidRequest, details: [m.api.controlCharacters] },
            ]);
          }
        }
      }
      expect((await call(profile, "/api/auth/profile", { method: "GET", token })).status).toBe(200);
    });

    it("accepts unicode names and keeps them as typed", async () => {
      const { user } = await signUpShopper({ firstName: "نور", lastName: "Zoë 💎" });
      expect(user).toMatchObject({ firstName: "نور", lastName: "Zoë 💎" });
    });

    it.each([
      [{ firstName: "Maya\nYour account is suspended" }, m.auth.nameOneLine],
      [{ lastName: "Khoury\r\nRestore it today" }, m.auth.nameOneLine],
      [{ firstName: "Maya\tKhoury" }, m.auth.nameOneLine],
      [{ firstName: "Restore at https://evil.example" }, m.auth.nameNoLinks],
      [{ firstName: "visit shop-help.com/restore" }, m.auth.nameNoLinks],
      [{ lastName: "www.evil.example" }, m.auth.nameNoLinks],
      [{ lastName: "write to help@evil.example" }, m.auth.nameNoLinks],
      // Hidden from the check, not from a mail reader.
      [{ firstName: "Gift at evil-shop\u200B.com" }, m.auth.nameNoLinks],
      [{ firstName: "Gift at evil-shop\u00AD.com" }, m.auth.nameNoLinks],
      [{ firstName: "Gift at evil-shop\uFF0Ecom" }, m.auth.nameNoLinks],
      [{ firstName: "Gift at evil-shop\u3002com" }, m.auth.nameNoLinks],
      [{ firstName: "Gift at evil-shop\uFF61com" }, m.auth.nameNoLinks],
      [{ lastName: "Log in at 1.2.3.4/login" }, m.auth.nameNoLinks],
      [{ firstName: "M".repeat(51) }, m.auth.firstNameTooLong],
      [{ lastName: "K".repeat(51) }, m.auth.lastNameTooLong],
    ])("refuses a name that is not one short line without links: %j", async (name, error) => {
      const email = uniqueEmail();
      const result = await call(signup, "/api/auth/signup", {
        body: { email, password: PASSWORD, firstName: "Maya", lastName: "Khoury", ...name },
      });
      expect(result).toMatchObject({ status: 400, body: { error } });
      expect(outboxMails(dataDir, email)).toHaveLength(0);
    });

    it("accepts names with initials, hyphens, apostrophes and the longest allowed length", async () => {
      for (const [firstName, lastName] of [
        ["J.R.", "O'Neil-Haddad"],
        ["Marie Anne", "St. John"],
        ["M".repeat(50), "K".repeat(50)],
      ]) {
        const { user } = await signUpShopper({ firstName, lastName });
        expect(user).toMatchObject({ firstName, lastName });
      }
    });
  });
});
