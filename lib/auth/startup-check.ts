// Loaded by instrumentation.ts at server start, so it imports nothing server-only.
export const MISSING_AUTH_SECRET =
  "AUTH_SECRET is not set. It signs session tokens and is required in production: " +
  "set AUTH_SECRET to a long random value (for example `openssl rand -base64 32`).";

/** A production server never starts without the secret that signs sessions. */
export function assertProductionSecrets() {
  if (process.env.NODE_ENV !== "production") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  if (!process.env.AUTH_SECRET) {
    console.error(`\nLumière cannot start. ${MISSING_AUTH_SECRET}\n`);
    process.exit(1);
  }
}
