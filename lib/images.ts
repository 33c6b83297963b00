import "server-only";
import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { and, eq } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import { AppError, badRequest, notFound } from "@/lib/errors";
import { getDb, isUuid } from "@/lib/db";
import { imageVariants, productImages } from "@/lib/db/schema";
import { hasSqlState, SQL_STATE } from "@/lib/db/unavailable";
import { MAX_PHOTO_SIDE } from "@/lib/constants";
import { messages } from "@/lib/messages";
import { createWorkQueue } from "@/lib/work-queue";
import {
  renditionProblem,
  SHOP_RENDITIONS,
  VARIANT_QUALITIES,
  VARIANT_WIDTHS,
  type Rendition,
  type VariantFormat,
} from "@/models/image-variants";

export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
/** Stored originals are re-encoded to fit this box. */
// Refuses decompression bombs: a small file that decodes to an enormous bitmap.
export const MAX_INPUT_PIXELS = 50_000_000;
const BLUR_SIGMA = 6;

// Renders take CPU from every other request: at most half the cores render, one thread each, and
// a bounded line waits (a cold product page asks for a few dozen renditions at once).
sharp.concurrency(1);
export const imageRenderQueue = createWorkQueue({
  concurrency: Math.min(2, Math.max(1, Math.floor(availableParallelism() / 2))),
  maxWaiting: 64,
  retryAfterSeconds: 2,
  busyMessage: messages.api.imagesBusy,
});

const CONTENT_TYPES: Record<VariantFormat, string> = { jpg: "image/jpeg", webp: "image/webp" };

export type VariantRequest = {
  imageId: string;
  /** Null: the stored original, as uploaded (a JPEG). */
  rendition: Rendition | null;
};

export type ImageVariant = { data: Buffer; contentType: string; etag: string };

const FILE_NAME = /^(.+)\.(jpg|webp)$/i;

/**
 * Reads `/images/<uuid>.<jpg|webp>?w=&q=&blur=`: the original (`.jpg`, no parameters) or one of the
 * renditions the shop's pages use. An unknown file name answers 404; anything else 400 with reasons.
 */
export function parseVariantRequest({
  file,
  searchParams,
}: {
  file: string;
  searchParams: URLSearchParams;
}): VariantRequest {
  const match = FILE_NAME.exec(file);
  if (!match || !isUuid(match[1])) throw notFound(messages.api.imageNotFound);
  const imageId = match[1]!.toLowerCase();
  const format = match[2]!.toLowerCase() as VariantFormat;

  const w = searchParams.get("w");
  const q = searchParams.get("q");
  const blurParam = searchParams.get("blur");
  if (w === null && q === null && (blurParam === null || blurParam === "0") && format === "jpg") {
    return { imageId, rendition: null };
  }

  // Only the plain spelling ("640", not "0x280" or "6.4e2"): one URL per rendition for caches.
  const details: string[] = [];
  const width = Number(w);
  if (!VARIANT_WIDTHS.includes(width) || w !== String(width)) {
    details.push(`w must be one of ${VARIANT_WIDTHS.join(", ")}`);
  }
  const quality = Number(q);
  if (!VARIANT_QUALITIES.includes(quality) || q !== String(quality)) {
    details.push(`q must be one of ${VARIANT_QUALITIES.join(", ")}`);
  }
  if (blurParam !== null && blurParam !== "0" && blurParam !== "1") {
    details.push("blur must be 0 or 1");
  }
  if (details.length) throw badRequest(messages.api.invalidImageParams, details);

  const rendition: Rendition = { width, quality, format, blur: blurParam === "1" };
  const problem = renditionProblem(rendition);
  if (problem) throw badRequest(messages.api.invalidImageParams, [problem]);
  return { imageId, rendition };
}

export const variantKey = ({ width, quality, blur, format }: Rendition) =>
  `w${width}-q${quality}${blur ? "-blur" : ""}.${format}`;

const etagOf = (data: Buffer) =>
  `"${createHash("sha256").update(data).digest("base64url").slice(0, 27)}"`;

/**
 * A product image as the route serves it: the original, or a rendition rendered with sharp on
 * first request and stored in image_variants with its ETag, so it is made and hashed only once
 * (and the most used ones are also kept in memory).
 * Never wider than the original: a wider request gets the original's width. Null when the image
 * does not exist; a 503 AppError when too many renders already wait.
 */
export async function getImageVariant(request: VariantRequest): Promise<ImageVariant | null> {
  if (!request.rendition) return readImageVariant(request);
  const key = `${request.imageId}/${variantKey(request.rendition)}`;
  const remembered = recentVariants.get(key);
  if (remembered) {
    // The bytes in memory are served only while the image exists: one the owner removed, through
    // this instance or another, is gone on the next request (one primary-key lookup, no bytes).
    if (!(await imageExists(request.imageId))) {
      forget(key);
      return null;
    }
    // Most recently used last: the oldest is dropped first.
    if (recentVariants.delete(key)) recentVariants.set(key, remembered);
    return remembered;
  }
  const variant = await readImageVariant(request);
  if (variant) remember(key, variant);
  return variant;
}

// Renditions served lately, kept in memory up to a byte budget, so a popular picture is answered
// without reading its bytes from the database. A rendition never changes under its URL; only its
// image's deletion ends it, which getImageVariant checks.
const RECENT_VARIANTS_BYTES = 32 * 1024 * 1024;
const recentVariants = new Map<string, ImageVariant>();
let recentBytes = 0;

function remember(key: string, variant: ImageVariant) {
  if (recentVariants.has(key)) return;
  recentVariants.set(key, variant);
  recentBytes += variant.data.byteLength;
  for (const oldKey of recentVariants.keys()) {
    if (recentBytes <= RECENT_VARIANTS_BYTES) break;
    forget(oldKey);
  }
}

function forget(key: string) {
  const variant = recentVariants.get(key);
  if (!variant) return;
  recentVariants.delete(key);
  recentBytes -= variant.data.byteLength;
}

async function imageExists(imageId: string): Promise<boolean> {
  const db = await getDb();
  const [image] = await db
    .select({ id: productImages.id })
    .from(productImages)
    .where(eq(productImages.id, imageId));
  return Boolean(image);
}

async function readImageVariant({
  imageId,
  rendition,
}: VariantRequest): Promise<ImageVariant | null> {
  const db = await getDb();
  if (!rendition) {
    const [original] = await db
      .select({ data: productImages.data, contentType: productImages.contentType })
      .from(productImages)
      .where(eq(productImages.id, imageId));
    // An image's bytes never change under its id.
    return original ? { ...original, etag: `"${imageId}"` } : null;
  }

  const variant = variantKey(rendition);
  const [row] = await db
    .select({
      originalWidth: productImages.width,
      data: imageVariants.data,
      contentType: imageVariants.contentType,
      etag: imageVariants.etag,
    })
    .from(productImages)
    .leftJoin(
      imageVariants,
      and(eq(imageVariants.imageId, productImages.id), eq(imageVariants.variant, variant)),
    )
    .where(eq(productImages.id, imageId));
  if (!row) return null;
  if (rendition.width > row.originalWidth) {
    return readImageVariant({ imageId, rendition: { ...rendition, width: row.originalWidth } });
  }
  if (row.data && row.contentType) {
    const etag = row.etag ?? (await storeMissingEtag({ imageId, variant, data: row.data }));
    return { data: row.data, contentType: row.contentType, etag };
  }
  return renderOnce({ imageId, rendition, background: false });
}

/** Renditions stored before ETags were kept get theirs on first use. */
async function storeMissingEtag({
  imageId,
  variant,
  data,
}: {
  imageId: string;
  variant: string;
  data: Buffer;
}) {
  const etag = etagOf(data);
  const db = await getDb();
  await db
    .update(imageVariants)
    .set({ etag })
    .where(and(eq(imageVariants.imageId, imageId), eq(imageVariants.variant, variant)));
  return etag;
}

// Concurrent first requests for one rendition share a single render.
const rendering = new Map<string, Promise<ImageVariant | null>>();

function renderOnce({
  imageId,
  rendition,
  background,
}: {
  imageId: string;
  rendition: Rendition;
  background: boolean;
}): Promise<ImageVariant | null> {
  const key = `${imageId}/${variantKey(rendition)}`;
  let pending = rendering.get(key);
  if (!pending) {
    pending = imageRenderQueue
      .run(() => renderAndStoreVariant({ imageId, rendition }), { background })
      .finally(() => rendering.delete(key));
    rendering.set(key, pending);
  }
  return pending;
}

async function renderAndStoreVariant({
  imageId,
  rendition,
}: {
  imageId: string;
  rendition: Rendition;
}): Promise<ImageVariant | null> {
  const db = await getDb();
  const [original] = await db
    .select({ data: productImages.data })
    .from(productImages)
    .where(eq(productImages.id, imageId));
  if (!original) return null;

  const data = await renderVariant(original.data, rendition);
  const contentType = CONTENT_TYPES[rendition.format];
  const etag = etagOf(data);
  try {
    await db
      .insert(imageVariants)
      .values({ imageId, variant: variantKey(rendition), contentType, data, etag })
      .onConflictDoNothing();
  } catch (error) {
    // The picture was deleted while it rendered (the owner's edit): it is gone, as if never found.
    if (hasSqlState(error, SQL_STATE.foreignKeyViolation)) return null;
    throw error;
  }
  return { data, contentType, etag };
}

async function renderVariant(
  original: Buffer,
  { width, quality, blur, format }: Rendition,
): Promise<Buffer> {
  let image = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width, withoutEnlargement: true });
  if (blur) image = image.blur(BLUR_SIGMA);
  return format === "webp"
    ? image.webp({ quality, effort: 4 }).toBuffer()
    : image.jpeg({ quality, mozjpeg: true, progressive: true }).toBuffer();
}

/**
 * Renders every rendition the shop's pages may ask for of a newly stored image, one at a time
 * behind the shoppers' own requests, so no shopper waits for a first render. Returns how many
 * it rendered (renditions already stored are skipped).
 */
export async function prepareImageVariants({ imageId }: { imageId: string }): Promise<number> {
  const db = await getDb();
  const [original] = await db
    .select({ width: productImages.width })
    .from(productImages)
    .where(eq(productImages.id, imageId));
  if (!original) return 0;
  const stored = await db
    .select({ variant: imageVariants.variant })
    .from(imageVariants)
    .where(eq(imageVariants.imageId, imageId));
  const done = new Set(stored.map((row) => row.variant));

  let rendered = 0;
  for (const shopRendition of SHOP_RENDITIONS) {
    const rendition = { ...shopRendition, width: Math.min(shopRendition.width, original.width) };
    const variant = variantKey(rendition);
    if (done.has(variant)) continue;
    done.add(variant);
    await renderOnce({ imageId, rendition, background: true });
    rendered++;
  }
  return rendered;
}

export type ValidatedImage = {
  data: Buffer;
  contentType: "image/jpeg";
  width: number;
  height: number;
};

const MEGABYTE = 1024 * 1024;

/**
 * Checks an uploaded file is a real JPEG, PNG, WebP or AVIF image (sniffed from its bytes, not its
 * name or declared type) within the size and pixel limits, and returns the original the shop
 * stores: a JPEG no larger than 2000px a side, upright (EXIF orientation applied), transparency
 * flattened onto white, every metadata block (EXIF, GPS, XMP, comments) removed. With `filename`,
 * the refusal's details name the file.
 */
export async function validateImageUpload(
  buffer: Buffer,
  { filename }: { filename?: string } = {},
): Promise<ValidatedImage> {
  const m = messages.api;
  const refuse = (status: number, message: string, detail: string) =>
    new AppError(status, message, { details: filename === undefined ? undefined : [detail] });
  const unsupported = () => refuse(400, m.unsupportedImage, m.fileNotAnImage(filename ?? ""));

  if (buffer.byteLength > MAX_UPLOAD_BYTES) {
    throw refuse(413, m.imageTooLarge, m.fileTooLarge(filename ?? "", MAX_UPLOAD_BYTES / MEGABYTE));
  }
  // The header alone: nothing is decoded before the pixel count is known.
  let metadata: Metadata;
  try {
    metadata = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported();
  }
  const { format, compression, width = 0, height = 0 } = metadata;
  const isAvif = format === "heif" && compression === "av1";
  if (!(format === "jpeg" || format === "png" || format === "webp" || isAvif)) throw unsupported();
  if (width * height > MAX_INPUT_PIXELS) {
    throw refuse(
      413,
      m.imageTooManyPixels,
      m.fileTooManyPixels(filename ?? "", MAX_INPUT_PIXELS / 1_000_000),
    );
  }
  try {
    const { data, info } = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({
        width: MAX_PHOTO_SIDE,
        height: MAX_PHOTO_SIDE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 88, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data, contentType: "image/jpeg", width: info.width, height: info.height };
  } catch {
    // Truncated or corrupt data that passed the header check.
    throw unsupported();
  }
}
