// A PostgreSQL connection cut while a request holds it (a restart, a failover, a proxy that drops
// it) must go back to the pool. A transaction whose BEGIN meets a dead connection is the case the
// driver stack gets wrong on its own: each one would keep a pool slot for good, until every
// request waits for a connection that never comes. Needs TEST_DATABASE_URL.
import net from "node:net";
import { sql } from "drizzle-orm";
import { openPostgres } from "@/lib/db";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { createPostgresDatabase } from "@/tests/support/databases";

const describeWithPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

/** A TCP relay to the database that cuts every connection on the next bytes a client sends. */
async function startCuttingRelay(target: URL) {
  let cutNext = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.on("data", (chunk) => {
      if (cutNext) {
        client.destroy();
        upstream.destroy();
      } else upstream.write(chunk);
    });
    upstream.on("data", (chunk) => client.write(chunk));
    for (const socket of [client, upstream]) {
      socket.on("error", () => {});
      socket.on("close", () => (socket === client ? upstream : client).destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    cutConnections: () => (cutNext = true),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describeWithPostgres("a connection cut while a transaction begins", () => {
  it("fails that request as 'database unavailable' and gives the pool its slot back", async () => {
    const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const relay = await startCuttingRelay(new URL(database.url));
    const handle = await openPostgres(relay.url);
    try {
      // One idle connection in the pool, which the transaction below is handed.
      await handle.db.execute(sql`select 1`);
      relay.cutConnections();
      const failure = await handle.db
        .transaction(async (tx) => tx.execute(sql`select 1`))
        .catch((error: unknown) => error);
      expect(isDatabaseUnavailable(failure)).toBe(true);

      // Closing the pool waits for every checked-out connection: a leaked one never comes back.
      const closed = await Promise.race([
        handle.close().then(() => "closed"),
        new Promise((resolve) => setTimeout(resolve, 3_000, "a connection never came back")),
      ]);
      expect(closed).toBe("closed");
    } finally {
      await relay.close();
      await database.drop();
    }
  });
});
