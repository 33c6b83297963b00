import type { NextConfig } from "next";
import { IMAGE_QUALITY, IMAGE_THUMBNAIL_WIDTHS, IMAGE_WIDTHS } from "./lib/constants";

const nextConfig: NextConfig = {
  // A separate build folder lets a test server build beside a running dev server.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  serverExternalPackages: ["@electric-sql/pglite", "sharp"],
  poweredByHeader: false,
  cacheComponents: true,
  partialPrefetching: false,
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
