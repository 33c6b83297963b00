import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { absoluteUrl } from "@/components/product/product-seo";

export default async function robots(): Promise<MetadataRoute.Robots> {
  // Reads APP_URL when asked, not when built.
  await connection();
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/admin", "/api", "/checkout", "/orders"] },
    sitemap: absoluteUrl("/sitemap.xml"),
  };
}
