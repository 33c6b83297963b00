// Tag expiry for both of Next's caches (pages and 'use cache' entries). Next keeps it in one list
// per process; with Redis every change is also written there, and read back before an entry
// carrying the tag is served, so an edit made through one instance expires the entry on all.
import * as tagsModule from "next/dist/server/lib/incremental-cache/tags-manifest.external.js";
import { redis, TAGS_KEY } from "./redis.mjs";

// A CommonJS module: Node hands it over as the default export, a bundler or Jest as the namespace.
const nextTags = tagsModule.default ?? tagsModule;
const { tagsManifest } = nextTags;

/**
 * Marks tags stale or expired, as Next's own handlers do: without durations expired now; with
 * them stale now and expired after `durations.expire` seconds.
 */
export async function markTags(tags, durations) {
  const now = Math.round(performance.timeOrigin + performance.now());
  const changed = {};
  for (const tag of typeof tags === "string" ? [tags] : tags) {
    const entry = { ...tagsManifest.get(tag) };
    if (durations) {
      entry.stale = now;
      if (durations.expire !== undefined) entry.expired = now + durations.expire * 1000;
    } else {
      entry.expired = now;
    }
    tagsManifest.set(tag, entry);
    changed[tag] = JSON.stringify(entry);
  }
  const client = await redis();
  if (client && Object.keys(changed).length > 0) await client.hSet(TAGS_KEY, changed);
}

/** Brings these tags' expiry from Redis into this process (nothing to do without Redis). */
export async function syncTags(tags) {
  const client = await redis();
  if (!client || tags.length === 0) return;
  const states = await client.hmGet(TAGS_KEY, tags);
  tags.forEach((tag, index) => {
    const state = states[index];
    if (state) tagsManifest.set(tag, JSON.parse(state));
  });
}

/** The latest expiry of these tags (ms since the epoch), 0 if none ever expired. */
export async function latestExpiry(tags) {
  await syncTags(tags);
  return Math.max(0, ...tags.map((tag) => tagsManifest.get(tag)?.expired ?? 0));
}

export const { areTagsExpired, areTagsStale } = nextTags;
