import type { MetadataRoute } from "next";
import { absoluteUrl } from "@/components/product/product-seo";

// Reads APP_URL when asked, not when built.
export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/admin", "/api", "/checkout", "/orders"] },
    sitemap: absoluteUrl("/sitemap.xml"),
  };
}
