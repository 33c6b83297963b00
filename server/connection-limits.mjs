// Limits on connections themselves, before any request is read. Node closes a connection whose
// request's headers trickle in too slowly (headersTimeout) or that idles between requests
// (keepAliveTimeout), but one that never sends a byte it holds for ever: a client opening such
// connections in a loop would run the process out of file descriptors and every other shopper
// would be turned away.
// - A connection that has sent nothing within FIRST_BYTE_MS is closed (once it has, Node's own
//   timeouts, or a WebSocket's owner in development, take over).
// - Reached directly (TRUST_PROXY unset), one address (an IPv6 /64 counted as one, as every
//   per-address limit counts it) may hold at most MAX_CONNECTIONS_PER_ADDRESS connections at once;
//   one past that is answered 429 and closed. Generous on purpose: a phone's browser opens up to
//   six to a site, and a carrier's shared address (CGNAT) carries many shoppers. Behind proxies
//   every connection comes from a proxy, and capping clients is the proxy's part.
import { endWithJson, TOO_MANY_REQUESTS } from "./answers.mjs";
import { normaliseAddress } from "./trust-proxy.mjs";

export const FIRST_BYTE_MS = 20_000;
export const MAX_CONNECTIONS_PER_ADDRESS = 1000;

const REFUSED = Symbol("refused connection");

/**
 * Applies both limits to `server`; `perAddress` is false behind trusted proxies. Call it before
 * the server listens.
 */
export function limitConnections(
  server,
  { perAddress, max = MAX_CONNECTIONS_PER_ADDRESS, firstByteMs = FIRST_BYTE_MS },
) {
  const open = new Map();
  // Before Node's own listener, so a refused connection is answered before its request is read.
  server.prependListener("connection", (socket) => {
    if (perAddress && !admitted(socket)) return;
    const silent = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, firstByteMs).unref();
    socket.once("close", () => clearTimeout(silent));
  });

  function admitted(socket) {
    const address = normaliseAddress(socket.remoteAddress);
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket[REFUSED] = true;
      endWithJson(socket, 429, TOO_MANY_REQUESTS, { "Retry-After": "1" });
      // Nothing more is read from it; a client that never closes its side is not waited for.
      setTimeout(() => socket.destroy(), 1000).unref();
      return false;
    }
    open.set(address, count + 1);
    socket.once("close", () => {
      const left = open.get(address) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
    return true;
  }
}

/**
 * Whether `req` came on a connection already answered 429: Node may still read a request the
 * client sent with it, and that request gets nothing more.
 */
export function cameOnRefusedConnection(req) {
  return req.socket[REFUSED] === true;
}
