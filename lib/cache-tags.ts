import "server-only";
import { revalidateTag } from "next/cache";

/** Cache tags of the shop, in one place. Never tag anything per user (carts, orders). */
export const TAGS = {
  catalogue: "catalogue",
} as const;
export type CacheTag = (typeof TAGS)[keyof typeof TAGS];

type Entry = { value: Promise<unknown>; expiresAt: number; tags: readonly CacheTag[] };

// In-process, so it works the same in route handlers, server components, scripts and tests, and
// never outlives the process: a fresh embedded database is never answered from an older one's
// cache. Several instances each keep their own copy; the time limit bounds how stale one can be.
type Cache = { entries: Map<string, Entry>; scope?: object };
const store = globalThis as unknown as { __shopCache?: Cache };
const cache: Cache = (store.__shopCache ??= { entries: new Map() });
const entries = cache.entries;
// Keys can come from request input (a product id), so the cache is bounded: oldest out first.
const MAX_ENTRIES = 2000;

/**
 * Wraps a read so its result is shared for `ttlSeconds` (keyed by name and arguments) until one of
 * its tags is revalidated. A failed read is not kept. Callers must treat results as read-only.
 * `scope` names the data source (the database): when it changes, everything cached is dropped.
 */
export function cacheByTag<Args extends unknown[], Result>(
  read: (...args: Args) => Promise<Result>,
  {
    name,
    tags,
    ttlSeconds,
    scope,
  }: {
    name: string;
    tags: readonly CacheTag[];
    ttlSeconds: number;
    scope: () => Promise<object>;
  },
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    const source = await scope();
    if (cache.scope !== source) {
      entries.clear();
      cache.scope = source;
    }
    const key = `${name}:${JSON.stringify(args)}`;
    const hit = entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.value as Promise<Result>;
    const value = read(...args);
    const entry: Entry = { value, expiresAt: Date.now() + ttlSeconds * 1000, tags };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return value;
  };
}

/** Drops everything cached under `tag` here, and in Next's own cache when inside a request. */
export function revalidateCacheTag(tag: CacheTag) {
  for (const [key, entry] of entries) if (entry.tags.includes(tag)) entries.delete(key);
  try {
    revalidateTag(tag, { expire: 0 });
  } catch {
    // Outside a request (scripts, tests) Next has no cache to clear.
  }
}
