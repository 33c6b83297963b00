import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import {
  compressAsItStreams,
  createBuildFiles,
  createCompressedMemory,
} from "@/server/compression.mjs";
import { baseHeaders, createScriptCheck, secureResponse } from "@/server/security.mjs";

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** The raw answer, bytes as sent (fetch would decode them). */
function get(url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<Answer>((resolve, reject) => {
    http
      .request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject)
      .end();
  });
}

function decoded({ headers, body }: Answer): string {
  const encoding = headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(body).toString();
  if (encoding === "gzip") return zlib.gunzipSync(body).toString();
  return body.toString();
}

const BR = { "Accept-Encoding": "gzip, deflate, br, zstd" };
const GZIP = { "Accept-Encoding": "gzip" };
const NONE = { "Accept-Encoding": "identity" };

describe("compressed memory", () => {
  it("makes each body once, however many ask at the same moment", async () => {
    const memory = createCompressedMemory({ maxBytes: 1000 });
    let made = 0;
    const make = async () => {
      made++;
      return Buffer.alloc(10);
    };
    const bodies = await Promise.all([1, 2, 3].map(() => memory.get("a", make)));
    expect(made).toBe(1);
    expect(bodies[0]).toBe(bodies[2]);
    await memory.get("a", make);
    expect(made).toBe(1);
  });

  it("forgets the least recently used beyond its size, and a body that failed", async () => {
    const memory = createCompressedMemory({ maxBytes: 25 });
    const made: string[] = [];
    const make = (key: string) => async () => {
      made.push(key);
      return Buffer.alloc(10);
    };
    await memory.get("a", make("a"));
    await memory.get("b", make("b"));
    await memory.get("a", make("a")); // a is now the most recently used
    await memory.get("c", make("c")); // 30 bytes: b goes
    expect(memory.size).toBe(2);
    await memory.get("a", make("a"));
    await memory.get("b", make("b"));
    expect(made).toEqual(["a", "b", "c", "b"]);

    await expect(
      memory.get("broken", () => Promise.reject(new Error("no memory left"))),
    ).rejects.toThrow("no memory left");
    expect(await memory.get("broken", make("broken"))).toHaveLength(10);
  });
});

describe("answers compressed by the entry point", () => {
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), "lumiere-static-"));
  const script = `console.log(${JSON.stringify("a necklace ".repeat(300))});`;
  const small = "console.log(1);";
  // Pages as Next sends them: a cached one (the same for everyone) and a per-user one, streamed.
  const page = `<html><body>${"<p>Pearl drop earrings</p>".repeat(200)}</body></html>`;
  const json = JSON.stringify({ products: Array.from({ length: 300 }, (_, i) => ({ id: i })) });
  let server: http.Server;
  let base: string;
  let nextAnswered: string[] = [];

  beforeAll(async () => {
    fs.mkdirSync(path.join(staticDir, "chunks"));
    fs.mkdirSync(path.join(staticDir, "media"));
    fs.writeFileSync(path.join(staticDir, "chunks", "a.js"), script);
    fs.writeFileSync(path.join(staticDir, "chunks", "small.js"), small);
    fs.writeFileSync(path.join(staticDir, "chunks", "a.css"), `p{color:red}\n`.repeat(200));
    fs.writeFileSync(path.join(staticDir, "media", "font.woff2"), "font");
    const buildFiles = createBuildFiles({ staticDir });
    const isTrusted = createScriptCheck();

    // Wired as server/index.mjs wires them; `next` stands for Next's handler.
    const next = (req: http.IncomingMessage, res: http.ServerResponse) => {
      nextAnswered.push(req.url!);
      if (req.url === "/json") {
        res.setHeader("Content-Type", "application/json");
        res.end(json);
      } else if (req.url === "/tiny.json") {
        res.setHeader("Content-Type", "application/json");
        res.end("{}");
      } else if (req.url === "/shared-at-once") {
        // A page from Next's cache: one string, in one call.
        res.setHeader("Content-Type", "text/html; charset=utf-8");
        res.setHeader("Cache-Control", "s-maxage=3600, stale-while-revalidate=86400");
        res.end(page);
      } else if (req.url === "/shared" || req.url === "/account") {
        res.writeHead(200, {
          "Content-Type": "text/html; charset=utf-8",
          "Cache-Control":
            req.url === "/shared"
              ? "s-maxage=3600, stale-while-revalidate=86400"
              : "private, no-store",
        });
        res.write(page.slice(0, 100));
        setTimeout(() => res.end(page.slice(100)), 5);
      } else {
        res.statusCode = 404;
        res.end("not found");
      }
    };
    server = http.createServer((req, res) => {
      compressAsItStreams(req, res, () => {});
      secureResponse(req, res, {
        headers: baseHeaders({ hsts: false }),
        isTrusted,
        dev: false,
        https: false,
      });
      if (buildFiles.serve(req, res, () => next(req, res))) return;
      next(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    nextAnswered = [];
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it.each([
    ["brotli", BR, "br"],
    ["gzip", GZIP, "gzip"],
    ["no encoding", NONE, undefined],
  ])(
    "sends the build's scripts with %s, as they are on disk, cacheable for good",
    async (_label, accept, encoding) => {
      const answer = await get(`${base}/_next/static/chunks/a.js`, accept);
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBe(encoding);
      expect(decoded(answer)).toBe(script);
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(answer.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(answer.headers.vary).toBe("Accept-Encoding");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(nextAnswered).toEqual([]);
      if (encoding === "br") expect(answer.body.length).toBeLessThan(script.length / 10);
    },
  );

  it("gives each encoding of a file its own ETag, and a 304 to a browser holding it", async () => {
    const br = await get(`${base}/_next/static/chunks/a.css`, BR);
    const gzip = await get(`${base}/_next/static/chunks/a.css`, GZIP);
    expect(br.headers["content-type"]).toBe("text/css; charset=UTF-8");
    expect(br.headers.etag).toMatch(/^"[\w-]{27}-br"$/);
    expect(gzip.headers.etag).not.toBe(br.headers.etag);
    const again = await get(`${base}/_next/static/chunks/a.css`, {
      ...BR,
      "If-None-Match": br.headers.etag!,
    });
    expect(again.status).toBe(304);
    expect(again.body).toHaveLength(0);
    const head = await get(`${base}/_next/static/chunks/a.css`, BR, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toHaveLength(0);
    expect(Number(head.headers["content-length"])).toBe(br.body.length);
  });

  it("leaves a tiny file uncompressed, and to Next what the build does not have or is no script", async () => {
    const tiny = await get(`${base}/_next/static/chunks/small.js`, BR);
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body.toString()).toBe(small);
    for (const url of [
      "/_next/static/chunks/missing.js",
      "/_next/static/media/font.woff2",
      "/_next/static/chunks/../../secret.js",
      "/_next/static/chunks/%2e%2e/a.js",
    ]) {
      expect((await get(base + url, BR)).status).toBe(404);
    }
    expect(nextAnswered).toHaveLength(4);
    const posted = await get(`${base}/_next/static/chunks/a.js`, BR, "POST");
    expect(posted.status).toBe(404);
  });

  it("sends a page compressed, with its own ETag per encoding and Vary: Accept-Encoding", async () => {
    for (const url of ["/shared", "/account"]) {
      const br = await get(base + url, BR);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(decoded(br)).toBe(page);
      expect(br.headers.vary).toContain("Accept-Encoding");
      expect(br.headers["content-security-policy"]).toContain("script-src 'self'");
      const plain = await get(base + url, NONE);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.toString()).toBe(page);
      if (url === "/shared") {
        expect(br.headers.etag).toMatch(/^"[\w-]{27}-br"$/);
        expect(plain.headers.etag).toBe(br.headers.etag!.replace("-br", ""));
        // The same bytes again, kept from the first time.
        expect((await get(base + url, BR)).body.equals(br.body)).toBe(true);
        const held = await get(base + url, { ...BR, "If-None-Match": br.headers.etag! });
        expect(held.status).toBe(304);
        const other = await get(base + url, { ...GZIP, "If-None-Match": br.headers.etag! });
        expect(other.status).toBe(200);
        expect(other.headers["content-encoding"]).toBe("gzip");
        expect(decoded(other)).toBe(page);
      }
    }
  });

  it("sends a cached page given in one piece the same way, every time, with the digest of its bytes", async () => {
    const digest = createHash("sha256").update(page).digest("base64url").slice(0, 27);
    for (let i = 0; i < 3; i++) {
      const plain = await get(`${base}/shared-at-once`, NONE);
      expect(plain.body.toString()).toBe(page);
      expect(plain.headers.etag).toBe(`"${digest}"`);
      const br = await get(`${base}/shared-at-once`, BR);
      expect(decoded(br)).toBe(page);
      expect(br.headers.etag).toBe(`"${digest}-br"`);
    }
  });

  it("sends a page or a file as its ETag says to a client taking neither brotli nor gzip", async () => {
    for (const url of ["/shared", "/_next/static/chunks/a.js"]) {
      const answer = await get(base + url, { "Accept-Encoding": "deflate" });
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.headers.etag).toMatch(/^"[\w-]{27}"$/);
      expect(answer.body.toString()).toBe(url === "/shared" ? page : script);
    }
  });

  it("compresses other answers as they stream, unless too small to gain", async () => {
    const answer = await get(`${base}/json`, BR);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(decoded(answer)).toBe(json);
    expect(answer.headers.vary).toContain("Accept-Encoding");
    const tiny = await get(`${base}/tiny.json`, BR);
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body.toString()).toBe("{}");
  });
});
