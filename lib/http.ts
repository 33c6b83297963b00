import "server-only";
import { after } from "next/server";
import type { z } from "zod";
import { AppError, badRequest } from "@/lib/errors";
import { env } from "@/lib/env";
import { messages } from "@/lib/messages";

const DEFAULT_MAX_JSON_BYTES = 32 * 1024;

const payloadTooLarge = () => new AppError(413, messages.api.payloadTooLarge);

/**
 * The request body as bytes, counted while it streams in: reading stops at the first byte over
 * `maxBytes` (413), so an endless or oversized body never sits in memory whole. A declared
 * Content-Length over the limit is refused before a byte is read.
 */
export async function readBodyBytes(
  request: Request,
  { maxBytes }: { maxBytes: number },
): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length"));
  if (declared > maxBytes) throw payloadTooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw payloadTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

// C0 and C1 controls other than tab, line feed and carriage return, and lone UTF-16 surrogates:
// PostgreSQL refuses NUL, and none of them belongs in anything a person typed.
const FORBIDDEN_CHARACTER = /[\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F]|\p{Cs}/u;

/** Whether a string holds a character no text field accepts (see FORBIDDEN_CHARACTER). */
export const hasForbiddenCharacter = (text: string) => FORBIDDEN_CHARACTER.test(text);

function assertCleanStrings(value: unknown, depth = 0): void {
  if (typeof value === "string") {
    if (hasForbiddenCharacter(value)) {
      throw badRequest(messages.api.invalidRequest, [messages.api.controlCharacters]);
    }
  } else if (value && typeof value === "object" && depth < 64) {
    for (const [key, item] of Object.entries(value)) {
      assertCleanStrings(key, depth + 1);
      assertCleanStrings(item, depth + 1);
    }
  }
}

/**
 * Validates anything a client sent (a JSON body, query parameters, form fields): every string is
 * free of control characters, then the schema decides. A refusal is a 400 in the spec's shape,
 * its first message as `error` and all of them as `details`.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  assertCleanStrings(value);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = [...new Set(result.error.issues.map((issue) => issue.message))];
  throw badRequest(details[0] ?? messages.api.invalidRequest, details);
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Reads a JSON body within a size limit and validates it (parseInput); answers 400/413 in the spec's shape. */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  { maxBytes = DEFAULT_MAX_JSON_BYTES }: { maxBytes?: number } = {},
): Promise<z.output<S>> {
  const bytes = await readBodyBytes(request, { maxBytes });
  let body: unknown = {};
  try {
    const text = utf8.decode(bytes);
    if (text.trim()) body = JSON.parse(text);
  } catch {
    throw badRequest(messages.api.invalidRequest, [messages.api.invalidJson]);
  }
  return parseInput(schema, body);
}

/**
 * The caller's address. Next fills X-Forwarded-For with the socket address when the client sent
 * none; behind a proxy (TRUST_PROXY) its first hop is the real client. Without a proxy a client
 * can forge the header, which is why every limit keyed by address is paired with one keyed by email.
 */
export function clientAddress(request: Request): string {
  const hops = (request.headers.get("x-forwarded-for") ?? "").split(",").map((h) => h.trim());
  const address = env().TRUST_PROXY ? hops[0] : hops.at(-1);
  return address || "unknown";
}

/**
 * Cookie-authenticated state changes must come from our own pages: refuse a foreign Origin.
 * Requests without an Origin (API clients using a Bearer token, curl) are not cross-site.
 */
export function assertSameOrigin(request: Request) {
  const origin = request.headers.get("origin");
  if (!origin) return;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new AppError(403, messages.api.badOrigin);
  }
  if (originHost !== host && origin !== new URL(env().APP_URL).origin) {
    throw new AppError(403, messages.api.badOrigin);
  }
}

/** Whether the request's If-None-Match names this ETag (the weak comparison GET uses, RFC 9110). */
export function matchesIfNoneMatch(request: Request, etag: string): boolean {
  const header = request.headers.get("if-none-match");
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
}

// Visible ASCII, as Stripe and the IETF draft use it: a UUID per checkout attempt fits.
const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,255}$/;

/** The request's Idempotency-Key header, if any; a malformed one is refused with 400. */
export function idempotencyKeyOf(request: Request): string | undefined {
  const key = request.headers.get("idempotency-key")?.trim();
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(key)) throw badRequest(messages.api.invalidIdempotencyKey);
  return key;
}

/**
 * Work the answer must not wait for (mail): run after the response is sent, or, outside a request
 * (scripts, tests), at once without being awaited. A failure is logged, never thrown.
 */
export function afterResponse(what: string, task: () => Promise<unknown>) {
  const run = () =>
    task().catch((error) => console.error(`[after response] ${what} failed`, error));
  try {
    after(run);
  } catch {
    const running = run().finally(() => detached.delete(running));
    detached.add(running);
  }
}

const detached = new Set<Promise<unknown>>();

/** Resolves once the work started outside a request has finished (tests, scripts). */
export async function detachedWorkDone() {
  while (detached.size > 0) await Promise.allSettled([...detached]);
}
