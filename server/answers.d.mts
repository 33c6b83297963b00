import type { IncomingMessage, ServerResponse } from "node:http";

export const MALFORMED_PATH: string;
export const METHOD_NOT_ALLOWED: string;
export const NOT_FOUND: string;
export const MALFORMED_REQUEST: string;
export const HEADERS_TOO_LARGE: string;
export const REQUEST_TIMED_OUT: string;
export const TOO_MANY_REQUESTS: string;
export const NO_CACHE: string;
export function pathOf(req: IncomingMessage): string;
export function servedAsNotFound(req: IncomingMessage, path: string): void;
export function answerClientError(
  error: Error & { code?: string },
  socket: import("node:stream").Duplex,
): void;
export function answeredMalformedPath(req: IncomingMessage, res: ServerResponse): boolean;
export function answerWrongMethodInJson(
  req: IncomingMessage,
  res: ServerResponse,
  allowedMethods: (req: IncomingMessage) => Promise<string>,
): void;
export function answeredReadOnlyMethod(req: IncomingMessage, res: ServerResponse): boolean;
export function answeredUnservedMethod(
  req: IncomingMessage,
  res: ServerResponse,
  allowedMethods: (req: IncomingMessage) => Promise<string>,
): boolean;
export function answeredOddTarget(req: IncomingMessage, res: ServerResponse): boolean;
export function resolveDotSegments(req: IncomingMessage): void;
export function answeredApiRoot(req: IncomingMessage, res: ServerResponse): boolean;
export function closeAfterBodyLeftUnread(req: IncomingMessage, res: ServerResponse): void;
export function answerConnect(req: IncomingMessage, socket: import("node:stream").Duplex): void;
export function hideNextErrorPage(req: IncomingMessage): void;
