import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, lt, ne, notInArray, sql } from "drizzle-orm";
import { decode, encode } from "next-auth/jwt";
import { cache } from "react";
import { getDb, isUuid, type Database, type DbOrTx } from "@/lib/db";
import { sessions, users, type User } from "@/lib/db/schema";
import { DEVICE_COOKIE, SESSION_COOKIE, SESSION_HINT_COOKIE } from "@/lib/constants";
import { env } from "@/lib/env";
import { AppError, forbidden, PRIVATE_NO_STORE, unauthorized } from "@/lib/errors";
import { assertSameOrigin } from "@/lib/http";
import { messages } from "@/lib/messages";
import { getAuthSecret } from "@/lib/auth/secret";

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
// Keeps our tokens apart from any other token next-auth derives from the same secret.
const TOKEN_SALT = "lumiere-session";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Signed-in devices one account keeps; a sign-in past it ends the oldest session. */
export const MAX_SESSIONS_PER_USER = 20;

/**
 * Starts a session: a row in `sessions`, and a signed, encrypted token naming that row, the user
 * and the session version it was issued for. The session lasts while its row does.
 */
export async function createSessionToken({
  user,
}: {
  user: Pick<User, "id" | "sessionVersion">;
}): Promise<string> {
  const db = await getDb();
  const [session] = await db
    .insert(sessions)
    .values({ userId: user.id, expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000) })
    .returning({ id: sessions.id });
  // Every sign-in adds a row: only the newest ones stay, so no account grows without bound.
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, user.id),
        notInArray(
          sessions.id,
          db
            .select({ id: sessions.id })
            .from(sessions)
            .where(eq(sessions.userId, user.id))
            .orderBy(desc(sessions.createdAt), desc(sessions.id))
            .limit(MAX_SESSIONS_PER_USER),
        ),
      ),
    );
  if (Math.random() < 0.01) void pruneExpiredSessions();
  return encode({
    token: { sub: user.id, sid: session!.id, sv: user.sessionVersion },
    secret: getAuthSecret(),
    salt: TOKEN_SALT,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

async function pruneExpiredSessions() {
  try {
    const db = await getDb();
    await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  } catch (error) {
    console.error("session cleanup failed", error);
  }
}

type TokenClaims = { userId: string; sessionId: string; version: number };

async function readToken(token: string): Promise<TokenClaims | null> {
  if (!token || token.length > 4096) return null;
  let payload: Record<string, unknown> | null;
  try {
    payload = await decode({ token, secret: getAuthSecret(), salt: TOKEN_SALT });
  } catch {
    return null;
  }
  const { sub, sid, sv } = payload ?? {};
  if (!isUuid(sub) || !isUuid(sid) || typeof sv !== "number") return null;
  return { userId: sub, sessionId: sid, version: sv };
}

/**
 * The user a token belongs to, or null when it is tampered with or expired, or its session has
 * ended (signed out, on this or every device), or was revoked (the user's session version moved
 * on after a password change or reset), or the account is gone.
 */
export async function verifySessionToken({ token }: { token: string }): Promise<User | null> {
  const claims = await readToken(token);
  if (!claims) return null;
  const [row] = await sessionUserQuery(await getDb()).execute({
    sessionId: claims.sessionId,
    userId: claims.userId,
  });
  if (!row || row.user.sessionVersion !== claims.version) return null;
  return row.user;
}

const prepareSessionUser = (db: Database) =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder("sessionId")),
        eq(sessions.userId, sql.placeholder("userId")),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare("session_user");

const sessionUserQueries = new WeakMap<Database, ReturnType<typeof prepareSessionUser>>();

/**
 * A live session's user. Every signed-in request asks it, so its SQL is written once per database
 * (a prepared query: building this join of two whole rows costs more than running it).
 */
function sessionUserQuery(db: Database) {
  let query = sessionUserQueries.get(db);
  if (!query) sessionUserQueries.set(db, (query = prepareSessionUser(db)));
  return query;
}

/**
 * Whether a genuine session token names an account that no longer exists: the account was deleted
 * since it was issued. A tampered, expired or unreadable token is not one.
 */
export async function isTokenOfDeletedAccount({ token }: { token: string }): Promise<boolean> {
  const claims = await readToken(token);
  if (!claims) return false;
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, claims.userId))
    .limit(1);
  return !row;
}

/** Ends the session a token names (signing out on this device); an unreadable token ends nothing. */
export async function endSession({ token }: { token: string }) {
  const claims = await readToken(token);
  if (!claims) return;
  const db = await getDb();
  await db
    .delete(sessions)
    .where(and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId)));
}

/** Ends every session of a user, on every device (sign out everywhere, a password reset). */
export async function endAllSessions(db: DbOrTx, { userId }: { userId: string }) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Ends every session of a user but the one `token` names: a password changed from this device
 * signs out every other one, while this one keeps its token (a client that stored it goes on).
 */
export async function endOtherSessions(
  db: DbOrTx,
  { userId, token }: { userId: string; token: string },
) {
  const claims = await readToken(token);
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        claims?.userId === userId ? ne(sessions.id, claims.sessionId) : undefined,
      ),
    );
}

type TokenSource = { token: string; via: "bearer" | "cookie" };

/** The session token a request carries: a Bearer header, else the session cookie. */
export function tokenFromHeaders(headers: Headers): TokenSource | null {
  const authorization = headers.get("authorization");
  const bearer = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (bearer) return { token: bearer, via: "bearer" };
  const cookie = parseCookies(headers.get("cookie"))[sessionCookieName()];
  return cookie ? { token: cookie, via: "cookie" } : null;
}

/** A Cookie header as name → decoded value; of two cookies with one name the first (most specific) wins. */
export function parseCookies(header: string | null): Record<string, string> {
  const entries: [string, string][] = [];
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index < 1) continue;
    try {
      entries.push([part.slice(0, index).trim(), decodeURIComponent(part.slice(index + 1).trim())]);
    } catch {}
  }
  return Object.fromEntries(entries.reverse());
}

/**
 * The signed-in user, or 401. A state-changing request authenticated by the cookie must come
 * from our own pages (a Bearer token cannot be sent by a foreign site on its own).
 */
export async function requireUser(
  request: Request,
  { signedOutMessage }: { signedOutMessage?: string } = {},
): Promise<User> {
  const source = tokenFromHeaders(request.headers);
  const user = source ? await verifySessionToken({ token: source.token }) : null;
  if (!user) throw unauthorized(signedOutMessage);
  if (source?.via === "cookie" && !SAFE_METHODS.has(request.method)) assertSameOrigin(request);
  return user;
}

/**
 * A signed-in user whose email is verified: otherwise 401 (`signedOutMessage`), or 403 with
 * requiresVerification (`message`).
 */
export async function requireVerifiedUser(
  request: Request,
  {
    message = messages.api.verificationRequired,
    signedOutMessage,
  }: { message?: string; signedOutMessage?: string } = {},
): Promise<User> {
  const user = await requireUser(request, { signedOutMessage });
  if (!user.isEmailVerified) throw new AppError(403, message, { requiresVerification: true });
  return user;
}

export async function requireAdmin(request: Request): Promise<User> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw forbidden();
  return user;
}

/**
 * For server components: the user of the current request's session cookie, or null. Loaded once
 * per render, however many layouts and pages ask.
 */
export const getCurrentUser = cache(async (): Promise<User | null> => {
  const { cookies } = await import("next/headers");
  const token = (await cookies()).get(sessionCookieName())?.value;
  return token ? verifySessionToken({ token }) : null;
});

function cookieIsSecure(): boolean {
  const { NODE_ENV, APP_URL } = env();
  if (NODE_ENV !== "production") return false;
  // A production build served on this machine over plain http (local checks, end-to-end tests).
  try {
    const { protocol, hostname } = new URL(APP_URL);
    return protocol === "https:" || !["localhost", "127.0.0.1", "[::1]"].includes(hostname);
  } catch {
    return true;
  }
}

/**
 * A cookie's name as this server sets it: `__Host-` prefixed wherever cookies are Secure, so the
 * browser accepts it only from this very host over https (no sibling subdomain can plant one).
 */
const cookieName = (name: string) => (cookieIsSecure() ? `__Host-${name}` : name);

/** Set-Cookie for one of the shop's cookies: the whole site, SameSite=Lax, Secure where it can be. */
function cookieHeader(
  name: string,
  value: string,
  { maxAge, httpOnly = true }: { maxAge: number; httpOnly?: boolean },
): string {
  return [
    `${name}=${value}`,
    "Path=/",
    ...(httpOnly ? ["HttpOnly"] : []),
    "SameSite=Lax",
    `Max-Age=${maxAge}`,
    ...(cookieIsSecure() ? ["Secure"] : []),
  ].join("; ");
}

/** The session cookie's name (SESSION_COOKIE, or SECURE_SESSION_COOKIE over https). */
export function sessionCookieName(): string {
  return cookieName(SESSION_COOKIE);
}

/** Set-Cookie for the session: the token for 30 days, or with token null, an expired empty cookie. */
export function sessionCookieHeader(token: string | null): string {
  return cookieHeader(sessionCookieName(), token ?? "", {
    maxAge: token ? SESSION_MAX_AGE_SECONDS : 0,
  });
}

/** Set-Cookie for the scripts' hint that a session exists: the same lifetime, no secret in it. */
export function sessionHintCookieHeader(token: string | null): string {
  return cookieHeader(SESSION_HINT_COOKIE, token ? "1" : "", {
    maxAge: token ? SESSION_MAX_AGE_SECONDS : 0,
    httpOnly: false,
  });
}

/**
 * A JSON answer that also sets (or, with token null, clears) the session cookie. With `provedBy`,
 * the account whose password the request just proved, it also marks the browser as that account's
 * device (trustedDevice).
 */
export function jsonWithSession(
  body: unknown,
  {
    token,
    status = 200,
    provedBy,
  }: { token: string | null; status?: number; provedBy?: MarkedAccount },
): Response {
  const headers = new Headers({ "Cache-Control": PRIVATE_NO_STORE });
  headers.append("Set-Cookie", sessionCookieHeader(token));
  headers.append("Set-Cookie", sessionHintCookieHeader(token));
  if (provedBy) headers.append("Set-Cookie", deviceCookieHeader(provedBy));
  return Response.json(body, { status, headers });
}

// ---------------------------------------------------------------------------------------------
// Devices an account signed in from: its own sign-ins are not held up by others' wrong guesses

const DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The account a device mark vouches for: its email and its password as stored now, so a new
 * password (a reset, a change) or a new account under the same email voids every earlier mark, and
 * a browser that once knew a password gets no guesses of its own at the next one.
 */
export type MarkedAccount = { email: string; passwordHash: string | null };

/** The mark's signature: for this account's email and password and this random id only. */
const deviceSignature = ({ email, passwordHash }: MarkedAccount, id: string) =>
  createHmac("sha256", getAuthSecret())
    .update(`sign-in device\0${email.toLowerCase()}\0${passwordHash ?? ""}\0${id}`)
    .digest("base64url");

/** Set-Cookie marking this browser as one the account's owner signed in from (a fresh id each time). */
function deviceCookieHeader(account: MarkedAccount): string {
  const id = randomBytes(16).toString("base64url");
  return cookieHeader(cookieName(DEVICE_COOKIE), `${id}.${deviceSignature(account, id)}`, {
    maxAge: DEVICE_MAX_AGE_SECONDS,
  });
}

/**
 * The id of the device mark a sign-in request carries, when it was given to this browser for this
 * very account and password; otherwise null (no mark, no such account, another account's, one from
 * before the password changed, or forged).
 */
export function trustedDevice(request: Request, account: MarkedAccount | undefined): string | null {
  if (!account) return null;
  const mark = parseCookies(request.headers.get("cookie"))[cookieName(DEVICE_COOKIE)];
  const [id, signature, extra] = mark?.split(".") ?? [];
  if (!id || !signature || extra !== undefined || id.length > 64) return null;
  const expected = Buffer.from(deviceSignature(account, id));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
