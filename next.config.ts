import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // A separate build folder lets a test server build beside a running dev server.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  serverExternalPackages: ["@electric-sql/pglite", "sharp"],
  poweredByHeader: false,
  images: {
    loader: "custom",
    loaderFile: "./lib/image-loader.ts",
    deviceSizes: [320, 640, 960, 1280, 1920],
    imageSizes: [64, 128, 256],
    qualities: [20, 50, 60, 75, 85],
  },
};

export default nextConfig;
