// Runs once when a server starts: a production server refuses to start without its secrets
// rather than run insecurely. `next build` (which may load this file) is not a server start.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { assertStartupEnvironment } = await import("@/lib/auth/startup-check");
    assertStartupEnvironment();
  }
}
