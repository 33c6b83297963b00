import path from "node:path";
import type { NextConfig } from "next";
import { IMAGE_QUALITY, IMAGE_THUMBNAIL_WIDTHS, IMAGE_WIDTHS } from "./lib/constants";

const nextConfig: NextConfig = {
  // A separate build folder lets a test server build beside a running dev server.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // rate-limiter-flexible loads drizzle-orm by a dynamic import that bundling cannot follow.
  serverExternalPackages: ["@electric-sql/pglite", "sharp", "rate-limiter-flexible"],
  poweredByHeader: false,
  // Pages get their ETag (and 304s) from the entry point, which digests every page it sends
  // anyway (server/security.mjs); Next's own hashes each page's text again on every request.
  generateEtags: false,
  // The entry point compresses, keeping what many requests share (server/compression.mjs).
  compress: false,
  cacheComponents: true,
  // Pages and cached answers start empty on every server start, so none carries the configuration
  // of the build; with REDIS_URL they and the 'use cache' entries live in Redis, shared by every
  // instance (cache-handlers/).
  cacheHandler: path.resolve("cache-handlers/incremental.mjs"),
  cacheHandlers: { default: path.resolve("cache-handlers/use-cache.mjs") },
  partialPrefetching: false,
  // Next renders every page anew, uncached and private, for user agents it takes for crawlers that
  // read only the head (link previews, Lighthouse): a header anyone can send, a way around the
  // cache. The catalogue's pages resolve their title, canonical and previews into the cached
  // page's head, so those crawlers get the same cached page as every visitor.
  htmlLimitedBots: /(?!)/,
  cacheLife: {
    // Catalogue reads: expired by tag on every write, so the time limits are only a safety net
    // for writes made outside the shop (a database edited by hand).
    catalogue: { stale: 300, revalidate: 3600, expire: 86_400 },
  },
  images: {
    loader: "custom",
    loaderFile: "./lib/image-loader.ts",
    deviceSizes: [...IMAGE_WIDTHS],
    imageSizes: [...IMAGE_THUMBNAIL_WIDTHS],
    // One per network quality class: the loader reads the class from it.
    qualities: Object.values(IMAGE_QUALITY).map(({ quality }) => quality),
  },
};

export default nextConfig;
