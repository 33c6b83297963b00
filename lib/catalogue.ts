import "server-only";
import { and, asc, eq, ne, sql, type SQL } from "drizzle-orm";
import { cacheByTag, revalidateCacheTag, TAGS } from "@/lib/cache-tags";
import { CATEGORIES, type Category } from "@/lib/constants";
import { getDb, isUuid, type Database } from "@/lib/db";
import { products, type Product } from "@/lib/db/schema";
import { centsToDollars } from "@/lib/format";
import type { ProductDto } from "@/models/product";

const CATALOGUE_TTL_SECONDS = 60;

/** Public catalogue answers: shared caches keep them briefly; browsers always ask again. */
export const CATALOGUE_CACHE_CONTROL = "public, max-age=0, s-maxage=30, stale-while-revalidate=60";
export const categoryDetails = [`category must be one of: ${CATEGORIES.join(", ")}`];

export const isProductId = isUuid;
export const isCategory = (value: unknown): value is Category =>
  typeof value === "string" && (CATEGORIES as readonly string[]).includes(value);

export const productImagePath = (imageId: string) => `/images/${imageId}.jpg`;

type ProductRow = Pick<
  Product,
  "id" | "name" | "priceCents" | "category" | "description" | "quantity" | "materials"
>;

/** The API's and storefront's shape of a product; images in their stored order. */
export function toProductDto(row: ProductRow, imageIds: readonly string[]): ProductDto {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    price: centsToDollars(row.priceCents),
    category: row.category,
    description: row.description,
    quantity: row.quantity,
    materials: [...row.materials],
    images: imageIds.map(productImagePath),
  };
}

// Image ids by position, gathered in the same query as their product. Written out in full:
// Drizzle drops table names from columns in single-table selects, which would make the
// correlation ambiguous. Both drivers (pg, PGlite) give the text[] back as an array.
const imageIdsColumn = sql<string[]>`coalesce((
  select array_agg(pi.id::text order by pi.position, pi.created_at)
  from product_images pi where pi.product_id = "products"."id"
), '{}'::text[])`;

const productColumns = {
  id: products.id,
  name: products.name,
  priceCents: products.priceCents,
  category: products.category,
  description: products.description,
  quantity: products.quantity,
  materials: products.materials,
  imageIds: imageIdsColumn,
};

const rowToDto = (row: ProductRow & { imageIds: string[] }) => toProductDto(row, row.imageIds);

// The catalogue's one order, shared by the lists and the related products taken from them.
const selectByName = (db: Database, where?: SQL) =>
  db
    .select(productColumns)
    .from(products)
    .where(where)
    .orderBy(asc(products.name), asc(products.id));

/** Every product, or one category's, sorted by name. */
export async function listProducts({ category }: { category?: Category } = {}): Promise<
  ProductDto[]
> {
  const rows = await selectByName(
    await getDb(),
    category ? eq(products.category, category) : undefined,
  );
  return rows.map(rowToDto);
}

/** One product, or null when the id is unknown or not a product id at all. */
export async function getProductById({ id }: { id: string }): Promise<ProductDto | null> {
  if (!isProductId(id)) return null;
  const db = await getDb();
  const [row] = await db.select(productColumns).from(products).where(eq(products.id, id));
  return row ? rowToDto(row) : null;
}

/** Whether a product exists (uncached: for checks before a change). */
export async function productExists({ id }: { id: string }): Promise<boolean> {
  if (!isProductId(id)) return false;
  const db = await getDb();
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  return row !== undefined;
}

/** Up to `limit` other products of the same category, in the list's order (by name). */
export async function listRelatedProducts({
  product,
  limit,
}: {
  product: Pick<ProductDto, "id" | "category">;
  limit: number;
}): Promise<ProductDto[]> {
  if (limit <= 0) return [];
  const rows = await selectByName(
    await getDb(),
    and(
      eq(products.category, product.category),
      isProductId(product.id) ? ne(products.id, product.id) : undefined,
    ),
  ).limit(limit);
  return rows.map(rowToDto);
}

// Cached reads for pages and the public API. Results are shared: treat them as read-only.
const cacheOptions = {
  tags: [TAGS.catalogue],
  ttlSeconds: CATALOGUE_TTL_SECONDS,
  scope: getDb,
} as const;

export const listProductsCached = cacheByTag(
  ({ category }: { category?: Category } = {}) => listProducts({ category }),
  { name: "listProducts", ...cacheOptions },
);

const getProductByIdShared = cacheByTag(getProductById, {
  name: "getProductById",
  ...cacheOptions,
});
export const getProductByIdCached = async ({ id }: { id: string }) =>
  isProductId(id) ? getProductByIdShared({ id: id.toLowerCase() }) : null;

const listRelatedShared = cacheByTag(
  ({ id, category, limit }: { id: string; category: Category; limit: number }) =>
    listRelatedProducts({ product: { id, category }, limit }),
  { name: "listRelatedProducts", ...cacheOptions },
);
export const listRelatedProductsCached = ({
  product,
  limit,
}: {
  product: Pick<ProductDto, "id" | "category">;
  limit: number;
}) => listRelatedShared({ id: product.id, category: product.category, limit });

/**
 * After any change to products, their images or their stock (admin edits, orders). `changed`
 * names what changed, so a finer cache can drop only that; today the whole catalogue goes.
 */
export function revalidateCatalogue(
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- for a finer cache to use
  _changed: { productIds?: readonly string[]; categories?: readonly Category[] } = {},
) {
  revalidateCacheTag(TAGS.catalogue);
}
