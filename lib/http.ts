import "server-only";
import type { z } from "zod";
import { AppError, badRequest } from "@/lib/errors";
import { env } from "@/lib/env";
import { messages } from "@/lib/messages";

const DEFAULT_MAX_JSON_BYTES = 32 * 1024;

/** Reads a JSON body within a size limit and validates it; answers 400/413 in the spec's shape. */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  { maxBytes = DEFAULT_MAX_JSON_BYTES } = {},
): Promise<z.output<S>> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes) throw new AppError(413, messages.api.payloadTooLarge);
  const text = await request.text();
  if (Buffer.byteLength(text) > maxBytes) throw new AppError(413, messages.api.payloadTooLarge);
  let body: unknown = {};
  if (text.trim()) {
    try {
      body = JSON.parse(text);
    } catch {
      throw badRequest(messages.api.invalidRequest, ["Request body must be valid JSON"]);
    }
  }
  return schema.parse(body);
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
