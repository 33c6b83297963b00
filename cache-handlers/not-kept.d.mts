// Types of not-kept.mjs, for the catalogue's reads and the tests.
export const NOT_KEPT_TAG: string;
export function asStored<Entry extends { tags?: string[]; expire: number }>(entry: Entry): Entry;
