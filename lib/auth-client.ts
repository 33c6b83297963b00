// Browser side of the auth API (spec section 7) and the remembered Instagram sign-up source.
// The session is the httpOnly cookie the API sets: scripts never see or store the token.
import { SIGNUP_SOURCE_STORAGE_KEY, SOURCE_MEMORY_DAYS } from "@/lib/constants";
import { messages } from "@/lib/messages";

export type ApiSuccess<T> = { ok: true; status: number; data: T };
export type ApiFailure = {
  ok: false;
  /** 0 when the request never reached the server. */
  status: number;
  error: string | null;
  details: string[];
};
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

/** Calls one of our JSON endpoints with the session cookie; never throws. */
export async function callApi<T>(
  path: string,
  { method = "POST", body }: { method?: "GET" | "POST" | "DELETE"; body?: unknown } = {},
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      cache: "no-store",
      headers: body === undefined ? undefined : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, error: null, details: [] };
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, data: payload as T };
  const record = (payload ?? {}) as { error?: unknown; details?: unknown };
  return {
    ok: false,
    status: response.status,
    error: typeof record.error === "string" && record.error ? record.error : null,
    details: Array.isArray(record.details)
      ? record.details.filter((d): d is string => typeof d === "string")
      : [],
  };
}

export type FormProblem = { message: string; details: string[] };

/**
 * What a form shows for a failed call: the server's text first, else the form's fallback;
 * a request that never reached the server shows `networkMessage`.
 */
export function describeFailure(
  failure: ApiFailure,
  fallback: string,
  networkMessage: string = messages.auth.genericError,
): FormProblem {
  if (failure.status === 0) return { message: networkMessage, details: [] };
  const message = failure.error ?? fallback;
  return { message, details: failure.details.filter((detail) => detail !== message) };
}

type RememberedSource = { source: "instagram"; at: number };
const SOURCE_MEMORY_MS = SOURCE_MEMORY_DAYS * 24 * 60 * 60 * 1000;

/** Remembers an Instagram landing (`?source=instagram` or `?utm_source=instagram`) for 30 days. */
export function rememberSignupSource(search: string): void {
  const params = new URLSearchParams(search);
  const fromInstagram = ["source", "utm_source"].some(
    (name) => params.get(name)?.trim().toLowerCase() === "instagram",
  );
  if (!fromInstagram) return;
  try {
    const remembered: RememberedSource = { source: "instagram", at: Date.now() };
    localStorage.setItem(SIGNUP_SOURCE_STORAGE_KEY, JSON.stringify(remembered));
  } catch {
    // Storage disabled (private mode): the landing simply is not remembered.
  }
}

/** The sign-up source to send, while the remembered landing is younger than 30 days. */
export function readSignupSource(): "instagram" | undefined {
  try {
    const raw = localStorage.getItem(SIGNUP_SOURCE_STORAGE_KEY);
    if (!raw) return undefined;
    const remembered = JSON.parse(raw) as Partial<RememberedSource>;
    const fresh =
      remembered.source === "instagram" &&
      typeof remembered.at === "number" &&
      Date.now() - remembered.at < SOURCE_MEMORY_MS;
    if (fresh) return "instagram";
    localStorage.removeItem(SIGNUP_SOURCE_STORAGE_KEY);
  } catch {
    // Unreadable or disabled storage: no source.
  }
  return undefined;
}

export function forgetSignupSource(): void {
  try {
    localStorage.removeItem(SIGNUP_SOURCE_STORAGE_KEY);
  } catch {
    // Storage disabled: nothing was remembered.
  }
}
