export const PUBLIC_CACHE_CONTROL: string;
export function sharePublicPages(res: import("node:http").ServerResponse): void;
export function namesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean;
export function isSharedPage(res: import("node:http").ServerResponse): boolean;
