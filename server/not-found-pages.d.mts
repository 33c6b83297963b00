import type { IncomingMessage } from "node:http";

export const SCREEN_PATH: string;
export const NOT_FOUND_KINDS: string[];
export type ScreenParts = {
  htmlAttributes: string;
  head: string;
  bodyAttributes: string;
  body: string;
};
export function notFoundKindOf(path: string): string;
export function screenParts(html: string): ScreenParts | null;
export function dressedNotFound(html: string, parts: ScreenParts | null | undefined): string;
export function createNotFoundPages(options: { port: number }): {
  hide(req: IncomingMessage): void;
  warm(): Promise<unknown>;
  dress(req: IncomingMessage, body: Buffer | string): Buffer | null;
};
