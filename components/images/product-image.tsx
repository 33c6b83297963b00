"use client";

import clsx from "clsx";
import { ImageOff } from "lucide-react";
import Image from "next/image";
import { useEffect, useRef, useState, type CSSProperties } from "react";
import { useNetworkQuality } from "@/components/images/use-network-quality";
import { IMAGE_QUALITY, LAZY_LOAD_MARGIN_PX, LAZY_LOAD_THRESHOLD } from "@/lib/constants";
import { storefrontMessages } from "@/lib/storefront-messages";
import { placeholderUrl, rankOf, type ImageQualityClass } from "@/models/image-variants";
import type { NetworkQuality } from "@/models/network-quality";

/**
 * The rendition a preloaded image has in the page's HTML, the same for every visitor: small enough
 * for a weak connection; a better connection upgrades it once the page runs.
 */
const FIRST_PAINT: ImageQualityClass = "low";
/** On a slow connection this comes first, then the class the connection affords. */
const PREVIEW: ImageQualityClass = "minimal";

type Props = {
  /** A product image path, `/images/<id>.jpg`. */
  src: string;
  alt: string;
  /** The width the image is drawn at, per breakpoint, as the layout sets it. */
  sizes: string;
  /** The page's first visible product image (its LCP): in the HTML, preloaded at high priority. */
  preload?: boolean;
  /** For the image itself (object position, hover and zoom transforms). */
  className?: string;
  style?: CSSProperties;
};

/**
 * A product photo filling its parent, which sets its size (so nothing shifts as it loads): a blurred
 * placeholder, then, once within 50px of the viewport, the rendition the visitor's connection
 * affords, faded in. On a slow connection a low-quality preview comes first and is replaced, without
 * a flash, once the better one has loaded. On failure, 'Image failed to load' in its place.
 */
export function ProductImage(props: Props) {
  // A new picture starts over: placeholder, lazy loading, its own renditions.
  return <AdaptiveImage key={props.src} {...props} />;
}

function AdaptiveImage({ src, alt, sizes, preload = false, className, style }: Props) {
  const network = useNetworkQuality();
  const [boxRef, near] = useNearViewport(preload);
  const wanted = wantedRenditions({ preload, near, network });

  // Renditions asked for so far, cheapest first: only ever upgraded, never given up for a cheaper one.
  const [requested, setRequested] = useState<ImageQualityClass[]>(wanted);
  const upgraded = withUpgrades(requested, wanted);
  if (upgraded !== requested) setRequested(upgraded);

  const [loaded, setLoaded] = useState<ImageQualityClass[]>([]);
  const [failed, setFailed] = useState<ImageQualityClass[]>([]);
  const best = bestOf(loaded);
  // Each rendition is asked for once the one below it has loaded (or failed): on a slow
  // connection the cheaper picture gets all the bandwidth first.
  const asked: ImageQualityClass[] = [];
  for (const imageClass of upgraded) {
    asked.push(imageClass);
    if (!loaded.includes(imageClass) && !failed.includes(imageClass)) break;
  }
  // Below the best loaded rendition nothing is needed any more.
  const layers = asked.filter(
    (c) => !failed.includes(c) && (best === undefined || rankOf(c) >= rankOf(best)),
  );
  const broken = upgraded.length > 0 && upgraded.every((c) => failed.includes(c));

  return (
    <span ref={boxRef} className="@container absolute inset-0 block overflow-hidden">
      {/* eslint-disable-next-line @next/next/no-img-element -- a fixed 64px rendition: no srcset to build */}
      <img
        src={placeholderUrl(src)}
        alt=""
        aria-hidden="true"
        loading={preload ? "eager" : "lazy"}
        decoding="async"
        className="absolute inset-0 size-full object-cover"
      />
      {layers.map((imageClass, index) => {
        const inHtml = preload && imageClass === FIRST_PAINT;
        const shown = imageClass === best || inHtml;
        // The first picture fades in over the placeholder; an upgrade replaces a loaded one at once.
        const fades = !inHtml && loaded[0] === imageClass;
        return (
          <Image
            key={imageClass}
            src={src}
            alt={index === 0 ? alt : ""}
            aria-hidden={index === 0 ? undefined : true}
            fill
            sizes={sizes}
            quality={IMAGE_QUALITY[imageClass].quality}
            preload={inHtml}
            fetchPriority={inHtml ? "high" : undefined}
            loading="eager"
            onLoad={() =>
              setLoaded((all) => (all.includes(imageClass) ? all : [...all, imageClass]))
            }
            onError={() =>
              setFailed((all) => (all.includes(imageClass) ? all : [...all, imageClass]))
            }
            style={style}
            className={clsx(
              "object-cover ease-out",
              fades
                ? "transition-[opacity,transform] duration-500"
                : "transition-transform duration-300",
              shown ? "opacity-100" : "opacity-0",
              className,
            )}
          />
        );
      })}
      {broken ? (
        <span className="bg-sand text-muted absolute inset-0 flex flex-col items-center justify-center gap-1.5 p-2 text-center text-xs">
          <ImageOff aria-hidden="true" className="size-5 shrink-0" strokeWidth={1.5} />
          {/* Too small a box shows the icon; the words stay for screen readers. */}
          <span className="sr-only @[6rem]:not-sr-only">{storefrontMessages.images.failed}</span>
        </span>
      ) : null}
    </span>
  );
}

/** The renditions this image should have now, cheapest first. */
function wantedRenditions({
  preload,
  near,
  network,
}: {
  preload: boolean;
  near: boolean;
  network: NetworkQuality | null;
}): ImageQualityClass[] {
  if (preload) {
    return network && rankOf(network.quality) > rankOf(FIRST_PAINT)
      ? [FIRST_PAINT, network.quality]
      : [FIRST_PAINT];
  }
  if (!near || !network) return [];
  const target = network.quality;
  return network.isSlowConnection && rankOf(target) > rankOf(PREVIEW)
    ? [PREVIEW, target]
    : [target];
}

/** `requested` plus the wanted renditions better than all of it (the same array when none). */
function withUpgrades(requested: ImageQualityClass[], wanted: ImageQualityClass[]) {
  const best = bestOf(requested);
  const better = wanted.filter((c) => best === undefined || rankOf(c) > rankOf(best));
  return better.length ? [...requested, ...better] : requested;
}

const bestOf = (classes: ImageQualityClass[]) =>
  classes.reduce<ImageQualityClass | undefined>(
    (best, c) => (best === undefined || rankOf(c) > rankOf(best) ? c : best),
    undefined,
  );

/** Whether the element has come within the lazy-load margin of the viewport (true once it has). */
function useNearViewport(initially: boolean) {
  const ref = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(initially);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${LAZY_LOAD_MARGIN_PX}px`, threshold: LAZY_LOAD_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}
