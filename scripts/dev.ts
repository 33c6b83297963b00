// `npm run dev`: the development server, with the address and the sample admin printed.
import { spawn } from "node:child_process";
import { SAMPLE_ADMIN } from "@/lib/constants";

const port = process.env.PORT || "3000";
const usingEmbedded = !process.env.DATABASE_URL;

console.log(`
  Lumière is starting at http://localhost:${port}
  Database: ${usingEmbedded ? `embedded PGlite in ${process.env.DATA_DIR || ".data"}/db (created and seeded on first start)` : "DATABASE_URL"}
  Sample admin (new embedded databases only): ${SAMPLE_ADMIN.email} / ${SAMPLE_ADMIN.password}
  Mail: ${process.env.SMTP_URL ? "SMTP_URL" : `written to ${process.env.DATA_DIR || ".data"}/outbox`}
`);

// The same entry point as `npm start` (client addresses, security headers), in development mode.
const child = spawn(process.execPath, ["server/index.mjs", "--dev"], {
  stdio: "inherit",
  env: { ...process.env, PORT: port, NEXT_TELEMETRY_DISABLED: "1" },
});
child.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
