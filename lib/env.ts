import { z } from "zod";
import { trustedProxyHops } from "@/server/trust-proxy.mjs";

// Parsed lazily so `next build` and tests can import modules without a configured environment.
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default(".data"),
  AUTH_SECRET: z.string().optional(),
  APP_URL: z.string().default("http://localhost:3000"),
  SMTP_URL: z.string().optional(),
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

export function env(): Env {
  cached ??= schema.parse(
    Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== "")),
  );
  return cached;
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
