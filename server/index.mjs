// The shop's HTTP server: `npm start` (production) and `npm run dev` (`--dev`). It runs Next
// through its programmatic API behind a few guarantees Next cannot give on its own:
// - X-Forwarded-For is the socket's own address unless TRUST_PROXY says proxies stand in front,
//   so a client cannot pick the address every per-address limit counts;
// - every answer carries the security headers, and each HTML page a policy naming its own
//   inline scripts by hash (server/security.mjs);
// - a path is read with its `.` and `..` segments resolved, as Next routes it;
// - Next's own error page is not served at its address (/_global-error) but the shop's 404;
// - an answer to a request whose body was left part-way ends the connection;
// - a connection that sends nothing is closed, and a client reaching the shop directly may
//   hold only so many at once (server/connection-limits.mjs);
// - a malformed path or client-side navigation state answers 400, and a wrong method on an /api route or a method the shop never
//   serves (TRACE, CONNECT) 405, in the API's JSON error shape;
// - answers are compressed here, the unchanging ones once each (server/compression.mjs);
// - a product's address is read with its id in lowercase, one cache entry per product;
// - a client answered too many unknown product or category pages waits (server/not-found-budget.mjs);
// - a page that called notFound() is sent with its 404 screen in it, not empty until its scripts
//   run (server/not-found-pages.mjs).
import { EventEmitter } from "node:events";
import http from "node:http";
import path from "node:path";
import nextEnv from "@next/env";
import next from "next";
import {
  answeredApiRoot,
  answeredReadOnlyMethod,
  answeredMalformedPath,
  answeredMalformedRouterState,
  answeredOddTarget,
  answeredUnservedMethod,
  answerClientError,
  answerConnect,
  answerWrongMethodInJson,
  closeAfterBodyLeftUnread,
  hideNextErrorPage,
  resolveDotSegments,
} from "./answers.mjs";
import { canonicalProductAddress, sharePublicPages } from "./cache-control.mjs";
import { compressAsItStreams, createBuildFiles } from "./compression.mjs";
import { cameOnRefusedConnection, limitConnections } from "./connection-limits.mjs";
import { createNotFoundBudget } from "./not-found-budget.mjs";
import { createNotFoundPages } from "./not-found-pages.mjs";
import { baseHeaders, createScriptCheck, secureResponse } from "./security.mjs";
import { clientAddressOf, forwardedForHeader, trustedProxyHops } from "./trust-proxy.mjs";

const dev = process.argv.includes("--dev");
process.env.NODE_ENV ||= dev ? "development" : "production";
nextEnv.loadEnvConfig(process.cwd(), dev);

let hops;
try {
  hops = trustedProxyHops(process.env.TRUST_PROXY);
} catch (error) {
  console.error(`\nLumière cannot start. ${error.message}\n`);
  process.exit(1);
}
const port = Number(process.env.PORT || 3000);
const https = /^https:/i.test(process.env.APP_URL ?? "");
const headers = baseHeaders({ hsts: !dev && https });
const isTrusted = createScriptCheck();
const notFoundBudget = createNotFoundBudget({
  addressOf: (req) => clientAddressOf(req.headers["x-forwarded-for"], hops),
});
// Pages are held whole only in production (server/security.mjs), where their 404s are dressed.
const notFoundPages = dev ? null : createNotFoundPages({ port });
// The production build's scripts and styles, compressed once each (server/compression.mjs).
const buildFiles = dev
  ? null
  : createBuildFiles({ staticDir: path.join(process.env.NEXT_DIST_DIR || ".next", "static") });

/** The methods an /api route serves, as Next's own OPTIONS answer lists them. */
function allowedMethods(req) {
  return new Promise((resolve) => {
    const probe = http.request(
      {
        host: "127.0.0.1",
        port: server.address().port,
        method: "OPTIONS",
        path: req.url,
        headers: { host: req.headers.host ?? `localhost:${port}` },
        timeout: 5000,
      },
      (answer) => {
        answer.resume();
        resolve(answer.statusCode === 204 ? (answer.headers.allow ?? "") : "");
      },
    );
    probe.on("timeout", () => probe.destroy());
    probe.on("error", () => resolve(""));
    probe.end();
  });
}

function serve(req, res) {
  if (cameOnRefusedConnection(req)) return;
  req.headers["x-forwarded-for"] = forwardedForHeader({
    header: req.headers["x-forwarded-for"],
    socketAddress: req.socket.remoteAddress,
    hops,
  });
  if (hops === 0) {
    // Reached directly: no other forwarding header a client sent describes this request either.
    for (const name of [
      "forwarded",
      "x-forwarded-host",
      "x-forwarded-proto",
      "x-forwarded-port",
      "x-real-ip",
    ]) {
      delete req.headers[name];
    }
  }
  resolveDotSegments(req);
  hideNextErrorPage(req);
  notFoundPages?.hide(req);
  // First, so it sees the head as it is finally written, after every other wrapper.
  closeAfterBodyLeftUnread(req, res);
  sharePublicPages(res);
  compressAsItStreams(req, res, () => {});
  secureResponse(req, res, { headers, isTrusted, dev, https, dressNotFound: notFoundPages?.dress });
  if (
    answeredOddTarget(req, res) ||
    answeredMalformedPath(req, res) ||
    answeredMalformedRouterState(req, res) ||
    answeredApiRoot(req, res) ||
    answeredReadOnlyMethod(req, res) ||
    answeredUnservedMethod(req, res, allowedMethods)
  ) {
    return;
  }
  // A HEAD is answered with its GET's head, ETag, length and 304 included (RFC 9110, 9.3.2): Node
  // made this answer bodiless when the request arrived, so it drops the bytes Next writes.
  if (req.method === "HEAD") req.method = "GET";
  canonicalProductAddress(req);
  if (buildFiles?.serve(req, res, () => handle(req, res))) return;
  answerWrongMethodInJson(req, res, allowedMethods);
  if (notFoundBudget(req, res, () => handle(req, res))) return;
  handle(req, res);
}

const server = http.createServer(serve);
// An Expect other than 100-continue would get Node's bare 417; a server may ignore it instead
// (RFC 9110, 10.1.1), and the request is served as if it had none.
server.on("checkExpectation", serve);

// A client trickling its headers or body holds a socket and a handler: bounded well below Node's
// own 60 s and 300 s, with room for an owner's ten photos over a slow phone connection.
server.headersTimeout = 20_000;
server.requestTimeout = 120_000;
// An idle keep-alive connection is kept longer than load balancers and proxies keep theirs (60 s
// is usual): Node's own 5 s closed connections as they were reused, a reset for the visitor.
server.keepAliveTimeout = 65_000;
server.on("clientError", answerClientError);
// A connection that sends nothing is closed, and one address may hold only so many at once.
limitConnections(server, { perAddress: hops === 0 });
server.on("connect", answerConnect);

// Next listens for protocol upgrades on the server it is given (for the development server's hot
// reload). In production the shop makes none, and Next's listener held a WebSocket request to an
// unmatched /_next path open forever and closed others, a plain GET offering h2c among them,
// without a word: there it gets a stand-in, and with no listener of its own the server answers an
// upgrade request as the ordinary request it also is (RFC 9110, 7.8).
const app = next({
  dev,
  dir: process.cwd(),
  port,
  httpServer: dev ? server : new EventEmitter(),
});
const handle = app.getRequestHandler();
await app.prepare();
server.listen(port, () => {
  console.log(`> Lumière ${dev ? "development" : "production"} server on http://localhost:${port}`);
  buildFiles
    ?.warm()
    .catch((error) => console.warn(`Could not compress the build's files: ${error}`));
  void notFoundPages?.warm();
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    server.close();
    setTimeout(() => process.exit(0), 3000).unref();
    Promise.resolve(app.close?.()).finally(() => process.exit(0));
  });
}
