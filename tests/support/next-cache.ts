// Jest compiles no 'use cache' directive (next/jest leaves the server transforms out), so the
// catalogue's cached reads run uncached here and their cacheLife/cacheTag calls have no cache
// scope to describe. They become no-ops; everything else is Next's own. Caching itself is tested
// against production servers (tests/e2e/catalogue-cache.spec.ts).
const nextCache = jest.requireActual<typeof import("next/cache")>("next/cache.js");

module.exports = { ...nextCache, cacheLife: () => {}, cacheTag: () => {} };
