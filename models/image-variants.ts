import {
  IMAGE_QUALITY,
  IMAGE_THUMBNAIL_WIDTHS,
  IMAGE_WIDTHS,
  PLACEHOLDER_IMAGE,
  SHARE_IMAGE,
} from "@/lib/constants";

// The renditions of a product image the shop's pages ask for, shared by the next/image loader
// (which builds their URLs) and the image route (which serves only these).

export type ImageQualityClass = keyof typeof IMAGE_QUALITY;
/** Cheapest first. */
export const QUALITY_CLASSES = [
  "minimal",
  "low",
  "medium",
  "high",
] as const satisfies readonly ImageQualityClass[];
export const rankOf = (imageClass: ImageQualityClass) => QUALITY_CLASSES.indexOf(imageClass);

export type VariantFormat = "jpg" | "webp";
export const VARIANT_FORMATS = ["jpg", "webp"] as const satisfies readonly VariantFormat[];

export type Rendition = { width: number; quality: number; format: VariantFormat; blur: boolean };

/** Every width a rendition may have: small sizes for thumbnails, then the layout widths. */
export const VARIANT_WIDTHS: readonly number[] = [...IMAGE_THUMBNAIL_WIDTHS, ...IMAGE_WIDTHS];
/** The qualities next/image may ask for: one per quality class. */
export const CLASS_QUALITIES: readonly number[] = QUALITY_CLASSES.map(
  (c) => IMAGE_QUALITY[c].quality,
);
export const VARIANT_QUALITIES: readonly number[] = [
  ...new Set([PLACEHOLDER_IMAGE.quality, ...CLASS_QUALITIES, SHARE_IMAGE.quality]),
].sort((a, b) => a - b);

const PLACEHOLDER: Rendition = { ...PLACEHOLDER_IMAGE, blur: true };
const SHARE: Rendition = { ...SHARE_IMAGE, blur: false };

export const qualityClassOf = (quality: number): ImageQualityClass | undefined =>
  QUALITY_CLASSES.find((c) => IMAGE_QUALITY[c].quality === quality);

/** A quality class's rendition for a layout width: its quality and format, never wider than its own width. */
export function classRendition(imageClass: ImageQualityClass, width: number): Rendition {
  const { width: classWidth, quality, format } = IMAGE_QUALITY[imageClass];
  return { width: Math.min(width, classWidth), quality, format, blur: false };
}

const sameRendition = (a: Rendition, b: Rendition) =>
  a.width === b.width && a.quality === b.quality && a.format === b.format && a.blur === b.blur;

/**
 * Why a rendition is not one the shop's pages use, or null when it is: each quality class at the
 * widths up to its own, the blurred placeholder and the link-preview JPEG. Nothing else is ever
 * rendered, so each image has a small, fixed set of renditions.
 */
export function renditionProblem(rendition: Rendition): string | null {
  if (sameRendition(rendition, PLACEHOLDER) || sameRendition(rendition, SHARE)) return null;
  if (rendition.blur) {
    return `blur=1 is only for w=${PLACEHOLDER.width}&q=${PLACEHOLDER.quality} as .${PLACEHOLDER.format}`;
  }
  const imageClass = qualityClassOf(rendition.quality);
  if (!imageClass) return `q=${rendition.quality} is only for w=${SHARE.width} as .${SHARE.format}`;
  const { width, format } = IMAGE_QUALITY[imageClass];
  if (rendition.format !== format || rendition.width > width) {
    return `q=${rendition.quality} is served as .${format}, at most w=${width}`;
  }
  return null;
}

/** Every rendition the shop's pages may ask for. */
export const SHOP_RENDITIONS: readonly Rendition[] = [
  PLACEHOLDER,
  SHARE,
  ...QUALITY_CLASSES.flatMap((imageClass) =>
    VARIANT_WIDTHS.filter((w) => w <= IMAGE_QUALITY[imageClass].width).map((w) =>
      classRendition(imageClass, w),
    ),
  ),
];

export const IMAGE_ROUTE_PREFIX = "/images/";

/** The image route's URL for a rendition of a product image path such as `/images/<id>.jpg`. */
export function renditionUrl(src: string, { width, quality, format, blur }: Rendition): string {
  const base = src.replace(/\.(jpg|webp)$/i, "");
  return `${base}.${format}?w=${width}&q=${quality}${blur ? "&blur=1" : ""}`;
}

export const placeholderUrl = (src: string) => renditionUrl(src, PLACEHOLDER);
export const shareImageUrl = (src: string) => renditionUrl(src, SHARE);
