"use client";

import clsx from "clsx";
import { useCallback, useState } from "react";
import { useNetworkQuality } from "@/components/images/use-network-quality";
import { IMAGE_QUALITY } from "@/lib/constants";
import { messages } from "@/lib/messages";
import {
  classRendition,
  QUALITY_CLASSES,
  renditionUrl,
  type ImageQualityClass,
} from "@/models/image-variants";

const t = messages.images.demo;

/** The visitor's network values, quality class and slow-connection flag, live. */
export function NetworkPanel() {
  const network = useNetworkQuality();
  const known = <T,>(value: T | null | undefined, show: (value: T) => string) =>
    network ? (value === null || value === undefined ? t.unknown : show(value)) : "…";
  const rows = [
    { label: t.effectiveType, value: known(network?.effectiveType, String) },
    { label: t.downlink, value: known(network?.downlink, t.megabits) },
    { label: t.rtt, value: known(network?.rtt, t.milliseconds) },
    { label: t.saveData, value: known(network?.saveData, (on) => (on ? t.on : t.off)) },
    { label: t.qualityClass, value: known(network?.quality, (c) => t.classNames[c]) },
    {
      label: t.slowConnection,
      value: known(network?.isSlowConnection, (slow) => (slow ? t.yes : t.no)),
    },
  ];
  return (
    <section
      aria-labelledby="connection"
      className="border-line rounded-3xl border bg-white/60 p-6 sm:p-8"
    >
      <h2 id="connection" className="text-ink font-serif text-2xl sm:text-3xl">
        {t.connectionTitle}
      </h2>
      <p className="text-muted mt-2 text-sm">
        {network && !network.supported ? t.notReported : t.connectionLive}
      </p>
      <dl className="mt-6 grid grid-cols-2 gap-x-6 gap-y-5 sm:grid-cols-3 lg:grid-cols-6">
        {rows.map(({ label, value }) => (
          <div key={label}>
            <dt className="text-muted text-[0.7rem] font-semibold tracking-[0.15em] uppercase">
              {label}
            </dt>
            <dd className="text-ink mt-1 font-serif text-xl tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** One product photo at each quality class, side by side, with what the browser measured. */
export function QualityComparison({ src, name }: { src: string; name: string }) {
  const network = useNetworkQuality();
  return (
    <section aria-labelledby="comparison">
      <h2 id="comparison" className="text-ink font-serif text-2xl sm:text-3xl">
        {t.comparisonTitle}
      </h2>
      <p className="text-muted mt-2 text-sm">{t.comparisonIntro(name)}</p>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
        {QUALITY_CLASSES.map((imageClass) => (
          <li key={imageClass}>
            <ClassSample
              src={src}
              name={name}
              imageClass={imageClass}
              current={network?.quality === imageClass}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

type Measurement = {
  width: number;
  height: number;
  bytes: number | null;
  ms: number | null;
  cached: boolean;
};

/** The image's size and timing as the browser's Resource Timing API recorded its download. */
function measure(img: HTMLImageElement): Measurement | "failed" {
  if (!img.naturalWidth) return "failed";
  const entries = performance.getEntriesByName(img.currentSrc || img.src, "resource");
  const entry = entries.at(-1) as PerformanceResourceTiming | undefined;
  return {
    width: img.naturalWidth,
    height: img.naturalHeight,
    bytes: entry ? entry.encodedBodySize || entry.decodedBodySize : null,
    ms: entry ? Math.round(entry.responseEnd - entry.startTime) : null,
    cached: entry ? entry.transferSize === 0 : false,
  };
}

function ClassSample({
  src,
  name,
  imageClass,
  current,
}: {
  src: string;
  name: string;
  imageClass: ImageQualityClass;
  current: boolean;
}) {
  const { width, quality, format } = IMAGE_QUALITY[imageClass];
  const url = renditionUrl(src, classRendition(imageClass, width));
  const [result, setResult] = useState<Measurement | "failed" | null>(null);
  // The picture may finish (or fail) before the page is interactive: read it once React has it.
  const seen = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete) setResult(measure(img));
  }, []);
  const label = t.classNames[imageClass];

  return (
    <figure
      aria-label={label}
      className={clsx(
        "rounded-2xl border bg-white/60 p-3",
        current ? "border-gold ring-gold/40 ring-2" : "border-line",
      )}
    >
      <div className="bg-sand relative aspect-square overflow-hidden rounded-xl">
        {/* eslint-disable-next-line @next/next/no-img-element -- one exact rendition, measured as delivered */}
        <img
          ref={seen}
          src={url}
          alt={t.sampleAlt(name, label)}
          decoding="async"
          onLoad={(event) => setResult(measure(event.currentTarget))}
          onError={() => setResult("failed")}
          className="absolute inset-0 size-full object-cover"
        />
      </div>
      <figcaption className="mt-3 px-1">
        <p className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <span className="text-ink font-serif text-xl">{label}</span>
          {current ? (
            <span className="bg-gold/15 text-ink rounded-full px-2.5 py-0.5 text-xs font-medium">
              {t.yourClass}
            </span>
          ) : null}
        </p>
        <p className="text-muted text-xs">{t.classSpec(width, format.toUpperCase(), quality)}</p>
        <MeasurementList result={result} />
      </figcaption>
    </figure>
  );
}

function MeasurementList({ result }: { result: Measurement | "failed" | null }) {
  if (result === "failed") {
    return <p className="text-muted mt-3 text-sm">{messages.images.failed}</p>;
  }
  const pending = result === null;
  const rows = [
    {
      label: t.size,
      value: pending
        ? t.measuring
        : result.bytes === null
          ? t.unknown
          : t.kilobytes((result.bytes / 1024).toFixed(1)),
    },
    { label: t.dimensions, value: pending ? t.measuring : t.pixels(result.width, result.height) },
    {
      label: t.loadTime,
      value: pending
        ? t.measuring
        : result.ms === null
          ? t.unknown
          : result.cached
            ? t.fromCache
            : t.milliseconds(result.ms),
    },
  ];
  return (
    <dl className="mt-3 space-y-1 text-sm">
      {rows.map(({ label, value }) => (
        <div key={label} className="flex flex-wrap justify-between gap-x-3">
          <dt className="text-muted">{label}</dt>
          <dd className="text-ink tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
