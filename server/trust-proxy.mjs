// TRUST_PROXY, read by the entry point (which rewrites X-Forwarded-For) and by the app (which
// reads it): plain JavaScript, so the entry point needs no build.

export const TRUST_PROXY_HELP =
  "TRUST_PROXY must be the number of proxies in front of the shop (for example 1 behind one " +
  "reverse proxy or CDN), or 0/false/unset when clients connect to the shop directly.";

/**
 * The number of trusted proxy hops: unset, "", "0" or "false" is 0 (clients connect directly);
 * "true" is 1; otherwise a whole number up to 10. Anything else throws, naming the variable.
 */
export function trustedProxyHops(value) {
  const text = (value ?? "").trim().toLowerCase();
  if (text === "" || text === "false") return 0;
  if (text === "true") return 1;
  if (/^\d{1,2}$/.test(text) && Number(text) <= 10) return Number(text);
  throw new Error(`TRUST_PROXY is "${value}". ${TRUST_PROXY_HELP}`);
}

/**
 * X-Forwarded-For as the app may read it. Directly reached (no trusted proxy), it is the socket's
 * own address, whatever the client sent. Behind `hops` proxies it is kept as the proxies wrote it,
 * unless it holds fewer entries than there are proxies (the request did not come through all of
 * them): then it is the socket's own address too.
 */
export function forwardedForHeader({ header, socketAddress, hops }) {
  if (hops > 0) {
    const value = Array.isArray(header) ? header.join(",") : (header ?? "");
    const entries = value.split(",").filter((entry) => entry.trim());
    if (entries.length >= hops) return value;
  }
  return socketAddress ?? "";
}
