// Header search over the loaded catalogue (spec section 2, Search; section 9). Pure, so the
// browser can run it on the list it fetched once. Safe to import from client and server.
import type { SortOption } from "@/lib/constants";
import type { OrderDto } from "@/models/order";
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
 * Text as the search compares it: lower case, runs of spaces as one, without accents or Arabic
 * vowel and hamza marks.
 * Shoppers type on phones without them ("eclat" for "Éclat", "الارز" for "الأرز"), and a name
 * pasted from a Mac may hold the accent as a separate character, which an exact match misses.
 */
const searchable = (text: string) =>
  text.normalize("NFD").replace(/\p{M}/gu, "").replace(/\s+/g, " ").toLocaleLowerCase("en");

const containsNeedle = (fields: readonly (string | undefined)[], needle: string) =>
  fields.some((field) => field !== undefined && searchable(field).includes(needle));

const productMatches = (product: SearchableProduct, needle: string) =>
  containsNeedle([product.name, product.category], needle);

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
  return products.filter((product) => productMatches(product, needle)).sort(comparators[sort]);
}

type SearchableOrder = Pick<OrderDto, "orderNumber" | "userId" | "phoneNumber"> & {
  shippingAddress: Pick<OrderDto["shippingAddress"], "fullName">;
};

/** The admin's products whose name or category contains the query; all of them for a blank one. */
export function findAdminProducts<P extends SearchableProduct>(
  products: readonly P[],
  query: string,
): readonly P[] {
  const needle = searchable(query.trim());
  if (!needle) return products;
  return products.filter((product) => productMatches(product, needle));
}

/**
 * A Lebanese phone number's digits without the country code or the trunk 0: "03 123 456",
 * "+961 3 123456" and "00961 3 123 456" are all "3123456", the way caller ID and WhatsApp show
 * the number the customer typed either way.
 */
const nationalDigits = (phone: string) =>
  phone
    .replace(/\D/g, "")
    .replace(/^(?:00)?961/, "")
    .replace(/^0/, "");

/**
 * The admin's orders whose number, customer's or delivery name, or email contains the query, or
 * whose phone number holds the digits of a query made of digits, however either was spaced or
 * prefixed ("03 123456" and "+961 3 123456" find 03 123 456); all of them for a blank query.
 */
export function findAdminOrders<O extends SearchableOrder>(
  orders: readonly O[],
  query: string,
): readonly O[] {
  const needle = searchable(query.trim());
  if (!needle) return orders;
  // "961" alone is digits of a number, not only its country code.
  const digits = /^[\d\s+().-]+$/.test(query.trim())
    ? nationalDigits(query) || query.replace(/\D/g, "")
    : "";
  return orders.filter(
    (order) =>
      containsNeedle(
        [
          order.orderNumber,
          order.userId && `${order.userId.firstName} ${order.userId.lastName}`,
          order.userId?.email,
          order.shippingAddress.fullName,
        ],
        needle,
      ) ||
      (digits !== "" && nationalDigits(order.phoneNumber).includes(digits)),
  );
}
