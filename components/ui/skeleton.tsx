import clsx from "clsx";

/** A soft shimmering block standing in for content that is still loading. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={clsx("bg-sand animate-pulse rounded-md", className)} />;
}
