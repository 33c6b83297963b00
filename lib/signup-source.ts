// The remembered Instagram sign-up source, kept in the browser until the shopper signs up.
import { SIGNUP_SOURCE_STORAGE_KEY, SOURCE_MEMORY_DAYS } from "@/lib/constants";

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
