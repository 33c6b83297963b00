import "server-only";
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { createWorkQueue } from "@/lib/work-queue";
import { messages } from "@/lib/messages";

type Cost = { N: number; r: number; p: number };

/** OWASP's current recommendation for scrypt: 2^17 × 8 × 128 bytes = 128 MiB per hash. */
export const RECOMMENDED_SCRYPT_COST: Cost = { N: 2 ** 17, r: 8, p: 1 };

/**
 * The cost new hashes are made with. Jest (NODE_ENV=test) hashes cheaply so suites that sign up
 * many shoppers stay fast; tests that check the real cost set it here and restore it.
 */
export const scryptCost: Cost = {
  ...(process.env.NODE_ENV === "test" ? { N: 2 ** 10, r: 8, p: 1 } : RECOMMENDED_SCRYPT_COST),
};

// Bounds on what a stored hash may ask for: anything outside is not one of ours.
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;
const KEY_LENGTH = 32;

/**
 * Every hash needs its full memory and tens of milliseconds of CPU: at most two run at once, so a
 * burst of sign-ins queues instead of exhausting memory, and a long line answers 503.
 */
export const passwordHashing = createWorkQueue({
  concurrency: 2,
  maxWaiting: 64,
  retryAfterSeconds: 5,
  busyMessage: messages.api.busy,
});

function derive(password: string, salt: Buffer, { N, r, p }: Cost): Promise<Buffer> {
  // Node refuses a cost whose memory (128 × N × r bytes) exceeds maxmem: allow it with room to spare.
  const options: ScryptOptions = { N, r, p, maxmem: 2 * 128 * N * r + 1024 * 1024 };
  return passwordHashing.run(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

/** Format: scrypt$N$r$p$salt$hash (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const cost = { ...scryptCost };
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return [
    "scrypt",
    cost.N,
    cost.r,
    cost.p,
    salt.toString("base64url"),
    key.toString("base64url"),
  ].join("$");
}

type StoredHash = Cost & { salt: Buffer; hash: Buffer };

function parseHash(stored: string): StoredHash | null {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash || rest.length > 0) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const isPowerOfTwo = Number.isInteger(cost.N) && cost.N > 1 && (cost.N & (cost.N - 1)) === 0;
  if (!isPowerOfTwo || cost.N > MAX_N) return null;
  if (!Number.isInteger(cost.r) || cost.r < 1 || cost.r > MAX_R) return null;
  if (!Number.isInteger(cost.p) || cost.p < 1 || cost.p > MAX_P) return null;
  return { ...cost, salt: Buffer.from(salt, "base64url"), hash: Buffer.from(hash, "base64url") };
}

/** Checks a password against a stored hash, at the cost that hash was made with. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored ? parseHash(stored) : null;
  if (!parsed) {
    // Same work as a real check, so timing does not reveal that the account has no password.
    await derive(password, randomBytes(16), scryptCost);
    return false;
  }
  const actual = await derive(password, parsed.salt, parsed);
  return parsed.hash.length === actual.length && timingSafeEqual(parsed.hash, actual);
}

/** Whether a stored hash was made at another cost than today's (rehash it at the next sign-in). */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return (
    !parsed || parsed.N !== scryptCost.N || parsed.r !== scryptCost.r || parsed.p !== scryptCost.p
  );
}
