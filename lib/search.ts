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

/** Products whose name or category contains the query (case-insensitive), sorted; none for a blank query. */
export function searchProducts<P extends SearchableProduct>({
  products,
  query,
  sort = "name",
}: {
  products: readonly P[];
  query: string;
  sort?: SortOption;
}): P[] {
  const needle = query.trim().toLocaleLowerCase("en");
  if (!needle) return [];
  return products
    .filter(
      (product) =>
        product.name.toLocaleLowerCase("en").includes(needle) ||
        product.category.toLocaleLowerCase("en").includes(needle),
    )
    .sort(comparators[sort]);
}
