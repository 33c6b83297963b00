// The server end-to-end tests run against: a fresh production build on a fresh embedded database.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";

const dataDir = process.env.E2E_DATA_DIR || ".data-e2e";
const env = {
  ...process.env,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  NEXT_DIST_DIR: process.env.E2E_DIST_DIR || ".next-e2e",
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  // Caches in memory, whatever the environment or .env says: a Redis shared with the other
  // worker's server (another database) or with an earlier run would answer from their catalogue.
  REDIS_URL: "",
  SMTP_URL: "",
  AUTH_SECRET: process.env.AUTH_SECRET || "e2e-secret-not-for-production-use-0123456789",
  APP_URL: `http://127.0.0.1:${process.env.PORT}`,
  // Each test comes from its own client address, as one proxy in front would report it
  // (tests/e2e/support/test.ts).
  TRUST_PROXY: "1",
  // No SMTP server here: mails go to the outbox, where the tests read them.
  MAIL_OUTBOX: "1",
  ADMIN_EMAIL: "owner@lumiere.example",
  ADMIN_PASSWORD: "owner-password-1",
};

fs.rmSync(dataDir, { recursive: true, force: true });
if (!process.env.E2E_SKIP_BUILD) {
  // Next adds the type folders of a dist folder other than those listed to tsconfig.json; a build
  // into a side folder (E2E_DIST_DIR) leaves the tracked file as it was.
  const tsconfig = fs.readFileSync("tsconfig.json", "utf8");
  try {
    execFileSync("node_modules/.bin/next", ["build"], { stdio: "inherit", env });
  } finally {
    if (fs.readFileSync("tsconfig.json", "utf8") !== tsconfig) {
      fs.writeFileSync("tsconfig.json", tsconfig);
    }
  }
  // Pages are rendered from the database at run time, never at build time.
  if (fs.existsSync(dataDir)) throw new Error(`next build opened the database (${dataDir} exists)`);
}
// Started as `npm start` starts it: through the shop's own entry point.
const server = spawn(process.execPath, ["server/index.mjs"], { stdio: "inherit", env });
server.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
