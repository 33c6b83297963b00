import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getAuthSecret } from "@/lib/auth/secret";
import { resetEnvCache } from "@/lib/env";

const saved = { ...process.env };
const store = globalThis as unknown as { __shopAuthSecret?: string };

function withEnv(vars: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(vars)) {
    if (value === undefined) delete (process.env as Record<string, string | undefined>)[key];
    else (process.env as Record<string, string>)[key] = value;
  }
  store.__shopAuthSecret = undefined;
  resetEnvCache();
}

afterEach(() => {
  process.env = { ...saved };
  store.__shopAuthSecret = undefined;
  resetEnvCache();
});

describe("session signing secret", () => {
  it("uses AUTH_SECRET when set", () => {
    withEnv({ AUTH_SECRET: "a-configured-secret", NODE_ENV: "production" });
    expect(getAuthSecret()).toBe("a-configured-secret");
  });

  it("refuses to run in production without AUTH_SECRET, naming the variable", () => {
    withEnv({ AUTH_SECRET: undefined, NODE_ENV: "production" });
    expect(() => getAuthSecret()).toThrow(/AUTH_SECRET is not set/);
  });

  it("in development generates one secret into DATA_DIR/auth-secret and keeps it across restarts", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lumiere-secret-"));
    try {
      withEnv({ AUTH_SECRET: undefined, NODE_ENV: "development", DATA_DIR: dataDir });
      const first = getAuthSecret();
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8")).toBe(first);
      expect(fs.statSync(path.join(dataDir, "auth-secret")).mode & 0o777).toBe(0o600);
      withEnv({});
      expect(getAuthSecret()).toBe(first);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
