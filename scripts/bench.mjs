// `npm run bench`: the shop's hot paths on a production build and PostgreSQL, side by side with an
// empty Next app of the same version (bench/reference: an empty JSON route and a static page),
// measured in the same run so a busy machine slows both alike. Then Lighthouse (when it can be
// fetched from npm and Chromium is installed) and concurrent checkout. Leaves every tracked file as
// it was; the builds and data go to ignored folders, the database is dropped at the end.
//
// BENCH_SKIP_BUILD=1 reuses the last builds; BENCH_DURATION (seconds per row, default 5);
// BENCH_SHOP_NODE_ARGS (flags for the shop's Node process, such as --cpu-prof);
// BENCH_LIGHTHOUSE=0 skips Lighthouse; BENCH_ONLY (a comma-separated list of throughput,
// lighthouse, checkout) runs only those parts; BENCH_DATABASE_URL (a PostgreSQL server to create
// the bench database on; default TEST_DATABASE_URL, then the local server).
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";

const root = process.cwd();
const shopPort = Number(process.env.BENCH_PORT || 3300);
const referencePort = shopPort + 1;
const shop = `http://127.0.0.1:${shopPort}`;
const reference = `http://127.0.0.1:${referencePort}`;
const duration = Number(process.env.BENCH_DURATION || 5);
const serverUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  "postgres://postgres@127.0.0.1:5432/test";
const databaseName = `lumiere_bench_${randomBytes(4).toString("hex")}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();
const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const parts = new Set(
  (process.env.BENCH_ONLY || "throughput,lighthouse,checkout").split(",").map((p) => p.trim()),
);

const shopEnv = {
  ...process.env,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  NEXT_DIST_DIR: ".next-bench",
  DATA_DIR: ".data-bench",
  DATABASE_URL: databaseUrl,
  REDIS_URL: "",
  AUTH_SECRET: "bench-secret-not-for-production-0123456789",
  APP_URL: shop,
  MAIL_OUTBOX: "1",
  // Each benchmark customer comes from its own address, as a proxy in front would report it.
  TRUST_PROXY: "1",
  PORT: String(shopPort),
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function admin(sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function inBenchDatabase(run) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function start(command, args, { cwd = root, env }) {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "ignore", "inherit"] });
  child.on("exit", (code) => {
    if (code && !child.stopping) console.error(`${args.join(" ")} exited with ${code}`);
  });
  return child;
}

async function waitFor(url) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await sleep(500);
  }
  throw new Error(`${url} did not answer`);
}

/** Each process's parent, name and CPU time in ticks (its own, its ended children's): /proc. */
function processes() {
  const found = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      found.push({
        pid: Number(name),
        parent: Number(fields[1]),
        command: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
        ticks: Number(fields[11]) + Number(fields[12]),
        endedChildrenTicks: Number(fields[13]) + Number(fields[14]),
      });
    } catch {}
  }
  return found;
}

/** CPU time (ticks) used so far by a process and its descendants. */
function cpuTicks(rootPid) {
  const all = processes();
  let total = 0;
  for (const queue = [rootPid]; queue.length > 0;) {
    const pid = queue.pop();
    for (const task of all) {
      if (task.pid === pid) total += task.ticks;
      if (task.parent === pid) queue.push(task.pid);
    }
  }
  return total;
}

/**
 * CPU time (ticks) used so far by the PostgreSQL server: its live processes, and the backends that
 * have ended (counted in the postmaster's children's time).
 */
function postgresTicks() {
  const postgres = processes().filter((task) => task.command === "postgres");
  const pids = new Set(postgres.map((task) => task.pid));
  // The postmaster is the one whose parent is not PostgreSQL's: it waited for the ended backends.
  return postgres.reduce(
    (total, task) => total + task.ticks + (pids.has(task.parent) ? 0 : task.endedChildrenTicks),
    0,
  );
}

/** Until a process and its children use under 5% of a core for a second (at most a minute). */
async function untilQuiet(pid) {
  for (let i = 0; i < 60; i++) {
    const before = cpuTicks(pid);
    await sleep(1000);
    if (cpuTicks(pid) - before <= TICKS_PER_SECOND * 0.05) return;
  }
}

/** autocannon's result for `seconds` of load on `url` at `connections`. */
const hammer = (url, connections, seconds) =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections, duration: seconds, timeout: 10 }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );

async function load(url, connections, pid) {
  const before = cpuTicks(pid);
  const result = await hammer(url, connections, duration);
  const cpuMs = ((cpuTicks(pid) - before) * 1000) / TICKS_PER_SECOND;
  const requests = result.requests.total || 1;
  return {
    "req/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    "CPU ms/req": Number((cpuMs / requests).toFixed(2)),
    "non-2xx": result.non2xx,
    timeouts: result.timeouts,
    errors: result.errors,
  };
}

const cleanups = [];
async function cleanUp() {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`clean-up: ${error.message}`);
    }
  }
}
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => cleanUp().then(() => process.exit(1)));

function stopLater(child) {
  cleanups.push(async () => {
    child.stopping = true;
    child.kill("SIGTERM");
    await new Promise((resolve) =>
      child.exitCode !== null ? resolve() : child.once("exit", resolve),
    );
  });
}

// ---- Throughput ------------------------------------------------------------------------------

async function throughput(shopPid, referencePid, products) {
  const product = products.find((p) => p.images.length > 0) ?? products[0];
  const referenceRows = {
    json: ["reference: empty JSON route", `${reference}/api/empty`],
    page: ["reference: static page", `${reference}/`],
  };
  const shopRows = [
    ["GET /api/products", `${shop}/api/products`, "json"],
    ["GET /api/product/{id}", `${shop}/api/product/${product.id}`, "json"],
    ["home page", `${shop}/`, "page"],
    ["category page", `${shop}/category/rings`, "page"],
    ["product page", `${shop}/product/${product.id}`, "page"],
  ];
  // First visits render and fill the caches: not measured. Both servers then finish their own
  // start-up work (the shop compresses its scripts and styles in the background), and each address
  // is asked for two seconds unmeasured: the first row of a kind otherwise paid for compiling the
  // code every later row of that kind runs (the home page's row, the first of the pages).
  for (const [, url] of [...Object.values(referenceRows), ...shopRows]) await fetch(url);
  await Promise.all([untilQuiet(shopPid), untilQuiet(referencePid)]);
  for (const [, url] of [...Object.values(referenceRows), ...shopRows]) await hammer(url, 10, 2);
  const rows = [];
  for (const connections of [10, 50, 200]) {
    const floor = {};
    for (const [kind, [target, url]] of Object.entries(referenceRows)) {
      if (connections === 200 && kind === "json") continue;
      floor[kind] = await load(url, connections, referencePid);
      rows.push({ target, connections, ...floor[kind], "vs reference": "1.00" });
    }
    for (const [target, url, kind] of shopRows) {
      // 200 connections: the burst the pages must take without timeouts.
      if (connections === 200 && kind === "json") continue;
      const row = await load(url, connections, shopPid);
      const ratio = (row["req/s"] / floor[kind]["req/s"]).toFixed(2);
      rows.push({ target, connections, ...row, "vs reference": ratio });
    }
  }
  return rows;
}

// ---- Lighthouse ------------------------------------------------------------------------------

const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));

function lighthouseRun(url, preset) {
  const output = path.join(os.tmpdir(), `lumiere-lh-${process.pid}.json`);
  execFileSync(
    "npx",
    [
      "--yes",
      "lighthouse@12",
      url,
      "--quiet",
      "--output=json",
      `--output-path=${output}`,
      "--only-categories=performance,accessibility,best-practices,seo",
      `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run`,
      ...(preset === "desktop" ? ["--preset=desktop"] : []),
    ],
    { stdio: ["ignore", "ignore", "ignore"], env: { ...process.env, CHROME_PATH: CHROMIUM } },
  );
  const report = JSON.parse(fs.readFileSync(output, "utf8"));
  fs.rmSync(output, { force: true });
  const score = (id) => Math.round(report.categories[id].score * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best practices": score("best-practices"),
    seo: score("seo"),
    "LCP s": Number((report.audits["largest-contentful-paint"].numericValue / 1000).toFixed(2)),
    CLS: Number(report.audits["cumulative-layout-shift"].numericValue.toFixed(3)),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function lighthouse(products) {
  if (process.env.BENCH_LIGHTHOUSE === "0") return "skipped (BENCH_LIGHTHOUSE=0)";
  if (!parts.has("lighthouse")) return "skipped (BENCH_ONLY)";
  if (!CHROMIUM) return "skipped: no Chromium at /usr/bin/chromium";
  const product = products.find((p) => p.images.length > 0) ?? products[0];
  const pages = [
    // The framework's own floor: the empty app's static page, measured alike.
    ["reference: static page", `${reference}/`],
    ["home", `${shop}/`],
    ["category", `${shop}/category/rings`],
    ["product", `${shop}/product/${product.id}`],
  ];
  const rows = [];
  for (const preset of ["mobile", "desktop"]) {
    for (const [page, url] of pages) {
      // A run that fails (Chromium under load) is left out of its median, and counted.
      const runs = [];
      let failed = 0;
      for (let i = 0; i < 3; i++) {
        try {
          runs.push(lighthouseRun(url, preset));
        } catch {
          failed++;
        }
      }
      const row = { page, preset, runs: runs.length, failed };
      for (const key of Object.keys(runs[0] ?? {})) row[key] = median(runs.map((run) => run[key]));
      rows.push(row);
    }
  }
  return rows;
}

// ---- Concurrent checkout ---------------------------------------------------------------------

async function concurrentCheckout(shopPid) {
  const CUSTOMERS = 20;
  const ATTEMPTS_EACH = 15;
  const STOCK = 200;
  const [{ id: productId }] = (
    await inBenchDatabase((client) =>
      client.query(
        `insert into products (name, price_cents, category, quantity) values ('Bench Ring', 2500, 'rings', ${STOCK}) returning id`,
      ),
    )
  ).rows;
  const address = (i) => `198.51.100.${i + 1}`;
  const customers = await Promise.all(
    Array.from({ length: CUSTOMERS }, async (_, i) => {
      const email = `bench-${i}-${randomBytes(3).toString("hex")}@lumiere.example`;
      const response = await fetch(`${shop}/api/auth/signup`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": address(i) },
        body: JSON.stringify({
          email,
          password: "bench-password",
          firstName: "Bench",
          lastName: `Customer ${i}`,
        }),
      });
      if (response.status !== 201) throw new Error(`signup answered ${response.status}`);
      const cookie = response.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      return { email, cookie, address: address(i) };
    }),
  );
  await inBenchDatabase((client) =>
    client.query(`update users set is_email_verified = true where email like 'bench-%'`),
  );
  const order = {
    items: [{ productId, quantity: 1 }],
    shippingAddress: { fullName: "Bench Customer", address: "Hamra St", city: "Beirut" },
    phoneNumber: "+961 70 000 000",
    currency: "USD",
  };
  const statuses = new Map();
  const ticksBefore = cpuTicks(shopPid);
  const postgresBefore = postgresTicks();
  const started = performance.now();
  await Promise.all(
    customers.map(async (customer) => {
      for (let i = 0; i < ATTEMPTS_EACH; i++) {
        const response = await fetch(`${shop}/api/orders/checkout`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Cookie: customer.cookie,
            "X-Forwarded-For": customer.address,
          },
          body: JSON.stringify(order),
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = ((cpuTicks(shopPid) - ticksBefore) * 1000) / TICKS_PER_SECOND;
  const postgresMs = ((postgresTicks() - postgresBefore) * 1000) / TICKS_PER_SECOND;
  const { sold, left } = (
    await inBenchDatabase((client) =>
      client.query(
        `select coalesce((select sum(quantity) from order_items where product_id = $1), 0)::int as sold,
                (select quantity from products where id = $1) as left`,
        [productId],
      ),
    )
  ).rows[0];
  const placed = statuses.get(201) ?? 0;
  return {
    customers: CUSTOMERS,
    attempts: CUSTOMERS * ATTEMPTS_EACH,
    stock: STOCK,
    "orders placed": placed,
    "orders/s": Math.round(placed / seconds),
    "CPU ms/attempt": Number((cpuMs / (CUSTOMERS * ATTEMPTS_EACH)).toFixed(1)),
    "PostgreSQL CPU ms/attempt": Number((postgresMs / (CUSTOMERS * ATTEMPTS_EACH)).toFixed(1)),
    "units sold": sold,
    "units left": left,
    oversold: Math.max(0, sold - STOCK, -left),
    answers: Object.fromEntries(statuses),
  };
}

// ---- Run -------------------------------------------------------------------------------------

try {
  const referenceDir = path.join(root, "bench/reference");
  const benchEnv = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };
  if (!process.env.BENCH_SKIP_BUILD) {
    execFileSync(path.join(root, "node_modules/.bin/next"), ["build"], {
      stdio: "inherit",
      env: shopEnv,
    });
    execFileSync(path.join(root, "node_modules/.bin/next"), ["build"], {
      cwd: referenceDir,
      stdio: "inherit",
      env: benchEnv,
    });
  }
  await admin(`create database ${databaseName}`);
  cleanups.push(() => admin(`drop database if exists ${databaseName} with (force)`));
  execFileSync("npm", ["run", "--silent", "db:migrate"], { env: shopEnv, stdio: "inherit" });
  execFileSync("npm", ["run", "--silent", "db:seed"], { env: shopEnv, stdio: "inherit" });

  // Flags for the shop's Node process (--cpu-prof, which NODE_OPTIONS refuses).
  const nodeArgs = (process.env.BENCH_SHOP_NODE_ARGS || "").split(" ").filter(Boolean);
  const shopServer = start(process.execPath, [...nodeArgs, "server/index.mjs"], { env: shopEnv });
  stopLater(shopServer);
  const referenceServer = start(
    process.execPath,
    [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", String(referencePort)],
    // The shop's start-up checks also run there (Next finds the repository's instrumentation).
    { cwd: referenceDir, env: { ...shopEnv, PORT: String(referencePort) } },
  );
  stopLater(referenceServer);
  await Promise.all([waitFor(`${shop}/api/products`), waitFor(`${reference}/api/empty`)]);
  const products = await (await fetch(`${shop}/api/products`)).json();

  const cpus = os.cpus();
  console.log(
    `\nMachine: ${cpus.length} × ${cpus[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GB, ` +
      `Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}\n`,
  );
  if (parts.has("throughput")) {
    console.log(
      "Throughput (autocannon, %d s per row; CPU of the server's processes from /proc)",
      duration,
    );
    console.table(await throughput(shopServer.pid, referenceServer.pid, products));
  }
  console.log("Lighthouse (median of 3)");
  const scores = lighthouse(products);
  if (typeof scores === "string") console.log(scores);
  else console.table(scores);
  if (parts.has("checkout")) {
    console.log("Concurrent checkout (PostgreSQL)");
    console.table([await concurrentCheckout(shopServer.pid)]);
  }
  console.log(
    `Load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
} finally {
  await cleanUp();
}
