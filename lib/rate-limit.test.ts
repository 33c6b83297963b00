import { rateLimits } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import {
  consumeRateLimit,
  HASHING_REQUESTS_PER_ADDRESS,
  limitByAddress,
  resetRateLimitConfig,
  rateLimitConfig,
  withHashingShare,
} from "@/lib/rate-limit";
import { describeEachDatabase } from "@/tests/support/databases";

describeEachDatabase("rate limits", ({ db }) => {
  beforeEach(async () => {
    resetRateLimitConfig();
    await db().delete(rateLimits);
  });

  it("lets exactly `points` attempts through, even when they arrive at once", async () => {
    const limit = { points: 10, windowSeconds: 60 };
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, () => consumeRateLimit({ key: "burst", limit })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused).toHaveLength(15);
    for (const { reason } of refused) {
      expect(reason).toBeInstanceOf(AppError);
      expect(reason).toMatchObject({ status: 429 });
      expect((reason as AppError).extra.retryAfter).toBeGreaterThan(0);
      expect((reason as AppError).extra.retryAfter).toBeLessThanOrEqual(60);
    }
  });

  it("keys attempts by client address, taken from X-Forwarded-For", async () => {
    rateLimitConfig.login.address = { points: 1, windowSeconds: 60 };
    const from = (address: string) =>
      new Request("http://localhost/api/auth/login", { headers: { "x-forwarded-for": address } });
    await limitByAddress({ action: "login", request: from("192.0.2.1") });
    await expect(
      limitByAddress({ action: "login", request: from("192.0.2.1") }),
    ).rejects.toMatchObject({ status: 429 });
    await expect(
      limitByAddress({ action: "login", request: from("192.0.2.2") }),
    ).resolves.toBeUndefined();
    const keys = (await db().select().from(rateLimits)).map((r) => r.key).sort();
    expect(keys).toEqual(["login:address:192.0.2.1", "login:address:192.0.2.2"]);
  });
});

describe("each address's share of password hashing", () => {
  const from = (address: string) =>
    new Request("http://localhost/api/auth/login", { headers: { "x-forwarded-for": address } });

  it("runs at most its share of one address's requests at once, and any other address's", async () => {
    const releases: (() => void)[] = [];
    const held = Array.from({ length: HASHING_REQUESTS_PER_ADDRESS }, () =>
      withHashingShare(
        from("192.0.2.7"),
        () => new Promise<string>((resolve) => releases.push(() => resolve("done"))),
      ),
    );
    const refused = await withHashingShare(from("192.0.2.7"), async () => "ran").catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, extra: { retryAfter: 1 } });
    await expect(withHashingShare(from("192.0.2.8"), async () => "ran")).resolves.toBe("ran");

    releases[0]!();
    await held[0];
    await expect(withHashingShare(from("192.0.2.7"), async () => "ran")).resolves.toBe("ran");
    for (const release of releases) release();
    await Promise.all(held);
    // A failed request gives its place back too.
    for (let attempt = 0; attempt <= HASHING_REQUESTS_PER_ADDRESS; attempt++) {
      await expect(
        withHashingShare(from("192.0.2.7"), async () => {
          throw new Error("wrong password");
        }),
      ).rejects.toThrow("wrong password");
    }
    await expect(withHashingShare(from("192.0.2.7"), async () => "ran")).resolves.toBe("ran");
  });
});
