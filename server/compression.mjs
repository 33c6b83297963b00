// Compression, done here rather than by Next (`compress: false` in next.config.ts), which gzips
// every answer again on every request. What is the same bytes for many requests is compressed once
// and kept: the build's scripts and styles (brotli at its best, a fifth smaller than Next's gzip:
// fewer bytes before a phone can draw the page), the catalogue's cached pages (by a digest of
// their bytes, server/security.mjs) and its API answers (by their ETag). Everything else (other
// JSON, RSC payloads, per-user pages) goes through the `compression` middleware as it streams.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import compression from "compression";
import Negotiator from "negotiator";
import { namesEtag } from "./cache-control.mjs";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The ETag of bytes with this digest sent with `encoding` (each encoding has its own, as HTTP wants). */
export const encodedEtag = (digest, encoding) =>
  `"${digest.slice(0, 27)}${encoding ? `-${encoding}` : ""}"`;

/** Below this many bytes compression saves too little to be worth it (the middleware's default). */
export const MIN_BYTES = 1024;

const SENT_AS_IS = Symbol("sent as is");

/** Marks an answer the entry point has already encoded as it should be sent (or chose not to). */
export function sendAsIs(res) {
  res[SENT_AS_IS] = true;
}

/** Streams compressed what the entry point has not encoded itself. */
export const compressAsItStreams = compression({
  threshold: MIN_BYTES,
  filter: (req, res) => !res[SENT_AS_IS] && compression.filter(req, res),
});

/** The encoding to send `req`: "br" (smaller) or "gzip" when the client takes it, else null. */
export function chosenEncoding(req) {
  const encoding = new Negotiator(req).encoding(["br", "gzip", "identity"], ["br", "gzip"]);
  return encoding === "br" || encoding === "gzip" ? encoding : null;
}

/**
 * How hard to compress, by how often the result is used: once for the life of the build (the
 * build's files), once per version of a shared page, or on every request (per-user and not-found
 * pages, which anyone can ask for again and again: no costlier than the streaming middleware).
 */
const EFFORT = {
  build: { brotli: zlib.constants.BROTLI_MAX_QUALITY, gzip: 9 },
  kept: { brotli: 9, gzip: 9 },
  each: { brotli: 4, gzip: 6 },
};

/** `bytes` compressed with `encoding` at `effort` (see EFFORT). */
function compress(bytes, encoding, effort) {
  const { brotli: quality, gzip: level } = EFFORT[effort];
  if (encoding === "gzip") return gzip(bytes, { level });
  return brotli(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** A bounded memory of compressed bodies, least recently used out first. */
export function createCompressedMemory({ maxBytes }) {
  const entries = new Map();
  let bytes = 0;
  function evictBeyondLimit() {
    for (const [key, entry] of entries) {
      if (bytes <= maxBytes) return;
      if (entry.size === 0) continue; // still being made
      entries.delete(key);
      bytes -= entry.size;
    }
  }
  return {
    /** The compressed body under `key`, made by `make` (a promise) the first time. */
    async get(key, make) {
      const known = entries.get(key);
      if (known) {
        entries.delete(key);
        entries.set(key, known);
        return known.body;
      }
      const entry = { body: make(), size: 0 };
      entries.set(key, entry);
      try {
        const body = await entry.body;
        if (entries.get(key) === entry) {
          entry.size = body.length;
          bytes += body.length;
          evictBeyondLimit();
        }
        return body;
      } catch (error) {
        if (entries.get(key) === entry) entries.delete(key);
        throw error;
      }
    },
    get size() {
      return entries.size;
    },
  };
}

/** The catalogue's pages and API answers, by version and encoding: a few hundred of them. */
const pageMemory = createCompressedMemory({ maxBytes: 16 * 2 ** 20 });

/** An answer's body compressed for this request alone. */
export const compressedOnce = ({ body, encoding }) => compress(body, encoding, "each");

/** A page's body compressed, kept by its digest when every visitor gets the same bytes. */
export function compressedPage({ body, digest, encoding, shared }) {
  if (!shared) return compressedOnce({ body, encoding });
  return pageMemory.get(`${encoding} ${digest}`, () => compress(body, encoding, "kept"));
}

/** A catalogue answer's body compressed, kept by its ETag (which names its content). */
export function compressedAnswer({ body, etag, encoding }) {
  return pageMemory.get(`${encoding} answer ${etag}`, () => compress(body, encoding, "kept"));
}

// ---- The build's scripts and styles ----------------------------------------------------------

const BUILD_FILE = /^\/_next\/static\/[\w./~-]+\.(js|css)$/;
const CONTENT_TYPES = {
  js: "application/javascript; charset=UTF-8",
  css: "text/css; charset=UTF-8",
};
/** Next names these files by their content, so each one never changes. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves the build's scripts and styles (`/_next/static/…js|css`) from `staticDir`, compressed once
 * each, as Next would serve them otherwise. Returns false, leaving the request to Next, for
 * anything else: other methods, other files, a file the build does not have.
 */
export function createBuildFiles({ staticDir }) {
  const root = path.resolve(staticDir);
  const memory = createCompressedMemory({ maxBytes: 64 * 2 ** 20 });
  const files = new Map(); // url path -> Promise<{ bytes, digest } | null>

  // The build's scripts and styles, listed once: a name the build lacks costs no disk access.
  let known;
  const listed = () =>
    (known ??= fs.readdir(root, { recursive: true }).then(
      (names) =>
        new Set(
          names
            .map((name) => `/_next/static/${name.split(path.sep).join("/")}`)
            .filter((urlPath) => BUILD_FILE.test(urlPath)),
        ),
      () => new Set(),
    ));

  async function read(urlPath) {
    if (!(await listed()).has(urlPath)) return null;
    let file = files.get(urlPath);
    if (!file) {
      const filePath = path.join(root, urlPath.slice("/_next/static/".length));
      file = fs.readFile(filePath).then(
        (bytes) => ({ bytes, digest: createHash("sha256").update(bytes).digest("base64url") }),
        () => null,
      );
      files.set(urlPath, file);
    }
    return file;
  }

  const encoded = (urlPath, file, encoding) =>
    encoding
      ? memory.get(`${encoding} ${urlPath}`, () => compress(file.bytes, encoding, "build"))
      : Promise.resolve(file.bytes);

  async function answer(req, res, urlPath, kind) {
    const file = await read(urlPath);
    if (!file) return false;
    const encoding = file.bytes.length >= MIN_BYTES ? chosenEncoding(req) : null;
    const body = await encoded(urlPath, file, encoding);
    const etag = encodedEtag(file.digest, encoding);
    sendAsIs(res);
    res.setHeader("Cache-Control", IMMUTABLE);
    res.setHeader("Content-Type", CONTENT_TYPES[kind]);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("ETag", etag);
    if (namesEtag(req.headers["if-none-match"], etag)) {
      res.writeHead(304);
      res.end();
      return true;
    }
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.writeHead(200);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }

  return {
    /** Answers the request if it asks for one of the build's scripts or styles (a promise). */
    serve(req, res, fallback) {
      if (req.method !== "GET" && req.method !== "HEAD") return false;
      const urlPath = (req.url ?? "").split("?")[0];
      const kind = BUILD_FILE.exec(urlPath)?.[1];
      if (!kind || urlPath.includes("..")) return false;
      answer(req, res, urlPath, kind).then(
        (answered) => answered || fallback(),
        (error) => {
          console.error(`Could not serve ${urlPath}`, error);
          if (!res.headersSent) fallback();
          else res.destroy();
        },
      );
      return true;
    },

    /** Compresses every script and style ahead of the first visitors, one at a time. */
    async warm() {
      for (const urlPath of await listed()) {
        const file = await read(urlPath);
        if (!file || file.bytes.length < MIN_BYTES) continue;
        for (const encoding of ["br", "gzip"]) await encoded(urlPath, file, encoding);
      }
    },
  };
}
