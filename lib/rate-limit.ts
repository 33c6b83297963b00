import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { rateLimits } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { clientAddress } from "@/lib/http";
import { messages } from "@/lib/messages";

export type RateLimitedAction =
  | "login"
  | "signup"
  | "resendVerification"
  | "forgotPassword"
  | "verifyResetPin"
  | "passwordCheck"
  | "checkout";

type Limit = { points: number; windowSeconds: number };

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Attempts allowed per fixed window, counted per client address and per email. Tests lower these
 * to reach a limit quickly and restore them afterwards (resetRateLimitConfig).
 */
export const rateLimitConfig: Record<RateLimitedAction, { address: Limit; email: Limit }> = {
  login: {
    address: { points: 30, windowSeconds: 15 * MINUTE },
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
    email: { points: 10, windowSeconds: 15 * MINUTE },
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
};

const defaults = structuredClone(rateLimitConfig);

export function resetRateLimitConfig() {
  for (const action of Object.keys(defaults) as RateLimitedAction[]) {
    rateLimitConfig[action] = structuredClone(defaults[action]);
  }
}

/**
 * Counts one attempt against `key` in a fixed window shared by every server instance (one atomic
 * upsert) and refuses with 429 and Retry-After once the window's points are spent.
 */
export async function consumeRateLimit({ key, limit }: { key: string; limit: Limit }) {
  const db = await getDb();
  const expired = sql`${rateLimits.expire} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({
      key,
      points: 1,
      expire: sql`now() + make_interval(secs => ${limit.windowSeconds})`,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        points: sql`case when ${expired} then 1 else ${rateLimits.points} + 1 end`,
        expire: sql`case when ${expired} then excluded.expire else ${rateLimits.expire} end`,
      },
    })
    .returning({
      points: rateLimits.points,
      retryAfter: sql<number>`ceil(extract(epoch from ${rateLimits.expire} - now()))::int`,
    });
  if (Math.random() < 0.01) void pruneExpired();
  if (row && row.points > limit.points) {
    throw new AppError(429, messages.api.tooManyRequests, {
      retryAfter: Math.max(1, Number(row.retryAfter)),
    });
  }
}

async function pruneExpired() {
  try {
    const db = await getDb();
    await db.delete(rateLimits).where(sql`${rateLimits.expire} < now() - interval '1 hour'`);
  } catch (error) {
    console.error("rate limit cleanup failed", error);
  }
}

/** Counts an attempt by the caller's address (call before reading the body). */
export function limitByAddress({
  action,
  request,
}: {
  action: RateLimitedAction;
  request: Request;
}) {
  return consumeRateLimit({
    key: `${action}:address:${clientAddress(request)}`,
    limit: rateLimitConfig[action].address,
  });
}

/** Counts an attempt for one email, whatever address it comes from. */
export function limitByEmail({ action, email }: { action: RateLimitedAction; email: string }) {
  return consumeRateLimit({
    key: `${action}:email:${email.toLowerCase()}`,
    limit: rateLimitConfig[action].email,
  });
}
