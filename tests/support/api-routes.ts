// Every route handler of the REST API, found on disk, and one way to call any of them directly.
// Tests that must cover every route (authorization, bad input) list them from here, so a route
// added later is caught by those tests until someone decides how it behaves.
import fs from "node:fs";
import path from "node:path";
import { APP, nextAddress, readResponse } from "@/tests/support/auth-requests";

const API_DIR = path.join(process.cwd(), "app/api");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type Method = (typeof METHODS)[number];

export type ApiRoute = {
  /** "METHOD /api/pattern", e.g. "PATCH /api/admin/orders/[id]/status". */
  key: string;
  method: Method;
  /** The path as the file system names it, dynamic segments in brackets. */
  pattern: string;
  file: string;
};

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return /^route\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

type Handler = (
  request: Request,
  context: { params: Promise<Record<string, unknown>> },
) => Promise<Response>;

/** Every method every route file under app/api exports, sorted by key. */
export async function listApiRoutes(): Promise<ApiRoute[]> {
  const routes: ApiRoute[] = [];
  for (const file of routeFiles(API_DIR)) {
    const pattern = `/${path.relative(path.join(process.cwd(), "app"), path.dirname(file)).split(path.sep).join("/")}`;
    const exported = (await import(file)) as Record<string, unknown>;
    for (const method of METHODS) {
      if (typeof exported[method] === "function") {
        routes.push({ key: `${method} ${pattern}`, method, pattern, file });
      }
    }
  }
  return routes.sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * The same list read from the route files' sources without loading them (`export const GET = …`),
 * for tests that cannot import the shop's server modules, such as the end-to-end suite.
 */
export function listApiRoutesFromSource(): ApiRoute[] {
  const routes: ApiRoute[] = [];
  for (const file of routeFiles(API_DIR)) {
    const pattern = `/${path.relative(path.join(process.cwd(), "app"), path.dirname(file)).split(path.sep).join("/")}`;
    const source = fs.readFileSync(file, "utf8");
    for (const method of METHODS) {
      if (new RegExp(`^export (const|async function|function) ${method}\\b`, "m").test(source)) {
        routes.push({ key: `${method} ${pattern}`, method, pattern, file });
      }
    }
  }
  return routes.sort((a, b) => a.key.localeCompare(b.key));
}

export async function loadHandler(route: ApiRoute): Promise<Handler> {
  const exported = (await import(route.file)) as Record<string, Handler>;
  return exported[route.method]!;
}

/** The dynamic segments of a pattern: "[id]" → id, "[...path]" → path (catch-all). */
export function patternParams(pattern: string): { name: string; catchAll: boolean }[] {
  return [...pattern.matchAll(/\[(\.\.\.)?([^\]]+)\]/g)].map((match) => ({
    name: match[2]!,
    catchAll: Boolean(match[1]),
  }));
}

export type ApiCall = {
  /** Values of the dynamic segments; a catch-all takes a list. */
  params?: Record<string, string | string[]>;
  query?: Record<string, string>;
  token?: string;
  /** A JSON body (sent with its content type). */
  body?: unknown;
  /** A body sent as it is: text, bytes, a form or a stream. */
  raw?: BodyInit;
  headers?: Record<string, string>;
};

/** The request a client would send for `call`, with its URL built from the pattern. */
// A lone surrogate has no UTF-8 form: a client can only send the bytes of one (as CESU-8 would).
const encodeSegment = (value: string) =>
  value
    .split(/(\p{Cs})/u)
    .map((part, i) => (i % 2 ? "%ED%A0%80" : encodeURIComponent(part)))
    .join("");

export function buildRequest(route: ApiRoute, call: ApiCall = {}): Request {
  const pathname = route.pattern.replace(/\[(\.\.\.)?([^\]]+)\]/g, (_, catchAll, name: string) => {
    const value = call.params?.[name] ?? "";
    return catchAll
      ? (Array.isArray(value) ? value : [value]).map(encodeSegment).join("/")
      : encodeSegment(String(value));
  });
  const url = new URL(`${APP}${pathname}`);
  for (const [name, value] of Object.entries(call.query ?? {})) {
    url.search += `${url.search ? "&" : ""}${encodeSegment(name)}=${encodeSegment(value)}`;
  }
  const headers: Record<string, string> = {
    host: "localhost:3000",
    "x-forwarded-for": nextAddress(),
  };
  if (call.body !== undefined) headers["content-type"] = "application/json";
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  Object.assign(headers, call.headers);
  const hasBody = call.body !== undefined || call.raw !== undefined;
  const streams = typeof ReadableStream !== "undefined" && call.raw instanceof ReadableStream;
  return new Request(url, {
    method: route.method,
    headers,
    body:
      hasBody && route.method !== "GET" && route.method !== "HEAD"
        ? (call.raw ?? JSON.stringify(call.body))
        : undefined,
    ...(streams ? { duplex: "half" } : {}),
  } as RequestInit);
}

/** Calls the route's handler as Next would: the request and its dynamic segments. */
export async function callRoute(route: ApiRoute, call: ApiCall = {}) {
  const handler = await loadHandler(route);
  const request = buildRequest(route, call);
  const params = Object.fromEntries(
    patternParams(route.pattern).map(({ name, catchAll }) => {
      const value = call.params?.[name] ?? "";
      return [name, catchAll ? (Array.isArray(value) ? value : [value]) : value];
    }),
  );
  return readResponse(await handler(request, { params: Promise.resolve(params) }));
}
