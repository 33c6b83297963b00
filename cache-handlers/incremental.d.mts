// Types of the page cache handler (incremental.mjs), for the tests that drive it directly.
export default class IncrementalCache {
  constructor(options?: { serverDistDir?: string });
  get(key: string, context: object): Promise<unknown>;
  set(key: string, value: unknown, context: object): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
  resetRequestCache(): void;
}
