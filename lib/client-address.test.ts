import { resetEnvCache } from "@/lib/env";
import { clientAddress, normaliseAddress, UNKNOWN_ADDRESS } from "@/lib/http";
import { forwardedForHeader, trustedProxyHops } from "@/server/trust-proxy.mjs";

const saved = process.env.TRUST_PROXY;
afterEach(() => {
  if (saved === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = saved;
  resetEnvCache();
});

function withTrustProxy(value: string | undefined) {
  if (value === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = value;
  resetEnvCache();
}

const from = (forwardedFor: string | null) =>
  new Request("http://localhost/api/auth/login", {
    headers: forwardedFor === null ? {} : { "x-forwarded-for": forwardedFor },
  });

/** What the app sees for a request from `socket` carrying `sent`, after the entry point. */
function throughEntryPoint({
  sent,
  socket,
  trustProxy,
}: {
  sent?: string;
  socket: string;
  trustProxy?: string;
}) {
  withTrustProxy(trustProxy);
  const header = forwardedForHeader({
    header: sent,
    socketAddress: socket,
    hops: trustedProxyHops(trustProxy),
  });
  return clientAddress(from(header));
}

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, 0],
    ["", 0],
    ["0", 0],
    ["false", 0],
    ["FALSE", 0],
    ["true", 1],
    ["1", 1],
    ["2", 2],
    ["10", 10],
  ])("%j means %d trusted hops", (value, hops) => {
    expect(trustedProxyHops(value)).toBe(hops);
  });

  it.each(["yes", "-1", "1.5", "11", "2 proxies"])("refuses %j, naming the variable", (value) => {
    expect(() => trustedProxyHops(value)).toThrow(
      /^TRUST_PROXY is ".*"\. TRUST_PROXY must be the number of proxies/,
    );
  });
});

describe("client address", () => {
  it("reached directly, is the socket's address whatever X-Forwarded-For the client sends", () => {
    for (const sent of [undefined, "203.0.113.9", "203.0.113.9, 198.51.100.1", "x".repeat(3000)]) {
      expect(throughEntryPoint({ sent, socket: "192.0.2.44" })).toBe("192.0.2.44");
      expect(throughEntryPoint({ sent, socket: "::ffff:192.0.2.44", trustProxy: "false" })).toBe(
        "192.0.2.44",
      );
    }
  });

  it("behind N proxies, is the entry N from the right: what the outermost trusted proxy saw", () => {
    // The client forged two entries; the CDN appended the client's real address, then the
    // load balancer appended the CDN's.
    const sent = "10.9.9.9, 203.0.113.5, 198.51.100.20, 192.0.2.10";
    expect(throughEntryPoint({ sent, socket: "192.0.2.1", trustProxy: "1" })).toBe("192.0.2.10");
    expect(throughEntryPoint({ sent, socket: "192.0.2.1", trustProxy: "true" })).toBe("192.0.2.10");
    expect(throughEntryPoint({ sent, socket: "192.0.2.1", trustProxy: "2" })).toBe("198.51.100.20");
  });

  it("behind N proxies, a list shorter than N did not come through them: the socket's address counts", () => {
    expect(throughEntryPoint({ sent: "203.0.113.5", socket: "192.0.2.1", trustProxy: "2" })).toBe(
      "192.0.2.1",
    );
    expect(throughEntryPoint({ sent: undefined, socket: "192.0.2.1", trustProxy: "1" })).toBe(
      "192.0.2.1",
    );
  });

  it("groups IPv6 by /64, unwraps IPv4-mapped addresses and drops ports and zones", () => {
    expect(normaliseAddress("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(normaliseAddress("2001:db8:1:2::ffff")).toBe("2001:db8:1:2::/64");
    expect(normaliseAddress("2001:DB8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(normaliseAddress("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(normaliseAddress("::1")).toBe("0:0:0:0::/64");
    expect(normaliseAddress("[2001:db8:1:2::7]:443")).toBe("2001:db8:1:2::/64");
    expect(normaliseAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(normaliseAddress("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(normaliseAddress("::ffff:c633:6407")).toBe("198.51.100.7");
    expect(normaliseAddress("198.51.100.7:5123")).toBe("198.51.100.7");
    expect(normaliseAddress(" 198.51.100.7 ")).toBe("198.51.100.7");
  });

  it.each([
    ["nothing", ""],
    ["a word", "unknown"],
    ["a name", "not-an-ip"],
    ["an octet over 255", "999.1.1.1"],
    ["three octets", "1.2.3"],
    ["an address with SQL", "203.0.113.1; DROP TABLE"],
    ["a bad IPv6 group", "2001:db8::g"],
    ["3,000 characters", "x".repeat(3000)],
    ["a NUL", "\u0000"],
  ])("puts %s in the one bucket for everything that is not an IP", (_label, value) => {
    expect(normaliseAddress(value)).toBe(UNKNOWN_ADDRESS);
  });

  it("a request with no header at all (not through the entry point) is the unknown bucket", () => {
    withTrustProxy(undefined);
    expect(clientAddress(from(null))).toBe(UNKNOWN_ADDRESS);
  });
});
