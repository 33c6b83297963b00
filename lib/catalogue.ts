import "server-only";
import { createHash } from "node:crypto";
import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import { PHASE_PRODUCTION_BUILD } from "next/constants";
import { cacheLife, cacheTag } from "next/cache";
import { CATALOGUE_TAGS, NOT_KEPT_TAG, categoryTag, expireTag, productTag } from "@/lib/cache";
import { CATEGORIES, type Category } from "@/lib/constants";
import { getDb, isUuid, type Database } from "@/lib/db";
import { products, type Product } from "@/lib/db/schema";
import { PUBLIC_CACHE_CONTROL } from "@/server/cache-control.mjs";
import { centsToDollars } from "@/lib/format";
import { messages } from "@/lib/messages";
import { compareNames } from "@/lib/search";
import type { ProductDto } from "@/models/product";

/** Public catalogue answers: the pages' header (server/cache-control.mjs explains the values). */
export const CATALOGUE_CACHE_CONTROL = PUBLIC_CACHE_CONTROL;
/** The one wording of the five categories, as the owner's product form gives it too. */
export const categoryDetails = [messages.admin.categoryInvalid];

export const isProductId = isUuid;
export const isCategory = (value: unknown): value is Category =>
  typeof value === "string" && (CATEGORIES as readonly string[]).includes(value);

export const productImagePath = (imageId: string) => `/images/${imageId}.jpg`;

/** The id of a product's first picture, as a column of a select from `products`. */
export const firstImageIdColumn = sql<string | null>`(
  select pi.id::text from product_images pi
  where pi.product_id = "products"."id"
  order by pi.position, pi.created_at limit 1
)`;

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

// The catalogue's one order, shared by the lists, the related products taken from them and the
// search (lib/search.ts). Sorted here, not by the database, whose collation may be byte order
// (lowercase after Z, accents after everything).
const byNameThenId = (a: ProductRow, b: ProductRow) =>
  compareNames(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const selectByName = async (db: Database, where?: SQL) =>
  (await db.select(productColumns).from(products).where(where)).sort(byNameThenId);

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
  );
  return rows.slice(0, limit).map(rowToDto);
}

// Cached reads for pages and the public API, in Next's tagged cache ('use cache'): shared by every
// request (and with REDIS_URL by every instance) until a write expires their tags. Results are
// shared: treat them as read-only. Each entry carries the whole-catalogue tag, so one call can
// expire everything, and the narrowest tags a write can name.

const listTags = (category?: Category) => [
  CATALOGUE_TAGS.all,
  category ? categoryTag(category) : CATALOGUE_TAGS.list,
];

/**
 * Every product, or one category's, sorted by name. `next build` has no database: while it
 * prerenders the pages and answers that list products (the home and about pages, the list routes)
 * it gets an empty list, never served (the caches start empty, cache-handlers/): each is made
 * again on its first request.
 */
export async function listProductsCached({ category }: { category?: Category } = {}) {
  if (process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return [];
  return readListCached(category);
}

async function readListCached(category: Category | undefined) {
  "use cache";
  cacheLife("catalogue");
  cacheTag(...listTags(category));
  return listProducts({ category });
}

/** One product, or null (not cached when the id cannot be a product's: no database asked). */
export async function getProductByIdCached({ id }: { id: string }) {
  return isProductId(id) ? readProductCached(id.toLowerCase()) : null;
}

async function readProductCached(id: string) {
  "use cache";
  cacheLife("catalogue");
  cacheTag(CATALOGUE_TAGS.all, productTag(id));
  const product = await getProductById({ id });
  // An id no product has is looked up again each time, never stored: stored, every made-up address
  // a visitor sends would take a place in memory, or in Redis for a day. The answers built on this
  // read carry the tag too, so they are not stored either.
  if (!product) cacheTag(NOT_KEPT_TAG);
  return product;
}

/** Related products come from the product's category list, so that category's tag covers them. */
export async function listRelatedProductsCached({
  product,
  limit,
}: {
  product: Pick<ProductDto, "id" | "category">;
  limit: number;
}) {
  return readRelatedCached(product.id, product.category, limit);
}

async function readRelatedCached(id: string, category: Category, limit: number) {
  "use cache";
  cacheLife("catalogue");
  cacheTag(CATALOGUE_TAGS.all, categoryTag(category));
  return listRelatedProducts({ product: { id, category }, limit });
}

/**
 * A public API answer made once per change of its data: the JSON text and its ETag. The ETag is
 * weak: it names the content, which the entry point may send compressed or not.
 */
type CatalogueAnswer = { body: string; etag: string };

function toAnswer(value: unknown): CatalogueAnswer {
  const body = JSON.stringify(value);
  const digest = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  return { body, etag: `W/"${digest}"` };
}

/** The list answer (every product, or one category's), cached with the list it is made of. */
export async function productListAnswer({ category }: { category?: Category } = {}) {
  return readListAnswer(category);
}

async function readListAnswer(category: Category | undefined) {
  "use cache";
  cacheLife("catalogue");
  cacheTag(...listTags(category));
  return toAnswer(await listProductsCached({ category }));
}

/** One product's answer, or null when there is no such product. */
export async function productAnswer({ id }: { id: string }) {
  return isProductId(id) ? readProductAnswer(id.toLowerCase()) : null;
}

async function readProductAnswer(id: string) {
  "use cache";
  cacheLife("catalogue");
  cacheTag(CATALOGUE_TAGS.all, productTag(id));
  const product = await readProductCached(id);
  return product ? toAnswer(product) : null;
}

/**
 * A catalogue answer, publicly cacheable. The routes answering with it read nothing of the request,
 * so Next keeps the whole answer in its cache like a page; the entry point answers 304 to a client
 * that holds this version (server/cache-control.mjs).
 */
export function catalogueResponse({ body, etag }: CatalogueAnswer): Response {
  return new Response(body, {
    headers: {
      "Cache-Control": CATALOGUE_CACHE_CONTROL,
      ETag: etag,
      "Content-Type": "application/json",
    },
  });
}

/**
 * Every write to products, their images or their stock (admin edits, placed and cancelled orders)
 * calls this after it commits, naming what it changed: the products' ids and every category they
 * were in before or are in now. Without either, the whole catalogue is expired. The next request,
 * on any instance sharing the cache, reads fresh data.
 */
export function revalidateCatalogue(change: CatalogueChange = {}) {
  for (const tag of catalogueTagsToExpire(change)) expireTag(tag);
}

type CatalogueChange = { productIds?: readonly string[]; categories?: readonly Category[] };

/** The tags a change expires: the product list, the named categories and products, or everything. */
export function catalogueTagsToExpire({
  productIds = [],
  categories = [],
}: CatalogueChange): string[] {
  if (productIds.length + categories.length === 0) return [CATALOGUE_TAGS.all];
  const products = productIds.filter(isProductId).map((id) => productTag(id.toLowerCase()));
  return [...new Set([CATALOGUE_TAGS.list, ...categories.map(categoryTag), ...products])];
}
