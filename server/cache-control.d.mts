export const PUBLIC_CACHE_CONTROL: string;
export function sharePublicPages(res: import("node:http").ServerResponse): void;
export function namesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean;
export function isSharedAnswer(res: import("node:http").ServerResponse): boolean;
export function holdsSharedAnswer(
  req: import("node:http").IncomingMessage,
  res: import("node:http").ServerResponse,
): boolean;
export function canonicalProductAddress(req: import("node:http").IncomingMessage): void;
