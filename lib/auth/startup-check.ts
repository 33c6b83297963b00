// Loaded by instrumentation.ts at server start, so it imports nothing server-only.
import { environmentProblems, readEnvironment } from "@/lib/env";

export const MISSING_AUTH_SECRET =
  "AUTH_SECRET is not set. It signs session tokens and is required in production: " +
  "set AUTH_SECRET to a long random value (for example `openssl rand -base64 32`).";

/** HS256-class keys need at least 256 bits: anything shorter can be guessed offline from one token. */
export const MIN_AUTH_SECRET_BYTES = 32;

/**
 * Everything that keeps a server from starting, one message per problem, each naming its
 * variable: a malformed value anywhere; in production, a missing or short AUTH_SECRET, and no
 * SMTP_URL without an explicit MAIL_OUTBOX=1 (PINs and links would silently go to disk).
 */
export function startupProblems(source: NodeJS.ProcessEnv = process.env): string[] {
  const problems = environmentProblems(source);
  if (source.NODE_ENV !== "production") return problems;
  const secret = source.AUTH_SECRET ?? "";
  if (!secret) {
    problems.push(MISSING_AUTH_SECRET);
  } else if (Buffer.byteLength(secret, "utf8") < MIN_AUTH_SECRET_BYTES) {
    problems.push(
      `AUTH_SECRET is too short (${Buffer.byteLength(secret, "utf8")} bytes): it must be at least ` +
        `${MIN_AUTH_SECRET_BYTES} bytes (for example \`openssl rand -base64 32\`).`,
    );
  }
  if (!source.SMTP_URL && source.MAIL_OUTBOX !== "1") {
    problems.push(
      "SMTP_URL is not set: customers would never receive their PINs and links. Set SMTP_URL " +
        "(smtp://user:pass@host:587), or MAIL_OUTBOX=1 to write mail to DATA_DIR/outbox on purpose.",
    );
  }
  return problems;
}

/** A reserved test domain (RFC 2606): the sample addresses, which no mail ever reaches. */
const SAMPLE_ADDRESS = /@[^>\s]*\.example\b/i;

/**
 * What a production server sending real mail still runs on but should not: the sample addresses.
 * New-order notices would go to nobody, and mail would come from a domain that does not exist.
 */
export function startupWarnings(source: NodeJS.ProcessEnv = process.env): string[] {
  if (source.NODE_ENV !== "production" || !source.SMTP_URL) return [];
  const values = readEnvironment(source);
  if (!values) return [];
  const { MAIL_FROM, CONTACT_EMAIL, SHOP_EMAIL } = values;
  const warnings: string[] = [];
  if (SAMPLE_ADDRESS.test(SHOP_EMAIL ?? CONTACT_EMAIL)) {
    warnings.push(
      `SHOP_EMAIL (or CONTACT_EMAIL) is the sample address ${SHOP_EMAIL ?? CONTACT_EMAIL}: ` +
        "new-order notices reach nobody. Set SHOP_EMAIL to the shop's inbox.",
    );
  }
  if (SAMPLE_ADDRESS.test(MAIL_FROM)) {
    warnings.push(
      `MAIL_FROM is the sample sender ${MAIL_FROM}: mail providers refuse or bin mail from it. ` +
        'Set MAIL_FROM to an address of the shop\'s own domain ("Lumière <hello@shop.example>").',
    );
  }
  return warnings;
}

/** A server never starts with an environment it cannot run safely on: it says why and exits. */
export function assertStartupEnvironment() {
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  for (const warning of startupWarnings()) console.warn(`Lumière: ${warning}`);
  const problems = startupProblems();
  if (problems.length === 0) return;
  console.error(
    `\nLumière cannot start.\n${problems.map((problem) => `- ${problem}`).join("\n")}\n`,
  );
  process.exit(1);
}
