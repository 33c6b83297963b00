import type { IncomingMessage, ServerResponse } from "node:http";

export function baseHeaders(options: { hsts: boolean }): Record<string, string>;
export const RESOURCE_POLICY: string;
export function pagePolicy(options: {
  scriptHashes: string[];
  dev?: boolean;
  https?: boolean;
}): string;
export function reactRuntimeSnippets(): string[];
export function createScriptCheck(snippets?: string[]): (script: string) => boolean;
export function inlineScriptHashes(html: string, isTrusted: (script: string) => boolean): string[];
export function secureResponse(
  req: IncomingMessage,
  res: ServerResponse,
  options: {
    headers: Record<string, string>;
    isTrusted: (script: string) => boolean;
    dev: boolean;
    https: boolean;
    /** A 404 page's body to send instead, or null to send it as it is (server/not-found-pages.mjs). */
    dressNotFound?: (req: IncomingMessage, body: Buffer | string) => Buffer | null;
  },
): void;
