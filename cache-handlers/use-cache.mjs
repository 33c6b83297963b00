// The 'use cache' entries (the catalogue reads of lib/catalogue.ts). Without REDIS_URL, Next's own
// in-memory handler; with it, Redis, shared by every instance, with the tag expiry of tags.mjs.
import { createDefaultCacheHandler } from "next/dist/server/lib/cache-handlers/default.js";
import { asStored } from "./not-kept.mjs";
import { entryKey, orElse, redis } from "./redis.mjs";
import { areTagsExpired, areTagsStale, latestExpiry, markTags, syncTags } from "./tags.mjs";

const inMemory = createDefaultCacheHandler(50 * 1024 * 1024);

async function bufferOf(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const bufferStream = (buffer) =>
  new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(buffer));
      controller.close();
    },
  });

// Reads wait for a write of the same key this process has under way (the interface's rule).
const pendingSets = new Map();

const sharing = () =>
  Boolean(process.env.REDIS_URL) && process.env.NEXT_PHASE !== "phase-production-build";

const handler = {
  async get(cacheKey, softTags) {
    if (!sharing()) return inMemory.get(cacheKey, softTags);
    return orElse(undefined, () => readShared(cacheKey));
  },

  async set(cacheKey, pendingEntry) {
    const entry = pendingEntry.then(asStored);
    if (!sharing()) return inMemory.set(cacheKey, entry);
    return writeShared(cacheKey, entry);
  },

  async refreshTags() {},

  async getExpiration(tags) {
    return orElse(0, () => latestExpiry(tags));
  },

  async updateTags(tags, durations) {
    await orElse(undefined, () => markTags(tags, durations));
  },
};

async function readShared(cacheKey) {
  const client = await redis();
  await pendingSets.get(cacheKey);
  const text = await client.get(entryKey("data", cacheKey));
  if (!text) return undefined;
  const { value, ...entry } = JSON.parse(text);
  const now = performance.timeOrigin + performance.now();
  if (now > entry.timestamp + entry.revalidate * 1000) return undefined;
  await syncTags(entry.tags);
  if (areTagsExpired(entry.tags, entry.timestamp)) return undefined;
  const revalidate = areTagsStale(entry.tags, entry.timestamp) ? -1 : entry.revalidate;
  return { ...entry, revalidate, value: bufferStream(Buffer.from(value, "base64")) };
}

async function writeShared(cacheKey, pendingEntry) {
  let done;
  pendingSets.set(cacheKey, new Promise((resolve) => (done = resolve)));
  try {
    const entry = await pendingEntry;
    if (entry.expire === 0) return; // dynamic: never cached
    const client = await redis();
    const { value, ...metadata } = entry;
    const text = JSON.stringify({ ...metadata, value: (await bufferOf(value)).toString("base64") });
    await client.set(entryKey("data", cacheKey), text, {
      EX: Math.max(1, Math.ceil(entry.expire)),
    });
  } catch (error) {
    console.warn(`Redis: an entry was not stored (${error.message})`);
  } finally {
    pendingSets.delete(cacheKey);
    done();
  }
}

export default handler;
