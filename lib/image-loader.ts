// next/image loader: our own image route serves resized variants (spec section 7, Images).
type LoaderArgs = { src: string; width: number; quality?: number };

export const IMAGE_ROUTE_PREFIX = "/images/";

export default function imageLoader({ src, width, quality }: LoaderArgs): string {
  if (!src.startsWith(IMAGE_ROUTE_PREFIX)) return src;
  const format = width <= 320 && quality !== undefined && quality <= 50 ? "jpg" : "webp";
  const base = src.replace(/\.(jpg|webp)$/, "");
  return `${base}.${format}?w=${width}&q=${quality ?? 75}`;
}
