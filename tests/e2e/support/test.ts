import { createHash } from "node:crypto";
import { test as base } from "@playwright/test";

export { expect, type Locator, type Page } from "@playwright/test";

/**
 * Every end-to-end test comes from its own client address (a documentation-range address in
 * X-Forwarded-For; the test server trusts it), so the shop's per-address rate limits apply per
 * test, as they would to separate shoppers, instead of adding up across the whole suite.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({}, provide, testInfo) => {
    const octet = createHash("sha256").update(`${testInfo.testId}:${testInfo.retry}`).digest()[0];
    await provide({ "X-Forwarded-For": `203.0.113.${octet}` });
  },
});
