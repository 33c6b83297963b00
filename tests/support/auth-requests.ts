// Requests for the auth route handlers, called directly, and readers for the mails they send.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";

export const APP = "http://localhost:3000";

let addressCounter = 0;
/** A fresh client address per request unless one is given, so address limits stay out of the way. */
export const nextAddress = () =>
  `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}`;

export function jsonRequest(
  pathname: string,
  {
    method = "POST",
    body,
    raw,
    token,
    cookie,
    origin,
    address = nextAddress(),
    headers = {},
  }: {
    method?: string;
    body?: unknown;
    raw?: string;
    token?: string;
    cookie?: string;
    origin?: string;
    address?: string;
    headers?: Record<string, string>;
  } = {},
): Request {
  const all: Record<string, string> = {
    host: "localhost:3000",
    "x-forwarded-for": address,
    ...headers,
  };
  if (body !== undefined || raw !== undefined) all["content-type"] = "application/json";
  if (token) all.authorization = `Bearer ${token}`;
  if (cookie) all.cookie = cookie;
  if (origin) all.origin = origin;
  return new Request(`${APP}${pathname}`, {
    method,
    headers: all,
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
}

/**
 * The answer as a client reads it, once the work it left running is done too (the mails sent after
 * the answer), as a client that then opens its inbox finds them.
 */
export async function readResponse(response: Response) {
  const text = await response.text();
  // Loaded here, not above: the end-to-end specs share this module's other helpers, and the
  // shop's server-only modules cannot load there.
  const { detachedWorkDone } = await import("@/lib/http");
  await detachedWorkDone();
  let body: Record<string, unknown> = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = { text };
  }
  return { status: response.status, body, headers: response.headers };
}

/** The session cookie a response sets, as a request Cookie header value. */
export function sessionCookieFrom(response: { headers: Headers }): string | null {
  const set = response.headers.getSetCookie().find((c) => c.startsWith("lumiere_session="));
  return set ? set.split(";")[0]! : null;
}

export const uniqueEmail = (name = "shopper") =>
  `${name}.${randomBytes(5).toString("hex")}@example.com`;

const qpBytes = (text: string) =>
  Buffer.from(
    text.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

/**
 * A raw message made readable: headers unfolded with their encoded words decoded, and
 * quoted-printable or base64 parts decoded, well enough to read subjects, links and PINs.
 */
export function decodeMail(raw: string): string {
  const text = raw.replace(/\r\n/g, "\n");
  const split = text.indexOf("\n\n");
  const head = text
    .slice(0, split)
    .replace(/\n[ \t]+/g, " ")
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?(.*?)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : qpBytes(data.replace(/_/g, " ")),
    );
  const body = text
    .slice(split)
    .replace(
      /(Content-Transfer-Encoding: base64\n\n)([A-Za-z0-9+/=\n]+)/g,
      (_, header: string, data: string) => header + Buffer.from(data, "base64").toString("utf8"),
    )
    .replace(/=\n/g, "");
  return head + qpBytes(body);
}

export const verificationTokenIn = (mail: string) =>
  mail.match(/\/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1] ?? null;

export const pinIn = (mail: string) => mail.match(/^\s+(\d{6})\s*$/m)?.[1] ?? null;

/** The reset token of a PIN mail's link (in its fragment). */
export const resetLinkTokenIn = (mail: string) =>
  mail.match(/\?auth=reset-password#resetToken=([A-Za-z0-9_-]+)/)?.[1] ?? null;

/** Mails written to the outbox for `to`, oldest first, decoded. */
export function outboxMails(dataDir: string, to: string): string[] {
  const outbox = path.join(dataDir, "outbox");
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .sort()
    .map((file) => decodeMail(fs.readFileSync(path.join(outbox, file), "utf8")))
    .filter((mail) => new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}$`, "mi").test(mail));
}
