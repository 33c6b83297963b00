import type { Category } from "@/lib/constants";

export const categoryLabel = (category: Category) =>
  category.charAt(0).toUpperCase() + category.slice(1);

/** One category's page; the address is what shoppers share. */
export const categoryHref = (category: Category) => `/category/${category}`;

/**
 * The home page is the category page of this reserved value (a rewrite of `/` in next.config.ts):
 * both are rendered on their first visit, from the cached catalogue, and then served as one static
 * HTML, since `next build` reads no database.
 */
export const HOME_VIEW = "_home";

/** The spec's category address, `/?category=…`: redirected to the category's page. */
export const LEGACY_CATEGORY_PARAM = "category";
