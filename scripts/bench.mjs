// `npm run bench`: throughput and latency of the shop's hot paths against a production build
// on a fresh embedded database. Bounded: each target runs for a few seconds on loopback only.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import autocannon from "autocannon";

const port = Number(process.env.BENCH_PORT || 3300);
const base = `http://127.0.0.1:${port}`;
const dataDir = ".data-bench";
const env = {
  ...process.env,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  NEXT_DIST_DIR: ".next-bench",
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL || "",
  AUTH_SECRET: "bench-secret-not-for-production-0123456789",
  APP_URL: base,
  MAIL_OUTBOX: "1",
};

fs.rmSync(dataDir, { recursive: true, force: true });
if (!process.env.BENCH_SKIP_BUILD) execFileSync("node_modules/.bin/next", ["build"], { stdio: "inherit", env });
const server = spawn(process.execPath, ["server/index.mjs"], { env: { ...env, PORT: String(port) }, stdio: "ignore" });

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      const response = await fetch(`${base}/api/products`);
      if (response.ok) return response.json();
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

function run(title, path) {
  return new Promise((resolve, reject) => {
    autocannon({ url: base + path, connections: 10, duration: 5 }, (error, result) => {
      if (error) return reject(error);
      const line = {
        target: title,
        "req/s": Math.round(result.requests.average),
        "p50 ms": result.latency.p50,
        "p99 ms": result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      };
      resolve(line);
    });
  });
}

try {
  const products = await waitForServer();
  const product = products[0];
  const image = product?.images?.[0]?.replace(/\.jpg$/, "");
  // Warm every target once so first renders and image variants are not measured.
  const targets = [
    ["home page", "/"],
    ["category page", "/?category=rings"],
    ["product page", `/product/${product.id}`],
    ["GET /api/products", "/api/products"],
    ["GET /api/products/rings", "/api/products/rings"],
    ["GET /api/product/{id}", `/api/product/${product.id}`],
    ...(image ? [["image variant 640 webp", `${image}.webp?w=640&q=60`]] : []),
  ];
  for (const [, path] of targets) await fetch(base + path);
  const rows = [];
  for (const [title, path] of targets) rows.push(await run(title, path));
  console.table(rows);
} finally {
  server.kill("SIGTERM");
}
