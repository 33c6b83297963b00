import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, SignJWT, type KeyLike } from "jose";
import { GET as nextAuthGet, POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { GET as startGoogle } from "@/app/api/auth/google/route";
import { GET as profile } from "@/app/api/auth/profile/route";
import { googleEndpoints } from "@/lib/auth/google";
import { users } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { messages } from "@/lib/messages";
import { describeEachDatabase } from "@/tests/support/databases";
import {
  jsonRequest,
  readResponse,
  sessionCookieFrom,
  uniqueEmail,
} from "@/tests/support/auth-requests";

const CLIENT_ID = "lumiere-test.apps.googleusercontent.com";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lumiere-google-"));
const realEndpoints = { ...googleEndpoints };

type IdentityClaims = {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
};

/**
 * Google's token, key and userinfo endpoints, stood up on 127.0.0.1: the only part of the flow
 * replaced in tests. It checks the PKCE verifier and signs an ID token for `identity`.
 */
async function startFakeGoogle() {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const state: {
    identity: IdentityClaims | null;
    expectedChallenge: string | null;
    tokenRequests: URLSearchParams[];
  } = { identity: null, expectedChallenge: null, tokenRequests: [] };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.url === "/jwks") return send(200, { keys: [jwk] });
      if (req.url === "/token" && req.method === "POST") {
        const params = new URLSearchParams(Buffer.concat(chunks).toString());
        state.tokenRequests.push(params);
        const verifier = params.get("code_verifier") ?? "";
        const challenge = createHash("sha256").update(verifier).digest("base64url");
        if (params.get("code") !== "code-from-google" || challenge !== state.expectedChallenge) {
          return send(400, { error: "invalid_grant" });
        }
        const idToken = await new SignJWT({ ...state.identity, aud: CLIENT_ID })
          .setProtectedHeader({ alg: "RS256", kid: "test-key" })
          .setIssuer("https://accounts.google.com")
          .setIssuedAt()
          .setExpirationTime("5m")
          .sign(privateKey as KeyLike);
        return send(200, {
          access_token: "access-token",
          token_type: "Bearer",
          expires_in: 3599,
          scope: "openid email profile",
          id_token: idToken,
        });
      }
      if (req.url === "/userinfo") return send(200, state.identity);
      send(404, { error: "not_found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, base, state };
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");

/** Follows next-auth's redirects while they stay inside /api/auth, like a browser would. */
async function followInsideAuth(response: Response, cookie: string): Promise<Response> {
  for (let hops = 0; hops < 5; hops++) {
    const location = response.headers.get("location");
    if (response.status !== 302 || !location) return response;
    const url = new URL(location);
    if (!url.pathname.startsWith("/api/auth/")) return response;
    response = await nextAuthGet(new Request(url, { headers: { host: url.host, cookie } }));
  }
  return response;
}

describeEachDatabase("Google sign-in", ({ db }) => {
  let fake: Awaited<ReturnType<typeof startFakeGoogle>>;

  beforeAll(async () => {
    fake = await startFakeGoogle();
    Object.assign(googleEndpoints, {
      token: `${fake.base}/token`,
      userinfo: `${fake.base}/userinfo`,
      jwks: `${fake.base}/jwks`,
    });
  });
  afterAll(async () => {
    Object.assign(googleEndpoints, realEndpoints);
    delete process.env.GOOGLE_CLIENT_ID;
    delete process.env.GOOGLE_CLIENT_SECRET;
    resetEnvCache();
    await new Promise<void>((resolve) => fake.server.close(() => resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    process.env.DATA_DIR = dataDir;
    process.env.GOOGLE_CLIENT_ID = CLIENT_ID;
    process.env.GOOGLE_CLIENT_SECRET = "test-secret";
    resetEnvCache();
    jest.spyOn(console, "error").mockImplementation(() => {});
    jest.spyOn(console, "info").mockImplementation(() => {});
  });
  afterEach(() => jest.restoreAllMocks());

  /** Starts sign-in, lets "Google" answer for `identity`, and returns our callback's answer. */
  async function signInAs(identity: IdentityClaims) {
    const start = await startGoogle();
    const authorize = new URL(start.headers.get("location")!);
    fake.state.identity = identity;
    fake.state.expectedChallenge = authorize.searchParams.get("code_challenge");
    const cookie = cookiesOf(start);
    const callbackUrl = new URL("http://localhost:3000/api/auth/callback/google");
    callbackUrl.searchParams.set("code", "code-from-google");
    callbackUrl.searchParams.set("state", authorize.searchParams.get("state")!);
    const response = await nextAuthGet(
      new Request(callbackUrl, { headers: { host: "localhost:3000", cookie } }),
    );
    return followInsideAuth(response, cookie);
  }

  it("redirects the browser to Google's consent page with our client id, callback URL, state and PKCE", async () => {
    const response = await startGoogle();
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(
      "https://accounts.google.com/o/oauth2/v2/auth",
    );
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      redirect_uri: "http://localhost:3000/api/auth/callback/google",
      response_type: "code",
      scope: "openid email profile",
      code_challenge_method: "S256",
    });
    expect(location.searchParams.get("state")).toBeTruthy();
    expect(location.searchParams.get("code_challenge")).toBeTruthy();
    const cookies = response.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/next-auth\.state=/);
    expect(cookies).toMatch(/next-auth\.pkce\.code_verifier=/);
    expect(cookies).toMatch(/HttpOnly/i);
  });

  it("creates a verified Google account with its avatar, sets our session and lands on /auth/callback", async () => {
    const email = uniqueEmail("google");
    const response = await signInAs({
      sub: "google-sub-1",
      email,
      email_verified: true,
      given_name: "Layla",
      family_name: "Nassar",
      picture: "https://lh3.googleusercontent.com/a/photo",
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe("http://localhost:3000/auth/callback");
    const token = new URLSearchParams(location.hash.slice(1)).get("token")!;
    expect(token).toBeTruthy();
    expect(sessionCookieFrom(response)).toBe(`lumiere_session=${token}`);
    expect(fake.state.tokenRequests.at(-1)?.get("redirect_uri")).toBe(
      "http://localhost:3000/api/auth/callback/google",
    );
    const me = await readResponse(
      await profile(jsonRequest("/api/auth/profile", { method: "GET", token })),
    );
    expect(me.body.user).toMatchObject({
      email,
      firstName: "Layla",
      lastName: "Nassar",
      isEmailVerified: true,
      registrationSource: "google",
      avatar: "https://lh3.googleusercontent.com/a/photo",
      providers: { google: { id: "google-sub-1" } },
      hasPassword: false,
    });
    const [first] = await db().select().from(users).where(eq(users.email, email));
    expect(first!.lastLoginAt).not.toBeNull();
    // Signing in again finds the same account by its Google id, even if the Google email changed.
    const again = await signInAs({
      sub: "google-sub-1",
      email: uniqueEmail(),
      email_verified: true,
    });
    const againToken = new URLSearchParams(
      new URL(again.headers.get("location")!).hash.slice(1),
    ).get("token")!;
    const meAgain = await readResponse(
      await profile(jsonRequest("/api/auth/profile", { method: "GET", token: againToken })),
    );
    expect(meAgain.body.user).toMatchObject({ id: (me.body.user as { id: string }).id, email });
    // The sign-in is recorded, and a profile without a picture keeps the avatar.
    const [second] = await db().select().from(users).where(eq(users.email, email));
    expect(second!.previousLoginAt?.toISOString()).toBe(first!.lastLoginAt!.toISOString());
    expect(second!.avatar).toBe("https://lh3.googleusercontent.com/a/photo");
  });

  it("shortens a Google name past the limit without cutting a character in half", async () => {
    const email = uniqueEmail("google-long");
    await signInAs({
      sub: "google-sub-long",
      email,
      email_verified: true,
      // 49 letters, then an emoji of two UTF-16 units across the 50th.
      given_name: `${"M".repeat(49)}💍 and more`,
      family_name: `${"N".repeat(48)} é`,
    });
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ firstName: "M".repeat(49), lastName: `${"N".repeat(48)} é` });
  });

  it("links an existing account by verified email; an unverified squatter's password and sessions are dropped", async () => {
    const email = uniqueEmail("link");
    const { POST: signup } = await import("@/app/api/auth/signup/route");
    const created = await readResponse(
      await signup(
        jsonRequest("/api/auth/signup", {
          body: {
            email,
            password: "squatter-pass",
            firstName: "Sam",
            lastName: "Q",
            source: "instagram",
          },
        }),
      ),
    );
    const [before] = await db().select().from(users).where(eq(users.email, email));
    const response = await signInAs({
      sub: "google-sub-2",
      email: email.toUpperCase(),
      email_verified: true,
    });
    const token = new URLSearchParams(new URL(response.headers.get("location")!).hash.slice(1)).get(
      "token",
    )!;
    const me = await readResponse(
      await profile(jsonRequest("/api/auth/profile", { method: "GET", token })),
    );
    expect(me.body.user).toMatchObject({
      id: (created.body.user as { id: string }).id,
      isEmailVerified: true,
      hasPassword: false,
      registrationSource: "instagram_bio",
      providers: { google: { id: "google-sub-2" } },
    });
    const old = await profile(
      jsonRequest("/api/auth/profile", { method: "GET", token: created.body.token as string }),
    );
    expect(old.status).toBe(401);
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row!.googleId).toBe("google-sub-2");
    expect(row!.previousLoginAt?.toISOString()).toBe(before!.lastLoginAt!.toISOString());
  });

  it("refuses a Google email that Google has not verified: /login?error=AccessDenied", async () => {
    const response = await signInAs({
      sub: "google-sub-3",
      email: uniqueEmail(),
      email_verified: false,
    });
    const location = new URL(response.headers.get("location")!);
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("error")).toBe("AccessDenied");
    expect(sessionCookieFrom(response)).toBeNull();
  });

  it("sends a provider error or a forged state to /login?error=…", async () => {
    const start = await startGoogle();
    const cookie = cookiesOf(start);
    const denied = await followInsideAuth(
      await nextAuthGet(
        new Request("http://localhost:3000/api/auth/callback/google?error=access_denied", {
          headers: { host: "localhost:3000", cookie },
        }),
      ),
      cookie,
    );
    const deniedAt = new URL(denied.headers.get("location")!);
    expect(deniedAt.pathname).toBe("/login");
    expect(deniedAt.searchParams.get("error")).toBe("Callback");

    const forged = await followInsideAuth(
      await nextAuthGet(
        new Request(
          "http://localhost:3000/api/auth/callback/google?code=code-from-google&state=forged",
          {
            headers: { host: "localhost:3000", cookie },
          },
        ),
      ),
      cookie,
    );
    const forgedAt = new URL(forged.headers.get("location")!);
    expect(forgedAt.pathname).toBe("/login");
    expect(forgedAt.searchParams.get("error")).toBe("OAuthCallback");
    expect(sessionCookieFrom(forged)).toBeNull();
  });

  it("a callback URL next-auth cannot take (query, cookie or posted body) is dropped, never a 500", async () => {
    const auth = "http://localhost:3000/api/auth";
    const posted = (path: string, body: unknown) =>
      nextAuthPost(
        new Request(`${auth}${path}`, {
          method: "POST",
          headers: { host: "localhost:3000", "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
    const answers = [
      await nextAuthGet(new Request(`${auth}/csrf?callbackUrl=home`)),
      await nextAuthGet(new Request(`${auth}/session?callbackUrl=javascript:alert(1)`)),
      await nextAuthGet(
        new Request(`${auth}/csrf`, { headers: { cookie: "next-auth.callback-url=home" } }),
      ),
      await nextAuthGet(
        new Request(`${auth}/callback/google?code=x&state=y`, {
          headers: { cookie: "next-auth.callback-url=ftp%3A%2F%2Fx" },
        }),
      ),
      await posted("/signin/google", { callbackUrl: 5, csrfToken: "x" }),
      await posted("/signout", { callbackUrl: {} }),
      await posted("/signin/google", { callbackUrl: "home", csrfToken: "x" }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 302, 302, 302, 302]);
  });

  it("next-auth's own refusals answer in the API's error shape", async () => {
    const unsupported = await readResponse(
      await nextAuthGet(new Request("http://localhost:3000/api/auth/callback/elsewhere")),
    );
    expect(unsupported).toMatchObject({
      status: 400,
      body: { error: messages.api.invalidRequest },
    });
    const session = await readResponse(
      await nextAuthPost(
        new Request("http://localhost:3000/api/auth/session", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        }),
      ),
    );
    expect(session).toMatchObject({ status: 400, body: { error: messages.api.invalidRequest } });
  });

  it("without Google credentials: /api/auth/google and the callback go to /login, which says why", async () => {
    delete process.env.GOOGLE_CLIENT_ID;
    delete process.env.GOOGLE_CLIENT_SECRET;
    resetEnvCache();
    const start = await startGoogle();
    expect(start.status).toBe(302);
    expect(start.headers.get("location")).toBe("http://localhost:3000/login?error=Configuration");
    const callback = await nextAuthGet(
      new Request("http://localhost:3000/api/auth/callback/google?code=x&state=y", {
        headers: { host: "localhost:3000" },
      }),
    );
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe(
      "http://localhost:3000/login?error=Configuration",
    );
    const other = await nextAuthGet(
      new Request("http://localhost:3000/api/auth/session", {
        headers: { host: "localhost:3000" },
      }),
    );
    expect(other.status).toBe(404);
  });
});
