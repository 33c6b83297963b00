import type { Metadata } from "next";
import { categoryLabel } from "@/components/catalogue/category";
import { env } from "@/lib/env";
import { SHOP_NAME } from "@/lib/constants";
import { messages } from "@/lib/messages";
import { shareImageUrl } from "@/models/image-variants";
import type { ProductDto } from "@/models/product";
import { cutBetweenCharacters } from "@/models/text";

/** An absolute URL on the shop's public address (APP_URL), for links read outside the site. */
export function absoluteUrl(path: string): string {
  return new URL(path, env().APP_URL).toString();
}

/**
 * Title, description, canonical address and link preview of a page, with the pictures given (none
 * by default). Called when the page renders, so the address is the running server's APP_URL, not
 * the build's.
 */
export function pageMetadata({
  path,
  title,
  shareTitle = typeof title === "string" ? title : title.absolute,
  description,
  images = [],
}: {
  path: string;
  /** `{ absolute }`: without the shop's name the layout adds. */
  title: string | { absolute: string };
  shareTitle?: string;
  description: string;
  images?: string[];
}): Metadata {
  const url = absoluteUrl(path);
  return {
    title,
    description,
    alternates: { canonical: url },
    openGraph: {
      type: "website",
      siteName: SHOP_NAME,
      title: shareTitle,
      description,
      url,
      ...(images.length > 0 && { images }),
    },
    ...(images.length > 0 && {
      twitter: { card: "summary_large_image", title: shareTitle, description, images },
    }),
  };
}

/** A large JPEG rendition of a product image, absolute: every link preview reads JPEG. */
export function productImageUrl(image: string): string {
  return absoluteUrl(shareImageUrl(image));
}

const DESCRIPTION_LENGTH = 160;

/** A one-paragraph summary for search results and link previews. */
export function productSummary(product: ProductDto): string {
  const text =
    product.description.trim() ||
    messages.product.fallbackSummary(categoryLabel(product.category).toLowerCase());
  const flat = text.replace(/\s+/g, " ");
  return flat.length <= DESCRIPTION_LENGTH
    ? flat
    : `${cutBetweenCharacters(flat, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

/** schema.org Product with its price and availability, as search engines read it. */
export function productJsonLd(product: ProductDto) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: productSummary(product),
    image: product.images.map(productImageUrl),
    category: categoryLabel(product.category),
    material: product.materials.length > 0 ? product.materials.join(", ") : undefined,
    sku: product.id,
    brand: { "@type": "Brand", name: SHOP_NAME },
    offers: {
      "@type": "Offer",
      url: absoluteUrl(`/product/${product.id}`),
      price: product.price.toFixed(2),
      priceCurrency: "USD",
      availability:
        product.quantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
}

/** JSON for a <script type="application/ld+json">, safe against closing the script early. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
