// `npm run test:e2e`: Playwright in Chromium against the production build.
// Chromium comes from CHROMIUM_PATH, Debian's /usr/bin/chromium, or Playwright's own download,
// which is fetched only when none of them exists (a developer laptop).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { chromium } from "@playwright/test";

const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
let executable = candidates.find((path) => path && fs.existsSync(path));
if (!executable && !fs.existsSync(chromium.executablePath())) {
  spawnSync("node_modules/.bin/playwright", ["install", "chromium"], { stdio: "inherit" });
}
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
if (executable) env.CHROMIUM_PATH = executable;

const result = spawnSync("node_modules/.bin/playwright", ["test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env,
});
process.exit(result.status ?? 1);
