import "server-only";
import {
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  randomUUID,
  timingSafeEqual,
} from "node:crypto";
import { and, desc, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import { hashPassword, needsRehash, verifyPassword } from "@/lib/auth/password";
import { getAuthSecret } from "@/lib/auth/secret";
import { createSessionToken, endAllSessions, endOtherSessions } from "@/lib/auth/session";
import {
  PIN_LENGTH,
  PIN_MAX_ATTEMPTS,
  PIN_TTL_MINUTES,
  VERIFICATION_LINK_TTL_HOURS,
} from "@/lib/constants";
import { getDb } from "@/lib/db";
import { emailVerificationTokens, passwordResets, users, type User } from "@/lib/db/schema";
import { hasSqlState, SQL_STATE } from "@/lib/db/unavailable";
import { AppError, badRequest, conflict, unauthorized } from "@/lib/errors";
import { afterResponse } from "@/lib/http";
import {
  sendAccountDeletedMail,
  sendPasswordChangedMail,
  sendResetPinMail,
  sendVerificationMail,
} from "@/lib/mail";
import { messages } from "@/lib/messages";
import { limitPinGuesses } from "@/lib/rate-limit";
import { MAX_NAME_LENGTH, type PublicUser } from "@/models/auth";
import { cutBetweenCharacters } from "@/models/text";

const RESET_TOKEN_TTL_MINUTES = 15;
const MINUTE_MS = 60_000;

/**
 * The user as the API shows it to that user: never a password hash or the session version. The
 * Google account it signs in with, if any, is `providers.google.id` (the spec's field).
 */
export function toPublicUser(user: User): PublicUser {
  return {
    _id: user.id,
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    avatar: user.avatar,
    isEmailVerified: user.isEmailVerified,
    isAdmin: user.isAdmin,
    registrationSource: user.registrationSource,
    providers: user.googleId ? { google: { id: user.googleId } } : {},
    hasPassword: Boolean(user.passwordHash),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    previousLoginAt: user.previousLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
/** The PIN hash of a reset mail's link row: no PIN matches it (a PIN's hash is hex). */
const LINK_ONLY = "link";

/** A random single-use token for a link or a reset step; only its hash is stored. */
function issueToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: sha256(token) };
}

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * MINUTE_MS);

// A sign-in moves the last sign-in time to previousLoginAt (the old value, read by the same UPDATE).
const loginStamp = { previousLoginAt: sql`${users.lastLoginAt}`, lastLoginAt: sql`now()` };

// A 6-digit PIN has only a million values: keyed with the server secret, a leaked table does not give it away.
const pinHash = (resetId: string, pin: string) =>
  createHmac("sha256", getAuthSecret()).update(`${resetId}:${pin}`).digest("hex");

function sameHash(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const isUniqueViolation = (error: unknown) => hasSqlState(error, SQL_STATE.uniqueViolation);

/**
 * Sends an account mail once the answer has gone: a sign-up or a PIN request never waits for the
 * mail server (a slow or silent one, or the order mails queued ahead of it). Mail is a courtesy
 * after the fact: a failure is logged, never undoes the account change.
 */
function mailAfterAnswer(what: string, send: () => Promise<void>) {
  afterResponse(what, () =>
    send().catch((error) => console.error(`[mail] could not send ${what}`, error)),
  );
}

/** Whether a verification link still works: a newer one (a Resend) deletes it. */
const verificationStillCurrent = (token: string) => async () => {
  const db = await getDb();
  const [row] = await db
    .select({ usedAt: emailVerificationTokens.usedAt })
    .from(emailVerificationTokens)
    .where(eq(emailVerificationTokens.tokenHash, sha256(token)));
  return row !== undefined && row.usedAt === null;
};

export async function findUserByEmail({ email }: { email: string }): Promise<User | undefined> {
  const db = await getDb();
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return user;
}

/** A new verification link for the user; any older link stops working (one live link per account). */
async function createVerificationToken({ userId }: { userId: string }): Promise<string> {
  const db = await getDb();
  const { token, tokenHash } = issueToken();
  await db.transaction(async (tx) => {
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
    await tx.insert(emailVerificationTokens).values({
      userId,
      tokenHash,
      expiresAt: minutesFromNow(VERIFICATION_LINK_TTL_HOURS * 60),
    });
  });
  return token;
}

export async function signUp({
  email,
  password,
  firstName,
  lastName,
  source,
}: {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  source?: "instagram";
}): Promise<{ user: User; token: string }> {
  if (await findUserByEmail({ email })) throw conflict(messages.auth.emailTaken);
  const db = await getDb();
  const passwordHash = await hashPassword(password);
  let user: User | undefined;
  try {
    [user] = await db
      .insert(users)
      .values({
        email: email.toLowerCase(),
        passwordHash,
        firstName,
        lastName,
        registrationSource: source === "instagram" ? "instagram_bio" : null,
        lastLoginAt: sql`now()`,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(messages.auth.emailTaken);
    throw error;
  }
  const token = await createVerificationToken({ userId: user!.id });
  mailAfterAnswer("verification mail", () =>
    sendVerificationMail({ to: user!, token, stillCurrent: verificationStillCurrent(token) }),
  );
  return { user: user!, token: await createSessionToken({ user: user! }) };
}

export async function logIn({
  found,
  password,
}: {
  /** The account under the email signed in with (findUserByEmail), if there is one. */
  found: User | undefined;
  password: string;
}): Promise<{ user: User; token: string }> {
  // verifyPassword does the same work without a hash, so timing does not reveal unknown emails.
  const valid = await verifyPassword(password, found?.passwordHash ?? null);
  if (!found || !valid) throw unauthorized(messages.auth.invalidCredentials);
  // A hash made at an older cost is replaced now, while the password is at hand.
  const upgraded = needsRehash(found.passwordHash!)
    ? { passwordHash: await hashPassword(password) }
    : {};
  const db = await getDb();
  const [user] = await db
    .update(users)
    .set({ ...loginStamp, ...upgraded })
    .where(eq(users.id, found.id))
    .returning();
  if (!user) throw unauthorized(messages.auth.invalidCredentials);
  return { user, token: await createSessionToken({ user }) };
}

export async function resendVerification({ user }: { user: User }) {
  if (user.isEmailVerified) throw badRequest(messages.verification.alreadyVerified);
  const token = await createVerificationToken({ userId: user.id });
  try {
    await sendVerificationMail({ to: user, token, stillCurrent: verificationStillCurrent(token) });
  } catch (error) {
    console.error("[mail] could not send verification mail", error);
    throw new AppError(503, messages.verification.resendFailed);
  }
}

/** Marks the email of the link's user verified; each link works once, for 24 hours. */
export async function verifyEmail({ token }: { token: string }): Promise<User> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(emailVerificationTokens)
    .where(eq(emailVerificationTokens.tokenHash, sha256(token)))
    .limit(1);
  if (!row) throw badRequest(messages.verification.invalidLink);
  if (row.usedAt) throw badRequest(messages.verification.linkUsed);
  if (row.expiresAt.getTime() <= Date.now()) throw badRequest(messages.verification.linkExpired);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailVerificationTokens.id, row.id), isNull(emailVerificationTokens.usedAt)))
      .returning({ id: emailVerificationTokens.id });
    if (!claimed) throw badRequest(messages.verification.linkUsed);
    const [user] = await tx
      .update(users)
      .set({ isEmailVerified: true, updatedAt: sql`now()` })
      .where(eq(users.id, row.userId))
      .returning();
    if (!user) throw badRequest(messages.verification.invalidLink);
    return user;
  });
}

/**
 * Sends a fresh 6-digit PIN (replacing any earlier one) when the email has an account. The caller
 * answers the same either way, so the form does not reveal which emails are registered.
 */
export async function requestPasswordReset({ email }: { email: string }) {
  const user = await findUserByEmail({ email });
  if (!user) return;
  const db = await getDb();
  const id = randomUUID();
  const pin = String(randomInt(0, 10 ** PIN_LENGTH)).padStart(PIN_LENGTH, "0");
  const link = issueToken();
  await db.transaction(async (tx) => {
    // Earlier PINs go, but not a reset the owner already earned with her PIN: anyone can ask for
    // a PIN for her email, and that must not end her reset while she types the new password.
    await tx
      .delete(passwordResets)
      .where(
        and(
          eq(passwordResets.userId, user.id),
          or(
            isNull(passwordResets.resetTokenHash),
            lt(passwordResets.resetTokenExpiresAt, sql`now()`),
          ),
        ),
      );
    await tx.insert(passwordResets).values({
      id,
      userId: user.id,
      pinHash: pinHash(id, pin),
      expiresAt: minutesFromNow(PIN_TTL_MINUTES),
    });
    // The mail's link: a reset already earned, by whoever reads the mail. It cannot be guessed,
    // so it needs no allowance of guesses, which strangers can spend; and a later request does not
    // end it (the delete above keeps earned resets), so strangers asking for PINs cannot either.
    await tx.insert(passwordResets).values({
      userId: user.id,
      pinHash: LINK_ONLY,
      attempts: PIN_MAX_ATTEMPTS,
      expiresAt: minutesFromNow(PIN_TTL_MINUTES),
      resetTokenHash: link.tokenHash,
      resetTokenExpiresAt: minutesFromNow(PIN_TTL_MINUTES),
    });
  });
  // The PIN works until a newer one replaces it or it is used.
  const stillCurrent = async () => {
    const [row] = await db
      .select({ usedAt: passwordResets.usedAt, resetTokenHash: passwordResets.resetTokenHash })
      .from(passwordResets)
      .where(eq(passwordResets.id, id));
    return row !== undefined && row.usedAt === null && row.resetTokenHash === null;
  };
  mailAfterAnswer("reset PIN mail", () =>
    sendResetPinMail({ to: user, pin, resetToken: link.token, stillCurrent }),
  );
}

/**
 * Trades a correct PIN for a short-lived, single-use reset token. Five tries per PIN, and a daily
 * allowance of guesses per account that requesting new PINs does not renew.
 */
export async function verifyResetPin({
  email,
  pin,
}: {
  email: string;
  pin: string;
}): Promise<{ resetToken: string }> {
  const user = await findUserByEmail({ email });
  if (!user) throw badRequest(messages.auth.invalidPin);
  const db = await getDb();
  const [reset] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, user.id),
        isNull(passwordResets.usedAt),
        isNull(passwordResets.resetTokenHash),
      ),
    )
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  if (!reset) throw badRequest(messages.auth.invalidPin);
  if (reset.expiresAt.getTime() <= Date.now()) throw badRequest(messages.auth.pinExpired);
  await limitPinGuesses({ userId: user.id });
  // Count the attempt before comparing, atomically, so parallel guesses cannot exceed the limit.
  const [counted] = await db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(
      and(
        eq(passwordResets.id, reset.id),
        lt(passwordResets.attempts, PIN_MAX_ATTEMPTS),
        isNull(passwordResets.resetTokenHash),
      ),
    )
    .returning({ attempts: passwordResets.attempts });
  if (!counted) throw badRequest(messages.auth.pinAttemptsExceeded);
  if (!sameHash(pinHash(reset.id, pin), reset.pinHash)) {
    throw badRequest(
      counted.attempts >= PIN_MAX_ATTEMPTS
        ? messages.auth.pinAttemptsExceeded
        : messages.auth.invalidPin,
    );
  }
  const { token: resetToken, tokenHash: resetTokenHash } = issueToken();
  const [claimed] = await db
    .update(passwordResets)
    .set({ resetTokenHash, resetTokenExpiresAt: minutesFromNow(RESET_TOKEN_TTL_MINUTES) })
    .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.resetTokenHash)))
    .returning({ id: passwordResets.id });
  if (!claimed) throw badRequest(messages.auth.invalidPin);
  return { resetToken };
}

/**
 * Sets the new password, signs out every existing session and signs the user in. The PIN reached
 * the mailbox, so the email counts as verified.
 */
export async function resetPassword({
  resetToken,
  newPassword,
}: {
  resetToken: string;
  newPassword: string;
}): Promise<{ user: User; token: string }> {
  const db = await getDb();
  const unexpiredToken = and(
    eq(passwordResets.resetTokenHash, sha256(resetToken)),
    gt(passwordResets.resetTokenExpiresAt, sql`now()`),
  );
  const liveToken = and(unexpiredToken, isNull(passwordResets.usedAt));
  // The cheap look-up first: a made-up token costs no password hash.
  const [pending] = await db
    .select({ id: passwordResets.id, usedAt: passwordResets.usedAt })
    .from(passwordResets)
    .where(unexpiredToken)
    .limit(1);
  if (!pending) throw badRequest(messages.auth.resetSessionExpired);
  if (pending.usedAt) return repeatedReset({ resetId: pending.id, newPassword });
  const passwordHash = await hashPassword(newPassword);
  const user = await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.id, pending.id), liveToken))
      .returning({ userId: passwordResets.userId });
    // Used meanwhile: by this same reset sent twice at once, or it expired.
    if (!reset) return null;
    const [updated] = await tx
      .update(users)
      .set({
        passwordHash,
        isEmailVerified: true,
        sessionVersion: sql`${users.sessionVersion} + 1`,
        ...loginStamp,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, reset.userId))
      .returning();
    if (!updated) throw badRequest(messages.auth.resetSessionExpired);
    // Every other reset ends; this one stays, used, until it expires (see repeatedReset).
    await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.userId, updated.id), ne(passwordResets.id, pending.id)));
    await endAllSessions(tx, { userId: updated.id });
    return updated;
  });
  if (!user) return repeatedReset({ resetId: pending.id, newPassword });
  mailAfterAnswer("password changed mail", () => sendPasswordChangedMail({ to: user }));
  return { user, token: await createSessionToken({ user }) };
}

/** How long after a reset the same reset sent again signs in (see repeatedReset). */
const RESET_REPEAT_MINUTES = 5;

/**
 * A reset sent again after its answer was lost (a phone's connection dropped), or twice at once:
 * the password is already the new one. Saying the reset expired would leave the shopper unsure
 * which password now opens the account, so for a few minutes the same token with the password it
 * set signs her in, as the lost answer would have. With any other password, once the password has
 * changed since, or later, it has expired: the used token is no way to try passwords.
 */
async function repeatedReset({ resetId, newPassword }: { resetId: string; newPassword: string }) {
  const db = await getDb();
  const [found] = await db
    .select({ user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.id, resetId),
        gt(passwordResets.usedAt, sql`now() - make_interval(mins => ${RESET_REPEAT_MINUTES})`),
      ),
    )
    .limit(1);
  const user = found?.user;
  if (!user?.passwordHash || !(await verifyPassword(newPassword, user.passwordHash))) {
    throw badRequest(messages.auth.resetSessionExpired);
  }
  return { user, token: await createSessionToken({ user }) };
}

/** Changes the password and ends every other session; the caller's own goes on with its token. */
export async function changePassword({
  user,
  token,
  currentPassword,
  newPassword,
}: {
  user: User;
  /** The caller's session token: its session continues, every other one ends. */
  token: string;
  currentPassword: string;
  newPassword: string;
}): Promise<User> {
  if (!user.passwordHash) throw badRequest(messages.changePassword.noPassword);
  if (currentPassword === newPassword) throw badRequest(messages.changePassword.sameAsCurrent);
  if (!(await verifyPassword(currentPassword, user.passwordHash))) {
    // Sent again after its answer was lost: the password is already the new one, and the first
    // change ended the other sessions and sent the mail. Saying it failed would leave the shopper
    // unsure which password now opens the account.
    if (await verifyPassword(newPassword, user.passwordHash)) return user;
    throw badRequest(messages.changePassword.wrongCurrent);
  }
  const passwordHash = await hashPassword(newPassword);
  const db = await getDb();
  const updated = await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, user.id))
      .returning();
    if (!changed) throw unauthorized();
    await endOtherSessions(tx, { userId: changed.id, token });
    return changed;
  });
  mailAfterAnswer("password changed mail", () => sendPasswordChangedMail({ to: updated }));
  return updated;
}

/** Ends every session of the account, on every device and this one. */
export async function signOutEverywhere({ user }: { user: User }) {
  await endAllSessions(await getDb(), { userId: user.id });
}

/**
 * Deletes the account (cart, wishlist and tokens go with it; orders stay, without the user).
 * Confirmed by the password, or, for an account that signs in only with Google and has no
 * password, by typing the account's email in the password field.
 */
export async function deleteAccount({ user, password }: { user: User; password: string }) {
  if (user.passwordHash) {
    if (!(await verifyPassword(password, user.passwordHash))) {
      throw badRequest(messages.deleteAccount.wrongPassword);
    }
  } else if (password.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw badRequest(messages.deleteAccount.wrongEmail);
  }
  const db = await getDb();
  const deleted = await db.transaction(async (tx) => {
    if (user.isAdmin) {
      // The admins' rows are locked, so two admins deleting themselves at once cannot both go.
      const admins = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.isAdmin, true))
        .for("update");
      // Without an admin the shop cannot be run from its panel.
      if (admins.length === 1 && admins[0]!.id === user.id) {
        throw conflict(messages.deleteAccount.lastAdmin);
      }
    }
    const [row] = await tx.delete(users).where(eq(users.id, user.id)).returning();
    return row;
  });
  if (!deleted) throw unauthorized();
  mailAfterAnswer("account deleted mail", () => sendAccountDeletedMail({ to: deleted }));
}

export type GoogleProfile = {
  googleId: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  avatar: string | null;
};

/**
 * The shop user for a Google sign-in: found by Google id, else linked by verified email, else
 * created (registrationSource google, email verified, avatar kept). Returns null when Google
 * does not vouch for the email.
 */
export async function signInWithGoogle(profile: GoogleProfile): Promise<User | null> {
  const db = await getDb();
  const [byGoogleId] = await db
    .select()
    .from(users)
    .where(eq(users.googleId, profile.googleId))
    .limit(1);
  if (byGoogleId) {
    const [signedIn] = await db
      .update(users)
      .set({
        ...loginStamp,
        ...(!byGoogleId.avatar && profile.avatar ? { avatar: profile.avatar } : {}),
      })
      .where(eq(users.id, byGoogleId.id))
      .returning();
    return signedIn!;
  }
  if (!profile.emailVerified || !profile.email) return null;
  const email = profile.email.toLowerCase();
  const byEmail = await findUserByEmail({ email });
  if (byEmail) {
    const [linked] = await db
      .update(users)
      .set({
        googleId: profile.googleId,
        isEmailVerified: true,
        avatar: byEmail.avatar ?? profile.avatar,
        // Whoever registered this unverified address never proved they own it: their password goes.
        ...(byEmail.isEmailVerified
          ? {}
          : { passwordHash: null, sessionVersion: sql`${users.sessionVersion} + 1` }),
        ...loginStamp,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, byEmail.id))
      .returning();
    if (!byEmail.isEmailVerified) await endAllSessions(db, { userId: byEmail.id });
    return linked!;
  }
  const [created] = await db
    .insert(users)
    .values({
      email,
      firstName:
        cutBetweenCharacters(profile.firstName, MAX_NAME_LENGTH).trim() ||
        cutBetweenCharacters(email.split("@")[0]!, MAX_NAME_LENGTH),
      lastName: cutBetweenCharacters(profile.lastName, MAX_NAME_LENGTH).trim(),
      avatar: profile.avatar,
      googleId: profile.googleId,
      isEmailVerified: true,
      registrationSource: "google",
      lastLoginAt: sql`now()`,
    })
    .returning();
  return created!;
}
