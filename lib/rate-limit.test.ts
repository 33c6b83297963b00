import { rateLimits } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import {
  consumeRateLimit,
  limitByAddress,
  resetRateLimitConfig,
  rateLimitConfig,
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
