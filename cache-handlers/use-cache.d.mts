// Types of the 'use cache' handler (use-cache.mjs), for the tests that drive it directly.
type Entry = {
  value: ReadableStream<Uint8Array>;
  tags: string[];
  stale: number;
  timestamp: number;
  expire: number;
  revalidate: number;
};
declare const handler: {
  get(cacheKey: string, softTags: string[]): Promise<Entry | undefined>;
  set(cacheKey: string, pendingEntry: Promise<Entry>): Promise<void>;
};
export default handler;
