import type { Category } from "@/lib/constants";

export const categoryLabel = (category: Category) =>
  category.charAt(0).toUpperCase() + category.slice(1);

/** The home page showing one category; the address is what shoppers share. */
export const categoryHref = (category: Category) => `/?category=${category}`;
