// Security headers for every answer, and a Content-Security-Policy for every HTML page that allows
// exactly the inline scripts that page carries, by hash. Next only puts nonces on pages rendered
// per request; the catalogue's pages are cached static shells whose inline scripts (the RSC
// payload chunks, React's streaming instructions) carry none. So the entry point reads each HTML
// answer whole (the shop's pages are small), hashes its inline scripts and sends the policy.
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import vm from "node:vm";
import zlib from "node:zlib";
import { holdsSharedAnswer, isSharedAnswer, namesEtag } from "./cache-control.mjs";
import {
  chosenEncoding,
  compressedAnswer,
  compressedOnce,
  compressedPage,
  encodedEtag,
  MIN_BYTES,
  sendAsIs,
} from "./compression.mjs";

/** Headers every answer carries: pages, API, images and static files alike. */
export function baseHeaders({ hsts }) {
  return {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy":
      "accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), " +
      "magnetometer=(), microphone=(), midi=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(hsts ? { "Strict-Transport-Security": "max-age=31536000" } : {}),
  };
}

/** Anything that is not a page (JSON, images, scripts, styles) may load and run nothing. */
export const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The policy of an HTML page. Scripts: our own files and the page's own inline scripts by hash.
 * Styles allow 'unsafe-inline': next/image writes style attributes into the HTML and the toast
 * library injects its stylesheet at run time; a style cannot run script. Images: our own, the
 * blur placeholders (data:) and Google profile pictures.
 */
export function pagePolicy({ scriptHashes, dev = false, https = false }) {
  const scripts = dev
    ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] // React's development build needs eval
    : ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://*.googleusercontent.com",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

// ---- Which inline scripts may run ------------------------------------------------------------

const require = createRequire(import.meta.url);

// Next's metadata moves streamed icons into <head> with this one fixed script.
const NEXT_ICON_MOVER =
  'document.querySelectorAll(\'body link[rel="icon"], body link[rel="apple-touch-icon"]\').forEach(el => document.head.appendChild(el))';

/**
 * The fixed scripts React's streaming renderer writes into pages (the functions that reveal
 * Suspense boundaries: $RC, $RS, $RX, $RR, …), read from the React build Next renders with, so the
 * list follows React upgrades. Only exact copies of these count as React's.
 */
export function reactRuntimeSnippets() {
  const snippets = new Set();
  for (const channel of ["react-dom", "react-dom-experimental"]) {
    let source;
    try {
      source = fs.readFileSync(
        require.resolve(`next/dist/compiled/${channel}/cjs/react-dom-server.node.production.js`),
        "utf8",
      );
    } catch {
      continue;
    }
    const literal =
      /(['"])((?:\$R[A-Z]=|\$RB=|\$RM=|requestAnimationFrame\(function\(\)\{\$RT|addEventListener\("submit")(?:\\.|(?!\1)[^\\\n])*)\1/g;
    for (const [token] of source.matchAll(literal)) {
      const text = String(vm.runInNewContext(token));
      // Some end with the opening of their first call ('…};$RS("'): the call is checked apart.
      snippets.add(text.replace(/\$R[A-Z]\("$/, ""));
    }
  }
  return [...snippets].filter(Boolean).sort((a, b) => b.length - a.length);
}

/** `prefix` + one JSON value + `suffix`, and nothing else. */
function isCallWithJson(script, prefix, suffix) {
  if (!script.startsWith(prefix) || !script.endsWith(suffix)) return false;
  try {
    JSON.parse(script.slice(prefix.length, script.length - suffix.length));
    return true;
  } catch {
    return false;
  }
}

/** React's instruction calls: `$RC("B:0","S:0")` and the like, with JSON arguments only. */
function isInstructionCalls(script) {
  let rest = script;
  while (rest) {
    if (!/^\$R[A-Z]\(/.test(rest)) return false;
    let end = -1;
    for (let i = rest.indexOf(")"); i !== -1; i = rest.indexOf(")", i + 1)) {
      try {
        JSON.parse(`[${rest.slice(4, i)}]`);
        end = i;
        break;
      } catch {}
    }
    if (end === -1) return false;
    rest = rest.slice(end + 1).replace(/^;/, "");
  }
  return true;
}

const MAX_CHECKED_SCRIPT = 512 * 1024;

/**
 * Whether an inline script is one Next or React writes: an RSC payload chunk or a bundler chunk
 * list (a push of pure JSON), React's fixed streaming runtime followed by its instruction calls,
 * or Next's icon mover. Anything else (a script injected through some bug in our own markup)
 * gets no hash, so the browser refuses to run it.
 */
export function createScriptCheck(snippets = reactRuntimeSnippets()) {
  return (script) => {
    if (script.length > MAX_CHECKED_SCRIPT) return false;
    if (script === "(self.__next_f=self.__next_f||[]).push([0])") return true;
    if (isCallWithJson(script, "self.__next_f.push(", ")")) return true;
    if (isCallWithJson(script, "(self.__next_f=self.__next_f||[]).push(", ")")) return true;
    if (
      isCallWithJson(
        script,
        '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push(',
        ");",
      )
    ) {
      return true;
    }
    if (script === NEXT_ICON_MOVER) return true;
    let rest = script;
    for (let progressed = true; progressed;) {
      progressed = false;
      for (const snippet of snippets) {
        if (rest.startsWith(snippet)) {
          rest = rest.slice(snippet.length);
          progressed = true;
        }
      }
    }
    if (rest !== script) return rest === "" || isInstructionCalls(rest);
    return script !== "" && isInstructionCalls(script);
  };
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const JAVASCRIPT_TYPES = /^(?:|text\/javascript|application\/javascript|module)$/i;

/** sha256 sources for the page's inline scripts that pass `isTrusted`; data blocks need none. */
export function inlineScriptHashes(html, isTrusted) {
  const hashes = new Set();
  for (const [, attributes, content] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? "";
    if (!JAVASCRIPT_TYPES.test(type)) continue; // JSON-LD and other data blocks never run
    if (!isTrusted(content)) continue;
    hashes.add(`sha256-${createHash("sha256").update(content, "utf8").digest("base64")}`);
  }
  return [...hashes];
}

// ---- Applying them to Node responses ---------------------------------------------------------

function decodeBody(body, encoding) {
  switch ((encoding ?? "identity").toLowerCase()) {
    case "gzip":
      return zlib.gunzipSync(body);
    case "br":
      return zlib.brotliDecompressSync(body);
    case "deflate":
      return zlib.inflateSync(body);
    default:
      return body;
  }
}

/** writeHead's headers argument (an object, a flat [name, value, …] list or a list of pairs) as entries. */
function headerEntries(fields) {
  if (!fields) return [];
  if (!Array.isArray(fields)) return Object.entries(fields);
  const pairs = Array.isArray(fields[0])
    ? fields
    : Array.from({ length: fields.length >> 1 }, (_, i) => [fields[2 * i], fields[2 * i + 1]]);
  const merged = new Map();
  for (const [name, value] of pairs) {
    const key = String(name).toLowerCase();
    merged.set(key, [...(merged.get(key) ?? []), value]);
  }
  return [...merged].map(([name, values]) => [name, values.length === 1 ? values[0] : values]);
}

/** How many pages are remembered (their bytes, their script hashes): the catalogue's cached pages. */
const REMEMBERED_PAGES = 256;

/** What `make` gives for a key, remembered for the last REMEMBERED_PAGES keys used. */
function createRemembered() {
  const entries = new Map();
  return (key, make) => {
    if (entries.has(key)) {
      // Most recently used last, so the oldest is the first to go.
      const known = entries.get(key);
      entries.delete(key);
      entries.set(key, known);
      return known;
    }
    const made = make();
    entries.set(key, made);
    if (entries.size > REMEMBERED_PAGES) entries.delete(entries.keys().next().value);
    return made;
  };
}

const rememberedHashes = new WeakMap();

/**
 * The script hashes of a page's body as sent. A cached page is the same bytes on every request,
 * so its hashes are remembered by a digest of those bytes: the page is decoded and read once.
 */
function pageScriptHashes(body, digest, encoding, isTrusted) {
  let remembered = rememberedHashes.get(isTrusted);
  if (!remembered) rememberedHashes.set(isTrusted, (remembered = createRemembered()));
  return remembered(`${encoding ?? ""} ${digest}`, () =>
    inlineScriptHashes(decodeBody(body, encoding).toString("utf8"), isTrusted),
  );
}

/** Adds `field` to the response's Vary header. */
function addVary(res, field) {
  const current = String(res.getHeader("vary") ?? "");
  if (current.split(",").some((name) => name.trim().toLowerCase() === field.toLowerCase())) return;
  res.setHeader("Vary", current ? `${current}, ${field}` : field);
}

const toBuffer = (chunk, encoding) =>
  Buffer.isBuffer(chunk)
    ? chunk
    : Buffer.from(chunk, typeof encoding === "string" ? encoding : undefined);

/** A page's bytes and their digest. */
const pageBytes = (body) => ({
  body,
  digest: createHash("sha256").update(body).digest("base64url"),
});

/**
 * Next sends a page from its cache as one string, the same one on every request: its bytes and
 * digest are made once and found again by that text (a string's hash is kept by the engine).
 */
const rememberedPages = createRemembered();
const sharedPageBytes = (text) => rememberedPages(text, () => pageBytes(Buffer.from(text)));

/** Clears what describes a body before a 304, which has none. */
function withoutBodyHeaders(res) {
  for (const name of ["content-length", "content-type", "content-encoding"]) res.removeHeader(name);
}

const isHtml = (res) => /^text\/html\b/i.test(String(res.getHeader("content-type") ?? ""));

/** A JSON answer not encoded yet: the API's, built whole in memory by its route. */
const isPlainJson = (res) =>
  /^application\/json\b/i.test(String(res.getHeader("content-type") ?? "")) &&
  !res.hasHeader("content-encoding");

/** A catalogue answer: JSON every visitor gets the same, naming its version by ETag. */
const isSharedJson = (res) => isPlainJson(res) && res.hasHeader("etag") && isSharedAnswer(res);

/**
 * Sets the headers on `res` before Next writes it: the base headers at once, and the policy when
 * the head is written. An HTML page is held until its end (Next's compression runs first, so the
 * body is decoded to be read, and sent as it came), then sent with its own policy. A 304 carries
 * no policy, so the browser keeps the one stored with the page. A JSON answer is held too, to be
 * sent with its length: Next streams it without one, and most fit in a network packet as they
 * are, where compressing would cost the server more than it saves the phone. A 404 page is sent
 * as `dressNotFound` returns it, when that returns a body (server/not-found-pages.mjs).
 */
export function secureResponse(req, res, { headers, isTrusted, dev, https, dressNotFound }) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  const writeHead = res.writeHead;
  const write = res.write;
  const end = res.end;
  const flushHeaders = res.flushHeaders;
  let held = null;

  res.flushHeaders = function () {
    if (!this.headersSent && !held) this.writeHead(this.statusCode);
    if (!held) flushHeaders.call(this);
  };

  res.writeHead = function (statusCode, reason, extra) {
    if (held) return this;
    const fields = typeof reason === "string" ? extra : reason;
    for (const [name, value] of headerEntries(fields)) this.setHeader(name, value);
    const status = statusCode ?? this.statusCode;
    if (status === 200 && !isHtml(this) && holdsSharedAnswer(req, this)) {
      // The client holds this version of a catalogue answer: Node drops the body Next writes. The
      // 304 varies as its 200 does (RFC 9110, 15.4.5), which may be compressed.
      withoutBodyHeaders(this);
      addVary(this, "Accept-Encoding");
      sendAsIs(this);
      return writeHead.call(this, 304);
    }
    const hasBody = req.method !== "HEAD" && status !== 204 && status !== 304;
    const sharedJson = status === 200 && hasBody && isSharedJson(this);
    const json = hasBody && isPlainJson(this);
    if ((isHtml(this) && hasBody && !dev) || json) {
      held = {
        statusCode: status,
        reason: typeof reason === "string" ? reason : undefined,
        chunks: [],
        json,
        sharedJson,
      };
      return this;
    }
    if (status !== 304 && !this.hasHeader("content-security-policy")) {
      this.setHeader(
        "Content-Security-Policy",
        isHtml(this) ? pagePolicy({ scriptHashes: [], dev, https }) : RESOURCE_POLICY,
      );
    }
    return typeof reason === "string"
      ? writeHead.call(this, status, reason)
      : writeHead.call(this, status);
  };

  // A page's or JSON answer's head is decided before its first bytes (held or not); any other
  // answer's waits for Node to write it, so the compression middleware sees the whole of a small body.
  const decideHead = (res) => {
    if (!res.headersSent && !held && (isHtml(res) || isPlainJson(res))) {
      res.writeHead(res.statusCode);
    }
  };

  res.write = function (chunk, encoding, callback) {
    decideHead(this);
    if (!held) return write.call(this, chunk, encoding, callback);
    if (chunk?.length) held.chunks.push(toBuffer(chunk, encoding));
    (typeof encoding === "function" ? encoding : callback)?.();
    return true;
  };

  res.end = function (chunk, encoding, callback) {
    if (typeof chunk === "function") return this.end(undefined, undefined, chunk);
    if (typeof encoding === "function") return this.end(chunk, undefined, encoding);
    decideHead(this);
    if (!held) return end.call(this, chunk, encoding, callback);
    const { statusCode, reason, json, sharedJson, chunks: written } = held;
    held = null;
    // Made only when needed: a cached page comes as one string, whose bytes are remembered.
    const wholeBody = () => {
      const chunks = chunk?.length ? [...written, toBuffer(chunk, encoding)] : written;
      return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    };
    const send = (sent, sentEncoding) => {
      if (sentEncoding) this.setHeader("Content-Encoding", sentEncoding);
      this.setHeader("Content-Length", sent.length);
      // Its ETag names how it is sent: nothing may encode it differently on the way out.
      sendAsIs(this);
      if (reason) writeHead.call(this, statusCode, reason);
      else writeHead.call(this, statusCode);
      return end.call(this, sent, callback);
    };
    if (json) {
      const body = wholeBody();
      const sendEncoding = body.length >= MIN_BYTES ? chosenEncoding(req) : null;
      addVary(this, "Accept-Encoding");
      this.setHeader("Content-Security-Policy", RESOURCE_POLICY);
      if (!sendEncoding) return send(body, null);
      // A catalogue answer is compressed once per version (its ETag names its content) and encoding.
      const compressing = sharedJson
        ? compressedAnswer({ body, etag: this.getHeader("etag"), encoding: sendEncoding })
        : compressedOnce({ body, encoding: sendEncoding });
      compressing.then(
        (compressed) => send(compressed, sendEncoding),
        (error) => {
          console.error("Could not compress an answer", error);
          send(body, null);
        },
      );
      return this;
    }
    const single = written.length === 0 && typeof chunk === "string";
    const whole = single ? null : wholeBody();
    const dressed = statusCode === 404 ? dressNotFound?.(req, whole ?? chunk) : null;
    const { body, digest } = dressed
      ? pageBytes(dressed)
      : single && isSharedAnswer(this)
        ? sharedPageBytes(chunk)
        : pageBytes(whole ?? wholeBody());
    // Compressed here, once per version of a shared page (server/compression.mjs), unless it came so.
    const alreadyEncoded = this.hasHeader("content-encoding");
    const sendEncoding = !alreadyEncoded && body.length >= MIN_BYTES ? chosenEncoding(req) : null;
    if (!alreadyEncoded) addVary(this, "Accept-Encoding");
    if (statusCode === 200 && !this.hasHeader("etag")) {
      const etag = encodedEtag(digest, sendEncoding);
      this.setHeader("ETag", etag);
      // Only a GET is answered "not modified" (RFC 9110: other methods are not conditional here).
      if (req.method === "GET" && namesEtag(req.headers["if-none-match"], etag)) {
        // The browser holds this page and the policy sent with it.
        withoutBodyHeaders(this);
        writeHead.call(this, 304);
        return end.call(this, callback);
      }
    }
    let scriptHashes = [];
    try {
      scriptHashes = pageScriptHashes(body, digest, this.getHeader("content-encoding"), isTrusted);
    } catch (error) {
      console.error("Could not read a page to hash its scripts", error);
    }
    this.setHeader("Content-Security-Policy", pagePolicy({ scriptHashes, dev, https }));
    if (!sendEncoding) return send(body, null);
    compressedPage({ body, digest, encoding: sendEncoding, shared: isSharedAnswer(this) }).then(
      (compressed) => send(compressed, sendEncoding),
      (error) => {
        console.error("Could not compress a page", error);
        if (this.getHeader("etag")) this.setHeader("ETag", encodedEtag(digest, null));
        send(body, null);
      },
    );
    return this;
  };
}
