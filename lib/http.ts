import "server-only";
import { after } from "next/server";
import type { z } from "zod";
import { AppError, badRequest, invalidInput } from "@/lib/errors";
import { env } from "@/lib/env";
import { messages } from "@/lib/messages";
import { namesEtag } from "@/server/cache-control.mjs";
import { clientAddressOf } from "@/server/trust-proxy.mjs";

const DEFAULT_MAX_JSON_BYTES = 32 * 1024;

const payloadTooLarge = () => new AppError(413, messages.api.payloadTooLarge);

/**
 * The request body as bytes, counted while it streams in: reading stops at the first byte over
 * `maxBytes` (413), so an endless or oversized body never sits in memory whole. A declared
 * Content-Length over the limit is refused before a byte is read. A body the client broke off
 * (its connection closed mid-body: Node's ECONNRESET "aborted") is a malformed request (400), not
 * the database outage its error code would otherwise be read as.
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
    const { done, value } = await reader.read().catch(() => {
      throw badRequest(messages.api.malformedRequest);
    });
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

// Names that reach an object's prototype when code copies fields by assignment.
const RESERVED_KEYS = new Set(["__proto__", "constructor", "prototype"]);
// No request the shop takes nests deeper than a few levels.
const MAX_DEPTH = 16;

function assertCleanInput(value: unknown, depth = 0): void {
  if (typeof value === "string") {
    if (hasForbiddenCharacter(value)) {
      throw badRequest(messages.api.invalidRequest, [messages.api.controlCharacters]);
    }
  } else if (value && typeof value === "object") {
    if (depth >= MAX_DEPTH)
      throw badRequest(messages.api.invalidRequest, [messages.api.nestedTooDeeply]);
    for (const [key, item] of Object.entries(value)) {
      if (RESERVED_KEYS.has(key)) {
        throw badRequest(messages.api.invalidRequest, [messages.api.reservedFieldName]);
      }
      assertCleanInput(key, depth + 1);
      assertCleanInput(item, depth + 1);
    }
  }
}

/**
 * Validates anything a client sent (a JSON body, query parameters, form fields): every string is
 * free of control characters, no field is named like a prototype link, nothing nests deeper than
 * MAX_DEPTH, then the schema decides. A refusal is a 400 in the spec's shape,
 * its first message as `error` and all of them as `details`.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  assertCleanInput(value);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = [...new Set(result.error.issues.map(issueMessage))];
  throw badRequest(details[0] ?? messages.api.invalidRequest, details);
}

const TYPE_NAMES: Record<string, string> = {
  object: "an object",
  array: "a list",
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
};

/**
 * A refusal's message: the schema's own, or for a value of the wrong type that the schema has no
 * words for, which field wanted what (zod's default texts are not the shop's).
 */
function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code !== "invalid_type" || !issue.message.startsWith("Invalid input")) {
    return issue.message;
  }
  const field = issue.path.findLast((key) => typeof key === "string");
  const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
  if (field === undefined) return messages.api.bodyNotObject;
  // An entry of a list ("items": [null]) is what has the wrong type, not the list.
  return typeof issue.path.at(-1) === "number"
    ? messages.api.wrongEntryType(String(field), expected)
    : messages.api.wrongType(String(field), expected);
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Read as it is, a compressed body would be parsed as garbage: 415, saying why. */
export function refuseEncodedBody(request: Request) {
  const encoding = request.headers.get("content-encoding");
  if (encoding && encoding.toLowerCase() !== "identity") {
    throw new AppError(415, messages.api.unsupportedMediaType, {
      details: [messages.api.bodyEncoded],
    });
  }
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/**
 * Reads a JSON body within a size limit and validates it (parseInput); answers 400/413/415 in the
 * spec's shape. A body is JSON only when it says so: text/plain, forms and the like are refused
 * (415), which also keeps cross-site form posts out. An empty body counts as `{}`.
 */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  { maxBytes = DEFAULT_MAX_JSON_BYTES }: { maxBytes?: number } = {},
): Promise<z.output<S>> {
  refuseEncodedBody(request);
  const bytes = await readBodyBytes(request, { maxBytes });
  let body: unknown = {};
  if (bytes.byteLength > 0 && !JSON_TYPE.test(request.headers.get("content-type") ?? "")) {
    throw new AppError(415, messages.api.unsupportedMediaType, {
      details: [messages.api.jsonExpected],
    });
  }
  try {
    const text = utf8.decode(bytes);
    if (text.trim()) body = JSON.parse(text);
  } catch {
    throw badRequest(messages.api.invalidRequest, [messages.api.invalidJson]);
  }
  return parseInput(schema, body);
}

export { normaliseAddress, UNKNOWN_ADDRESS } from "@/server/trust-proxy.mjs";

/**
 * The caller's address, for per-address limits. The entry point (server/index.mjs) makes
 * X-Forwarded-For trustworthy, and its rule picks the client's entry (server/trust-proxy.mjs).
 */
export function clientAddress(request: Request): string {
  return clientAddressOf(request.headers.get("x-forwarded-for"), env().TRUST_PROXY);
}

/**
 * Cookie-authenticated state changes must come from our own pages: the Origin must be APP_URL's
 * origin (scheme, host and port) or, when clients connect directly (no TRUST_PROXY), the origin of
 * the Host the browser addressed. X-Forwarded-Host is never consulted: a client can write it.
 * Requests without an Origin (API clients using a Bearer token, curl) are not cross-site, unless
 * the browser itself says so in Sec-Fetch-Site, which no page's script can write.
 */
export function assertSameOrigin(request: Request) {
  const origin = request.headers.get("origin");
  if (!origin) {
    const site = request.headers.get("sec-fetch-site");
    if (site === "cross-site" || site === "same-site") {
      throw new AppError(403, messages.api.badOrigin);
    }
    return;
  }
  const { APP_URL, TRUST_PROXY } = env();
  if (origin === new URL(APP_URL).origin) return;
  const host = request.headers.get("host");
  if (TRUST_PROXY === 0 && host && origin === `${new URL(request.url).protocol}//${host}`) return;
  throw new AppError(403, messages.api.badOrigin);
}

/** Whether the request's If-None-Match names this ETag (the weak comparison GET uses, RFC 9110). */
export function matchesIfNoneMatch(request: Request, etag: string): boolean {
  return namesEtag(request.headers.get("if-none-match"), etag);
}

// Visible ASCII, as Stripe and the IETF draft use it: a UUID per checkout attempt fits.
const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,255}$/;

/** The request's Idempotency-Key header, if any; a malformed one is refused with 400. */
export function idempotencyKeyOf(request: Request): string | undefined {
  const key = request.headers.get("idempotency-key")?.trim();
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(key)) throw invalidInput(messages.api.invalidIdempotencyKey);
  return key;
}

/**
 * The answer to a write that carried an Idempotency-Key: `status` when this request made the
 * change, 200 and `Idempotent-Replayed: true` when an earlier one with the key had made it.
 */
export function idempotentJson(
  body: unknown,
  { status, replayed }: { status: number; replayed: boolean },
) {
  return replayed
    ? Response.json(body, { headers: { "Idempotent-Replayed": "true" } })
    : Response.json(body, { status });
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
