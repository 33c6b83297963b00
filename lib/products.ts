import "server-only";
import { and, asc, eq, inArray, isNull, notExists, sql } from "drizzle-orm";
import { getProductById, isProductId, listProducts, revalidateCatalogue } from "@/lib/catalogue";
import { MAX_PRODUCT_IMAGES } from "@/lib/constants";
import { getDb, type DbOrTx } from "@/lib/db";
import { orderItems, productImages, products } from "@/lib/db/schema";
import { AppError, badRequest, conflict, invalidInput, notFound } from "@/lib/errors";
import { afterResponse } from "@/lib/http";
import {
  MAX_UPLOAD_BYTES,
  prepareImageVariants,
  validateImageUpload,
  type ValidatedImage,
} from "@/lib/images";
import { messages } from "@/lib/messages";
import { readMultipartForm, type MultipartLimits } from "@/lib/multipart";
import { centsToDollars } from "@/lib/format";
import {
  EDITED_FIELDS,
  productFieldsSchema,
  productWasSchema,
  quantityField,
  type EditedField,
  type ProductDto,
  type ProductFields,
  type ProductWas,
} from "@/models/product";

const a = messages.admin;
const MEGABYTE = 1024 * 1024;
// Every image at its limit, and room for the text fields.
export const MAX_PRODUCT_FORM_BYTES = MAX_PRODUCT_IMAGES * MAX_UPLOAD_BYTES + MEGABYTE;

const MAX_FORM_FIELDS = 20;
const MAX_FIELD_KB = 64;

const PRODUCT_FORM_LIMITS: MultipartLimits = {
  maxBytes: MAX_PRODUCT_FORM_BYTES,
  maxFileBytes: MAX_UPLOAD_BYTES,
  maxFiles: MAX_PRODUCT_IMAGES,
  fileFields: ["images"],
  maxFields: MAX_FORM_FIELDS,
  maxFieldBytes: MAX_FIELD_KB * 1024,
  errors: {
    notMultipart: () =>
      new AppError(415, messages.api.unsupportedMediaType, { details: [a.multipartRequired] }),
    malformed: () => invalidInput(a.invalidForm),
    textForFile: () => invalidInput(a.imagesMustBeFiles),
    tooLarge: () =>
      new AppError(413, messages.api.payloadTooLarge, {
        details: [a.uploadTooLarge(Math.floor(MAX_PRODUCT_FORM_BYTES / MEGABYTE))],
      }),
    fileTooLarge: (filename) =>
      new AppError(413, messages.api.imageTooLarge, {
        details: [messages.api.fileTooLarge(filename, MAX_UPLOAD_BYTES / MEGABYTE)],
      }),
    tooManyFiles: () => invalidInput(a.tooManyImages(MAX_PRODUCT_IMAGES)),
    tooManyFields: () => invalidInput(a.tooManyFields(MAX_FORM_FIELDS)),
    fieldTooLarge: (name) => invalidInput(a.fieldTooLarge(name.slice(0, 40), MAX_FIELD_KB)),
  },
};

/** A new image, already checked and re-encoded. */
export type NewImage = ValidatedImage;

export type ProductForm = {
  fields: ProductFields;
  images: NewImage[];
  /** Edit only: the images' new order (see readProductForm). */
  imageOrder?: string[];
  /** Edit only: the stock the form was opened with (see readProductForm). */
  quantityWas?: number;
  /** Edit only: the other fields as the form was opened (see readProductForm). */
  was?: ProductWas;
};

/**
 * Reads the admin's product form (multipart/form-data) and checks it with the spec's rules.
 *
 * Text fields: `name`, `price` (dollars, at most two decimals), `category`, `description`,
 * `quantity`, `materials` (JSON list text). Files: repeated `images` parts (JPEG, PNG, WebP or
 * AVIF; required on create). On edit, `imageOrder` (JSON list text) may give the product's images
 * in their new order: each entry is a kept image, named by its path as the product lists it
 * ("/images/<id>.jpg") or its id, or `new:<n>` for the n-th uploaded file (from 0). Images left out
 * are removed; every uploaded file must be listed. Without `imageOrder`, the current images stay in
 * their order and uploaded ones follow. A product keeps 1 to MAX_PRODUCT_IMAGES (10) images. On
 * edit, `quantityWas` may give the stock the form was opened with, and `was` (JSON object text)
 * the name, price, category, description and materials it was opened with (see updateProduct).
 *
 * The text is checked first, then the images are decoded one at a time (the costly part).
 */
export async function readProductForm(
  request: Request,
  { mode }: { mode: "create" | "update" },
): Promise<ProductForm> {
  const { fields, files } = await readMultipartForm(request, PRODUCT_FORM_LIMITS);
  const details: string[] = [];

  const materials = parseJsonList(fields.materials, a.materialsInvalid, details);
  const parsed = productFieldsSchema.safeParse({
    ...fields,
    materials: materials ?? [],
  });
  if (!parsed.success) details.push(...parsed.error.issues.map((issue) => issue.message));

  let imageOrder: string[] | undefined;
  let quantityWas: number | undefined;
  let was: ProductWas | undefined;
  if (mode === "update") {
    imageOrder = parseJsonList(fields.imageOrder, a.imageOrderInvalid, details);
    quantityWas = parseQuantityWas(fields.quantityWas, details);
    was = parseWas(fields.was, details);
  } else if (files.length === 0) {
    details.push(a.imagesRequired);
  }
  if (details.length || !parsed.success) {
    const unique = [...new Set(details)];
    throw badRequest(unique[0], unique);
  }

  const images: NewImage[] = [];
  const refusals: AppError[] = [];
  for (const file of files) {
    try {
      images.push(await validateImageUpload(file.data, { filename: file.filename }));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refusals.push(error);
    }
  }
  if (refusals.length) {
    const [first] = refusals as [AppError];
    const status = refusals.some((r) => r.status === 413) ? 413 : first.status;
    throw new AppError(status, first.message, {
      details: refusals.flatMap((r) => r.extra.details ?? []),
    });
  }
  return { fields: parsed.data, images, imageOrder, quantityWas, was };
}

/** A stock by the quantity's own rule, or undefined when the field is absent; a problem goes to `details`. */
function parseQuantityWas(raw: string | undefined, details: string[]): number | undefined {
  if (raw === undefined) return undefined;
  const parsed = quantityField.safeParse(raw);
  if (parsed.success) return parsed.data;
  details.push(a.quantityWasInvalid);
  return undefined;
}

/** The fields an edit form was opened with, or undefined when absent; a problem goes to `details`. */
function parseWas(raw: string | undefined, details: string[]): ProductWas | undefined {
  if (raw === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {}
  const parsed = productWasSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  details.push(a.wasInvalid);
  return undefined;
}

/** A JSON list of text, or undefined when the field is absent; a problem goes to `details`. */
function parseJsonList(
  raw: string | undefined,
  problem: string,
  details: string[],
): string[] | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (Array.isArray(value) && value.every((entry) => typeof entry === "string")) return value;
  } catch {}
  details.push(problem);
  return undefined;
}

/** Every product for the admin list, with its images, sorted by name like the storefront. */
export async function listAdminProducts(): Promise<ProductDto[]> {
  return listProducts();
}

/** The product an earlier create with this idempotency key made, if it still exists. */
export async function findCreatedProduct({
  idempotencyKey,
}: {
  idempotencyKey: string;
}): Promise<ProductDto | null> {
  const db = await getDb();
  const [first] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.idempotencyKey, idempotencyKey));
  return first ? getProductById({ id: first.id }) : null;
}

/**
 * Reads a product form within its limits and drops it, its photos never decoded: a create sent
 * again is answered once its upload is in, as the first one was.
 */
export async function skipProductForm(request: Request): Promise<void> {
  await readMultipartForm(request, PRODUCT_FORM_LIMITS);
}

/**
 * Stores a new product with its images. With an idempotency key, a create sent again (the first
 * one's answer lost), even one arriving at the same moment, finds the product the first one made
 * instead of making a second: the key's unique index decides which one stores it.
 */
export async function createProduct({
  fields,
  images,
  idempotencyKey,
}: ProductForm & { idempotencyKey?: string }): Promise<{ product: ProductDto; created: boolean }> {
  const db = await getDb();
  const stored = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(products)
      .values({ ...productValues(fields), idempotencyKey: idempotencyKey ?? null })
      .onConflictDoNothing({
        target: products.idempotencyKey,
        where: sql`${products.idempotencyKey} is not null`,
      })
      .returning({ id: products.id });
    if (!created) return null;
    const imageIds = await insertImages(
      tx,
      created.id,
      images.map((image, position) => ({ image, position })),
    );
    return { id: created.id, imageIds };
  });
  if (!stored) {
    // Another create with this key stored the product since it was looked for.
    const first = await findCreatedProduct({ idempotencyKey: idempotencyKey! });
    if (!first) throw new Error("a product's idempotency key conflicted, and no product has it");
    return { product: first, created: false };
  }
  revalidateCatalogue({ productIds: [stored.id], categories: [fields.category] });
  prepareRenditions(stored.imageIds);
  return { product: (await getProductById({ id: stored.id }))!, created: true };
}

/** The product, when its last edit was the save with this idempotency key (sent again). */
export async function findEditedProduct({
  id,
  idempotencyKey,
}: {
  id: string;
  idempotencyKey: string;
}): Promise<ProductDto | null> {
  const db = await getDb();
  const [edited] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), eq(products.lastEditKey, idempotencyKey)));
  return edited ? getProductById({ id }) : null;
}

/**
 * Saves an edit. With an idempotency key, the same save sent again (its answer lost), even one
 * arriving at the same moment, changes nothing: the product is answered as it is now, the stock
 * orders took since included, and its photos are not stored a second time.
 */
export async function updateProduct({
  id,
  fields,
  images,
  imageOrder,
  quantityWas,
  was,
  idempotencyKey,
}: ProductForm & { id: string; idempotencyKey?: string }): Promise<{
  product: ProductDto;
  replayed: boolean;
}> {
  if (!isProductId(id)) throw notFound(messages.api.productNotFound);
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    // Locked, so two edits of one product (or an edit and a checkout) apply one after the other.
    const [existing] = await tx
      .select({
        name: products.name,
        price: products.priceCents,
        category: products.category,
        description: products.description,
        materials: products.materials,
        quantity: products.quantity,
        lastEditKey: products.lastEditKey,
      })
      .from(products)
      .where(eq(products.id, id))
      .for("update");
    if (!existing) throw notFound(messages.api.productNotFound);
    if (idempotencyKey !== undefined && existing.lastEditKey === idempotencyKey) return null;
    const edit = was ? mergedEdit({ sent: fields, was, now: existing }) : fields;
    // A form opened before orders took units must not put them back: a quantity left as it was
    // keeps the stock as it is now, and a changed one over a stock that moved meanwhile is refused.
    // A stock that only happens to be what the form asks for is refused too: the owner counted
    // from the stock her form showed.
    let quantity = edit.quantity;
    if (quantityWas !== undefined && existing.quantity !== quantityWas) {
      if (edit.quantity !== quantityWas) {
        throw conflict(a.stockChangedWhileEditing(existing.quantity), undefined, {
          quantity: existing.quantity,
        });
      }
      quantity = existing.quantity;
    }
    const current = await tx
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position), asc(productImages.createdAt));
    const order = resolveImageOrder({
      current: current.map((image) => image.id),
      uploaded: images.length,
      imageOrder,
      opened: was?.images,
    });

    await tx
      .update(products)
      .set({
        ...productValues({ ...edit, quantity }),
        lastEditKey: idempotencyKey ?? null,
        updatedAt: sql`now()`,
      })
      .where(eq(products.id, id));
    const kept = new Set(order.flatMap((entry) => (entry.kind === "kept" ? [entry.id] : [])));
    const removed = current.map((image) => image.id).filter((imageId) => !kept.has(imageId));
    if (removed.length) {
      await tx
        .update(productImages)
        .set({ productId: null })
        .where(inArray(productImages.id, removed));
      await deleteUnreferencedImages(tx, removed);
    }
    for (const [position, entry] of order.entries()) {
      if (entry.kind === "kept") {
        await tx.update(productImages).set({ position }).where(eq(productImages.id, entry.id));
      }
    }
    const imageIds = await insertImages(
      tx,
      id,
      order.flatMap((entry, position) =>
        entry.kind === "new" ? [{ image: images[entry.index]!, position }] : [],
      ),
    );
    return { previousCategory: existing.category, category: edit.category, imageIds };
  });
  if (saved) {
    revalidateCatalogue({
      productIds: [id],
      categories: [saved.previousCategory, saved.category],
    });
    prepareRenditions(saved.imageIds);
  }
  const product = await getProductById({ id });
  // Deleted since the save was sent again.
  if (!product) throw notFound(messages.api.productNotFound);
  return { product, replayed: !saved };
}

type OrderEntry = { kind: "kept"; id: string } | { kind: "new"; index: number };

const IMAGE_REFERENCE =
  /^(?:.*\/images\/)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\.[a-z]+)?(?:\?.*)?$/i;
const NEW_IMAGE = /^new:(\d{1,2})$/;

/** The id of an image named by its path (`/images/<id>.jpg`) or id; "" for anything else. */
const imageIdOf = (reference: string) =>
  IMAGE_REFERENCE.exec(reference.trim())?.[1]?.toLowerCase() ?? "";

/**
 * The images' final order from the edit form's `imageOrder`, checked against what exists. Given
 * the photos the form was opened with (`opened`), another save's changes to them meanwhile stand: a
 * photo it removed is left out, one it added follows the form's own.
 */
function resolveImageOrder({
  current,
  uploaded,
  imageOrder,
  opened,
}: {
  current: string[];
  uploaded: number;
  imageOrder?: string[];
  opened?: string[];
}): OrderEntry[] {
  let order: OrderEntry[] = imageOrder
    ? imageOrder.map((token) => {
        const newIndex = NEW_IMAGE.exec(token.trim())?.[1];
        if (newIndex !== undefined) return { kind: "new", index: Number(newIndex) };
        return { kind: "kept", id: imageIdOf(token) };
      })
    : [
        ...current.map((id): OrderEntry => ({ kind: "kept", id })),
        ...Array.from({ length: uploaded }, (_, index): OrderEntry => ({ kind: "new", index })),
      ];
  if (imageOrder && opened) {
    const openedIds = new Set(opened.map(imageIdOf));
    order = order.filter(
      (entry) => entry.kind === "new" || current.includes(entry.id) || !openedIds.has(entry.id),
    );
    const listed = new Set(order.map((entry) => (entry.kind === "kept" ? entry.id : "")));
    for (const id of current) {
      if (!openedIds.has(id) && !listed.has(id)) order.push({ kind: "kept", id });
    }
  }

  const keys = order.map((entry) => (entry.kind === "kept" ? entry.id : `new:${entry.index}`));
  const valid =
    new Set(keys).size === keys.length &&
    order.every((entry) =>
      entry.kind === "kept" ? current.includes(entry.id) : entry.index < uploaded,
    ) &&
    order.filter((entry) => entry.kind === "new").length === uploaded;
  if (!valid) throw invalidInput(a.imageOrderInvalid);
  if (order.length === 0) throw invalidInput(a.imagesRequired);
  if (order.length > MAX_PRODUCT_IMAGES) {
    throw invalidInput(a.tooManyImages(MAX_PRODUCT_IMAGES));
  }
  return order;
}

/**
 * Deletes a product. Past orders keep their snapshot (name, price, picture): the pictures they
 * show stay; its other pictures go, with their resized renditions. Carts and wishlists drop it.
 */
export async function deleteProduct({ id }: { id: string }): Promise<void> {
  if (!isProductId(id)) throw notFound(messages.api.productNotFound);
  const db = await getDb();
  const category = await db.transaction(async (tx) => {
    const images = await tx
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.productId, id));
    const deleted = await tx
      .delete(products)
      .where(eq(products.id, id))
      .returning({ category: products.category });
    if (!deleted.length) throw notFound(messages.api.productNotFound);
    await deleteUnreferencedImages(
      tx,
      images.map((image) => image.id),
    );
    return deleted[0]!.category;
  });
  revalidateCatalogue({ productIds: [id], categories: [category] });
}

/**
 * An edit made over a product another save changed since the form was opened (`was`, compared with
 * `now`): a field the form left as it was takes the product's current value, so the other save's
 * change stands; a field both changed, to different values, is refused (409, with the current
 * values of those fields as `changed`, so the form can show them).
 */
function mergedEdit({
  sent,
  was,
  now,
}: {
  sent: ProductFields;
  was: ProductWas;
  now: ProductWas;
}): ProductFields {
  const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
  const merged = { ...sent };
  const changed: EditedField[] = [];
  for (const field of EDITED_FIELDS) {
    if (same(sent[field], was[field])) Object.assign(merged, { [field]: now[field] });
    else if (!same(now[field], was[field]) && !same(now[field], sent[field])) changed.push(field);
  }
  if (changed.length) {
    const current = Object.fromEntries(
      changed.map((field) => [field, field === "price" ? centsToDollars(now.price) : now[field]]),
    );
    throw conflict(a.changedWhileEditing(changed), undefined, { changed: current });
  }
  return merged;
}

const productValues = (fields: ProductFields) => ({
  name: fields.name,
  priceCents: fields.price,
  category: fields.category,
  description: fields.description,
  quantity: fields.quantity,
  materials: fields.materials,
});

async function insertImages(
  tx: DbOrTx,
  productId: string,
  entries: { image: NewImage; position: number }[],
) {
  // One row at a time: each carries up to a few megabytes.
  const ids: string[] = [];
  for (const { image, position } of entries) {
    const [inserted] = await tx
      .insert(productImages)
      .values({
        productId,
        position,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        data: image.data,
      })
      .returning({ id: productImages.id });
    ids.push(inserted!.id);
  }
  return ids;
}

/**
 * Renders new pictures' renditions after the answer, one at a time behind shoppers' requests: the
 * owner posts a new piece and a crowd arrives at once, and none of it waits for a first render.
 */
function prepareRenditions(imageIds: readonly string[]) {
  if (imageIds.length === 0) return;
  afterResponse("renditions of new pictures", async () => {
    for (const imageId of imageIds) await prepareImageVariants({ imageId });
  });
}

/**
 * Detached images (no product) that no order's snapshot shows are deleted; their renditions go
 * with them (image_variants cascades). Those an order shows stay, so its picture keeps loading.
 */
async function deleteUnreferencedImages(tx: DbOrTx, imageIds: string[]) {
  if (!imageIds.length) return;
  await tx.delete(productImages).where(
    and(
      inArray(productImages.id, imageIds),
      isNull(productImages.productId),
      notExists(
        tx
          .select({ one: sql`1` })
          .from(orderItems)
          .where(sql`strpos(${orderItems.image}, ${productImages.id}::text) > 0`),
      ),
    ),
  );
}
