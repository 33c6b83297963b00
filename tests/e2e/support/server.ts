import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { shopDataDir, shopPort } from "./shop";

/** Another production server of the end-to-end build, started as `npm start` starts it. */
export type ShopServer = { origin: string; stop: () => Promise<void> };

/**
 * Starts a server of the end-to-end build on the port `offset` above this worker's, with its own
 * embedded database unless `env` names one; resolves once the catalogue answers.
 */
export async function startShopServer(
  offset: number,
  env: Record<string, string> = {},
): Promise<ShopServer> {
  const port = shopPort + offset;
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = `${shopDataDir}-${offset}`;
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server: ChildProcess = spawn(process.execPath, ["server/index.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      NEXT_DIST_DIR: process.env.E2E_DIST_DIR || ".next-e2e",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      MAIL_OUTBOX: "1",
      TRUST_PROXY: "1",
      AUTH_SECRET: "e2e-extra-secret-not-for-production-0123456789",
      APP_URL: origin,
      ...env,
    },
  });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${origin}/api/products`)).ok) break;
    } catch {}
    if (server.exitCode !== null)
      throw new Error(`the server on ${origin} exited (${server.exitCode})`);
    if (attempt > 400) throw new Error(`the server on ${origin} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    origin,
    stop: async () => {
      if (server.exitCode === null) server.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
