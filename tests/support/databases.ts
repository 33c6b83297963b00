import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { closeDb, openPglite, openPostgres, useDatabase, type Database } from "@/lib/db";
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
