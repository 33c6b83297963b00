import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import {
  closeDb,
  openPglite,
  openPostgres,
  useDatabase,
  type Database,
  type Transaction,
} from "@/lib/db";
import { detachedWorkDone } from "@/lib/http";

/** The databases every integration test runs against: PGlite always, PostgreSQL when configured. */
export const databaseTargets: string[] = [
  "pglite",
  ...(process.env.TEST_DATABASE_URL ? ["postgres"] : []),
];

/**
 * Runs `suite` once per database target, each on a fresh, migrated, empty database that the shop's
 * code (getDb) uses for the duration of the suite.
 */
export function describeEachDatabase(
  name: string,
  suite: (ctx: { db: () => Database; target: string }) => void,
) {
  describe.each(databaseTargets)(`${name} [%s]`, (target) => {
    let db: Database | undefined;
    let dropDatabase: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      if (target === "pglite") {
        const handle = await openPglite();
        useDatabase(handle);
        db = handle.db;
      } else {
        const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
        dropDatabase = created.drop;
        const handle = await openPostgres(created.url);
        useDatabase(handle);
        db = handle.db;
      }
    });

    afterAll(async () => {
      // Work left running after an answer (mails, renditions) still needs the database.
      await detachedWorkDone();
      await closeDb();
      await dropDatabase?.();
    });

    suite({
      target,
      db: () => {
        if (!db) throw new Error("database not ready");
        return db;
      },
    });
  });
}

/**
 * Inside a transaction holding a row: until another transaction (the shop's code under test) waits
 * for a lock in this database; false after `seconds` (PGlite runs one transaction at a time, so
 * there it never comes) or once `settled` says the code under test has finished.
 */
export async function untilAnotherTransactionWaits(
  tx: Transaction,
  { seconds = 2, settled = () => false }: { seconds?: number; settled?: () => boolean } = {},
): Promise<boolean> {
  for (let i = 0; i < seconds * 20 && !settled(); i++) {
    // A transaction sees the activity view as it was at its first look unless told to forget it.
    await tx.execute(sql`select pg_stat_clear_snapshot()`);
    const { rows } = (await tx.execute(
      sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { waiting: number }[] };
    if ((rows[0]?.waiting ?? 0) > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

export async function createPostgresDatabase(baseUrl: string) {
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new Client({ connectionString: baseUrl });
      await client.connect();
      // The pool's connections finish closing just after pool.end(): wait for them rather
      // than forcing them, which would make the server kill connections still in use.
      for (let attempt = 0; ; attempt++) {
        try {
          await client.query(
            `drop database if exists ${name}${attempt >= 20 ? " with (force)" : ""}`,
          );
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== "55006" || attempt >= 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await client.end();
    },
  };
}
