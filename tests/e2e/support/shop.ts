/**
 * Each Playwright worker tests its own shop server, on its own embedded database (the webServer
 * entries of playwright.config.ts): workers never share stock, accounts or limits. Worker n's
 * server listens ten ports above worker n-1's; servers a test starts use the six ports above its
 * worker's.
 */
const E2E_WORKER_PORT_STEP = 10;

const worker = Number(process.env.TEST_PARALLEL_INDEX || 0);

/** The port of worker `index`'s shop server (from the config, which runs outside any worker). */
export function shopPortOf(index: number): number {
  return Number(process.env.E2E_PORT || 3100) + index * E2E_WORKER_PORT_STEP;
}

/** The data folder of worker `index`'s shop server: its embedded database and its mail outbox. */
export function shopDataDirOf(index: number): string {
  const base = process.env.E2E_DATA_DIR || ".data-e2e";
  return index === 0 ? base : `${base}-w${index}`;
}

export const shopPort = shopPortOf(worker);
export const shopDataDir = shopDataDirOf(worker);
export const shopOrigin = `http://127.0.0.1:${shopPort}`;
