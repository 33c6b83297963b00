// Reading a database failure from the error alone: a database that cannot be reached (lib/errors
// maps it to 503, lib/db probes the connection) or a constraint a write ran into. No imports.

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

/** PostgreSQL's codes for the constraints a write can run into when another write got there first. */
export const SQL_STATE = { uniqueViolation: "23505", foreignKeyViolation: "23503" } as const;

/** Whether `error` (or what it wraps) is PostgreSQL's refusal with this SQLSTATE code. */
export function hasSqlState(error: unknown, code: (typeof SQL_STATE)[keyof typeof SQL_STATE]) {
  for (const e of causes(error)) if (e.code === code) return true;
  return false;
}
