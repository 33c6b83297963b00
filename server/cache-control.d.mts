export const PUBLIC_CACHE_CONTROL: string;
export function sharePublicPages(res: import("node:http").ServerResponse): void;
