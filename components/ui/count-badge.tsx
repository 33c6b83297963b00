import { formatBadgeCount } from "@/lib/format";

/** The small count on the header's cart and wishlist buttons; nothing at 0, "9+" above 9. */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="bg-gold-dark absolute -end-1 -top-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full px-1 text-[0.625rem] leading-none font-semibold text-white tabular-nums"
    >
      {formatBadgeCount(count)}
    </span>
  );
}
