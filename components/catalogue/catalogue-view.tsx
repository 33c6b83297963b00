import clsx from "clsx";
import type { Metadata } from "next";
import Link from "next/link";
import { unstable_rethrow } from "next/navigation";
import { CategoryProducts } from "@/components/catalogue/category-products";
import {
  CategoryResults,
  CategorySwitcher,
  CategoryTabs,
} from "@/components/catalogue/category-switcher";
import { ProductGridSkeleton } from "@/components/catalogue/product-grid";
import { SectionHeading } from "@/components/catalogue/section-heading";
import { pageMetadata, productImageUrl } from "@/components/product/product-seo";
import { inkPill, outlinePill } from "@/components/ui/pill";
import { listProductsCached } from "@/lib/catalogue";
import { DEFAULT_CATEGORY, type Category } from "@/lib/constants";
import { messages } from "@/lib/messages";

// The home page (the default category's view) and each category's page: the same page for every
// visitor, rendered on its first visit from the cached catalogue and then served as static HTML
// until a catalogue write expires its tags.

/** A view of the catalogue: the category it shows, its address, its title and description. */
export type CatalogueViewOf = {
  category: Category;
  path: string;
  title: string;
  description: string;
};

export async function catalogueMetadata({
  category,
  path,
  title,
  description,
}: CatalogueViewOf): Promise<Metadata> {
  return pageMetadata({
    path,
    title: { absolute: title },
    description,
    images: await previewImages(category),
  });
}

/** A reading page (about, policies): a shared link shows the home page's first piece. */
export async function readingPageMetadata(
  page: Omit<Parameters<typeof pageMetadata>[0], "images">,
): Promise<Metadata> {
  return pageMetadata({ ...page, images: await previewImages(DEFAULT_CATEGORY) });
}

/** The category's first piece pictures a shared link; a failed read only loses the picture. */
async function previewImages(category: Category): Promise<string[]> {
  try {
    const image = (await listProductsCached({ category })).find((p) => p.images.length > 0)
      ?.images[0];
    return image ? [productImageUrl(image)] : [];
  } catch (error) {
    unstable_rethrow(error);
    return [];
  }
}

export function CatalogueView({ category }: { category: Category }) {
  return (
    <div>
      <Hero />
      <section
        id="collection"
        aria-labelledby="shop-by-category"
        className="mx-auto max-w-6xl scroll-mt-24 px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:scroll-mt-16"
      >
        <SectionHeading
          id="shop-by-category"
          eyebrow={messages.home.collectionEyebrow}
          title={messages.home.shopByCategory}
          className="mb-8 sm:mb-10"
        />
        <CategoryCollection category={category} />
      </section>
    </div>
  );
}

function CategoryCollection({ category }: { category: Category }) {
  return (
    <CategorySwitcher active={category}>
      <CategoryTabs />
      <div className="mt-8 sm:mt-10">
        {/* Rendered with the page, so the first card image is found and preloaded at once. */}
        <CategoryResults fallback={<ProductGridSkeleton />}>
          <CategoryProducts category={category} />
        </CategoryResults>
      </div>
    </CategorySwitcher>
  );
}

function Hero() {
  return (
    <section className="border-line from-sand/70 to-ivory relative isolate overflow-hidden border-b bg-gradient-to-b">
      <div
        aria-hidden="true"
        className="border-gold/25 absolute start-1/2 -top-24 -z-10 size-[34rem] -translate-x-1/2 rounded-full border rtl:translate-x-1/2"
      />
      <div
        aria-hidden="true"
        className="border-gold/20 absolute start-1/2 -top-10 -z-10 size-[22rem] -translate-x-1/2 rounded-full border rtl:translate-x-1/2"
      />
      <div className="mx-auto flex max-w-3xl flex-col items-center px-6 py-14 text-center sm:py-28">
        <p className="text-gold-dark text-xs font-medium tracking-[0.3em] uppercase">
          {messages.home.heroEyebrow}
        </p>
        <h1 className="text-ink mt-4 font-serif text-5xl leading-[1.05] font-medium sm:text-7xl">
          {messages.home.heroTitle}
        </h1>
        <p className="text-muted mt-4 max-w-xl text-[0.9375rem] leading-relaxed sm:mt-5 sm:text-lg">
          {messages.home.heroText}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3 sm:mt-9">
          <a href="#collection" className={clsx(inkPill, "px-6 sm:px-8")}>
            {messages.home.shopCollection}
          </a>
          <Link href="/about#lookbook" className={clsx(outlinePill, "px-6 sm:px-8")}>
            {messages.home.viewLookbook}
          </Link>
        </div>
      </div>
    </section>
  );
}
