import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

const config = createJestConfig({
  testEnvironment: "node",
  testMatch: ["<rootDir>/**/*.test.ts"],
  testPathIgnorePatterns: ["/node_modules/", "/tests/e2e/", "/.next"],
  modulePathIgnorePatterns: ["<rootDir>/.next"],
  moduleNameMapper: {
    "^next/cache$": "<rootDir>/tests/support/next-cache.ts",
    "^next/server$": "<rootDir>/tests/support/next-server.ts",
    "^@/(.*)$": "<rootDir>/$1",
  },
  testTimeout: 30_000,
  // Every suite has databases of its own, so suites run side by side on every core (Jest's default
  // leaves one free, which on a two-core machine runs them one at a time).
  maxWorkers: "100%",
});

const finalConfig = async () => ({
  ...(await config()),
  // The auth packages ship ESM only.
  transformIgnorePatterns: [
    "/node_modules/(?!(oauth4webapi|preact|preact-render-to-string|@panva)/)",
  ],
});

export default finalConfig;
