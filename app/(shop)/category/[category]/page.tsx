import { notFound } from "next/navigation";
import { categoryHref, categoryLabel } from "@/components/catalogue/category";
import {
  CatalogueView,
  catalogueMetadata,
  type CatalogueViewOf,
} from "@/components/catalogue/catalogue-view";
import { isCategory } from "@/lib/catalogue";
import { messages } from "@/lib/messages";

type Props = { params: Promise<{ category: string }> };

// The build has no database: it prerenders only this value, which is no category (a 404 that reads
// nothing). The real views render on their first visit and are then served from Next's cache.
export function generateStaticParams() {
  return [{ category: "_" }];
}

async function chosenView(params: Props["params"]): Promise<CatalogueViewOf> {
  const { category } = await params;
  if (!isCategory(category)) notFound();
  return {
    category,
    path: categoryHref(category),
    title: messages.home.categoryMetaTitle(categoryLabel(category)),
    description: messages.home.categoryMetaDescription(categoryLabel(category)),
  };
}

export async function generateMetadata({ params }: Props) {
  return catalogueMetadata(await chosenView(params));
}

export default async function CategoryPage({ params }: Props) {
  const { category } = await chosenView(params);
  return <CatalogueView category={category} />;
}
