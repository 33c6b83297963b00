// A 'use cache' read whose result must not be stored carries this tag; both stores (this process's
// memory, Redis) then skip it, as a dynamic entry is skipped. Next stores by time alone: an entry
// with a short lifetime would still take its place until memory runs out, and a lifetime under five
// minutes makes a page that reads it fail to prerender.
export const NOT_KEPT_TAG = "not-kept";

/** The entry as the store should see it: one carrying NOT_KEPT_TAG as a dynamic one (expire 0). */
export const asStored = (entry) =>
  entry.tags?.includes(NOT_KEPT_TAG) ? { ...entry, expire: 0 } : entry;
