import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { POST as changePassword } from "@/app/api/auth/change-password/route";
import { DELETE as deleteAccount } from "@/app/api/auth/delete-account/route";
import { POST as forgotPassword } from "@/app/api/auth/forgot-password/route";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { POST as logoutEverywhere } from "@/app/api/auth/logout-everywhere/route";
import { GET as profile } from "@/app/api/auth/profile/route";
import { POST as resetPassword } from "@/app/api/auth/reset-password/route";
import { POST as signup } from "@/app/api/auth/signup/route";
import { POST as verifyResetPin } from "@/app/api/auth/verify-reset-pin/route";
import { rateLimits, sessions } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { messages } from "@/lib/messages";
import { MAX_SESSIONS_PER_USER } from "@/lib/auth/session";
import { resetRateLimitConfig } from "@/lib/rate-limit";
import { describeEachDatabase } from "@/tests/support/databases";
import {
  jsonRequest,
  outboxMails,
  pinIn,
  readResponse,
  sessionCookieFrom,
  uniqueEmail,
} from "@/tests/support/auth-requests";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lumiere-sessions-"));
const PASSWORD = "silver-moon-7";

beforeAll(() => {
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  resetEnvCache();
  jest.spyOn(console, "info").mockImplementation(() => {});
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

type Call = (request: Request) => Promise<Response>;
const call = async (handler: Call, ...args: Parameters<typeof jsonRequest>) =>
  readResponse(await handler(jsonRequest(...args)));

describeEachDatabase("sessions", ({ db }) => {
  beforeEach(async () => {
    resetRateLimitConfig();
    await db().delete(rateLimits);
  });

  /** A new account, signed in on two devices. */
  async function shopperOnTwoDevices() {
    const email = uniqueEmail();
    const signedUp = await signup(
      jsonRequest("/api/auth/signup", {
        body: { email, password: PASSWORD, firstName: "Maya", lastName: "Khoury" },
      }),
    );
    const laptop = await readResponse(signedUp);
    const phone = await call(login, "/api/auth/login", { body: { email, password: PASSWORD } });
    expect(phone.status).toBe(200);
    return {
      email,
      userId: (laptop.body.user as { id: string }).id,
      laptop: laptop.body.token as string,
      laptopCookie: sessionCookieFrom(signedUp)!,
      phone: phone.body.token as string,
    };
  }
  const profileStatus = async (token: string) =>
    (await call(profile, "/api/auth/profile", { method: "GET", token })).status;
  const sessionCount = async (userId: string) =>
    (await db().select().from(sessions).where(eq(sessions.userId, userId))).length;

  it("gives every sign-in its own session row, named by the token", async () => {
    const { userId, laptop, phone } = await shopperOnTwoDevices();
    expect(await sessionCount(userId)).toBe(2);
    expect(await profileStatus(laptop)).toBe(200);
    expect(await profileStatus(phone)).toBe(200);
    // A token whose row is gone no longer works, however valid its signature.
    await db().delete(sessions).where(eq(sessions.userId, userId));
    expect(await profileStatus(laptop)).toBe(401);
  });

  it("keeps an account's newest sessions only: a sign-in past the bound ends the oldest", async () => {
    const { email, userId, laptop } = await shopperOnTwoDevices();
    // Older sign-ins, from a day ago back: the bound's worth and more.
    const longAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    await db()
      .insert(sessions)
      .values(
        Array.from({ length: MAX_SESSIONS_PER_USER + 5 }, (_, i) => ({
          userId,
          expiresAt: new Date(Date.now() + 86_400_000),
          createdAt: longAgo(24 + i),
        })),
      );
    const newest = await call(login, "/api/auth/login", { body: { email, password: PASSWORD } });
    expect(newest.status).toBe(200);
    expect(await sessionCount(userId)).toBe(MAX_SESSIONS_PER_USER);
    // The recent devices stay signed in; the oldest rows are gone.
    expect(await profileStatus(newest.body.token as string)).toBe(200);
    expect(await profileStatus(laptop)).toBe(200);
    const kept = await db().select().from(sessions).where(eq(sessions.userId, userId));
    const oldestKept = Math.min(...kept.map((row) => row.createdAt.getTime()));
    expect(oldestKept).toBeGreaterThan(longAgo(24 + MAX_SESSIONS_PER_USER - 2).getTime() - 1000);
  });

  it("logout ends that session on the server, by Bearer token or cookie; the other device stays signed in", async () => {
    const { userId, laptop, laptopCookie, phone } = await shopperOnTwoDevices();
    expect((await call(logout, "/api/auth/logout", { token: phone })).status).toBe(200);
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(laptop)).toBe(200);
    const byCookie = await logout(jsonRequest("/api/auth/logout", { cookie: laptopCookie }));
    expect(byCookie.status).toBe(200);
    expect(sessionCookieFrom(byCookie)).toBe("lumiere_session=");
    expect(await profileStatus(laptop)).toBe(401);
    expect(await sessionCount(userId)).toBe(0);
  });

  it("signs out of every device at once, and only for a signed-in caller", async () => {
    const { userId, laptop, phone } = await shopperOnTwoDevices();
    const other = await shopperOnTwoDevices();
    const response = await logoutEverywhere(
      jsonRequest("/api/auth/logout-everywhere", { token: phone }),
    );
    const result = await readResponse(response);
    expect(result).toMatchObject({
      status: 200,
      body: { message: messages.auth.signedOutEverywhere },
    });
    expect(sessionCookieFrom(response)).toBe("lumiere_session=");
    expect(await profileStatus(laptop)).toBe(401);
    expect(await profileStatus(phone)).toBe(401);
    expect(await sessionCount(userId)).toBe(0);
    // Nobody else's sessions end.
    expect(await profileStatus(other.laptop)).toBe(200);
    expect((await call(logoutEverywhere, "/api/auth/logout-everywhere", {})).status).toBe(401);
    expect(
      (
        await call(logoutEverywhere, "/api/auth/logout-everywhere", {
          cookie: other.laptopCookie,
          origin: "https://evil.example",
        })
      ).status,
    ).toBe(403);
    expect(await profileStatus(other.laptop)).toBe(200);
  });

  it("a password change ends every other session; the caller's own goes on with its token", async () => {
    const { userId, laptop, phone } = await shopperOnTwoDevices();
    const changed = await call(changePassword, "/api/auth/change-password", {
      token: laptop,
      body: { currentPassword: PASSWORD, newPassword: "golden-hour-9" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.token).toBe(laptop);
    expect(await sessionCount(userId)).toBe(1);
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(laptop)).toBe(200);
  });

  it("a password reset ends every session and starts one", async () => {
    const { email, userId, laptop, phone } = await shopperOnTwoDevices();
    await call(forgotPassword, "/api/auth/forgot-password", { body: { email } });
    const pin = pinIn(outboxMails(dataDir, email).at(-1)!)!;
    const { body } = await call(verifyResetPin, "/api/auth/verify-reset-pin", {
      body: { email, pin },
    });
    const reset = await call(resetPassword, "/api/auth/reset-password", {
      body: { resetToken: body.resetToken, newPassword: "golden-hour-9" },
    });
    expect(reset.status).toBe(200);
    expect(await sessionCount(userId)).toBe(1);
    expect(await profileStatus(laptop)).toBe(401);
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(reset.body.token as string)).toBe(200);
  });

  it("deleting the account ends all of its sessions", async () => {
    const { userId, laptop, phone } = await shopperOnTwoDevices();
    const deleted = await call(deleteAccount, "/api/auth/delete-account", {
      method: "DELETE",
      token: laptop,
      body: { password: PASSWORD },
    });
    expect(deleted.status).toBe(200);
    expect(await sessionCount(userId)).toBe(0);
    expect(await profileStatus(phone)).toBe(401);
  });

  it("a delete sent again after its first answer was lost is told the account is deleted", async () => {
    const { userId, laptop } = await shopperOnTwoDevices();
    const remove = (token: string) =>
      deleteAccount(
        jsonRequest("/api/auth/delete-account", {
          method: "DELETE",
          token,
          body: { password: PASSWORD },
        }),
      );
    expect((await readResponse(await remove(laptop))).status).toBe(200);
    // The first answer never reached the phone: it asks again with the same session.
    const again = await remove(laptop);
    expect(await readResponse(again)).toMatchObject({
      status: 200,
      body: { message: messages.deleteAccount.success },
    });
    expect(again.headers.getSetCookie().join()).toMatch(/lumiere_session=;.*Max-Age=0/);
    expect(await sessionCount(userId)).toBe(0);
    // A request with no session is still refused.
    const signedOut = await call(deleteAccount, "/api/auth/delete-account", {
      method: "DELETE",
      body: { password: PASSWORD },
    });
    expect(signedOut.status).toBe(401);
  });
});
