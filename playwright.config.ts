import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT || 3100);
export const e2eDataDir = process.env.E2E_DATA_DIR || ".data-e2e";

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
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
  webServer: {
    // A production build in its own folders, on a fresh embedded database seeded with the sample catalogue.
    command: `node scripts/e2e-server.mjs`,
    // Ready once the catalogue answers: the first start seeds the sample catalogue, while static
    // pages answer at once.
    url: `http://127.0.0.1:${port}/api/products`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(port),
      E2E_DATA_DIR: e2eDataDir,
      E2E_DIST_DIR: process.env.E2E_DIST_DIR || ".next-e2e",
    },
  },
});
