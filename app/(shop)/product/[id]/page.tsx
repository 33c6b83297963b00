import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { categoryHref, categoryLabel } from "@/components/catalogue/category";
import { Breadcrumb } from "@/components/product/breadcrumb";
import { JsonLd } from "@/components/product/json-ld";
import { ProductGallery } from "@/components/product/product-gallery";
import { ProductInfo } from "@/components/product/product-info";
import {
  absoluteUrl,
  productImageUrl,
  productJsonLd,
  productSummary,
} from "@/components/product/product-seo";
import { RelatedProducts } from "@/components/product/related-products";
import { getProductByIdCached } from "@/lib/catalogue";
import { SHOP_NAME } from "@/lib/constants";
import { messages } from "@/lib/messages";

type Props = { params: Promise<{ id: string }> };

// The build has no database: it prerenders only this id, which is no product id (a 404 that reads
// nothing). Real products render on their first visit and are then served from Next's cache.
export function generateStaticParams() {
  return [{ id: "_" }];
}

async function loadProduct(params: Props["params"]) {
  const product = await getProductByIdCached({ id: (await params).id });
  if (!product) notFound();
  return product;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const product = await loadProduct(params);
  const description = productSummary(product);
  const url = absoluteUrl(`/product/${product.id}`);
  const images = product.images.slice(0, 1).map((image) => ({
    url: productImageUrl(image),
    alt: product.name,
  }));
  return {
    title: product.name,
    description,
    alternates: { canonical: url },
    openGraph: {
      type: "website",
      siteName: SHOP_NAME,
      title: product.name,
      description,
      url,
      images,
    },
    twitter: {
      card: "summary_large_image",
      title: product.name,
      description,
      images: images.map((i) => i.url),
    },
  };
}

export default async function ProductPage({ params }: Props) {
  const product = await loadProduct(params);
  const category = categoryLabel(product.category);
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 pb-20 sm:px-6">
      <JsonLd data={productJsonLd(product)} />
      <Breadcrumb
        items={[
          { label: messages.product.breadcrumbHome, href: "/" },
          { label: category, href: categoryHref(product.category) },
          { label: product.name },
        ]}
      />
      <div className="mt-8 grid gap-10 lg:grid-cols-2 lg:gap-14">
        <ProductGallery images={product.images} name={product.name} />
        <ProductInfo product={product} eyebrow={category} />
      </div>
      {/* In the page itself, not behind a loading state: the list is cached like the product, so
          the page's HTML already holds it, or nothing when the piece is alone in its category. */}
      <RelatedProducts product={product} />
    </div>
  );
}
