import "server-only";
import type { AuthOptions } from "next-auth";
import NextAuth from "next-auth";
import GoogleProvider, {
  type GoogleProfile as GoogleOidcProfile,
} from "next-auth/providers/google";
import { signInWithGoogle } from "@/lib/accounts";
import { getAuthSecret } from "@/lib/auth/secret";
import {
  createSessionToken,
  parseCookies,
  sessionCookieHeader,
  sessionHintCookieHeader,
} from "@/lib/auth/session";
import { env, isGoogleEnabled } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { readBodyBytes } from "@/lib/http";
import { messages } from "@/lib/messages";

/**
 * Google's OAuth endpoints, given outright so that starting a sign-in needs no discovery request.
 * Tests point them at a stand-in server: Google cannot be reached from the test machines.
 */
export const googleEndpoints = {
  issuer: "https://accounts.google.com",
  authorization: "https://accounts.google.com/o/oauth2/v2/auth",
  token: "https://oauth2.googleapis.com/token",
  userinfo: "https://openidconnect.googleapis.com/v1/userinfo",
  jwks: "https://www.googleapis.com/oauth2/v3/certs",
};

export const CALLBACK_PAGE = "/auth/callback";

const appUrl = (path: string) => new URL(path, env().APP_URL).toString();

// next-auth takes its public address from NEXTAUTH_URL; ours is APP_URL.
function nextAuthBase(): string {
  process.env.NEXTAUTH_URL ||= appUrl("/api/auth");
  return process.env.NEXTAUTH_URL.replace(/\/$/, "");
}

/**
 * next-auth handles only the Google round trip. Its signIn callback finds or creates our user and
 * redirects to /auth/callback with OUR session token; next-auth's own session is never used.
 * Built on each call (never at module load) so `next build` needs no configuration.
 */
function authOptions(): AuthOptions {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = env();
  return {
    secret: getAuthSecret(),
    session: { strategy: "jwt" },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      GoogleProvider({
        clientId: GOOGLE_CLIENT_ID ?? "",
        clientSecret: GOOGLE_CLIENT_SECRET ?? "",
        wellKnown: "",
        issuer: googleEndpoints.issuer,
        authorization: {
          url: googleEndpoints.authorization,
          params: { scope: "openid email profile", prompt: "select_account" },
        },
        token: googleEndpoints.token,
        userinfo: googleEndpoints.userinfo,
        jwks_endpoint: googleEndpoints.jwks,
      }),
    ],
    callbacks: {
      // next-auth's own throws (a 500) on a callback URL a client wrote that is not text or not a
      // URL (its callback-url cookie, a posted body): such a one goes home, like one to another site.
      redirect({ url, baseUrl }) {
        if (typeof url !== "string") return baseUrl;
        if (url.startsWith("/")) return `${baseUrl}${url}`;
        return URL.canParse(url) && new URL(url).origin === baseUrl ? url : baseUrl;
      },
      async signIn({ account, profile }) {
        if (account?.provider !== "google" || !profile) return false;
        const google = profile as GoogleOidcProfile;
        try {
          const user = await signInWithGoogle({
            googleId: String(google.sub ?? account.providerAccountId),
            email: String(google.email ?? ""),
            emailVerified: google.email_verified === true,
            firstName: String(google.given_name ?? google.name ?? ""),
            lastName: String(google.family_name ?? ""),
            avatar: typeof google.picture === "string" ? google.picture : null,
          });
          if (!user) return false;
          const token = await createSessionToken({ user });
          return `${appUrl(CALLBACK_PAGE)}#token=${encodeURIComponent(token)}`;
        } catch (error) {
          console.error("Google sign-in could not create or link the account", error);
          return `${appUrl("/login")}?error=Callback`;
        }
      },
    },
    logger: {
      error: (code, metadata) => console.error(`[next-auth] ${code}`, metadata),
      warn: (code) => console.warn(`[next-auth] ${code}`),
      debug: () => {},
    },
  };
}

/** What next-auth's API handler wrote, captured from a minimal stand-in for a Node response. */
type Captured = { status: number; headers: Map<string, string | string[]>; body: unknown };

/**
 * Runs next-auth's public request handler on a Web request. It is next-auth's own API-route entry
 * (its App Router entry needs a live Next request scope, which tests and in-process calls lack).
 */
async function runNextAuth({
  method,
  url,
  cookies,
  headers,
  body,
}: {
  method: "GET" | "POST";
  url: URL;
  cookies: Record<string, string>;
  headers: Record<string, string>;
  body?: Record<string, unknown>;
}): Promise<Captured> {
  nextAuthBase();
  const captured: Captured = { status: 200, headers: new Map(), body: undefined };
  const res = {
    status(code: number) {
      captured.status = code;
      return res;
    },
    setHeader(name: string, value: string | string[]) {
      captured.headers.set(name.toLowerCase(), value);
      return res;
    },
    getHeader: (name: string) => captured.headers.get(name.toLowerCase()),
    end() {},
    send(value: unknown) {
      captured.body = value;
    },
    json(value: unknown) {
      captured.body = value;
    },
  };
  const req = {
    method,
    headers,
    cookies,
    body: body ?? {},
    query: {
      ...Object.fromEntries(url.searchParams),
      nextauth: url.pathname
        .replace(/^\/api\/auth\/?/, "")
        .split("/")
        .filter(Boolean),
    },
  };
  type Handler = (req: unknown, res: unknown, options: AuthOptions) => Promise<unknown>;
  await (NextAuth as unknown as Handler)(req, res, authOptions());
  return captured;
}

const setCookies = (captured: Captured): string[] => {
  const value = captured.headers.get("set-cookie");
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};

function toResponse(captured: Captured, extraCookies: string[] = []): Response {
  const headers = new Headers();
  for (const [name, value] of captured.headers) {
    if (name !== "set-cookie") headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  for (const cookie of [...extraCookies, ...setCookies(captured)])
    headers.append("Set-Cookie", cookie);
  const redirect = headers.get("location");
  if (redirect) {
    const location = new URL(redirect, env().APP_URL);
    const callbackPage = new URL(CALLBACK_PAGE, env().APP_URL);
    // Our signIn callback's success: the browser also gets the session as an httpOnly cookie.
    if (location.origin === callbackPage.origin && location.pathname === callbackPage.pathname) {
      const token = new URLSearchParams(location.hash.slice(1)).get("token");
      if (token) {
        headers.append("Set-Cookie", sessionCookieHeader(token));
        headers.append("Set-Cookie", sessionHintCookieHeader(token));
      }
    }
    headers.set("Location", location.toString());
    headers.set("Cache-Control", "no-store");
    return new Response(null, { status: 302, headers });
  }
  // next-auth's refusals (an action it does not serve, a POST to the session) in the API's shape.
  if (captured.status >= 400 && captured.status < 500) {
    const message = captured.status === 404 ? messages.api.notFound : messages.api.invalidRequest;
    throw new AppError(captured.status, message);
  }
  const body = captured.body;
  if (body === undefined || typeof body === "string") {
    return new Response(body ?? null, { status: captured.status, headers });
  }
  return Response.json(body, { status: captured.status, headers });
}

function redirectTo(path: string): Response {
  return new Response(null, {
    status: 302,
    headers: { Location: appUrl(path), "Cache-Control": "no-store" },
  });
}

async function readBody(request: Request): Promise<Record<string, unknown> | undefined> {
  if (request.method !== "POST") return undefined;
  const type = request.headers.get("content-type") ?? "";
  const text = new TextDecoder().decode(await readBodyBytes(request, { maxBytes: 16 * 1024 }));
  if (type.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    const parsed: unknown = JSON.parse(text || "{}");
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

// The paths next-auth serves under /api/auth; any other unknown /api/auth path is the API's 404.
const NEXT_AUTH_ACTIONS = new Set([
  "callback",
  "signin",
  "signout",
  "session",
  "csrf",
  "providers",
  "error",
]);

/** Whether next-auth takes `value` as a callback URL: an http(s) address, or a path. */
function isCallbackUrl(value: string): boolean {
  const base = value.startsWith("/") ? env().APP_URL : undefined;
  return URL.canParse(value, base) && /^https?:$/.test(new URL(value, base).protocol);
}

/**
 * The callback URL a client wrote (the `callbackUrl` query, next-auth's callback-url cookie) when
 * next-auth takes it, and nothing otherwise: next-auth answers any other with a 500.
 */
function withoutBadCallbackUrls(url: URL, cookies: Record<string, string>) {
  const query = url.searchParams.get("callbackUrl");
  if (query !== null && !isCallbackUrl(query)) url.searchParams.delete("callbackUrl");
  for (const name of ["next-auth.callback-url", "__Secure-next-auth.callback-url"]) {
    const cookie = cookies[name];
    if (cookie !== undefined && !isCallbackUrl(cookie)) delete cookies[name];
  }
  return { url, cookies };
}

/** next-auth's own routes (/api/auth/callback/google, /api/auth/csrf, …). */
export async function handleNextAuthRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const action = url.pathname.split("/")[3] ?? "";
  if (!NEXT_AUTH_ACTIONS.has(action)) throw new AppError(404, messages.api.notFound);
  if (!["GET", "HEAD", "POST"].includes(request.method)) {
    throw new AppError(405, messages.api.methodNotAllowed, { allow: "GET, HEAD, OPTIONS, POST" });
  }
  if (!isGoogleEnabled()) {
    if (["callback", "signin", "error"].includes(action)) {
      return redirectTo("/login?error=Configuration");
    }
    throw new AppError(404, messages.api.notFound);
  }
  const captured = await runNextAuth({
    method: request.method === "POST" ? "POST" : "GET",
    ...withoutBadCallbackUrls(url, parseCookies(request.headers.get("cookie"))),
    headers: Object.fromEntries(request.headers),
    body: await readBody(request),
  });
  return toResponse(captured);
}

/**
 * GET /api/auth/google: next-auth v4 starts OAuth only from a POST carrying its CSRF token, so we
 * run both steps in-process (fetch a CSRF token, post the sign-in) and answer the browser with
 * the redirect to Google and every cookie next-auth set (CSRF, state, PKCE verifier).
 */
export async function startGoogleSignIn(): Promise<Response> {
  // A browser that follows an old Google button lands on the login page, which says why.
  if (!isGoogleEnabled()) return redirectTo("/login?error=Configuration");
  const base = new URL(nextAuthBase());
  const csrf = await runNextAuth({
    method: "GET",
    url: new URL(`${base.pathname}/csrf`, base),
    cookies: {},
    headers: { host: base.host },
  });
  const csrfToken = (csrf.body as { csrfToken?: string } | undefined)?.csrfToken;
  if (!csrfToken) throw new Error("next-auth did not issue a CSRF token");
  // Only the CSRF cookie of this first step matters; the sign-in step sets the callback URL.
  const csrfCookies = setCookies(csrf).filter((c) => /^(__Host-)?next-auth\.csrf-token=/.test(c));
  const signin = await runNextAuth({
    method: "POST",
    url: new URL(`${base.pathname}/signin/google`, base),
    cookies: parseCookies(csrfCookies.map((c) => c.split(";")[0]).join("; ")),
    headers: { host: base.host, "content-type": "application/json" },
    body: { csrfToken, callbackUrl: appUrl(CALLBACK_PAGE) },
  });
  const location = signin.headers.get("location");
  if (typeof location !== "string" || !location.startsWith(googleEndpoints.authorization)) {
    console.error("Google sign-in could not start", location);
    return redirectTo("/login?error=OAuthSignin");
  }
  return toResponse(signin, csrfCookies);
}
