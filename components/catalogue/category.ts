import type { Category } from "@/lib/constants";

export const categoryLabel = (category: Category) =>
  category.charAt(0).toUpperCase() + category.slice(1);

/** One category's page; the address is what shoppers share. */
export const categoryHref = (category: Category) => `/category/${category}`;

/** The spec's category address, `/?category=…`: redirected to the category's page. */
export const LEGACY_CATEGORY_PARAM = "category";
