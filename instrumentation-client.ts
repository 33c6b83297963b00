// Runs in the browser before the app starts. Forms validate with zod, and the pages'
// Content-Security-Policy forbids eval: zod must neither compile its parsers nor probe whether it
// may (the browser reports the probe as a violation, and zod probes as soon as a schema is built).
// zod keeps its settings (z.config) in this global, read when it loads, so setting it here keeps
// zod itself out of every page's first download.
const zodSettings = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodSettings.__zod_globalConfig = { ...zodSettings.__zod_globalConfig, jitless: true };
