import http from "node:http";
import type { AddressInfo } from "node:net";
import { messages } from "@/lib/messages";
import { TOO_MANY_REQUESTS } from "@/server/answers.mjs";
import {
  createNotFoundBudget,
  MAX_IN_FLIGHT,
  NOT_FOUND_PER_MINUTE,
} from "@/server/not-found-budget.mjs";

// The guard in front of a stand-in for Next: a product or category page whose path ends in
// "/missing-…" answers 404, "/slow" waits until `release()`, anything else 200. The client's
// address is the X-Client header, as the entry point's would be its trusted X-Forwarded-For.
let server: http.Server;
let origin = "";
let waiting: (() => void)[] = [];
const release = () => {
  for (const answer of waiting.splice(0)) answer();
};

beforeEach(async () => {
  const guard = createNotFoundBudget({ addressOf: (req) => String(req.headers["x-client"]) });
  server = http.createServer((req, res) => {
    const next = () => {
      if (req.url?.includes("/missing-")) res.writeHead(404).end("not found");
      else if (req.url?.endsWith("/slow")) waiting.push(() => res.writeHead(200).end("late"));
      else res.writeHead(200).end("page");
    };
    if (!guard(req, res, next)) next();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  release();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  waiting = [];
});

async function get(path: string, client: string) {
  const response = await fetch(origin + path, { headers: { "x-client": client } });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

async function statuses(paths: string[], client: string) {
  const answers = await Promise.all(paths.map((path) => get(path, client)));
  return answers.map((answer) => answer.status);
}

const missing = (count: number, prefix = "/product/missing-") =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}`);

test("the refusal's words are the API's", () => {
  expect(TOO_MANY_REQUESTS).toBe(messages.api.tooManyRequests);
});

test("an address answered its minute's 404s waits for its product and category pages", async () => {
  const first = await statuses(
    [
      ...missing(NOT_FOUND_PER_MINUTE / 2),
      ...missing(NOT_FOUND_PER_MINUTE / 2, "/category/missing-"),
    ],
    "a",
  );
  expect(first).toEqual(Array(NOT_FOUND_PER_MINUTE).fill(404));

  const refused = await get("/product/missing-again", "a");
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
  expect(refused.headers.get("cache-control")).toBe("private, no-store");
  expect(refused.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(refused.body).toContain(`<p>${TOO_MANY_REQUESTS}</p>`);
  // Every product and category page, a real one too; other addresses of the shop are not guarded.
  expect(await statuses(["/product/real", "/category/rings"], "a")).toEqual([429, 429]);
  expect(await statuses(["/", "/api/product/missing-x", "/about"], "a")).toEqual([200, 404, 200]);
  // Another client is not affected.
  expect(await statuses(["/product/real", "/product/missing-x"], "b")).toEqual([200, 404]);
});

test("pages answered, however many, cost nothing", async () => {
  const pages = Array.from({ length: NOT_FOUND_PER_MINUTE * 2 }, (_, i) => `/product/real-${i}`);
  expect(await statuses(pages, "a")).toEqual(Array(pages.length).fill(200));
  expect(await statuses(missing(NOT_FOUND_PER_MINUTE), "a")).toEqual(
    Array(NOT_FOUND_PER_MINUTE).fill(404),
  );
  expect((await get("/product/missing-x", "a")).status).toBe(429);
});

test("a request left before its answer counts as a 404", async () => {
  for (let i = 0; i < NOT_FOUND_PER_MINUTE; i++) {
    const abort = new AbortController();
    const request = fetch(`${origin}/product/slow`, {
      headers: { "x-client": "a" },
      signal: abort.signal,
    }).catch(() => undefined);
    const before = waiting.length;
    while (waiting.length === before) await new Promise((resolve) => setTimeout(resolve, 1));
    abort.abort();
    await request;
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  release();
  expect((await get("/product/real", "a")).status).toBe(429);
});

test("an address may have only so many of these pages in progress at once", async () => {
  const held = Array.from({ length: MAX_IN_FLIGHT }, () => get("/product/slow", "a"));
  while (waiting.length < MAX_IN_FLIGHT) await new Promise((resolve) => setTimeout(resolve, 10));
  expect((await get("/product/real", "a")).status).toBe(429);
  expect((await get("/product/real", "b")).status).toBe(200);
  release();
  expect((await Promise.all(held)).map((answer) => answer.status)).toEqual(
    Array(MAX_IN_FLIGHT).fill(200),
  );
  // Answered pages free their places and cost nothing.
  expect((await get("/product/real", "a")).status).toBe(200);
});
