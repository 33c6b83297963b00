"use client";

// The shopper's session in the browser: loading, then authenticated or anonymous (spec section 4).
// The profile call is the source of truth; the session cookie is set and cleared by the API. The
// profile is asked for only when the API's hint cookie says a session exists: a signed-out visit
// makes no request that is bound to fail.
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import useSWR, { useSWRConfig } from "swr";
import type { z } from "zod";
import { useHydrated } from "@/components/ui/use-hydrated";
import { forgetCheckoutDraft } from "@/components/checkout/checkout-draft";
import { callApi, type ApiResult } from "@/lib/api-client";
import { SESSION_HINT_COOKIE } from "@/lib/constants";
import { storefrontMessages } from "@/lib/storefront-messages";
import { forgetSignupSource, readSignupSource } from "@/lib/signup-source";
import type { loginSchema, PublicUser, signupSchema } from "@/models/auth";

const PROFILE_KEY = "/api/auth/profile";

export type AuthStatus = "loading" | "authenticated" | "anonymous";
export type SessionAnswer = { token: string; user: PublicUser };

type AuthContextValue = {
  status: AuthStatus;
  user: PublicUser | null;
  login: (input: z.output<typeof loginSchema>) => Promise<ApiResult<SessionAnswer>>;
  signup: (input: z.output<typeof signupSchema>) => Promise<ApiResult<SessionAnswer>>;
  /** Adopts the user of an answer that already set the session cookie (password reset). */
  acceptSession: (user: PublicUser) => Promise<void>;
  /** Reloads the profile, for example after the email was verified. */
  refresh: () => Promise<PublicUser | null>;
  /**
   * Ends the session on the server, then forgets everything local and goes home; when the server
   * cannot be reached, says so and stays signed in.
   */
  logout: () => Promise<void>;
  /** Forgets everything local and goes home, when the server already ended the session. */
  forgetSession: () => Promise<void>;
  /**
   * Registers what must be forgotten when the session ends (the local cart and wishlist): run
   * before the shopper is taken home. Answers the function that unregisters it.
   */
  onSignOut: (listener: SignOutListener) => () => void;
};

type SignOutListener = () => void | Promise<void>;

const AuthContext = createContext<AuthContextValue | null>(null);

const hasSessionHint = () =>
  document.cookie.split("; ").some((cookie) => cookie === `${SESSION_HINT_COOKIE}=1`);
const forgetSessionHint = () => {
  document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
};
/** Whether the browser holds a session; null while the server renders and the page hydrates. */
const useSessionHint = () => (useHydrated() ? hasSessionHint() : null);

async function fetchProfile(): Promise<PublicUser | null> {
  const result = await callApi<{ user: PublicUser }>(PROFILE_KEY, { method: "GET" });
  if (result.ok) return result.data.user ?? null;
  // Signed out, expired or revoked session: anonymous. Anything else is retried by SWR.
  if (result.status === 401 || result.status === 403 || result.status === 404) {
    forgetSessionHint();
    return null;
  }
  throw new Error(result.error ?? `Profile request failed (${result.status})`);
}

export function AuthProvider({ children }: { children: React.ReactNode }) {
  const router = useRouter();
  const { mutate: mutateCache } = useSWRConfig();
  const hinted = useSessionHint();
  // Signed in during this visit: the answer that set the cookie is the profile.
  const [adopted, setAdopted] = useState(false);
  const asking = hinted === true || adopted;
  const { data, error, isLoading } = useSWR(asking ? PROFILE_KEY : null, fetchProfile, {
    revalidateOnFocus: true,
    shouldRetryOnError: true,
    errorRetryCount: 2,
  });
  const mutate = useCallback(
    (next?: PublicUser | null) =>
      next === undefined
        ? mutateCache<PublicUser | null>(PROFILE_KEY)
        : mutateCache(PROFILE_KEY, next, { revalidate: false }),
    [mutateCache],
  );

  const user = (asking && data) || null;
  const status: AuthStatus = user
    ? "authenticated"
    : hinted === false && !adopted
      ? "anonymous"
      : data === null || (error && !isLoading)
        ? "anonymous"
        : "loading";

  const adopt = useCallback(
    async (next: PublicUser) => {
      setAdopted(true);
      await mutate(next);
      router.refresh();
    },
    [mutate, router],
  );

  const login = useCallback<AuthContextValue["login"]>(
    async (input) => {
      const result = await callApi<SessionAnswer>("/api/auth/login", { body: input });
      if (result.ok) await adopt(result.data.user);
      return result;
    },
    [adopt],
  );

  const signup = useCallback<AuthContextValue["signup"]>(
    async (input) => {
      const source = readSignupSource();
      const result = await callApi<SessionAnswer>("/api/auth/signup", {
        body: { ...input, ...(source ? { source } : {}) },
      });
      if (result.ok) {
        forgetSignupSource();
        await adopt(result.data.user);
      }
      return result;
    },
    [adopt],
  );

  // A page that had no session reads the hint cookie again: another tab may have signed in.
  const [, readHintAgain] = useReducer((count: number) => count + 1, 0);
  const refresh = useCallback(async () => {
    readHintAgain();
    return (await mutate()) ?? null;
  }, [mutate]);

  // A session that ended elsewhere (signed out in another tab or on every device, or expired) turns
  // this page anonymous without forgetSession: the customer's cart, wishlist and orders read so far
  // go all the same, so whoever signs in next on this page never sees them, nor has them merged.
  const userId = user?.id ?? null;
  const lastUserId = useRef(userId);
  useEffect(() => {
    const previous = lastUserId.current;
    lastUserId.current = userId;
    if (previous && previous !== userId) void mutateCache((key) => key !== PROFILE_KEY, undefined);
  }, [userId, mutateCache]);

  const signOutListeners = useRef(new Set<SignOutListener>());
  const onSignOut = useCallback((listener: SignOutListener) => {
    signOutListeners.current.add(listener);
    return () => void signOutListeners.current.delete(listener);
  }, []);

  const forgetSession = useCallback(async () => {
    await Promise.all([...signOutListeners.current].map((listener) => listener()));
    // Per-user data cached by other parts of the shop (cart, wishlist, orders) goes too.
    await mutateCache((key) => key !== PROFILE_KEY, undefined, { revalidate: false });
    forgetSessionHint();
    forgetCheckoutDraft();
    setAdopted(false);
    await mutate(null);
    router.push("/");
    router.refresh();
  }, [mutate, mutateCache, router]);

  const logout = useCallback(async () => {
    // Ending a session twice is harmless, so a lost answer is asked again. Only the server can
    // clear the session cookie: until it has, the shopper stays signed in and is told, rather than
    // shown signed out while the cookie still opens her account to whoever uses the browser next.
    const result = await callApi("/api/auth/logout", { method: "POST", retry: true });
    if (!result.ok) {
      toast.error(storefrontMessages.auth.genericError);
      return;
    }
    await forgetSession();
  }, [forgetSession]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      login,
      signup,
      acceptSession: adopt,
      refresh,
      logout,
      forgetSession,
      onSignOut,
    }),
    [status, user, login, signup, adopt, refresh, logout, forgetSession, onSignOut],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

/** The session: `status`, `user` (null unless authenticated) and the sign-in/out actions. */
export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <Providers>");
  return value;
}
