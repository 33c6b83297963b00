import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  callApi,
  describeFailure,
  isRetryable,
  NETWORK_ERROR,
  retryDelay,
  type ApiFailure,
} from "@/lib/api-client";
import { messages } from "@/lib/messages";

type Seen = { method: string; at: number; contentType: string; body: string };
type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

/** A real HTTP server answering from a script of replies, recording what it received. */
function scriptedServer() {
  let replies: Reply[] = [];
  const seen: Seen[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      seen.push({
        method: request.method ?? "",
        at: Date.now(),
        contentType: request.headers["content-type"] ?? "",
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const reply = replies.shift() ?? { status: 200, body: {} };
      response.writeHead(reply.status, { "Content-Type": "application/json", ...reply.headers });
      response.end(reply.body === undefined ? "" : JSON.stringify(reply.body));
    });
  });
  return {
    seen,
    script: (next: Reply[]) => {
      replies = [...next];
      seen.length = 0;
    },
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/thing`,
    start: () => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const server = scriptedServer();
beforeAll(() => server.start());
afterAll(() => server.stop());

describe("the retry policy", () => {
  it.each([
    { status: 0, retry: true },
    { status: 429, retry: true },
    { status: 500, retry: true },
    { status: 502, retry: true },
    { status: 503, retry: true },
    { status: 400, retry: false },
    { status: 401, retry: false },
    { status: 403, retry: false },
    { status: 404, retry: false },
    { status: 409, retry: false },
    { status: 413, retry: false },
  ])("status $status is retried: $retry", ({ status, retry }) => {
    expect(isRetryable({ status })).toBe(retry);
  });

  it.each([
    { attempt: 1, retryAfter: null, wait: 1000 },
    { attempt: 2, retryAfter: null, wait: 2000 },
    { attempt: 3, retryAfter: null, wait: null },
    { attempt: 1, retryAfter: 1, wait: 1000 },
    { attempt: 2, retryAfter: 2, wait: 2000 },
    { attempt: 1, retryAfter: 30, wait: null },
  ])(
    "after try $attempt (Retry-After $retryAfter) waits $wait ms",
    ({ attempt, retryAfter, wait }) => {
      expect(retryDelay(attempt, retryAfter)).toBe(wait);
    },
  );
});

describe("calling the API", () => {
  it("retries a server failure up to 3 tries, waiting 1 s then 2 s", async () => {
    server.script([{ status: 503 }, { status: 500 }, { status: 200, body: { cart: [] } }]);
    const result = await callApi<{ cart: [] }>(server.url());
    expect(result).toEqual({ ok: true, status: 200, data: { cart: [] } });
    expect(server.seen.map((s) => s.method)).toEqual(["GET", "GET", "GET"]);
    const [first, second, third] = server.seen.map((s) => s.at);
    expect(second! - first!).toBeGreaterThanOrEqual(950);
    expect(third! - second!).toBeGreaterThanOrEqual(1950);
  });

  it("gives up after the third try and reports the last refusal", async () => {
    server.script([
      { status: 500, body: { error: "first" } },
      { status: 502, body: { error: "second" } },
      { status: 503, body: { error: "third" } },
      { status: 200, body: {} },
    ]);
    const result = await callApi(server.url(), { method: "DELETE" });
    expect(result).toMatchObject({ ok: false, kind: "refused", status: 503, error: "third" });
    expect(server.seen).toHaveLength(3);
  });

  it("never retries a 4xx and reports the server's message, details and verification flag", async () => {
    server.script([
      {
        status: 403,
        body: { error: "Verify first", details: ["one", 2, "two"], requiresVerification: true },
      },
    ]);
    const result = await callApi(server.url(), { method: "PUT", body: { quantity: 2 } });
    expect(result).toEqual({
      ok: false,
      kind: "refused",
      status: 403,
      error: "Verify first",
      details: ["one", "two"],
      requiresVerification: true,
      body: { error: "Verify first", details: ["one", 2, "two"], requiresVerification: true },
    });
    expect(server.seen).toHaveLength(1);
  });

  it("retries a 429 only when the server's pause fits the policy", async () => {
    server.script([
      { status: 429, headers: { "Retry-After": "60" }, body: { error: "Slow down" } },
    ]);
    const refused = await callApi(server.url());
    expect(refused).toMatchObject({ ok: false, kind: "refused", status: 429, error: "Slow down" });
    expect(server.seen).toHaveLength(1);

    server.script([
      { status: 429, headers: { "Retry-After": "1" } },
      { status: 200, body: {} },
    ]);
    expect(await callApi(server.url())).toMatchObject({ ok: true });
    expect(server.seen).toHaveLength(2);
  });

  it("does not repeat a POST unless the caller allows it", async () => {
    server.script([{ status: 503 }, { status: 201, body: { added: true } }]);
    expect(await callApi(server.url(), { body: { productId: "p" } })).toMatchObject({
      ok: false,
      status: 503,
    });
    expect(server.seen).toHaveLength(1);

    server.script([{ status: 503 }, { status: 201, body: { added: true } }]);
    const retried = await callApi(server.url(), { body: { productId: "p" }, retry: true });
    expect(retried).toEqual({ ok: true, status: 201, data: { added: true } });
    expect(server.seen.map((s) => s.method)).toEqual(["POST", "POST"]);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"] as const)(
    "sends a JSON body with %s",
    async (method) => {
      server.script([{ status: 200, body: { ok: 1 } }]);
      await callApi(server.url(), { method, body: { status: "delivered" } });
      expect(server.seen[0]).toMatchObject({
        method,
        contentType: "application/json",
        body: '{"status":"delivered"}',
      });
    },
  );

  it("sends FormData as multipart, with the browser's boundary", async () => {
    server.script([{ status: 201, body: {} }]);
    const form = new FormData();
    form.append("name", "Pearl drops");
    form.append("images", new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }), "a.png");
    await callApi(server.url(), { method: "PUT", body: form });
    const [seen] = server.seen;
    expect(seen?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen?.body).toContain('name="name"');
    expect(seen?.body).toContain("Pearl drops");
    expect(seen?.body).toContain('filename="a.png"');
  });

  it("reports an unreachable server as a network error after its tries, without throwing", async () => {
    const started = Date.now();
    const result = await callApi("http://127.0.0.1:9/api/cart");
    expect(result).toEqual({
      ok: false,
      kind: "network",
      status: 0,
      error: null,
      details: [],
      requiresVerification: false,
    } satisfies typeof NETWORK_ERROR);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2950);
  });

  it("an answer without a JSON body is still a refusal with its status", async () => {
    server.script([{ status: 404 }]);
    expect(await callApi(server.url())).toMatchObject({
      ok: false,
      kind: "refused",
      status: 404,
      error: null,
    });
  });
});

describe("what a form shows for a failed call", () => {
  const refusal = { ok: false, kind: "refused", requiresVerification: false, body: null } as const;
  it.each([
    {
      name: "the server's text and its details",
      failure: {
        ...refusal,
        status: 400,
        error: "Email is invalid",
        details: ["Email is invalid", "Password is required"],
      },
      expected: { message: "Email is invalid", details: ["Password is required"] },
    },
    {
      name: "the form's fallback when the server gives no text",
      failure: { ...refusal, status: 500, error: null, details: [] },
      expected: { message: messages.auth.loginFailed, details: [] },
    },
    {
      name: "the network message when the server was never reached",
      failure: NETWORK_ERROR,
      expected: { message: messages.auth.genericError, details: [] },
    },
  ])("$name", ({ failure, expected }) => {
    expect(describeFailure(failure as ApiFailure, messages.auth.loginFailed)).toEqual(expected);
  });
});
