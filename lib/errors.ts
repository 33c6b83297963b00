// What `next/navigation` gives server code. Imported from its module because outside Next's
// bundler (tsx scripts such as `npm run db:seed`) `next/navigation` is the browser's build.
import { unstable_rethrow } from "next/dist/client/components/unstable-rethrow";
import {
  DatabaseUnavailableError,
  describeCause,
  isDatabaseUnavailable,
} from "@/lib/db/unavailable";
import { messages } from "@/lib/messages";

/** A failure a client caused or may see: carries its HTTP status and the spec's message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: {
      details?: string[];
      requiresVerification?: boolean;
      retryAfter?: number;
      /** More fields of the answer, e.g. the items a refused checkout lacks. */
      body?: Record<string, unknown>;
      /** For a 405: the methods the route serves. */
      allow?: string;
    } = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string = messages.api.invalidRequest, details?: string[]) =>
  new AppError(400, message, { details });
/** A 400 for one problem with what was sent: its message is also the one entry of `details`. */
export const invalidInput = (message: string) => badRequest(message, [message]);
export const unauthorized = (message: string = messages.api.unauthorized) =>
  new AppError(401, message);
export const forbidden = (message: string = messages.api.forbidden) => new AppError(403, message);
export const notFound = (message: string = messages.api.notFound) => new AppError(404, message);
export const conflict = (message: string, details?: string[], body?: Record<string, unknown>) =>
  new AppError(409, message, { details, body });

/**
 * The one mapping from anything thrown in a handler to the spec's JSON error shape. Only an
 * AppError speaks to the client; anything else (a database fault, a ZodError from a bad
 * environment value or from our own data) is the server's fault: logged, answered 500. Request
 * validation turns its ZodErrors into 400 AppErrors at the boundary (parseInput in lib/http).
 */
export function toErrorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    const { details, requiresVerification, retryAfter, body, allow } = error.extra;
    return Response.json(
      {
        error: error.message,
        ...(details?.length ? { details } : {}),
        ...(requiresVerification ? { requiresVerification: true } : {}),
        ...body,
      },
      {
        status: error.status,
        headers: {
          // A refusal of the moment (429, a busy 503), which no shared cache may keep.
          ...(retryAfter ? { "Retry-After": String(retryAfter), "Cache-Control": "no-store" } : {}),
          ...(allow ? { Allow: allow } : {}),
        },
      },
    );
  }
  const requestId = nextRequestId();
  if (isDatabaseUnavailable(error)) {
    // Expected during a database restart or failover: one line, no stack, and a 503 the client
    // may retry (an order is only ever taken whole, in one transaction).
    console.error(`[${requestId}] database unavailable: ${describeCause(error)}`);
    return Response.json(
      { error: messages.api.databaseUnavailable },
      {
        status: 503,
        headers: {
          "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
          "X-Request-Id": requestId,
          // A failure of the moment, which no shared cache may keep.
          "Cache-Control": "no-store",
        },
      },
    );
  }
  console.error(`[${requestId}] unexpected error`, error);
  return Response.json(
    { error: messages.api.internal, requestId },
    { status: 500, headers: { "X-Request-Id": requestId, "Cache-Control": "no-store" } },
  );
}

const DATABASE_RETRY_AFTER_SECONDS = 5;

// A failure's id, in the log and in its answer: this server's start, its process and a count. Not
// random: Next refuses randomness (and the clock) while it renders an answer it caches (the
// catalogue API's), and a failure there must still answer.
const SERVER_ID = `${Math.round(performance.timeOrigin).toString(36)}-${process.pid.toString(36)}`;
let failures = 0;
const nextRequestId = () => `${SERVER_ID}-${(++failures).toString(36)}`;

/**
 * An unexpected error whose cause is hidden (in production, Next replaces an error thrown inside
 * a cached function with a generic one) is the database's absence when the database does not
 * answer now: the client gets the outage's 503, not a 500.
 */
async function explainUnexpected(error: unknown): Promise<unknown> {
  if (error instanceof AppError || isDatabaseUnavailable(error)) return error;
  const { databaseIsDown } = await import("@/lib/db");
  return (await databaseIsDown()) ? new DatabaseUnavailableError(error) : error;
}

/** Wraps a route handler so every thrown error answers in the spec's shape. */
export function handle<Args extends unknown[]>(
  handler: (...args: Args) => Promise<Response>,
): (...args: Args) => Promise<Response> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      // Next's own control flow (prerendering, redirects) passes through untouched.
      unstable_rethrow(error);
      return toErrorResponse(await explainUnexpected(error));
    }
  };
}

export const PRIVATE_NO_STORE = "private, no-store";

/**
 * handle() for per-user answers (admin data, orders): every answer, errors included, is marked
 * `private, no-store`, so neither a shared cache nor the browser keeps it.
 */
export function handlePrivate<Args extends unknown[]>(
  handler: (...args: Args) => Promise<Response>,
): (...args: Args) => Promise<Response> {
  const handled = handle(handler);
  return async (...args) => {
    const response = await handled(...args);
    response.headers.set("Cache-Control", PRIVATE_NO_STORE);
    return response;
  };
}
