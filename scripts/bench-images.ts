// `npm run bench:images`: what product images cost a shopper and the server, measured against a
// production build on a fresh embedded database (the sample catalogue):
// - image bytes of the first screen of the home page and of a product page at each quality class,
//   in Chromium at phone and desktop sizes with navigator.connection reporting a connection of
//   that class (no scrolling: what a shopper downloads before touching the screen);
// - requests per second for a stored rendition, and for renditions made on first request (with
//   how a catalogue API call fares meanwhile).
// Bounded: a few seconds per measurement, loopback only. Prints Markdown tables.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import autocannon from "autocannon";
import { chromium, devices, type Browser, type Request } from "@playwright/test";
import { launchOptions } from "@/playwright.config";
import {
  QUALITY_CLASSES,
  renditionUrl,
  SHOP_RENDITIONS,
  type ImageQualityClass,
} from "@/models/image-variants";

const port = Number(process.env.BENCH_PORT || 3300);
const base = `http://127.0.0.1:${port}`;
const dataDir = ".data-bench-images";
const distDir = process.env.BENCH_DIST_DIR || ".next-bench";
const env = {
  ...process.env,
  NODE_ENV: "production" as const,
  NEXT_TELEMETRY_DISABLED: "1",
  NEXT_DIST_DIR: distDir,
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  AUTH_SECRET: "bench-secret-not-for-production-0123456789",
  APP_URL: base,
  MAIL_OUTBOX: "1",
};

/** A connection of each class, as navigator.connection reports it (spec section 4). */
const CONNECTIONS: Record<
  ImageQualityClass,
  { effectiveType: string; downlink: number; rtt: number }
> = {
  minimal: { effectiveType: "slow-2g", downlink: 0.2, rtt: 2000 },
  low: { effectiveType: "2g", downlink: 0.4, rtt: 1400 },
  medium: { effectiveType: "3g", downlink: 1.2, rtt: 600 },
  high: { effectiveType: "4g", downlink: 10, rtt: 50 },
};

type ApiProduct = { id: string; images: string[] };

async function waitForServer(): Promise<ApiProduct[]> {
  for (let i = 0; i < 240; i++) {
    try {
      const response = await fetch(`${base}/api/products`);
      if (response.ok) return (await response.json()) as ApiProduct[];
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

/** Image bytes (bodies, as Resource Timing reports them) and requests of a page's first screen. */
async function firstScreenImages(
  browser: Browser,
  {
    path,
    device,
    imageClass,
  }: { path: string; device: "phone" | "desktop"; imageClass: ImageQualityClass },
) {
  const context = await browser.newContext(
    devices[device === "phone" ? "Pixel 7" : "Desktop Chrome"],
  );
  // A string, not a function: this file is transpiled, and helpers it adds do not exist in the page.
  await context.addInitScript(`{
    const info = Object.assign(new EventTarget(), ${JSON.stringify({ ...CONNECTIONS[imageClass], saveData: false })});
    Object.defineProperty(Navigator.prototype, "connection", { configurable: true, get: () => info });
  }`);
  const page = await context.newPage();
  // Lazy images and upgrades start after hydration: wait until no image has been asked for, or
  // is still arriving, for a while.
  let pending = 0;
  let lastActivity = Date.now();
  const isImage = (url: string) => new URL(url).pathname.startsWith("/images/");
  page.on("request", (request) => {
    if (!isImage(request.url())) return;
    pending++;
    lastActivity = Date.now();
  });
  const settled = (request: Request) => {
    if (!isImage(request.url())) return;
    pending--;
    lastActivity = Date.now();
  };
  page.on("requestfinished", settled);
  page.on("requestfailed", settled);
  await page.goto(base + path, { waitUntil: "load", timeout: 120_000 });
  const reported = await page.evaluate(
    () =>
      (navigator as Navigator & { connection?: { effectiveType?: string } }).connection
        ?.effectiveType,
  );
  if (reported !== CONNECTIONS[imageClass].effectiveType) {
    throw new Error(
      `the page saw a ${reported} connection, not ${CONNECTIONS[imageClass].effectiveType}`,
    );
  }
  while (pending > 0 || Date.now() - lastActivity < 2000) await page.waitForTimeout(250);
  const result = await page.evaluate(() => {
    const images = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
      (entry) => new URL(entry.name).pathname.startsWith("/images/"),
    );
    return {
      bytes: images.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
      requests: images.length,
    };
  });
  await context.close();
  return result;
}

function load(path: string, { duration = 5, connections = 10, headers = {} } = {}) {
  return new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url: base + path, connections, duration, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

/**
 * Renditions never asked for before, ten at a time, for `seconds`; meanwhile one shopper's catalogue
 * calls, one after another, to see what the renders cost everyone else.
 */
async function firstRenders(urls: string[], seconds: number) {
  const queue = [...urls];
  const statuses: Record<number, number> = {};
  const end = Date.now() + seconds * 1000;
  const started = Date.now();
  const worker = async () => {
    while (Date.now() < end && queue.length) {
      const response = await fetch(base + queue.shift()!);
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  const apiTimes: number[] = [];
  const shopper = async () => {
    while (Date.now() < end && queue.length) {
      const t = performance.now();
      await (await fetch(`${base}/api/products`)).arrayBuffer();
      apiTimes.push(performance.now() - t);
    }
  };
  await Promise.all([...Array.from({ length: 10 }, worker), shopper()]);
  const elapsed = (Date.now() - started) / 1000;
  return { perSecond: (statuses[200] ?? 0) / elapsed, statuses, apiTimes };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

async function main() {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (!process.env.BENCH_SKIP_BUILD) {
    execFileSync("node_modules/.bin/next", ["build"], { stdio: "inherit", env });
  }
  const server = spawn("node_modules/.bin/next", ["start", "--port", String(port)], {
    env,
    stdio: "ignore",
  });
  try {
    await measure();
  } finally {
    server.kill("SIGTERM");
  }
}

async function measure() {
  const products = await waitForServer();
  const product = products.find((p) => p.images.length > 0)!;
  const browser = await chromium.launch({
    ...launchOptions,
    executablePath:
      launchOptions.executablePath ??
      (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined),
  });
  const pages = [
    { name: "home", path: "/" },
    { name: "product page", path: `/product/${product.id}` },
  ];
  // Once through first, so the table measures stored renditions, not the first renders.
  for (const imageClass of QUALITY_CLASSES) {
    for (const { path } of pages)
      await firstScreenImages(browser, { path, device: "phone", imageClass });
  }
  const rows: string[] = [];
  for (const imageClass of QUALITY_CLASSES) {
    const cells: string[] = [];
    for (const device of ["phone", "desktop"] as const) {
      for (const { path } of pages) {
        const { bytes, requests } = await firstScreenImages(browser, { path, device, imageClass });
        cells.push(`${kB(bytes)} (${requests})`);
      }
    }
    const { effectiveType, downlink, rtt } = CONNECTIONS[imageClass];
    rows.push(
      `| ${imageClass} (${effectiveType}, ${downlink} Mbps, ${rtt} ms) | ${cells.join(" | ")} |`,
    );
  }
  await browser.close();

  console.log(
    "\nImage bytes of the first screen (image requests in brackets, placeholders included)\n",
  );
  console.log(
    "| quality class (connection) | home, phone | product page, phone | home, desktop | product page, desktop |",
  );
  console.log("|---|---|---|---|---|");
  console.log(rows.join("\n"));

  const image = product.images[0]!;
  const stored = renditionUrl(image, { width: 640, quality: 60, format: "webp", blur: false });
  await fetch(base + stored);
  const storedRun = await load(stored);
  const etag = (await fetch(base + stored)).headers.get("etag")!;
  const revalidated = await load(stored, { headers: { "If-None-Match": etag } });
  const apiAlone = await load("/api/products", { connections: 1, duration: 3 });

  // Every rendition of every other product image: none has been asked for yet.
  const fresh = products
    .flatMap((p) => p.images)
    .filter((i) => i !== image)
    .flatMap((i) => SHOP_RENDITIONS.map((r) => renditionUrl(i, r)));
  const renders = await firstRenders(fresh, 10);

  console.log("\nThe image route (10 connections)\n");
  console.log("| request | req/s | p50 ms | p99 ms |");
  console.log("|---|---|---|---|");
  console.log(
    `| stored rendition (640 px WebP) | ${Math.round(storedRun.requests.average)} | ${storedRun.latency.p50} | ${storedRun.latency.p99} |`,
  );
  console.log(
    `| stored rendition, 304 on If-None-Match | ${Math.round(revalidated.requests.average)} | ${revalidated.latency.p50} | ${revalidated.latency.p99} |`,
  );
  console.log(`| first render of a new rendition | ${renders.perSecond.toFixed(1)} | | |`);
  console.log(`\nFirst renders answered: ${JSON.stringify(renders.statuses)}.`);
  console.log(
    `GET /api/products (one shopper): alone p50 ${apiAlone.latency.p50} ms; during the first renders p50 ${percentile(renders.apiTimes, 50).toFixed(0)} ms, p95 ${percentile(renders.apiTimes, 95).toFixed(0)} ms.`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
