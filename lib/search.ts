// Header search over the loaded catalogue (spec section 2, Search; section 9). Pure, so the
// browser can run it on the list it fetched once. Safe to import from client and server.
import type { SortOption } from "@/lib/constants";
import type { ProductDto } from "@/models/product";

export type SearchableProduct = Pick<ProductDto, "name" | "category" | "price">;

const names = new Intl.Collator("en", { sensitivity: "base" });

/** The shop's order of names, as a reader expects it: "amber" by "Amber", "Éclat" among the E's. */
export const compareNames = (a: string, b: string) => names.compare(a, b);

const byName = (a: SearchableProduct, b: SearchableProduct) => compareNames(a.name, b.name);

const comparators: Record<SortOption, (a: SearchableProduct, b: SearchableProduct) => number> = {
  name: byName,
  "price-asc": (a, b) => a.price - b.price || byName(a, b),
  "price-desc": (a, b) => b.price - a.price || byName(a, b),
};

/**
 * Text as the search compares it: lower case, without accents or Arabic vowel and hamza marks.
 * Shoppers type on phones without them ("eclat" for "Éclat", "الارز" for "الأرز"), and a name
 * pasted from a Mac may hold the accent as a separate character, which an exact match misses.
 */
const searchable = (text: string) =>
  text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("en");

/** Products whose name or category contains the query (ignoring case and accents), sorted; none for a blank query. */
export function searchProducts<P extends SearchableProduct>({
  products,
  query,
  sort = "name",
}: {
  products: readonly P[];
  query: string;
  sort?: SortOption;
}): P[] {
  const needle = searchable(query.trim());
  if (!needle) return [];
  return products
    .filter(
      (product) =>
        searchable(product.name).includes(needle) || searchable(product.category).includes(needle),
    )
    .sort(comparators[sort]);
}
