// next/image loader: our own image route serves the renditions (spec section 7, Images). The
// quality next/image is given names the quality class; the class sets the format and caps the width.
import {
  classRendition,
  IMAGE_ROUTE_PREFIX,
  qualityClassOf,
  renditionUrl,
} from "@/models/image-variants";

type LoaderArgs = { src: string; width: number; quality?: number };

export default function imageLoader({ src, width, quality }: LoaderArgs): string {
  if (!src.startsWith(IMAGE_ROUTE_PREFIX)) return src;
  const imageClass = (quality && qualityClassOf(quality)) || "medium";
  return renditionUrl(src, classRendition(imageClass, width));
}
