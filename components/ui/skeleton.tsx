import clsx from "clsx";

/** A soft shimmering block standing in for content that is still loading. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={clsx("animate-pulse rounded-md bg-sand", className)} />;
}
