import "server-only";
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import { IMAGE_QUALITY, IMAGE_WIDTHS, PLACEHOLDER_IMAGE } from "@/lib/constants";
import { AppError, badRequest, notFound } from "@/lib/errors";
import { getDb, isUuid } from "@/lib/db";
import { imageVariants, productImages } from "@/lib/db/schema";
import { messages } from "@/lib/messages";

/**
 * The widths and qualities next.config.ts lets next/image ask for: the placeholder, next/image's
 * small sizes, then the spec's widths; the placeholder's quality, then each quality class's.
 */
const VARIANT_WIDTHS: readonly number[] = [PLACEHOLDER_IMAGE.width, 128, 256, ...IMAGE_WIDTHS];
const VARIANT_QUALITIES: readonly number[] = [
  PLACEHOLDER_IMAGE.quality,
  ...Object.values(IMAGE_QUALITY).map(({ quality }) => quality),
];
const DEFAULT_VARIANT_QUALITY = IMAGE_QUALITY.medium.quality;

export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
/** Stored originals are re-encoded to fit this box. */
const MAX_ORIGINAL_SIDE = 2000;
// Refuses decompression bombs: a small file that decodes to an enormous bitmap.
export const MAX_INPUT_PIXELS = 50_000_000;
const BLUR_SIGMA = 6;

const CONTENT_TYPES = { jpg: "image/jpeg", webp: "image/webp" } as const;
export type VariantFormat = keyof typeof CONTENT_TYPES;

export type VariantRequest = {
  imageId: string;
  format: VariantFormat;
  /** Undefined: the original's size. */
  width?: number;
  quality: number;
  blur: boolean;
};

export type ImageVariant = { data: Buffer; contentType: string; etag: string };

const FILE_NAME = /^(.+)\.(jpg|webp)$/i;

/**
 * Reads `/images/<uuid>.<jpg|webp>?w=&q=&blur=`. An unknown file name answers 404; a parameter
 * outside the allowed lists answers 400 with the reasons.
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
  const details: string[] = [];

  const w = searchParams.get("w");
  const width = w === null ? undefined : Number(w);
  if (w !== null && !VARIANT_WIDTHS.includes(width!)) {
    details.push(`w must be one of ${VARIANT_WIDTHS.join(", ")}`);
  }
  const q = searchParams.get("q");
  const quality = q === null ? DEFAULT_VARIANT_QUALITY : Number(q);
  if (!VARIANT_QUALITIES.includes(quality)) {
    details.push(`q must be one of ${VARIANT_QUALITIES.join(", ")}`);
  }
  const blurParam = searchParams.get("blur");
  if (blurParam !== null && blurParam !== "0" && blurParam !== "1") {
    details.push("blur must be 0 or 1");
  }
  if (details.length) throw badRequest(messages.api.invalidImageParams, details);

  return {
    imageId: match[1]!.toLowerCase(),
    format: match[2]!.toLowerCase() as VariantFormat,
    width,
    quality,
    blur: blurParam === "1",
  };
}

export const variantKey = ({ width, quality, blur, format }: Omit<VariantRequest, "imageId">) =>
  `${width ? `w${width}` : "orig"}-q${quality}${blur ? "-blur" : ""}.${format}`;

const etagOf = (data: Buffer) =>
  `"${createHash("sha256").update(data).digest("base64url").slice(0, 27)}"`;

// Concurrent first requests for one variant share a single render.
const rendering = new Map<string, Promise<ImageVariant | null>>();

/**
 * A resized rendition of a stored product image, rendered with sharp on first request and kept
 * in image_variants so it is made only once. Null when the image does not exist.
 */
export async function getImageVariant(request: VariantRequest): Promise<ImageVariant | null> {
  const variant = variantKey(request);
  const db = await getDb();
  const [stored] = await db
    .select({ data: imageVariants.data, contentType: imageVariants.contentType })
    .from(imageVariants)
    .where(and(eq(imageVariants.imageId, request.imageId), eq(imageVariants.variant, variant)));
  if (stored) return { ...stored, etag: etagOf(stored.data) };

  const key = `${request.imageId}/${variant}`;
  let pending = rendering.get(key);
  if (!pending) {
    pending = renderAndStoreVariant(request, variant).finally(() => rendering.delete(key));
    rendering.set(key, pending);
  }
  return pending;
}

async function renderAndStoreVariant(
  request: VariantRequest,
  variant: string,
): Promise<ImageVariant | null> {
  const db = await getDb();
  const [original] = await db
    .select({ data: productImages.data })
    .from(productImages)
    .where(eq(productImages.id, request.imageId));
  if (!original) return null;

  const data = await renderVariant(original.data, request);
  const contentType = CONTENT_TYPES[request.format];
  await db
    .insert(imageVariants)
    .values({ imageId: request.imageId, variant, contentType, data })
    .onConflictDoNothing();
  return { data, contentType, etag: etagOf(data) };
}

async function renderVariant(
  original: Buffer,
  { width, quality, blur, format }: Omit<VariantRequest, "imageId">,
): Promise<Buffer> {
  let image = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  if (width) image = image.resize({ width, withoutEnlargement: true });
  if (blur) image = image.blur(BLUR_SIGMA);
  return format === "webp"
    ? image.webp({ quality, effort: 4 }).toBuffer()
    : image.jpeg({ quality, mozjpeg: true, progressive: true }).toBuffer();
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
        width: MAX_ORIGINAL_SIDE,
        height: MAX_ORIGINAL_SIDE,
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
