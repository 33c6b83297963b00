import * as unknownApiPath from "@/app/api/[...path]/route";
import {
  DELETE as nextAuthDelete,
  GET as nextAuthGet,
  POST as nextAuthPost,
  PUT as nextAuthPut,
} from "@/app/api/auth/[...nextauth]/route";
import { messages } from "@/lib/messages";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import {
  answerClientError,
  answerConnect,
  answeredApiRoot,
  closeAfterBodyLeftUnread,
  hideNextErrorPage,
  answeredOddTarget,
  answeredReadOnlyMethod,
  answeredUnservedMethod,
  MALFORMED_PATH,
  HEADERS_TOO_LARGE,
  MALFORMED_REQUEST,
  METHOD_NOT_ALLOWED,
  NOT_FOUND,
  REQUEST_TIMED_OUT,
  resolveDotSegments,
} from "@/server/answers.mjs";
import { readResponse } from "@/tests/support/auth-requests";

it("the entry point answers in the API's own words", () => {
  expect(MALFORMED_PATH).toBe(messages.api.malformedPath);
  expect(METHOD_NOT_ALLOWED).toBe(messages.api.methodNotAllowed);
  expect(NOT_FOUND).toBe(messages.api.notFound);
  expect(MALFORMED_REQUEST).toBe(messages.api.malformedRequest);
  expect(HEADERS_TOO_LARGE).toBe(messages.api.headersTooLarge);
  expect(REQUEST_TIMED_OUT).toBe(messages.api.requestTimedOut);
});

describe("a request Node's parser refuses", () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end("next"));
    server.on("clientError", answerClientError);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** What the server writes back to `raw`, sent as it is. */
  const exchange = (raw: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => socket.write(raw));
      let answer = "";
      socket.setEncoding("utf8");
      socket.on("data", (piece) => (answer += piece));
      socket.on("end", () => resolve(answer));
      socket.on("error", reject);
    });

  it.each([
    [
      "broken syntax",
      "GET /api/cart HTTP/1.1\r\nHost: shop\r\nBad Header\r\n\r\n",
      400,
      MALFORMED_REQUEST,
    ],
    [
      "headers past the limit",
      `GET / HTTP/1.1\r\nHost: shop\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
      431,
      HEADERS_TOO_LARGE,
    ],
  ])("answers %s in the API's JSON shape", async (_case, raw, status, message) => {
    const answer = await exchange(raw);
    expect(answer).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(answer).toContain("Content-Type: application/json");
    expect(answer.split("\r\n\r\n")[1]).toBe(JSON.stringify({ error: message }));
  });
});

it.each([
  ["an address", "CONNECT 127.0.0.1:5432 HTTP/1.1\r\nHost: 127.0.0.1:5432\r\n\r\n"],
  ["a path", "CONNECT /api/products HTTP/1.1\r\nHost: shop\r\n\r\n"],
])("answers CONNECT to %s, a tunnel the shop never opens, with a JSON 405", async (_case, raw) => {
  const server = http.createServer((_req, res) => res.end("next"));
  server.on("connect", answerConnect);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => socket.write(raw));
      let text = "";
      socket.setEncoding("utf8");
      socket.on("data", (piece) => (text += piece));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1.1 405 /);
    expect(answer).toContain("Allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n");
    expect(answer.split("\r\n\r\n")[1]).toBe(JSON.stringify({ error: METHOD_NOT_ALLOWED }));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

describe("an answer to a request whose body the handler left part-way", () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      closeAfterBodyLeftUnread(req, res);
      const answer = (status: number) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end("{}");
      };
      // A handler that stops reading past its limit, and one that reads the whole body first.
      if (req.url === "/stop") {
        req.once("data", () => {
          req.pause();
          answer(413);
        });
        return;
      }
      req.resume();
      req.on("end", () => answer(200));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("says Connection: close and ends the connection, which could serve no next request", async () => {
    const { answer, closed } = await new Promise<{ answer: string; closed: boolean }>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      let answer = "";
      const chunk = `4000\r\n${" ".repeat(0x4000)}\r\n`;
      const feed = setInterval(() => socket.writable && socket.write(chunk), 5);
      const finish = (closed: boolean) => {
        clearInterval(feed);
        clearTimeout(timer);
        socket.destroy();
        resolve({ answer, closed });
      };
      const timer = setTimeout(() => finish(false), 3000);
      socket.write(
        `POST /stop HTTP/1.1\r\nHost: shop\r\nTransfer-Encoding: chunked\r\n\r\n${chunk}`,
      );
      socket.setEncoding("utf8");
      socket.on("data", (piece) => (answer += piece));
      socket.on("error", () => finish(true));
      socket.on("close", () => finish(true));
    });
    expect(answer).toMatch(/^HTTP\/1.1 413 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(closed).toBe(true);
  });

  it("a body read whole keeps the connection for the next request", async () => {
    const answers = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      const request = "POST /read HTTP/1.1\r\nHost: shop\r\nContent-Length: 2\r\n\r\n{}";
      socket.write(request + request);
      let answer = "";
      socket.setEncoding("utf8");
      socket.on("data", (piece) => {
        answer += piece;
        if (answer.split("HTTP/1.1 200").length === 3) {
          socket.destroy();
          resolve(answer);
        }
      });
      socket.on("error", reject);
    });
    expect(answers).not.toMatch(/Connection: close/i);
  });
});

describe("what the entry point answers before Next", () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    // As the entry point composes it: what it does not answer reaches Next (here, "next").
    server = http.createServer((req, res) => {
      const allowedMethods = async (req: http.IncomingMessage) =>
        req.url === "/api/cart" ? "GET, HEAD, OPTIONS" : "";
      resolveDotSegments(req);
      hideNextErrorPage(req);
      if (
        answeredOddTarget(req, res) ||
        answeredApiRoot(req, res) ||
        answeredReadOnlyMethod(req, res) ||
        answeredUnservedMethod(req, res, allowedMethods)
      ) {
        return;
      }
      res.end(`next ${req.url}`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** Node's fetch refuses TRACE, so the request goes out through node:http. */
  const send = (method: string, path: string) =>
    new Promise<{ status: number; allow?: string; type?: string; body: string }>(
      (resolve, reject) => {
        const request = http.request({ host: "127.0.0.1", port, method, path }, (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (piece) => (body += piece));
          response.on("end", () =>
            resolve({
              status: response.statusCode!,
              allow: response.headers.allow,
              type: response.headers["content-type"],
              body,
            }),
          );
        });
        request.on("error", reject);
        request.end();
      },
    );

  it("answers TRACE, which Next's Request refuses with a 500, and PROPFIND with a JSON 405", async () => {
    for (const method of ["TRACE", "PROPFIND"]) {
      expect(await send(method, "/api/cart")).toEqual({
        status: 405,
        allow: "GET, HEAD, OPTIONS",
        type: "application/json",
        body: JSON.stringify({ error: messages.api.methodNotAllowed }),
      });
      expect(await send(method, "/orders?tab=history")).toMatchObject({
        status: 405,
        allow: "GET, HEAD",
        body: JSON.stringify({ error: messages.api.methodNotAllowed }),
      });
    }
  });

  it("answers /api itself, which no route reaches, with the API's JSON 404", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      for (const path of ["/api", "/api/", "/api?x=1"]) {
        expect(await send(method, path)).toMatchObject({
          status: 404,
          type: "application/json",
          body: JSON.stringify({ error: messages.api.notFound }),
        });
      }
    }
  });

  it("reads an absolute-form target as its path, whatever host it names", async () => {
    expect(await send("GET", "http://evil.example/api/cart?x=1")).toMatchObject({
      status: 200,
      body: "next /api/cart?x=1",
    });
  });

  it("reads a path's . and .. segments as the path they resolve to, as Next routes it", async () => {
    const id = "00000000-0000-0000-0000-000000000000";
    // Next serves a cached product to any method: the read-only check must see the real path.
    for (const path of [`/api/product/./${id}`, `/x/../api/product/${id}`, `/%2e/api/products`]) {
      expect(await send("POST", path)).toMatchObject({
        status: 405,
        allow: "GET, HEAD",
        body: JSON.stringify({ error: messages.api.methodNotAllowed }),
      });
    }
    expect(await send("GET", `/./product/${id}`)).toMatchObject({ body: `next /product/${id}` });
    expect(await send("GET", "/a/%2E%2E/category/rings?next=/x/../y")).toMatchObject({
      body: "next /category/rings?next=/x/../y",
    });
    expect(await send("DELETE", "/api/cart/%2e%2e")).toMatchObject({
      status: 404,
      body: JSON.stringify({ error: messages.api.notFound }),
    });
    // Names that only start with dots are names.
    expect(await send("GET", "/.well-known/a/..b")).toMatchObject({
      body: "next /.well-known/a/..b",
    });
  });

  it("sends Next's own error page's address to the not-found page, however it is spelled", async () => {
    for (const [path, reached] of [
      ["/_global-error", "/_not-found"],
      ["/_global-error?_rsc=1", "/_not-found?_rsc=1"],
      ["/x/../_global-error", "/_not-found"],
      ["/_global-errors", "/_global-errors"],
    ]) {
      expect(await send("GET", path!)).toMatchObject({ body: `next ${reached}` });
    }
  });

  it("answers OPTIONS * with the methods the server serves, and any other target not a path 400", async () => {
    expect(await send("OPTIONS", "*")).toMatchObject({
      status: 204,
      allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
    });
    for (const [method, target] of [
      ["GET", "*"],
      ["POST", "*"],
    ]) {
      expect(await send(method!, target!)).toMatchObject({
        status: 400,
        body: JSON.stringify({ error: messages.api.malformedPath }),
      });
    }
  });

  it("keeps an unknown /api path a 404, and lets every method the shop serves through", async () => {
    expect(await send("TRACE", "/api/nope")).toMatchObject({
      status: 404,
      body: JSON.stringify({ error: messages.api.notFound }),
    });
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      expect(await send(method, "/api/cart")).toMatchObject({
        status: 200,
        body: "next /api/cart",
      });
    }
  });
});

describe("unknown /api paths", () => {
  it.each(["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const)(
    "answer %s with the API's JSON 404",
    async (method) => {
      const handler = unknownApiPath[method];
      const result = await readResponse(
        await handler(new Request("http://localhost/api/nope", { method })),
      );
      expect(result.status).toBe(404);
      expect(result.headers.get("content-type")).toMatch(/^application\/json/);
      expect(result.body).toEqual({ error: messages.api.notFound });
      // No cache keeps it: an address that is not served today may be tomorrow.
      expect(result.headers.get("cache-control")).toBe("private, no-store");
    },
  );

  it("under /api/auth, anything next-auth does not serve is the same 404, whatever the method", async () => {
    for (const [handler, method, path] of [
      [nextAuthGet, "GET", "/api/auth/nope"],
      [nextAuthPost, "POST", "/api/auth/admin/anything"],
      [nextAuthPut, "PUT", "/api/auth/nope"],
      [nextAuthDelete, "DELETE", "/api/auth/whatever/else"],
    ] as const) {
      const result = await readResponse(
        await handler(new Request(`http://localhost${path}`, { method })),
      );
      expect(result).toMatchObject({ status: 404, body: { error: messages.api.notFound } });
      // next-auth's own addresses (csrf, providers) are served once Google sign-in is set up.
      expect(result.headers.get("cache-control")).toBe("private, no-store");
    }
    const wrongMethod = await readResponse(
      await nextAuthPut(
        new Request("http://localhost/api/auth/callback/google", { method: "PUT" }),
      ),
    );
    expect(wrongMethod).toMatchObject({
      status: 405,
      body: { error: messages.api.methodNotAllowed },
    });
    expect(wrongMethod.headers.get("allow")).toBe("GET, HEAD, OPTIONS, POST");
  });
});
