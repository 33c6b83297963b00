import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as resetPassword } from "@/app/api/auth/reset-password/route";
import {
  RECOMMENDED_SCRYPT_COST,
  hashPassword,
  passwordHashing,
  scryptCost,
  verifyPassword,
} from "@/lib/auth/password";
import { rateLimits, users } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { messages } from "@/lib/messages";
import { resetRateLimitConfig } from "@/lib/rate-limit";
import { describeEachDatabase } from "@/tests/support/databases";
import { jsonRequest, readResponse } from "@/tests/support/auth-requests";
import { createSignedInUser } from "@/tests/support/users";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lumiere-passwords-"));
const testCost = { ...scryptCost };
const PASSWORD = "silver-moon-7";

beforeAll(() => {
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  resetEnvCache();
  jest.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => {
  Object.assign(scryptCost, testCost);
  jest.restoreAllMocks();
  jest.spyOn(console, "info").mockImplementation(() => {});
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const costOf = (hash: string) => hash.split("$").slice(1, 4).map(Number);

describe("password hashes", () => {
  it("are made at OWASP's recommended scrypt cost (N=2^17, r=8, p=1) outside the test suites", async () => {
    expect(RECOMMENDED_SCRYPT_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    Object.assign(scryptCost, RECOMMENDED_SCRYPT_COST);
    const hash = await hashPassword(PASSWORD);
    expect(costOf(hash)).toEqual([2 ** 17, 8, 1]);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
  });

  it("are checked at the cost stored in each hash, whatever today's cost is", async () => {
    Object.assign(scryptCost, { N: 2 ** 11, r: 4, p: 2 });
    const older = await hashPassword(PASSWORD);
    Object.assign(scryptCost, testCost);
    expect(await verifyPassword(PASSWORD, older)).toBe(true);
    expect(await verifyPassword("silver-moon-8", older)).toBe(false);
  });

  it("refuse a stored hash with an absurd cost instead of running it", async () => {
    const absurd = `scrypt$${2 ** 30}$8$1$c2FsdA$aGFzaA`;
    await expect(verifyPassword(PASSWORD, absurd)).resolves.toBe(false);
  });

  it("run at most two at once; the rest wait their turn", async () => {
    let busiest = 0;
    let longestLine = 0;
    const hashes = Promise.all(Array.from({ length: 6 }, () => hashPassword(PASSWORD)));
    let done = false;
    void hashes.finally(() => (done = true));
    while (!done) {
      busiest = Math.max(busiest, passwordHashing.active);
      longestLine = Math.max(longestLine, passwordHashing.waiting);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await hashes;
    expect(busiest).toBe(2);
    expect(longestLine).toBeGreaterThan(0);
  });
});

describeEachDatabase("passwords in the auth API", ({ db }) => {
  beforeEach(async () => {
    resetRateLimitConfig();
    await db().delete(rateLimits);
  });

  it("upgrades a hash made at an older cost at the next successful sign-in, not at a failed one", async () => {
    Object.assign(scryptCost, { N: 2 ** 11, r: 8, p: 1 });
    const { user } = await createSignedInUser(db(), { passwordHash: await hashPassword(PASSWORD) });
    Object.assign(scryptCost, testCost);
    const storedHash = async () =>
      (await db().select().from(users).where(eq(users.id, user.id)))[0]!.passwordHash!;
    const signIn = async (password: string) =>
      (await login(jsonRequest("/api/auth/login", { body: { email: user.email, password } })))
        .status;

    expect(await signIn("wrong-guess-1")).toBe(401);
    expect(costOf(await storedHash())).toEqual([2 ** 11, 8, 1]);
    expect(await signIn(PASSWORD)).toBe(200);
    expect(costOf(await storedHash())).toEqual([testCost.N, testCost.r, testCost.p]);
    expect(await signIn(PASSWORD)).toBe(200);
  });

  it("looks a reset token up before hashing the new password: a made-up token costs no hash", async () => {
    const scrypt = jest.spyOn(crypto, "scrypt");
    const result = await readResponse(
      await resetPassword(
        jsonRequest("/api/auth/reset-password", {
          body: { resetToken: "made-up-token", newPassword: "fine-password" },
        }),
      ),
    );
    expect(result).toMatchObject({
      status: 400,
      body: { error: messages.auth.resetSessionExpired },
    });
    expect(scrypt).not.toHaveBeenCalled();
  });
});
