import { createHash } from "node:crypto";
import { test as base, expect, type Locator, type Page, type Request } from "@playwright/test";

import { shopOrigin } from "./shop";

export { expect, type Locator, type Page } from "@playwright/test";

const CSP_REPORT = "CSP violation:";

/** Each page's requests in flight, but for Next's link prefetches (see `quiet`). */
const inFlight = new WeakMap<Page, Set<Request>>();

function trackRequests(page: Page) {
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on("request", (request) => {
    if (!request.headers()["next-router-prefetch"]) open.add(request);
  });
  page.on("requestfinished", (request) => open.delete(request));
  page.on("requestfailed", (request) => open.delete(request));
}

/**
 * Waits until the page has loaded and no request has been in flight for half a second. Next's
 * router leaves the bodies of its link prefetches unread, so the browser counts them in flight
 * until the page is left and Playwright's "networkidle" would wait for them for many seconds.
 */
export async function quiet(page: Page) {
  await page.waitForLoadState("load");
  const open = inFlight.get(page);
  if (!open) throw new Error("quiet() needs a page from this test's fixture");
  let quietSince = Date.now();
  while (Date.now() - quietSince < 500) {
    if (open.size > 0) quietSince = Date.now();
    await page.waitForTimeout(50);
  }
}

/**
 * A slow connection: every request to `url` waits until the returned release is called, then goes
 * on to the shop. Returns the release.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Every element `links` finds is at least `size` px each way: 24 by default, a target a finger can
 * hit (WCAG 2.5.8); FINGERTIP where a touch screen's miss would cost something.
 */
export async function expectTapTargets(links: Locator, size = 24) {
  // Measured once they are on the page (a list may still be loading).
  await expect(links.first()).toBeVisible();
  const boxes = await links.evaluateAll((elements) =>
    elements.map((element) => {
      const { width, height } = element.getBoundingClientRect();
      return { text: element.textContent?.trim(), width, height };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(
      Math.min(box.width, box.height),
      `${box.text}: ${box.width}×${box.height}`,
    ).toBeGreaterThanOrEqual(size);
  }
}

/**
 * Every element `figures` finds shows lining figures: the serif's default old-style ones make a 1
 * read as an I and a 0 as an o, in a count or an amount.
 */
export async function expectLiningFigures(figures: Locator) {
  const styles = await figures.evaluateAll((elements) =>
    elements.map((element) => getComputedStyle(element).fontVariantNumeric),
  );
  expect(styles.length).toBeGreaterThan(0);
  for (const style of styles) expect(style).toContain("lining-nums");
}

/** 44 px: the size a fingertip covers (WCAG 2.5.5). */
export const FINGERTIP = 44;

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
  baseURL: async ({}, provide) => provide(shopOrigin),
  extraHTTPHeaders: async ({}, provide, testInfo) => {
    const octet = createHash("sha256").update(`${testInfo.testId}:${testInfo.retry}`).digest()[0];
    await provide({ "X-Forwarded-For": `203.0.113.${octet}` });
  },
  page: async ({ page }, provide) => {
    trackRequests(page);
    const violations: string[] = [];
    page.on("console", (message) => {
      const text = message.text();
      if (text.startsWith(CSP_REPORT) || /Content Security Policy/i.test(text))
        violations.push(text);
    });
    await page.addInitScript((prefix) => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const where = event.sourceFile
          ? ` (${event.sourceFile}:${event.lineNumber}:${event.columnNumber})`
          : "";
        console.error(
          `${prefix} ${event.violatedDirective} blocked ${event.blockedURI || "inline"} on ${location.pathname}${where}`,
        );
      });
    }, CSP_REPORT);
    await provide(page);
    expect(violations, "Content-Security-Policy violations").toEqual([]);
  },
});

/** What a finger needs on a touch screen: 44 by 44 px (WCAG 2.5.5, Apple's and Material's guides). */
export const FINGER_PX = 44;

/**
 * The controls the shopper sees on the page (links, buttons, fields, the labels of
 * radio buttons and checkboxes) that are smaller than a
 * finger either way, each as "name: width×height". Links inside a sentence are left out (they
 * are as tall as the text around them, WCAG's inline exception), and so are visually hidden ones
 * (the skip link until it is focused).
 */
export async function smallControls(page: Page): Promise<string[]> {
  return page.evaluate((size) => {
    const controls = document.querySelectorAll<HTMLElement>(
      "a[href], button, select, input:not([type=hidden]), textarea, [role=button], [role=tab], [role=option], [role=menuitem], summary, label:has(input[type=radio], input[type=checkbox])",
    );
    const small: string[] = [];
    for (const control of controls) {
      if (!control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (control.closest("p") && control.tagName === "A") continue;
      const { clip, clipPath } = getComputedStyle(control);
      if (clip === "rect(0px, 0px, 0px, 0px)" || clipPath === "inset(50%)") continue;
      const { width, height } = control.getBoundingClientRect();
      if (width >= size && height >= size) continue;
      const name =
        control.getAttribute("aria-label") ||
        control.textContent?.trim() ||
        control.getAttribute("name") ||
        control.tagName.toLowerCase();
      small.push(`${name}: ${Math.round(width)}×${Math.round(height)}`);
    }
    return small;
  }, FINGER_PX);
}
