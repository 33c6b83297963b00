"use client";

import clsx from "clsx";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type MouseEvent } from "react";
import { ProductImage } from "@/components/images/product-image";
import { useHydrated } from "@/components/ui/use-hydrated";
import { ZOOM_SCALE } from "@/lib/constants";
import { storefrontMessages } from "@/lib/storefront-messages";

type Zoom = { on: boolean; x: number; y: number };
const NO_ZOOM: Zoom = { on: false, x: 50, y: 50 };

// The width the main image is drawn at on the product page and in the quick view (half of a
// max-w-4xl window from 640px). While zoomed the browser picks a rendition large enough for the
// magnified image to stay sharp.
const IMAGE_SIZES = {
  page: {
    normal: "(min-width: 1152px) 552px, (min-width: 1024px) 48vw, 100vw",
    zoomed: "(min-width: 1152px) 994px, (min-width: 1024px) 87vw, 180vw",
  },
  "quick-view": {
    normal: "(min-width: 896px) 400px, (min-width: 640px) 45vw, 92vw",
    zoomed: "(min-width: 896px) 720px, (min-width: 640px) 81vw, 166vw",
  },
} as const;

/** Product images: previous/next with wrap-around, arrow keys, thumbnails, click-to-zoom following the pointer. */
export function ProductGallery({
  images,
  name,
  place = "page",
}: {
  images: string[];
  name: string;
  /** The product page's main column, or the quick-view window. */
  place?: keyof typeof IMAGE_SIZES;
}) {
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState<Zoom>(NO_ZOOM);
  const hydrated = useHydrated();
  const root = useRef<HTMLDivElement>(null);
  const total = images.length;
  const sizes = IMAGE_SIZES[place];

  const show = useCallback(
    (next: number) => {
      if (total === 0) return;
      setIndex(((next % total) + total) % total);
      setZoom(NO_ZOOM);
    },
    [total],
  );

  useEffect(() => {
    if (total < 2) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable='true']")) return;
      // The arrow keys belong to the window in front: a gallery inside an open dialog takes them,
      // the page's gallery behind it does not.
      const dialog = target?.closest("[role='dialog']");
      if (dialog ? !dialog.contains(root.current) : root.current?.closest("[role='dialog']"))
        return;
      if (event.key === "ArrowLeft") show(index - 1);
      else if (event.key === "ArrowRight") show(index + 1);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [index, show, total]);

  const current = images[index];
  if (!current) {
    return <div className="bg-sand aspect-square rounded-3xl" aria-label={name} role="img" />;
  }

  const pointerOrigin = (event: MouseEvent<HTMLElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - rect.left) / rect.width) * 100;
    const y = ((event.clientY - rect.top) / rect.height) * 100;
    return { x: Math.min(100, Math.max(0, x)), y: Math.min(100, Math.max(0, y)) };
  };

  return (
    <div ref={root} className="flex flex-col gap-4">
      <div className="relative">
        <button
          type="button"
          aria-label={
            zoom.on ? storefrontMessages.product.zoomOut : storefrontMessages.product.zoomIn
          }
          aria-pressed={zoom.on}
          disabled={!hydrated}
          onClick={(event) => {
            if (zoom.on) return setZoom(NO_ZOOM);
            // A keyboard press has no pointer position: zoom into the centre.
            const origin = event.detail === 0 ? { x: 50, y: 50 } : pointerOrigin(event);
            setZoom({ on: true, ...origin });
          }}
          onPointerMove={(event) => {
            if (zoom.on) setZoom({ on: true, ...pointerOrigin(event) });
          }}
          className={clsx(
            "bg-sand relative block aspect-square w-full overflow-hidden rounded-3xl",
            "focus-visible:outline-gold focus-visible:outline-2 focus-visible:outline-offset-4",
            zoom.on ? "cursor-zoom-out touch-none" : "cursor-zoom-in",
          )}
        >
          <ProductImage
            src={current}
            alt={total > 1 ? storefrontMessages.product.imageAlt(name, index + 1, total) : name}
            sizes={zoom.on ? sizes.zoomed : sizes.normal}
            preload={index === 0}
            style={{
              transform: zoom.on ? `scale(${ZOOM_SCALE})` : undefined,
              transformOrigin: `${zoom.x}% ${zoom.y}%`,
            }}
          />
        </button>

        {total > 1 ? (
          <>
            <GalleryArrow
              side="start"
              label={storefrontMessages.product.previousImage}
              disabled={!hydrated}
              onClick={() => show(index - 1)}
            />
            <GalleryArrow
              side="end"
              label={storefrontMessages.product.nextImage}
              disabled={!hydrated}
              onClick={() => show(index + 1)}
            />
            <p
              aria-live="polite"
              aria-label={storefrontMessages.product.counterLabel}
              className="bg-ink/70 text-ivory absolute end-3 bottom-3 rounded-full px-3 py-1 text-xs font-medium tracking-wider tabular-nums"
            >
              {storefrontMessages.product.counter(index + 1, total)}
            </p>
          </>
        ) : null}
      </div>

      {total > 1 ? (
        <ul
          className="-m-1 flex gap-3 overflow-x-auto p-1"
          aria-label={storefrontMessages.product.imagesLabel}
        >
          {images.map((image, i) => (
            <li key={image} className="shrink-0">
              <button
                type="button"
                onClick={() => show(i)}
                disabled={!hydrated}
                aria-label={storefrontMessages.product.showImage(i + 1)}
                aria-current={i === index ? "true" : undefined}
                className={clsx(
                  "bg-sand ring-offset-ivory relative block size-16 overflow-hidden rounded-xl ring-offset-2 transition sm:size-20",
                  "focus-visible:outline-gold focus-visible:outline-2 focus-visible:outline-offset-2",
                  i === index ? "ring-gold ring-2" : "opacity-70 hover:opacity-100",
                )}
              >
                <ProductImage src={image} alt="" sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function GalleryArrow({
  side,
  label,
  disabled,
  onClick,
}: {
  side: "start" | "end";
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  const Icon = side === "start" ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className={clsx(
        "bg-ivory/85 text-ink ring-line hover:bg-ivory hover:text-gold-dark absolute top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full shadow-sm ring-1 backdrop-blur-sm transition pointer-coarse:size-11",
        "focus-visible:outline-gold focus-visible:outline-2 focus-visible:outline-offset-2",
        side === "start" ? "start-3" : "end-3",
      )}
    >
      <Icon aria-hidden="true" className="size-5 rtl:rotate-180" />
    </button>
  );
}
