// Runs once when a server starts: a production server refuses to start without its secrets,
// rather than run insecurely. `next build` (which may load this file) is not a server start.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NODE_ENV !== "production") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  if (!process.env.AUTH_SECRET) {
    console.error(
      "\nLumière cannot start: AUTH_SECRET is not set. It signs session tokens and is required in " +
        "production. Set AUTH_SECRET to a long random value (for example `openssl rand -base64 32`).\n",
    );
    process.exit(1);
  }
}
