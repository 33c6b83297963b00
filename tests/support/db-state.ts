// What a refused request must not have changed: the whole database, table by table, or every row
// that belongs to one customer. Compared before and after a call.
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "@/lib/db";

/** Counters a refused request may move: the attempts the rate limits count. */
const BOOKKEEPING = new Set(["rate_limits"]);

async function tableNames(db: Database): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((row) => row.name).filter((name) => !BOOKKEEPING.has(name));
}

/** Each table's row count and a digest of its rows, keyed by table name (one query). */
export async function databaseState(db: Database): Promise<Record<string, string>> {
  const names = await tableNames(db);
  const rows = await queryRows<{ name: string; n: number; digest: string }>(
    db,
    sql.join(
      names.map(
        (name) =>
          sql`select ${name}::text as name, count(*)::int as n,
                md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
              from ${sql.identifier(name)} t`,
      ),
      sql` union all `,
    ),
  );
  return Object.fromEntries(rows.map((row) => [row.name, `${row.n} rows ${row.digest}`]));
}

/** Row counts of the given tables. */
export async function rowCounts(db: Database, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of tables) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(name)}`,
    );
    counts[name] = row!.n;
  }
  return counts;
}

/** Every row that belongs to one customer, as text: the account, its lists, orders and tokens. */
export async function customerState(
  db: Database,
  userId: string,
): Promise<Record<string, string[]>> {
  const rows = (query: ReturnType<typeof sql>) =>
    queryRows<{ row: string }>(db, query).then((found) => found.map((r) => r.row).sort());
  return {
    user: await rows(sql`select t::text as row from users t where id = ${userId}`),
    cart: await rows(sql`select t::text as row from cart_items t where user_id = ${userId}`),
    wishlist: await rows(
      sql`select t::text as row from wishlist_items t where user_id = ${userId}`,
    ),
    orders: await rows(sql`select t::text as row from orders t where user_id = ${userId}`),
    orderItems: await rows(
      sql`select t::text as row from order_items t
          where order_id in (select id from orders where user_id = ${userId})`,
    ),
    verificationTokens: await rows(
      sql`select t::text as row from email_verification_tokens t where user_id = ${userId}`,
    ),
    passwordResets: await rows(
      sql`select t::text as row from password_resets t where user_id = ${userId}`,
    ),
    sessions: await rows(sql`select t::text as row from sessions t where user_id = ${userId}`),
  };
}
