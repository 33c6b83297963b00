import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { MISSING_AUTH_SECRET } from "@/lib/auth/startup-check";
import { env } from "@/lib/env";

const store = globalThis as unknown as { __shopAuthSecret?: string };

/**
 * The key that signs session tokens. Production requires AUTH_SECRET; development generates one
 * once into DATA_DIR/auth-secret so sessions survive restarts; tests use a per-process secret.
 */
export function getAuthSecret(): string {
  const { AUTH_SECRET, NODE_ENV, DATA_DIR } = env();
  if (AUTH_SECRET) return AUTH_SECRET;
  if (NODE_ENV === "production") throw new Error(MISSING_AUTH_SECRET);
  if (store.__shopAuthSecret) return store.__shopAuthSecret;
  if (NODE_ENV === "test") return (store.__shopAuthSecret = randomBytes(32).toString("base64url"));
  store.__shopAuthSecret = readOrCreateSecretFile(path.resolve(DATA_DIR, "auth-secret"));
  return store.__shopAuthSecret;
}

function readOrCreateSecretFile(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return fs.readFileSync(file, "utf8").trim();
}
