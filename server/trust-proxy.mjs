// TRUST_PROXY and the client's address, read by the entry point (which rewrites X-Forwarded-For)
// and by the app (which reads it): plain JavaScript, so the entry point needs no build.
import { isIP } from "node:net";

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

/** Every address that is not a valid IP shares this one bucket (a proxy sending garbage, a forgery). */
export const UNKNOWN_ADDRESS = "unknown";

/** A valid IPv6 address as its eight groups, as numbers. */
function ipv6Groups(address) {
  const [head = "", tail] = address.split("::");
  const expand = (part) =>
    (part ? part.split(":") : []).flatMap((group) => {
      if (!group.includes(".")) return [parseInt(group, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  const left = expand(head);
  const right = tail === undefined ? [] : expand(tail);
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

/**
 * A forwarded address as a rate-limit key: an IPv4 address (also when written IPv4-mapped), an
 * IPv6 address's /64 network (one subscriber's usual allocation, e.g. "2001:db8:1:2::/64"), or
 * UNKNOWN_ADDRESS for anything that is not an IP.
 */
export function normaliseAddress(raw) {
  let address = (raw ?? "").trim();
  if (!address || address.length > 100) return UNKNOWN_ADDRESS;
  // Some proxies add the client's port: "[2001:db8::1]:443", "198.51.100.7:443".
  address = /^\[([^\]]+)\](?::\d+)?$/.exec(address)?.[1] ?? address;
  if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  address = address.replace(/%[\w.-]+$/, ""); // an IPv6 zone ("fe80::1%eth0")
  const version = isIP(address);
  if (version === 4) return address;
  if (version !== 6) return UNKNOWN_ADDRESS;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/**
 * The client's address, normalised, from X-Forwarded-For as forwardedForHeader left it: reached
 * directly, it holds only the socket's own address; behind `hops` proxies, each proxy appended the
 * address it saw, so the entry that many from the right is the one the outermost trusted proxy saw
 * (the client). A list shorter than that was replaced by the socket's address, its only entry.
 */
export function clientAddressOf(forwardedFor, hops) {
  const entries = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chosen =
    hops === 0
      ? entries.at(-1)
      : entries.length >= hops
        ? entries[entries.length - hops]
        : entries[0];
  return normaliseAddress(chosen);
}
