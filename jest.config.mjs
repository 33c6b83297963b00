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
});

const finalConfig = async () => ({
  ...(await config()),
  // The auth packages ship ESM only.
  transformIgnorePatterns: [
    "/node_modules/(?!(oauth4webapi|preact|preact-render-to-string|@panva)/)",
  ],
});

export default finalConfig;
