import { z } from "zod";
import { trustedProxyHops } from "@/server/trust-proxy.mjs";

// Checked once at server start (lib/auth/startup-check.ts, with a clear message per variable), then
// parsed on first use, so `next build` and tests can import modules without a configured environment.
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default(".data"),
  AUTH_SECRET: z.string().optional(),
  APP_URL: z.string().default("http://localhost:3000"),
  SMTP_URL: z.string().optional(),
  // Production writes mail to DATA_DIR/outbox only when this says so ("1"): a trial server.
  MAIL_OUTBOX: z
    .enum(["0", "1"], { error: "must be 1 (mail written to DATA_DIR/outbox) or 0" })
    .default("0"),
  MAIL_FROM: z.string().default("Lumière Jewelry <hello@lumiere-jewelry.example>"),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  // The number of proxies in front of the shop (0: clients connect directly).
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => {
      try {
        return trustedProxyHops(value);
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).default(5),
  CHAT_URL: z.string().default("https://wa.me/96170000000"),
  INSTAGRAM_URL: z.string().default("https://www.instagram.com/lumiere.jewelry.lb"),
  TIKTOK_URL: z.string().default("https://www.tiktok.com/@lumiere.jewelry.lb"),
  CONTACT_EMAIL: z.string().default("hello@lumiere-jewelry.example"),
  SHOP_EMAIL: z.string().optional(),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

const setVariables = (source: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));

export function env(): Env {
  cached ??= schema.parse(setVariables(process.env));
  return cached;
}

/** An environment's values with their defaults, or undefined when one is malformed. */
export function readEnvironment(source: NodeJS.ProcessEnv): Env | undefined {
  const result = schema.safeParse(setVariables(source));
  return result.success ? result.data : undefined;
}

/** What is wrong with an environment, one line per variable naming it; empty when it is fine. */
export function environmentProblems(source: NodeJS.ProcessEnv): string[] {
  const result = schema.safeParse(setVariables(source));
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

/** Google sign-in is offered only when both of its credentials are configured. */
export function isGoogleEnabled(): boolean {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = env();
  return Boolean(GOOGLE_CLIENT_ID && GOOGLE_CLIENT_SECRET);
}

/** Where new-order notices go: SHOP_EMAIL, else the public contact address. */
export function shopEmail(): string {
  const { SHOP_EMAIL, CONTACT_EMAIL } = env();
  return SHOP_EMAIL ?? CONTACT_EMAIL;
}

/** For tests that change process.env between cases. */
export function resetEnvCache() {
  cached = undefined;
}
