import "server-only";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { rateLimits } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { clientAddress } from "@/lib/http";
import { messages } from "@/lib/messages";

type Limit = { points: number; windowSeconds: number };

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Attempts allowed per fixed window, counted per client address and per email (for `login`: per
 * email, failed sign-ins only), and guesses per account. Tests lower these to reach a limit
 * quickly and restore them afterwards (resetRateLimitConfig).
 */
export const rateLimitConfig = {
  login: {
    address: { points: 30, windowSeconds: 15 * MINUTE },
    // Wrong passwords for one email, from anywhere. Once spent, the email signs in with no password
    // until the window ends (checked before any hash): past it, a right password must not answer
    // otherwise than a wrong one, or guesses from many addresses would never stop. A password
    // reset ends the wait for the owner (forgetFailedSignIns), and a browser the owner proved the
    // password from before is not held up at all: it has a count of its own (countFailedSignIn).
    email: { points: 10, windowSeconds: 15 * MINUTE },
  },
  signup: {
    address: { points: 10, windowSeconds: HOUR },
    email: { points: 5, windowSeconds: HOUR },
  },
  resendVerification: {
    address: { points: 10, windowSeconds: HOUR },
    email: { points: 5, windowSeconds: HOUR },
  },
  forgotPassword: {
    address: { points: 10, windowSeconds: HOUR },
    email: { points: 5, windowSeconds: HOUR },
  },
  verifyResetPin: {
    address: { points: 30, windowSeconds: 15 * MINUTE },
    // Wrong PINs for one email; the right one is never refused by it, so nobody can keep an owner
    // from a new PIN by guessing first (each PIN allows 5 guesses, each account pinGuesses a day).
    email: { points: 10, windowSeconds: 15 * MINUTE },
  },
  // PIN guesses per account and day, whichever PIN they aim at: a new PIN does not bring new tries.
  pinGuesses: {
    account: { points: 15, windowSeconds: DAY },
  },
  // Each costs a password hash: a loop of made-up tokens must not hold the server.
  resetPassword: {
    address: { points: 10, windowSeconds: 15 * MINUTE },
  },
  verifyEmail: {
    address: { points: 30, windowSeconds: 15 * MINUTE },
  },
  // Signed-in password confirmations (change password, delete account): no guessing with a stolen session.
  passwordCheck: {
    address: { points: 30, windowSeconds: 15 * MINUTE },
    email: { points: 10, windowSeconds: 15 * MINUTE },
  },
  // Every order takes stock: one account or address cannot hold the shop's pieces hostage.
  checkout: {
    address: { points: 60, windowSeconds: 15 * MINUTE },
    email: { points: 20, windowSeconds: HOUR },
  },
} satisfies Record<string, { address?: Limit; email?: Limit; account?: Limit }>;

type Config = typeof rateLimitConfig;
export type RateLimitedAction = keyof Config;
type ActionWith<Scope extends string> = {
  [A in RateLimitedAction]: Config[A] extends Record<Scope, Limit> ? A : never;
}[RateLimitedAction];

const defaults = structuredClone(rateLimitConfig);

export function resetRateLimitConfig() {
  for (const action of Object.keys(defaults) as RateLimitedAction[]) {
    Object.assign(rateLimitConfig, { [action]: structuredClone(defaults[action]) });
  }
}

// Keys are built from bounded parts (a normalised address, an email of at most 200 characters,
// an id), but a key is a primary key: never let one grow without bound.
const MAX_KEY_LENGTH = 300;

/**
 * A counter in the shared `rate_limits` table (rate-limiter-flexible's Drizzle store: one atomic
 * upsert, so every server instance and parallel request counts against the same window). Built per
 * call, so a changed configuration or database (tests) applies at once; old rows are pruned by
 * pruneExpired rather than by a timer per limiter.
 */
async function limiterFor(limit: Limit) {
  return new RateLimiterDrizzle({
    storeClient: await getDb(),
    schema: rateLimits,
    keyPrefix: "",
    points: limit.points,
    duration: limit.windowSeconds,
    clearExpiredByTimeout: false,
  });
}

function tooManyRequests(result: RateLimiterRes): AppError {
  return new AppError(429, messages.api.tooManyRequests, {
    retryAfter: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
  });
}

function boundedKey(key: string) {
  return key.length > MAX_KEY_LENGTH ? key.slice(0, MAX_KEY_LENGTH) : key;
}

/**
 * Counts one attempt against `key` in a fixed window shared by every server instance and refuses
 * with 429 and Retry-After once the window's points are spent.
 */
export async function consumeRateLimit({ key, limit }: { key: string; limit: Limit }) {
  const limiter = await limiterFor(limit);
  if (Math.random() < 0.01) void pruneExpired();
  try {
    await limiter.consume(boundedKey(key));
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooManyRequests(error);
    throw error;
  }
}

/**
 * Runs `attempt` and counts it against `key` only when it fails with a client error (a wrong
 * password or PIN). Once the window's failures are spent, further failures answer 429 instead. With
 * `lockOut`, every attempt then answers 429 before it runs, the right one too; without, a
 * successful attempt is never refused, whatever the count.
 */
export async function countFailure<T>(
  { key, limit, lockOut = false }: { key: string; limit: Limit; lockOut?: boolean },
  attempt: () => Promise<T>,
): Promise<T> {
  const limiter = await limiterFor(limit);
  const counterKey = boundedKey(key);
  if (lockOut) return countBeforeRunning(limiter, counterKey, attempt);
  try {
    return await attempt();
  } catch (error) {
    if (!isCountedFailure(error)) throw error;
    const counted = await limiter.penalty(counterKey);
    if (counted.consumedPoints > limit.points) throw tooManyRequests(counted);
    throw error;
  }
}

const isCountedFailure = (error: unknown) => error instanceof AppError && error.status < 500;

/**
 * countFailure's lockOut: the point is taken before the attempt runs, in one atomic step, so a
 * burst of attempts sent at once cannot all pass a count that none of them has raised yet; an
 * attempt that did not fail as a guess (it succeeded, or the server failed) gives its point back.
 */
async function countBeforeRunning<T>(
  limiter: Awaited<ReturnType<typeof limiterFor>>,
  key: string,
  attempt: () => Promise<T>,
): Promise<T> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooManyRequests(error);
    throw error;
  }
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    if (!isCountedFailure(error)) await limiter.reward(key);
    throw error;
  }
  await limiter.reward(key);
  return result;
}

async function pruneExpired() {
  try {
    const db = await getDb();
    await db.delete(rateLimits).where(sql`${rateLimits.expire} < now() - interval '1 hour'`);
  } catch (error) {
    console.error("rate limit cleanup failed", error);
  }
}

/**
 * Requests of one client address that hash a password (sign-in, sign-up, a reset, a password
 * check) and run at once. The hashing line (lib/auth/password.ts) is every shopper's: a few
 * addresses sending dozens at once would fill it and leave everyone else's sign-in a 503. Counted
 * in this process, as the line itself is.
 */
export const HASHING_REQUESTS_PER_ADDRESS = 4;
const hashingByAddress = new Map<string, number>();

/** Runs a request that hashes a password within its address's share (429 past it). */
export async function withHashingShare<T>(request: Request, work: () => Promise<T>): Promise<T> {
  const address = clientAddress(request);
  const running = hashingByAddress.get(address) ?? 0;
  if (running >= HASHING_REQUESTS_PER_ADDRESS) {
    throw new AppError(429, messages.api.tooManyRequests, { retryAfter: 1 });
  }
  hashingByAddress.set(address, running + 1);
  try {
    return await work();
  } finally {
    const left = hashingByAddress.get(address)! - 1;
    if (left > 0) hashingByAddress.set(address, left);
    else hashingByAddress.delete(address);
  }
}

/** Counts an attempt by the caller's address (call before reading the body). */
export function limitByAddress({
  action,
  request,
}: {
  action: ActionWith<"address">;
  request: Request;
}) {
  return consumeRateLimit({
    key: `${action}:address:${clientAddress(request)}`,
    limit: rateLimitConfig[action].address,
  });
}

/** Counts an attempt for one email, whatever address it comes from. */
export function limitByEmail({ action, email }: { action: ActionWith<"email">; email: string }) {
  return consumeRateLimit({
    key: `${action}:email:${email.toLowerCase()}`,
    limit: rateLimitConfig[action].email,
  });
}

const signInKey = (email: string) => `login:email:${email.toLowerCase()}`;

/**
 * Runs a sign-in attempt, counting it against the email only when it fails; once the email's
 * failures are spent, it signs in with no password until the window ends (countFailure's lockOut).
 * From a browser that proved this email's password before (`device`, the id of its mark), the
 * attempt counts against that browser instead: anyone can spend an email's failures, so they
 * must not keep its owner out of her own phone.
 */
export function countFailedSignIn<T>(
  { email, device }: { email: string; device: string | null },
  attempt: () => Promise<T>,
) {
  const key = device ? `login:device:${device}` : signInKey(email);
  return countFailure({ key, limit: rateLimitConfig.login.email, lockOut: true }, attempt);
}

/** The owner proved who they are (a password reset): the failed sign-ins of others stop counting. */
export async function forgetFailedSignIns({ email }: { email: string }) {
  await (await limiterFor(rateLimitConfig.login.email)).delete(boundedKey(signInKey(email)));
}

/** Runs a PIN check, counting it against the email only when it fails (never refusing the right PIN). */
export function countFailedPin<T>({ email }: { email: string }, attempt: () => Promise<T>) {
  return countFailure(
    {
      key: `verifyResetPin:email:${email.toLowerCase()}`,
      limit: rateLimitConfig.verifyResetPin.email,
    },
    attempt,
  );
}

/** Counts one PIN guess for an account (any PIN, any address) against its daily allowance. */
export function limitPinGuesses({ userId }: { userId: string }) {
  return consumeRateLimit({
    key: `pinGuesses:account:${userId}`,
    limit: rateLimitConfig.pinGuesses.account,
  });
}
