// Telling a database that cannot be reached from any other failure, from the error alone. No
// imports: lib/errors maps these to 503, lib/db uses them to probe the connection.

// Node's network errors and PostgreSQL's connection and shutdown classes (08, 57P01–57P03, 53300).
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
]);
const SERVER_GONE = /^(08...|57P0[123]|53300)$/;
const CONNECTION_LOST =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed/i;

function* causes(error: unknown) {
  const seen = new Set<unknown>();
  for (
    let e = error;
    e && typeof e === "object" && !seen.has(e);
    e = (e as { cause?: unknown }).cause
  ) {
    seen.add(e);
    yield e as { code?: unknown; message?: unknown };
  }
}

/** A failure the database's absence explains, though the error itself no longer says so. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The database cannot be reached", { cause });
    this.name = "DatabaseUnavailableError";
  }
}

/** Whether `error` (or what it wraps) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    if (e instanceof DatabaseUnavailableError) return true;
    const code = typeof e.code === "string" ? e.code : "";
    if (UNREACHABLE.has(code) || SERVER_GONE.test(code)) return true;
    if (typeof e.message === "string" && CONNECTION_LOST.test(e.message)) return true;
  }
  return false;
}

/** The innermost message of a wrapped error: the driver's own words, not the SQL it wrapped. */
export function describeCause(error: unknown): string {
  let last = "";
  for (const e of causes(error)) {
    if (typeof e.message === "string" && e.message)
      last = `${e.code ? `${String(e.code)} ` : ""}${e.message}`;
  }
  return last;
}
