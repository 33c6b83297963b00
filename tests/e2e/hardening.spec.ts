import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import http, { STATUS_CODES } from "node:http";
import net from "node:net";
import { startShopServer, type ShopServer } from "./support/server";
import { shopDataDir, shopPort } from "./support/shop";
import { expect, test } from "./support/test";
import { messages } from "@/lib/messages";
import type { ProductDto } from "@/models/product";
import { MAX_CONNECTIONS_PER_ADDRESS } from "@/server/connection-limits.mjs";
import { NOT_FOUND_PER_MINUTE } from "@/server/not-found-budget.mjs";

// The shop as an attacker meets it: every answer's security headers, a page policy that lets only
// the page's own scripts run, JSON errors for every odd path or method, and client addresses a
// forged X-Forwarded-For cannot change.

const sha256 = (text: string) =>
  `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;

function expectBaseHeaders(headers: Record<string, string>, what: string) {
  expect.soft(headers["x-content-type-options"], what).toBe("nosniff");
  expect.soft(headers["x-frame-options"], what).toBe("DENY");
  expect.soft(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect
    .soft(headers["permissions-policy"], what)
    .toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  expect.soft(headers["content-security-policy"], what).toContain("frame-ancestors 'none'");
}

test.describe("security headers", () => {
  test("every kind of answer carries them; data and files may run nothing", async ({ request }) => {
    const products = (await (await request.get("/api/products")).json()) as ProductDto[];
    const image = products[0]!.images[0]!.replace(/\.jpg$/, ".webp");
    const page = await request.get("/");
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(await page.text())![1]!;
    const answers = {
      page: page,
      "API list": await request.get("/api/products"),
      "API error": await request.get("/api/product/not-an-id"),
      image: await request.get(`${image}?w=640&q=75`),
      "static file": await request.get(stylesheet),
      robots: await request.get("/robots.txt"),
    };
    for (const [what, response] of Object.entries(answers)) {
      expect(response.status(), what).toBeLessThan(500);
      expectBaseHeaders(response.headers(), what);
      if (what !== "page") {
        expect(response.headers()["content-security-policy"], what).toBe(
          "default-src 'none'; frame-ancestors 'none'",
        );
      }
    }
  });

  test("a page's policy names exactly its own inline scripts, with no unsafe-inline or eval", async ({
    request,
  }) => {
    const products = (await (await request.get("/api/products")).json()) as ProductDto[];
    for (const path of ["/", `/product/${products[0]!._id}`, "/about", "/no-such-page"]) {
      const response = await request.get(path);
      const html = await response.text();
      const policy = response.headers()["content-security-policy"]!;
      const scriptSrc = policy
        .split("; ")
        .find((d) => d.startsWith("script-src "))!
        .split(" ")
        .slice(1);
      expect(scriptSrc[0], path).toBe("'self'");
      expect(policy, path).not.toMatch(/unsafe-eval/);
      expect(
        scriptSrc.slice(1).every((source) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(source)),
        path,
      ).toBe(true);
      const inline = [
        ...html.matchAll(
          /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g,
        ),
      ];
      expect(inline.length, path).toBeGreaterThan(0);
      for (const [, content] of inline) expect(scriptSrc, path).toContain(`'${sha256(content!)}'`);
    }
  });

  test("the browser refuses a script the page did not ship", async ({ browser, baseURL }) => {
    // A bare page, outside the suite's violation check: this test wants a violation.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const reported: string[] = [];
    page.on("console", (message) => reported.push(message.text()));
    await page.goto("/about");
    await page.addScriptTag({ content: "window.injected = true" }).catch(() => {});
    await expect
      .poll(() => reported.some((text) => /Content Security Policy/.test(text)))
      .toBe(true);
    expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
    await context.close();
  });
});

test.describe("odd paths and methods", () => {
  test("an unknown /api path answers the API's JSON 404 for every method", async ({ request }) => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
      for (const path of ["/api", "/api/nope", "/api/orders/x/y/z", "/api/auth/nope"]) {
        const response = await request.fetch(path, {
          method,
          data: method === "GET" ? undefined : {},
        });
        expect([method, path, response.status()]).toEqual([method, path, 404]);
        expect(response.headers()["content-type"]).toMatch(/^application\/json/);
        expect(await response.json()).toEqual({ error: messages.api.notFound });
      }
    }
  });

  test("a wrong method on a real route answers JSON 405 with Allow", async ({ request }) => {
    for (const [method, path, allow] of [
      ["PUT", "/api/auth/login", "OPTIONS, POST"],
      // The catalogue's answers are served from Next's cache, which serves them to GET and HEAD only.
      ["DELETE", "/api/products", "GET, HEAD"],
      ["POST", "/api/product/00000000-0000-0000-0000-000000000000", "GET, HEAD"],
      ["OPTIONS", "/api/product/00000000-0000-0000-0000-000000000000", "GET, HEAD"],
      ["PUT", "/api/products/rings", "GET, HEAD"],
      // Product photos are only ever read, too.
      ["POST", "/images/00000000-0000-0000-0000-000000000000.jpg", "GET, HEAD"],
      ["DELETE", "/images/00000000-0000-0000-0000-000000000000.webp", "GET, HEAD"],
      // Pages are only ever read: a cached product or category page is not sent to a POST.
      ["POST", "/product/00000000-0000-0000-0000-000000000000", "GET, HEAD"],
      ["DELETE", "/category/rings", "GET, HEAD"],
      ["PUT", "/", "GET, HEAD"],
      ["PATCH", "/about", "GET, HEAD"],
      ["PATCH", "/api/cart", "GET, HEAD, OPTIONS"],
      ["PATCH", "/api/admin/products/00000000-0000-0000-0000-000000000000", "DELETE, OPTIONS, PUT"],
    ] as const) {
      const response = await request.fetch(path, { method, data: {} });
      expect([method, path, response.status()]).toEqual([method, path, 405]);
      expect(response.headers()["allow"]).toBe(allow);
      expect(response.headers()["cache-control"]).toBe("private, no-store");
      expect(await response.json()).toEqual({ error: messages.api.methodNotAllowed });
    }
  });

  test("a method the shop never serves answers JSON 405, never a 500", async ({ request }) => {
    for (const [path, allow] of [
      ["/api/cart", "GET, HEAD, OPTIONS"],
      ["/api/orders/checkout", "OPTIONS, POST"],
      ["/orders", "GET, HEAD"],
      ["/api/products", "GET, HEAD"],
    ] as const) {
      for (const method of ["TRACE", "PROPFIND"]) {
        const response = await request.fetch(path, { method });
        expect([method, path, response.status()]).toEqual([method, path, 405]);
        expect(response.headers()["allow"]).toBe(allow);
        expect(response.headers()["cache-control"]).toBe("private, no-store");
        expect(await response.json()).toEqual({ error: messages.api.methodNotAllowed });
      }
    }
  });

  test("a path spelled with . or .. segments is checked as the path Next serves", async ({
    request,
    baseURL,
  }) => {
    // Sent as they are: a browser, and Playwright, resolve these segments before sending.
    const [product] = (await (await request.get("/api/products")).json()) as ProductDto[];
    expect((await request.get(`/api/product/${product!.id}`)).status()).toBe(200);
    for (const path of [`/api/product/./${product!.id}`, `/x/../api/product/${product!.id}`]) {
      const answer = await exchangeRaw(baseURL!, [`POST ${path} HTTP/1.1`, "Content-Length: 0"]);
      expect([path, answer.split("\r\n")[0]]).toEqual([path, "HTTP/1.1 405 Method Not Allowed"]);
      expect(answer).toMatch(/\r\nAllow: GET, HEAD\r\n/i);
    }
    // Its id in capitals is still the one cached answer.
    const capitals = await exchangeRaw(baseURL!, [
      `GET /api/./product/${product!.id.toUpperCase()} HTTP/1.1`,
    ]);
    expect(capitals.split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
    expect(capitals).toMatch(/\r\nx-nextjs-cache: HIT\r\n/i);
  });

  test("a malformed percent-encoding in a path answers 400 in JSON, never a 500", async ({
    request,
  }) => {
    for (const path of ["/api/product/%E0%A4%A", "/product/%E0%A4%A", "/%", "/api/products/%ZZ"]) {
      const response = await request.get(path);
      expect([path, response.status()]).toEqual([path, 400]);
      expect(await response.json()).toEqual({ error: messages.api.malformedPath });
    }
  });

  test("a client-side navigation whose router state Next cannot read answers 400 in JSON, never a 500", async ({
    request,
  }) => {
    const [product] = (await (await request.get("/api/products")).json()) as { id: string }[];
    const pages = ["/category/rings", `/product/${product!.id}`, "/"];
    const navigation = (state: string) => ({ RSC: "1", "Next-Router-State-Tree": state });
    for (const path of pages) {
      for (const state of [
        "garbage",
        "[[[[",
        "null",
        "%7B%7D",
        "%5B%22%22%2C%7B%7D%2Cnull%2Cnull%2Ctrue%5D",
      ]) {
        const response = await request.get(path, { headers: navigation(state) });
        expect([path, state, response.status()]).toEqual([path, state, 400]);
        expect(await response.json()).toEqual({ error: messages.api.malformedRequest });
      }
      // A state tree as the browser sends it is served.
      const served = await request.get(path, {
        headers: navigation(
          encodeURIComponent(JSON.stringify(["", { children: ["__PAGE__", {}] }])),
        ),
      });
      expect([path, served.status()]).toEqual([path, 200]);
      expect(served.headers()["content-type"]).toMatch(/^text\/x-component/);
    }
  });
});

/**
 * Sends `request` (its request line, then header lines), with the Host header and a `Connection`
 * that asks to close, then `after` (bytes past the head), and gives what the shop writes back
 * until it closes the connection: "" when it closes without a word. Fails after 10 s of silence.
 */
function exchangeRaw(
  baseURL: string,
  [requestLine, ...headers]: string[],
  { connection = "close", after = "" }: { connection?: string; after?: string } = {},
) {
  const { host, hostname, port } = new URL(baseURL);
  const head = [requestLine, `Host: ${host}`, `Connection: ${connection}`, ...headers].join("\r\n");
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () =>
      socket.write(`${head}\r\n\r\n${after}`),
    );
    let answer = "";
    socket.setEncoding("latin1");
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error(`no answer within 10 s: ${JSON.stringify(answer.slice(0, 80))}`));
    });
    socket.on("data", (piece) => (answer += piece));
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

test.describe("protocol upgrades, which the shop never makes", () => {
  test("a WebSocket or h2c upgrade request is answered as an ordinary request, never held open or cut", async ({
    baseURL,
  }) => {
    const webSocket = [
      "Upgrade: websocket",
      "Sec-WebSocket-Version: 13",
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
    ];
    const h2c = ["Upgrade: h2c", "HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA"];
    for (const [path, upgrade, status] of [
      // Next would keep these sockets open forever, waiting for a WebSocket server there is none of.
      ["/_next/webpack-hmr", webSocket, 404],
      ["/_next/static/nope.js", webSocket, 404],
      // curl --http2 asks for h2c like this on a plain GET; Next closed the connection without a word.
      ["/about", h2c, 200],
      ["/api/products", h2c, 200],
    ] as const) {
      const answer = await exchangeRaw(baseURL!, [`GET ${path} HTTP/1.1`, ...upgrade], {
        connection: "Upgrade, close",
      });
      expect([path, answer.split("\r\n")[0]]).toEqual([
        path,
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      ]);
    }
  });
});

test.describe("requests Node itself would answer bare", () => {
  test("a request with an expectation the shop does not know is served as if it had none", async ({
    baseURL,
  }) => {
    const answer = await exchangeRaw(baseURL!, [
      "GET /api/products HTTP/1.1",
      "Expect: something-else",
    ]);
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
    expect(answer).toMatch(/\r\ncache-control: public/i);
  });

  test("bytes a client sends after its answer on a closing connection get no second answer", async ({
    baseURL,
  }) => {
    // A body without a length after a request that asked to close: the parser reads it as the
    // start of another request, which is refused while the first answer is already on its way.
    const answer = await exchangeRaw(baseURL!, ["DELETE /api/products HTTP/1.1"], {
      after: '{"not":"a request"}',
    });
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 405 Method Not Allowed");
    expect(answer.match(/HTTP\/1\.1 \d{3}/g)).toHaveLength(1);
  });
});

test("an idle keep-alive connection stays open past the proxies' usual 60 s reuse, so none is cut as it is reused", async ({
  baseURL,
}) => {
  // A proxy or client reusing a connection the server is closing gets a reset (a 502 for the
  // visitor): the server keeps idle connections longer than those keep them, and says how long.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<{ headers: http.IncomingHttpHeaders; socket: unknown }>((resolve, reject) => {
      const request = http.get(`${baseURL}/api/products`, { agent }, (response) => {
        response.resume();
        response.on("end", () => resolve({ headers: response.headers, socket: request.socket }));
      });
      request.on("error", reject);
    });
  const first = await get();
  expect(first.headers["keep-alive"]).toBe("timeout=65");
  // Longer than Node's own 5 s, after which it closed the connection as clients reused it.
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  const second = await get();
  expect(second.socket).toBe(first.socket);
  agent.destroy();
});

/** Forgot-password requests, each for a different unknown email (so only the address limit counts). */
async function forgotPasswordFrom(
  request: import("@playwright/test").APIRequestContext,
  forwardedFor: string,
  origin?: string,
) {
  const response = await request.post(`${origin ?? ""}/api/auth/forgot-password`, {
    headers: { "X-Forwarded-For": forwardedFor },
    data: { email: `nobody.${Math.random().toString(36).slice(2)}@example.com` },
  });
  return response.status();
}

test.describe("client addresses behind one trusted proxy (this server: TRUST_PROXY=1)", () => {
  test("a forged X-Forwarded-For does not escape the per-address limit", async ({ request }) => {
    // The proxy appends the address it saw: what the client wrote before it changes nothing.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(await forgotPasswordFrom(request, `10.1.2.${i}, 198.51.100.77`));
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    // Another client behind the same proxy is not affected.
    expect(await forgotPasswordFrom(request, "10.1.2.1, 198.51.100.78")).toBe(200);
  });

  test("a 3,000-character or garbage header is one more address, never a 500", async ({
    request,
  }) => {
    for (const header of ["x".repeat(3000), "not-an-ip", "203.0.113.1\u0000"]) {
      expect(await forgotPasswordFrom(request, header.replace("\u0000", "%00"))).toBe(200);
    }
  });
});

test.describe("pages for made-up products and categories (rendered anew each time)", () => {
  test("a client answered its minute's 404s waits; other clients and addresses do not", async ({
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const [product] = (await (await request.get("/api/products")).json()) as ProductDto[];
    const from = (address: string) => ({ headers: { "X-Forwarded-For": address } });
    const prober = from("198.51.100.140");
    expect((await request.get(`/product/${product!.id}`, prober)).status()).toBe(200);

    const madeUp = Array.from({ length: NOT_FOUND_PER_MINUTE }, (_, i) =>
      i % 4 === 3 ? `/category/made-up-${i}` : `/product/${crypto.randomUUID()}`,
    );
    const statuses: number[] = [];
    for (let i = 0; i < madeUp.length; i += 4) {
      const batch = madeUp.slice(i, i + 4).map((path) => request.get(path, prober));
      for (const response of await Promise.all(batch)) statuses.push(response.status());
    }
    expect(statuses).toEqual(Array(NOT_FOUND_PER_MINUTE).fill(404));

    const refused = await request.get(`/product/${crypto.randomUUID()}`, prober);
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(refused.headers()["cache-control"]).toBe("private, no-store");
    expect(await refused.text()).toContain(messages.api.tooManyRequests);
    expect((await request.get(`/product/${product!.id}`, prober)).status()).toBe(429);
    // However its path is spelled.
    for (const path of [`/./product/${crypto.randomUUID()}`, "/x/../category/made-up"]) {
      const answer = await exchangeRaw(baseURL!, [
        `GET ${path} HTTP/1.1`,
        "X-Forwarded-For: 198.51.100.140",
      ]);
      expect([path, answer.split("\r\n")[0]]).toEqual([path, "HTTP/1.1 429 Too Many Requests"]);
    }
    // Its other pages and the API still answer; another client is not affected.
    expect((await request.get("/", prober)).status()).toBe(200);
    expect((await request.get(`/api/product/${product!.id}`, prober)).status()).toBe(200);
    const other = from("198.51.100.141");
    expect((await request.get(`/product/${product!.id}`, other)).status()).toBe(200);
    expect((await request.get(`/product/${crypto.randomUUID()}`, other)).status()).toBe(404);
  });
});

test.describe("client addresses reached directly (TRUST_PROXY unset)", () => {
  let server: ShopServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = await startShopServer(1, { TRUST_PROXY: "" });
  });

  test.afterAll(() => server?.stop());

  test("a rotating forged X-Forwarded-For does not escape the per-address limit", async ({
    request,
  }) => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(await forgotPasswordFrom(request, `198.51.100.${i}`, server!.origin));
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  test("one address holds only so many connections; the next is answered 429 and closed", async () => {
    const { hostname, port } = new URL(server!.origin);
    const open = (): Promise<net.Socket> =>
      new Promise((resolve, reject) => {
        const socket = net.connect(Number(port), hostname, () => resolve(socket));
        socket.on("error", reject);
      });
    const held: net.Socket[] = [];
    try {
      for (let i = 0; i < MAX_CONNECTIONS_PER_ADDRESS; i++) held.push(await open());
      const refused = await exchangeRaw(server!.origin, ["GET /api/products HTTP/1.1"]);
      expect(refused).toMatch(/^HTTP\/1\.1 429 /);
      expect(JSON.parse(refused.split("\r\n\r\n")[1] ?? "")).toEqual({
        error: messages.api.tooManyRequests,
      });
    } finally {
      for (const socket of held) socket.destroy();
    }
    await expect
      .poll(async () =>
        (await exchangeRaw(server!.origin, ["GET /api/products HTTP/1.1"])).slice(0, 12),
      )
      .toBe("HTTP/1.1 200");
  });
});

test.describe("a production server refuses an environment it cannot run safely on", () => {
  const port = shopPort + 2;
  const safe = {
    NODE_ENV: "production",
    PORT: String(port),
    NEXT_DIST_DIR: process.env.E2E_DIST_DIR || ".next-e2e",
    DATA_DIR: `${shopDataDir}-refused`,
    DATABASE_URL: "",
    TRUST_PROXY: "",
    SMTP_URL: "",
    MAIL_OUTBOX: "",
    AUTH_SECRET: "e2e-refused-secret-not-for-production-0123456789",
    APP_URL: `http://127.0.0.1:${port}`,
  };

  /** Starts the server as `npm start` does; resolves with its exit code and what it printed. */
  function start(
    variables: Record<string, string>,
  ): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve) => {
      const env = { ...process.env, ...safe, ...variables } as NodeJS.ProcessEnv;
      const server = spawn(process.execPath, ["server/index.mjs"], { env });
      let output = "";
      server.stdout!.on("data", (chunk) => (output += chunk));
      server.stderr!.on("data", (chunk) => (output += chunk));
      // A server that did start is stopped: the test then fails on its exit code.
      const timer = setTimeout(() => server.kill("SIGTERM"), 60_000);
      server.on("exit", (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });
  }

  test("without SMTP_URL, unless MAIL_OUTBOX=1 allows the outbox", async () => {
    test.setTimeout(120_000);
    const refused = await start({});
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("Lumière cannot start.");
    expect(refused.output).toContain("SMTP_URL is not set");
  });

  test("with an AUTH_SECRET shorter than 32 bytes", async () => {
    test.setTimeout(120_000);
    const refused = await start({ MAIL_OUTBOX: "1", AUTH_SECRET: "only-twenty-bytes-xx" });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("AUTH_SECRET is too short (20 bytes)");
    fs.rmSync(safe.DATA_DIR, { recursive: true, force: true });
  });
});
