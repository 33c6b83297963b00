import type { Metadata } from "next";
import { unstable_rethrow } from "next/navigation";
import { Suspense } from "react";
import { ProsePage } from "@/components/catalogue/prose-page";
import { NetworkPanel, QualityComparison } from "@/components/images/image-quality-demo";
import { absoluteUrl } from "@/components/product/product-seo";
import { Skeleton } from "@/components/ui/skeleton";
import { listProductsCached } from "@/lib/catalogue";
import { QUALITY_CLASSES } from "@/models/image-variants";
import { messages } from "@/lib/messages";

const t = messages.images.demo;

export const metadata: Metadata = {
  title: t.title,
  description: t.metaDescription,
  alternates: { canonical: absoluteUrl("/adaptive-demo") },
};

export default function AdaptiveDemoPage() {
  return (
    <ProsePage eyebrow={t.eyebrow} title={t.title} intro={<p>{t.intro}</p>}>
      <div className="mx-auto max-w-6xl space-y-14 px-4 py-14 sm:px-6 sm:py-16">
        <NetworkPanel />
        <Suspense fallback={<ComparisonSkeleton />}>
          <DemoComparison />
        </Suspense>
      </div>
    </ProsePage>
  );
}

/**
 * The first product photo of the catalogue, at each quality class: part of the cached page, expired
 * with the catalogue's list, so the page is the same for every visitor (the connection is read in
 * the browser).
 */
async function DemoComparison() {
  let photo: { src: string; name: string } | undefined;
  try {
    const product = (await listProductsCached()).find((p) => p.images.length > 0);
    photo = product && { src: product.images[0]!, name: product.name };
  } catch (error) {
    unstable_rethrow(error);
    console.error("Loading the demo photo failed", error);
  }
  if (!photo) return <p className="text-muted text-center">{t.noPhoto}</p>;
  return <QualityComparison src={photo.src} name={photo.name} />;
}

function ComparisonSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
      {QUALITY_CLASSES.map((imageClass) => (
        <Skeleton key={imageClass} className="aspect-[3/4] rounded-2xl" />
      ))}
    </div>
  );
}
