// The browser's one client for our REST API (spec section 7). The session is the httpOnly cookie
// the API sets: scripts never see or store the token. Calls never throw: they answer a result that
// tells a server's refusal (it answered, with a status and maybe a message) from a network error
// (no answer at all), because the shop reacts differently to each (spec section 4 and 8).
import { MAX_RETRIES, RETRY_DELAYS_MS } from "@/lib/constants";
import { storefrontMessages } from "@/lib/storefront-messages";

export type ApiSuccess<T> = { ok: true; status: number; data: T };
/** The server answered and refused: its status, message, details and verification flag. */
export type ApiRefusal = {
  ok: false;
  kind: "refused";
  status: number;
  error: string | null;
  details: string[];
  requiresVerification: boolean;
  /** The whole answer, for refusals that say more (a checkout's 409 lists the short items). */
  body: unknown;
};
/** The request never got an answer (offline, DNS, connection reset, aborted). */
export type ApiNetworkError = {
  ok: false;
  kind: "network";
  status: 0;
  error: null;
  details: [];
  requiresVerification: false;
};
export type ApiFailure = ApiRefusal | ApiNetworkError;
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type CallOptions = {
  method?: HttpMethod;
  /** A FormData body goes as multipart; anything else is sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Retry network errors, 5xx and 429 (never 4xx) up to 3 tries in all, waiting 1 s then 2 s.
   * On by default for the idempotent methods (GET, PUT, DELETE); a POST or PATCH opts in when a
   * repeat cannot do harm (the server caps it, or it carries an Idempotency-Key).
   */
  retry?: boolean;
  signal?: AbortSignal;
};

const IDEMPOTENT: ReadonlySet<HttpMethod> = new Set(["GET", "PUT", "DELETE"]);

/**
 * Whether a failed call got no clear answer (unreachable, or a server error: a database failover,
 * a proxy's 502): the change may or may not have been made.
 */
export function isUnanswered(outcome: { status: number }): boolean {
  return outcome.status === 0 || outcome.status >= 500;
}

/** Whether a failed try is worth another: only when the server was unreachable or overwhelmed. */
export function isRetryable(outcome: { status: number }): boolean {
  return outcome.status === 0 || outcome.status === 429 || outcome.status >= 500;
}

/**
 * The wait before try number `attempt + 1` (attempt counts from 1), or null when no try is left.
 * A server asking for a longer pause (Retry-After) than the policy allows is not retried at all.
 */
export function retryDelay(attempt: number, retryAfterSeconds?: number | null): number | null {
  if (attempt >= MAX_RETRIES) return null;
  const wait = RETRY_DELAYS_MS[Math.min(attempt - 1, RETRY_DELAYS_MS.length - 1)]!;
  if (retryAfterSeconds != null && retryAfterSeconds * 1000 > wait) return null;
  return wait;
}

/** What every call that got no answer reports. */
export const NETWORK_ERROR: ApiNetworkError = {
  ok: false,
  kind: "network",
  status: 0,
  error: null,
  details: [],
  requiresVerification: false,
};

function sleep(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });
}

async function readAnswer<T>(response: Response): Promise<ApiResult<T>> {
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, data: payload as T };
  const record = (payload ?? {}) as Record<string, unknown>;
  return {
    ok: false,
    kind: "refused",
    status: response.status,
    error: typeof record.error === "string" && record.error ? record.error : null,
    details: Array.isArray(record.details)
      ? record.details.filter((d): d is string => typeof d === "string")
      : [],
    requiresVerification: record.requiresVerification === true,
    body: payload,
  };
}

async function tryOnce<T>(
  path: string,
  { method, body, headers, signal }: Required<Pick<CallOptions, "method">> & CallOptions,
): Promise<{ result: ApiResult<T>; retryAfter: number | null }> {
  const multipart = typeof FormData !== "undefined" && body instanceof FormData;
  const sendsJson = body !== undefined && !multipart;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      cache: "no-store",
      headers: { ...(sendsJson ? { "Content-Type": "application/json" } : {}), ...headers },
      body: multipart ? body : sendsJson ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch {
    return { result: NETWORK_ERROR, retryAfter: null };
  }
  const retryAfter = Number.parseInt(response.headers.get("retry-after") ?? "", 10);
  return {
    result: await readAnswer<T>(response),
    retryAfter: Number.isFinite(retryAfter) ? retryAfter : null,
  };
}

/** Calls one of our endpoints with the session cookie, retrying as the spec says; never throws. */
export async function callApi<T>(path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const retry = options.retry ?? IDEMPOTENT.has(method);
  for (let attempt = 1; ; attempt++) {
    const { result, retryAfter } = await tryOnce<T>(path, { ...options, method });
    if (result.ok || !retry || !isRetryable(result) || options.signal?.aborted) return result;
    const wait = retryDelay(attempt, retryAfter);
    if (wait === null) return result;
    await sleep(wait, options.signal);
  }
}

export type FormProblem = { message: string; details: string[] };

/**
 * What a form shows for a failed call: the server's text first, else the form's fallback;
 * a request that never reached the server shows `networkMessage`.
 */
export function describeFailure(
  failure: ApiFailure,
  fallback: string,
  networkMessage: string = storefrontMessages.auth.genericError,
): FormProblem {
  if (failure.kind === "network") return { message: networkMessage, details: [] };
  const message = failure.error ?? fallback;
  return { message, details: failure.details.filter((detail) => detail !== message) };
}
