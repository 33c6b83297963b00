// Next's incremental cache: whole pages and cached route answers. In this process's memory, or
// with REDIS_URL in Redis, shared by every instance.
//
// Next's own handler serves the pages prerendered by `next build` from disk, which would freeze the
// configuration the build ran with (APP_URL in canonical links, the public links, the Google
// button) into the policy and account pages. This one starts empty, so every page is rendered on
// its first visit with the configuration the server runs with, then served from the cache until
// its lifetime ends or a tag it carries expires (Next checks the tags; tags.mjs keeps them current
// across instances).
import fs from "node:fs";
import path from "node:path";
import { entryKey, orElse, redis } from "./redis.mjs";
import { markTags, syncTags } from "./tags.mjs";

/** Pages and answers one process keeps, least recently used dropped first. */
const MAX_ENTRIES = 2000;
/** In Redis an entry outlives its last write by at most this long (Next revalidates far sooner). */
const REDIS_TTL_SECONDS = 7 * 24 * 3600;

const memory = new Map();

/**
 * Next compares an entry's time with tag expiry on the process's monotonic clock (timeOrigin +
 * now), never the wall clock: after the machine's clock is stepped or slewed forward, a
 * Date.now() stamp would be ahead of later expiries and the page would never be invalidated.
 */
const clock = () => Math.floor(performance.timeOrigin + performance.now());

/**
 * When each page was first asked for since it was last stored. A page is stamped with that time,
 * not with the time it is stored: its render began after that request and may have read the
 * catalogue before an edit that expired its tags while it rendered (a background revalidation
 * running during the owner's save), and such a page must count as older than the edit.
 */
const askedSince = new Map();

// Entries hold Buffers (RSC payloads, bodies) and Maps (segment data): kept as tagged JSON.
function encode(entry) {
  return JSON.stringify(entry, function (key, value) {
    const raw = this[key];
    if (Buffer.isBuffer(raw)) return { $buffer: raw.toString("base64") };
    if (raw instanceof Map) return { $map: [...raw] };
    return value;
  });
}

function decode(text) {
  return JSON.parse(text, (_key, value) => {
    if (value && typeof value === "object") {
      if (typeof value.$buffer === "string") return Buffer.from(value.$buffer, "base64");
      if (Array.isArray(value.$map)) return new Map(value.$map);
    }
    return value;
  });
}

/** The tags an entry carries: a page's or answer's in its headers, a fetch's in its context. */
function tagsOf(entry, context) {
  const header = entry.value?.headers?.["x-next-cache-tags"];
  const own = typeof header === "string" ? header.split(",") : [];
  return [...own, ...(context?.tags ?? []), ...(context?.softTags ?? [])];
}

function readBuildId(serverDistDir) {
  try {
    return fs.readFileSync(path.join(serverDistDir, "..", "BUILD_ID"), "utf8").trim();
  } catch {
    return undefined; // during `next build`, which caches nothing in Redis
  }
}

// Pages belong to one build (they name its scripts): builds sharing a Redis keep theirs apart.
let buildId;

export default class IncrementalCache {
  constructor({ serverDistDir } = {}) {
    buildId ??= readBuildId(serverDistDir);
  }

  async get(key, context) {
    return orElse(null, () => this.read(key, context));
  }

  async read(key, context) {
    if (!askedSince.has(key)) {
      askedSince.set(key, clock());
      if (askedSince.size > MAX_ENTRIES) askedSince.delete(askedSince.keys().next().value);
    }
    const client = await redis();
    let entry;
    if (client) {
      const text = await client.get(entryKey(`page:${buildId}`, key));
      entry = text ? decode(text) : null;
    } else {
      entry = memory.get(key) ?? null;
      if (entry) {
        memory.delete(key);
        memory.set(key, entry);
      }
    }
    if (entry) await syncTags(tagsOf(entry, context));
    return entry;
  }

  async set(key, value, context) {
    await orElse(undefined, () => this.write(key, value, context));
  }

  async write(key, value, context) {
    const lastModified = askedSince.get(key) ?? clock();
    askedSince.delete(key);
    // A not-found answer (a product id nobody made) is rendered again when asked for: kept, every
    // made-up address would take a place in memory, and in Redis for a week.
    if (typeof value?.status === "number" && value.status >= 400) return;
    const entry = {
      value,
      lastModified,
      cacheControl: context.fetchCache ? undefined : context.cacheControl,
    };
    const client = await redis();
    if (client) {
      await client.set(entryKey(`page:${buildId}`, key), encode(entry), { EX: REDIS_TTL_SECONDS });
      return;
    }
    memory.delete(key);
    memory.set(key, entry);
    while (memory.size > MAX_ENTRIES) memory.delete(memory.keys().next().value);
  }

  async revalidateTag(tags, durations) {
    await orElse(undefined, () => markTags(tags, durations));
  }

  resetRequestCache() {}
}
