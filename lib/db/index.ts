import "server-only";
import fs from "node:fs";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Pool } from "pg";
import * as schema from "@/lib/db/schema";
import { env } from "@/lib/env";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Row ids are UUIDs: anything else can be answered "not found" without asking the database. */
export const isUuid = (value: unknown): value is string =>
  typeof value === "string" && UUID.test(value);

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbOrTx = Database | Transaction;

/** Rows of a raw statement (one the query builder cannot write), the same for both drivers. */
export async function queryRows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}

type Handle = { db: Database; close: () => Promise<void>; kind: "pglite" | "postgres" };

const MIGRATIONS = path.join(process.cwd(), "lib/db/migrations");
/** How long a request waits for a new PostgreSQL connection before it gives up with a 503. */
const CONNECT_TIMEOUT_MS = 5_000;
// Any fixed number: the key of the advisory lock that serialises migrations across instances.
const MIGRATION_LOCK_KEY = 727_010;

const store = globalThis as unknown as {
  __shopDb?: Promise<Handle>;
  /** Whether the last attempt to connect to the database server failed for want of it. */
  __shopDbUnreachable?: boolean;
};

const noteReachability = (error?: unknown) => {
  store.__shopDbUnreachable = error !== undefined && isDatabaseUnavailable(error);
};

/**
 * The shop's one database client, opened on first use (never at module load, so `next build`
 * touches no database) with pending migrations applied. A new embedded database is seeded
 * with the sample catalogue.
 */
export async function getDb(): Promise<Database> {
  store.__shopDb ??= openConfiguredDatabase().catch((error) => {
    store.__shopDb = undefined;
    noteReachability(error);
    throw error;
  });
  return (await store.__shopDb).db;
}

/** Whether the configured database fails to answer a trivial query for want of a connection. */
export async function databaseIsDown(): Promise<boolean> {
  // The embedded database cannot be away; never open one just to ask.
  if (!store.__shopDb && !env().DATABASE_URL) return false;
  // Known without asking when the last connection attempt failed; asking is I/O, which Next
  // refuses while it renders an answer it caches (the catalogue API's), failing it with a 500.
  if (store.__shopDbUnreachable) return true;
  try {
    await (await getDb()).execute(sql`select 1`);
    return false;
  } catch (error) {
    return isDatabaseUnavailable(error);
  }
}

export async function closeDb() {
  const handle = store.__shopDb;
  store.__shopDb = undefined;
  if (handle) await (await handle).close();
}

/** Tests and scripts point the shop at a database of their choosing. */
export function useDatabase(handle: Handle) {
  store.__shopDb = Promise.resolve(handle);
}

async function openConfiguredDatabase(): Promise<Handle> {
  const { DATABASE_URL, DATA_DIR } = env();
  if (DATABASE_URL) return openPostgres(DATABASE_URL);
  const dataDir = path.resolve(DATA_DIR, "db");
  const isNew = !fs.existsSync(path.join(dataDir, "PG_VERSION"));
  const handle = await openPglite(dataDir);
  if (isNew) {
    const { seedSampleCatalogue } = await import("@/lib/seed");
    await seedSampleCatalogue(handle.db);
  }
  return handle;
}

export async function openPostgres(url: string): Promise<Handle> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new Pool({
    connectionString: url,
    max: 10,
    // With the server unreachable, a request fails after this long (503) instead of hanging.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // A connection that the server drops (restart, failover) must not crash the shop: an idle one
  // is reported by the pool and replaced on the next query. One in use (a transaction between two
  // statements) has no pool listener and would throw an unhandled 'error' event, so every
  // connection gets its own; its query fails and the request answers 503 (lib/errors).
  pool.on("error", (error) => {
    noteReachability(error);
    console.warn(`PostgreSQL connection lost: ${error.message}`);
  });
  pool.on("connect", (client) => client.on("error", () => {}));
  releaseWhenCut(pool);
  noteReachabilityOf(pool);
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
  return {
    db: drizzle({ client: pool, schema }) as unknown as Database,
    close: () => pool.end(),
    kind: "postgres",
  };
}

/**
 * A connection that ends while checked out goes back to the pool at once, and a later release of
 * it is ignored. drizzle's transaction() never releases a connection whose BEGIN fails, as it does
 * on a connection cut by a restart or failover: each such connection would hold a slot of the pool
 * for good, until every request waits for one that never comes.
 */
function releaseWhenCut(pool: Pool) {
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: Parameters<Pool["connect"]>[0]) => {
    // The callback form is the pool's own (pool.query), which always releases.
    if (callback) return connect(callback);
    return connect().then((client) => {
      const release = client.release;
      let released = false;
      const releaseCut = () => client.release(new Error("Connection ended while checked out"));
      client.release = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener("end", releaseCut);
        release(error);
      };
      client.once("end", releaseCut);
      return client;
    });
  }) as Pool["connect"];
}

/** Every connection the pool hands out, or fails to, tells whether the server can be reached. */
function noteReachabilityOf(pool: Pool) {
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: Parameters<Pool["connect"]>[0]) => {
    if (callback) {
      return connect((error, client, done) => {
        noteReachability(error ?? undefined);
        callback(error, client, done);
      });
    }
    return connect().then(
      (client) => {
        noteReachability();
        return client;
      },
      (error: unknown) => {
        noteReachability(error);
        throw error;
      },
    );
  }) as Pool["connect"];
}

/** An embedded database in `dataDir`, or in memory when `dataDir` is undefined. */
export async function openPglite(dataDir?: string): Promise<Handle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const releaseLock = dataDir ? takeDataDirLock(dataDir) : () => {};
  try {
    const client = new PGlite(dataDir);
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS });
    return {
      db: db as unknown as Database,
      close: async () => {
        await client.close();
        releaseLock();
      },
      kind: "pglite",
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * PGlite has no cross-process lock: two processes on one data dir silently lose writes.
 * Whoever opens the embedded database first holds it until it exits.
 */
function takeDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, "..", "db.lock");
  const holder = Number(fs.existsSync(lockFile) ? fs.readFileSync(lockFile, "utf8") : NaN);
  if (holder && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by process ${holder} (a running server?). ` +
        "Stop it first, or set DATABASE_URL to use a PostgreSQL server.",
    );
  }
  fs.writeFileSync(lockFile, String(process.pid));
  const release = () => {
    try {
      if (fs.readFileSync(lockFile, "utf8") === String(process.pid)) fs.unlinkSync(lockFile);
    } catch {}
  };
  process.once("exit", release);
  return release;
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
