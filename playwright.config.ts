import { defineConfig, devices } from "@playwright/test";
import { shopDataDirOf, shopPortOf } from "./tests/e2e/support/shop";

// Two workers, each with a shop server of its own (tests/e2e/support/shop.ts): one leaves a
// sixth of two cores idle while a page loads or a server answers, and two take it up.
const workers = Number(process.env.E2E_WORKERS || 2);

export const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH || undefined,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  // A file's tests run in order, in one worker.
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    // Each worker's own server: the fixture in tests/e2e/support/test.ts.
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions } },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], launchOptions },
      grep: /@phone/,
    },
  ],
  webServer: Array.from({ length: workers }, (_, index) => ({
    // A production build in its own folders (built once, by the first), each server on a fresh
    // embedded database seeded with the sample catalogue.
    command: `node scripts/e2e-server.mjs`,
    // Ready once the catalogue answers: the first start seeds the sample catalogue, while static
    // pages answer at once.
    url: `http://127.0.0.1:${shopPortOf(index)}/api/products`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    env: {
      PORT: String(shopPortOf(index)),
      E2E_DATA_DIR: shopDataDirOf(index),
      E2E_DIST_DIR: process.env.E2E_DIST_DIR || ".next-e2e",
      // The servers start one after the other: the first has built.
      ...(index > 0 && { E2E_SKIP_BUILD: "1" }),
    },
  })),
});
