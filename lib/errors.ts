import { unstable_rethrow } from "next/navigation";
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
          ...(retryAfter ? { "Retry-After": String(retryAfter) } : {}),
          ...(allow ? { Allow: allow } : {}),
        },
      },
    );
  }
  const requestId = crypto.randomUUID();
  console.error(`[${requestId}] unexpected error`, error);
  return Response.json(
    { error: messages.api.internal, requestId },
    { status: 500, headers: { "X-Request-Id": requestId } },
  );
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
      return toErrorResponse(error);
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
