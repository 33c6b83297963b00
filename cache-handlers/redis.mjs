// The Redis connection Next's caches share across instances when REDIS_URL is set: one per
// process, connected on first use. Without REDIS_URL each process keeps its caches in memory.
import { createClient } from "redis";

const PREFIX = process.env.REDIS_KEY_PREFIX ?? "lumiere:";
/** Where the expiry of every tag lives, one hash field per tag. */
export const TAGS_KEY = `${PREFIX}tags`;
export const entryKey = (kind, key) => `${PREFIX}${kind}:${key}`;

let client;

/**
 * The shared client, or null when the shop runs without Redis. While Redis cannot be reached,
 * cache calls fail at once (no queue) and the handlers treat them as misses: the page is rendered
 * from the database, never broken.
 */
export async function redis() {
  // `next build` keeps what it renders to itself: the servers start with empty caches.
  if (!process.env.REDIS_URL || process.env.NEXT_PHASE === "phase-production-build") return null;
  client ??= createClient({ url: process.env.REDIS_URL, disableOfflineQueue: true })
    .on("error", (error) => console.warn(`Redis: ${error.message}`))
    .connect()
    .catch((error) => {
      client = undefined;
      throw error;
    });
  return client;
}

/** Runs a cache call; a failure is logged and answers `fallback`. */
export async function orElse(fallback, call) {
  try {
    return await call();
  } catch (error) {
    console.warn(`Redis: ${error.message}`);
    return fallback;
  }
}
