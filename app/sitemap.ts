import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { categoryHref } from "@/components/catalogue/category";
import { absoluteUrl } from "@/components/product/product-seo";
import { listProductsCached } from "@/lib/catalogue";
import { CATEGORIES } from "@/lib/constants";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  // From the live catalogue when asked: never at build time, which has no database.
  await connection();
  const products = await listProductsCached();
  return [
    { url: absoluteUrl("/"), changeFrequency: "daily", priority: 1 },
    ...CATEGORIES.map((category) => ({
      url: absoluteUrl(categoryHref(category)),
      changeFrequency: "daily" as const,
      priority: 0.8,
    })),
    ...products.map((product) => ({
      url: absoluteUrl(`/product/${product.id}`),
      changeFrequency: "weekly" as const,
      priority: 0.7,
    })),
    { url: absoluteUrl("/about"), changeFrequency: "monthly", priority: 0.5 },
    { url: absoluteUrl("/privacy-policy"), changeFrequency: "yearly", priority: 0.2 },
    { url: absoluteUrl("/terms-of-service"), changeFrequency: "yearly", priority: 0.2 },
  ];
}
