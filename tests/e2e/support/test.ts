import { createHash } from "node:crypto";
import { test as base, expect } from "@playwright/test";

export { expect, type Locator, type Page } from "@playwright/test";

const CSP_REPORT = "CSP violation:";

/**
 * Every end-to-end test comes from its own client address (a documentation-range address in
 * X-Forwarded-For, as the one proxy the test server trusts would report it), so the shop's
 * per-address rate limits apply per test, as they would to separate shoppers, instead of adding
 * up across the whole suite.
 *
 * And every test fails on any Content-Security-Policy violation on its page, so each page the
 * suite visits proves the shop works under its policy.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({}, provide, testInfo) => {
    const octet = createHash("sha256").update(`${testInfo.testId}:${testInfo.retry}`).digest()[0];
    await provide({ "X-Forwarded-For": `203.0.113.${octet}` });
  },
  page: async ({ page }, provide) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      const text = message.text();
      if (text.startsWith(CSP_REPORT) || /Content Security Policy/i.test(text)) violations.push(text);
    });
    await page.addInitScript((prefix) => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const where = event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber}:${event.columnNumber})` : "";
        console.error(
          `${prefix} ${event.violatedDirective} blocked ${event.blockedURI || "inline"} on ${location.pathname}${where}`,
        );
      });
    }, CSP_REPORT);
    await provide(page);
    expect(violations, "Content-Security-Policy violations").toEqual([]);
  },
});
