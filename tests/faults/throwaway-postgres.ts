// A PostgreSQL server of the test's own: a new cluster in a temporary folder on its own port,
// started and stopped with pg_ctl, never the machine's shared server. Tests that need one skip,
// saying why, where the PostgreSQL binaries are absent or cannot run.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** The newest installed server's bin folder: /usr/lib/postgresql/<version>/bin, or PG_BIN. */
function findBinaries(): string | null {
  const candidates = [
    process.env.PG_BIN,
    ...(fs.existsSync("/usr/lib/postgresql")
      ? fs
          .readdirSync("/usr/lib/postgresql")
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/lib/postgresql/${version}/bin`)
      : []),
  ];
  return (
    candidates.find(
      (dir) =>
        dir && ["initdb", "pg_ctl", "postgres"].every((b) => fs.existsSync(path.join(dir, b))),
    ) ?? null
  );
}

const isRoot = () => process.getuid?.() === 0;

/** initdb refuses to run as root: as root, the cluster runs as the `postgres` user through runuser. */
function runAsUser(): { ok: true; uid?: number; gid?: number } | { ok: false; reason: string } {
  if (!isRoot()) return { ok: true };
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    execFileSync("runuser", ["-u", "postgres", "--", "true"]);
    return { ok: true, uid, gid };
  } catch {
    return {
      ok: false,
      reason: "running as root with no `postgres` user to run initdb as (runuser)",
    };
  }
}

/** Why a throwaway cluster cannot run here, or null when it can. */
export function throwawayPostgresUnavailable(): string | null {
  if (process.platform === "win32") return "not on Windows";
  const bin = findBinaries();
  if (!bin)
    return "no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin or PG_BIN";
  const user = runAsUser();
  return user.ok ? null : user.reason;
}

/** A free TCP port on 127.0.0.1 (FAULT_PG_PORT when set). */
async function freePort(): Promise<number> {
  if (process.env.FAULT_PG_PORT) return Number(process.env.FAULT_PG_PORT);
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type ThrowawayPostgres = {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  start: () => void;
  /** A fast shutdown: open connections are cut, as in a crash or failover. */
  stop: () => void;
  destroy: () => void;
};

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = findBinaries()!;
  const user = runAsUser();
  if (!user.ok) throw new Error(user.reason);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lumiere-pg-"));
  const data = path.join(dir, "data");
  const port = await freePort();
  if (user.uid !== undefined) fs.chownSync(dir, user.uid, user.gid!);
  const run = (program: string, args: string[]) => {
    const command = path.join(bin, program);
    const [file, argv] =
      user.uid !== undefined
        ? ["runuser", ["-u", "postgres", "--", command, ...args]]
        : [command, args];
    execFileSync(file, argv, { stdio: "pipe", timeout: 60_000 });
  };
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const start = () =>
    run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy: () => {
      try {
        stop();
      } catch {}
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
