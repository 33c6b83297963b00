// The few answers the entry point writes itself, in the API's JSON error shape.
import { STATUS_CODES } from "node:http";
import { parseAndValidateFlightRouterState } from "next/dist/server/app-render/parse-and-validate-flight-router-state.js";

// The same texts as lib/messages.ts (api.malformedPath, api.methodNotAllowed, api.notFound); a test
// keeps them equal.
export const MALFORMED_PATH = "Malformed request path";
export const METHOD_NOT_ALLOWED = "Method not allowed";
export const NOT_FOUND = "Not found";
export const MALFORMED_REQUEST = "Malformed request";
export const HEADERS_TOO_LARGE = "Request headers too large";
export const REQUEST_TIMED_OUT = "Request took too long";
export const TOO_MANY_REQUESTS = "Too many requests. Please try again later.";

/** Like every API refusal: no cache, shared or the browser's, keeps these answers. */
export const NO_CACHE = "private, no-store";

/**
 * A request Node's parser refuses before any handler sees it (broken syntax, headers past the
 * limit, too slow): the API's JSON error instead of Node's empty answer, then the connection ends.
 */
export function answerClientError(error, socket) {
  // After an answer has gone out (bytes sent past a request that asked to close), a second one
  // would be read as the answer to a request the client never made.
  if (!socket.writable || socket.bytesWritten > 0 || error.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const [status, message] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, HEADERS_TOO_LARGE]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, REQUEST_TIMED_OUT]
        : [400, MALFORMED_REQUEST];
  endWithJson(socket, status, message);
}

/**
 * Writes a whole answer straight to the connection, in the API's error shape (`{ error }`), and
 * ends it: for what is answered before, or instead of, Node's own handling of a request.
 */
export function endWithJson(socket, status, message, extraHeaders = {}) {
  const body = JSON.stringify({ error: message });
  const extra = Object.entries(extraHeaders).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      `Content-Type: application/json\r\nCache-Control: ${NO_CACHE}\r\n${extra.join("")}` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * An answer to a request whose body the handler began to read and left part-way (past its limit:
 * 413, or a broken form) closes the connection after it. Node reads the rest of a body nobody
 * began (a refusal before the body: 401), and the connection serves the client's next request;
 * of a body left part-way it reads nothing more, so that connection was dead for the client's next
 * request, although the answer had said keep-alive.
 */
export function closeAfterBodyLeftUnread(req, res) {
  const { writeHead } = res;
  res.writeHead = function (...args) {
    if (req.readableDidRead && !req.complete && !this.headersSent) {
      this.setHeader("Connection", "close");
    }
    return writeHead.apply(this, args);
  };
}

/**
 * A CONNECT request (a tunnel: the shop is no proxy) answers 405 in JSON, like any other method the
 * shop does not serve; with no listener, Node closed the connection without a word.
 */
export function answerConnect(_req, socket) {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  endWithJson(socket, 405, METHOD_NOT_ALLOWED, { Allow: [...SERVED_METHODS].join(", ") });
}

function sendJson(res, status, body, extraHeaders = {}) {
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Cache-Control": NO_CACHE,
    ...extraHeaders,
  });
  res.end(res.req?.method === "HEAD" ? undefined : JSON.stringify(body));
}

/** The request's path, without its query. */
/** A request's path, without its query. */
export const pathOf = (req) => (req.url ?? "/").split("?")[0];

/**
 * A request-target that is not a path. The absolute form ("http://host/path", which a server must
 * accept: RFC 9112, 3.2.2) is read as its path and query, whatever host it names; `OPTIONS *` asks
 * about the server itself (204 with the methods it serves); anything else answers 400 (Next would
 * answer 500).
 */
export function answeredOddTarget(req, res) {
  const target = req.url ?? "/";
  if (target.startsWith("/")) return false;
  if (target === "*" && req.method === "OPTIONS") {
    res.writeHead(204, { Allow: [...SERVED_METHODS].join(", ") });
    res.end();
    return true;
  }
  if (/^https?:\/\//i.test(target) && URL.canParse(target)) {
    const { pathname, search } = new URL(target);
    req.url = pathname + search;
    return false;
  }
  sendJson(res, 400, { error: MALFORMED_PATH });
  return true;
}

// A `.` or `..` segment, spelled plainly or percent-encoded (WHATWG URL reads `%2e` as a dot too).
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

/**
 * Reads a path with `.` or `..` segments ("/./product/<id>", "/x/../api/products") as the path they
 * resolve to, as Next routes it (RFC 3986, 5.2.4). Every check after this one matches the path as
 * written: without it such a spelling slipped past the read-only methods (a POST got a cached
 * product), the one lowercase spelling of a product's address, and the not-found budget.
 */
export function resolveDotSegments(req) {
  const target = req.url ?? "/";
  if (!target.startsWith("/")) return; // the absolute form is resolved with the rest of its URL
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  if (!DOT_SEGMENT.test(path)) return;
  req.url = new URL(`http://shop${path}`).pathname + (queryAt === -1 ? "" : target.slice(queryAt));
}

/**
 * Next's own page for a failed root layout, which it also serves at its address, with a 200 and a
 * public cache header, saying "500: This page couldn't load": no page of the shop, so the shop's
 * 404 (Next's own not-found address).
 */
export function hideNextErrorPage(req) {
  const path = pathOf(req);
  if (path === "/_global-error") servedAsNotFound(req, path);
}

/** Routes a request whose path (`path`) is no page for visitors to the shop's 404, query kept. */
export function servedAsNotFound(req, path) {
  req.url = "/_not-found" + (req.url ?? "/").slice(path.length);
}

const API_ROOT = new Set(["/api", "/api/"]);

/** `/api` itself, which the API's catch-all route needs a segment to reach: its JSON 404. */
export function answeredApiRoot(req, res) {
  if (!API_ROOT.has(pathOf(req))) return false;
  sendJson(res, 404, { error: NOT_FOUND });
  return true;
}

/** A path with a broken percent-encoding ("/api/product/%E0%A4%A") answers 400 (Next answers 500). */
export function answeredMalformedPath(req, res) {
  try {
    decodeURIComponent(pathOf(req));
    return false;
  } catch {
    sendJson(res, 400, { error: MALFORMED_PATH });
    return true;
  }
}

/**
 * A client-side navigation's `Next-Router-State-Tree` that Next cannot read answers 400 here: Next
 * answered 500 and logged a stack trace for each (on the category and product pages). Browsers
 * send one Next itself wrote, so only a made-up request gets this answer. Checked with Next's own
 * parser, so the shop accepts exactly what Next accepts.
 */
export function answeredMalformedRouterState(req, res) {
  const state = req.headers["next-router-state-tree"];
  if (state === undefined || req.headers.rsc !== "1") return false;
  try {
    parseAndValidateFlightRouterState(state);
    return false;
  } catch {
    sendJson(res, 400, { error: MALFORMED_REQUEST });
    return true;
  }
}

/** The methods some address of the shop serves; Next's Request refuses some others (TRACE). */
const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const isApiPath = (path) => path === "/api" || path.startsWith("/api/");

/**
 * A method no /api route serves (TRACE, PROPFIND…) answers 405 here: Next would answer TRACE with
 * a 500 on every route it renders. The route's methods go in Allow, as for any wrong method
 * (`allowedMethods(req)` finds them); an unknown /api path stays a 404. Pages never get here:
 * answeredReadOnlyMethod answers every method on them but GET and HEAD.
 */
export function answeredUnservedMethod(req, res, allowedMethods) {
  if (SERVED_METHODS.has(req.method)) return false;
  allowedMethods(req).then((allow) =>
    allow
      ? sendJson(res, 405, { error: METHOD_NOT_ALLOWED }, { Allow: allow })
      : sendJson(res, 404, { error: NOT_FOUND }),
  );
  return true;
}

/** The catalogue's API routes, which Next serves from its cache (lib/catalogue.ts): only ever read. */
const READ_ONLY_API = /^\/api\/(?:products(?:\/[^/]+)?|product\/[^/]+)\/?$/;

/**
 * Next serves a route it caches to GET and HEAD only, and leaves any other method on an address
 * it renders on demand (a product's answer before its first GET) without an answer, with an
 * empty one, or with the cached page itself: those are answered 405 here, before Next. So is any
 * other method on a page, which the shop only ever serves to be read (it has no server actions).
 */
export function answeredReadOnlyMethod(req, res) {
  if (req.method === "GET" || req.method === "HEAD") return false;
  const path = pathOf(req);
  if (isApiPath(path) && !READ_ONLY_API.test(path)) return false;
  sendJson(res, 405, { error: METHOD_NOT_ALLOWED }, { Allow: "GET, HEAD" });
  return true;
}

/**
 * Next answers a method an /api route does not export with an empty 405: answer it in JSON, with
 * the Allow header listing the route's methods (`allowedMethods(req)` finds them).
 */
export function answerWrongMethodInJson(req, res, allowedMethods) {
  if (!isApiPath(pathOf(req))) return;
  const { writeHead, write, end } = res;
  let replacing = false;
  res.writeHead = function (statusCode, ...rest) {
    if (statusCode === 405 && !this.hasHeader("content-type")) {
      replacing = true;
      return this;
    }
    return writeHead.call(this, statusCode, ...rest);
  };
  // Next may also just set the status and end, leaving the head to be written implicitly.
  const isBare405 = (res) =>
    !res.headersSent && res.statusCode === 405 && !res.hasHeader("content-type");
  res.write = function (...args) {
    if (isBare405(this)) replacing = true;
    return replacing ? true : write.apply(this, args);
  };
  res.end = function (...args) {
    if (isBare405(this)) replacing = true;
    if (!replacing) return end.apply(this, args);
    Object.assign(res, { writeHead, write, end });
    allowedMethods(req).then((allow) =>
      sendJson(res, 405, { error: METHOD_NOT_ALLOWED }, allow ? { Allow: allow } : {}),
    );
    return this;
  };
}
