import type { IncomingMessage, ServerResponse } from "node:http";

export const MIN_BYTES: number;
export function encodedEtag(digest: string, encoding: "br" | "gzip" | null): string;
export function compressAsItStreams(
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
): void;
export function sendAsIs(res: ServerResponse): void;
export function chosenEncoding(req: IncomingMessage): "br" | "gzip" | null;
export function createCompressedMemory(options: { maxBytes: number }): {
  get(key: string, make: () => Promise<Buffer>): Promise<Buffer>;
  readonly size: number;
};
export function compressedPage(options: {
  body: Buffer;
  digest: string;
  encoding: "br" | "gzip";
  shared: boolean;
}): Promise<Buffer>;
export function compressedAnswer(options: {
  body: Buffer;
  etag: string;
  encoding: "br" | "gzip";
}): Promise<Buffer>;
export function createBuildFiles(options: { staticDir: string }): {
  serve(req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean;
  warm(): Promise<void>;
};
