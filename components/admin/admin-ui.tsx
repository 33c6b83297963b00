// Small pieces the admin sections share: section headings, cards, status badges, empty states.
import clsx from "clsx";
import type { OrderStatus } from "@/lib/constants";
import { orderStatusLabel } from "@/lib/order-rules";
import { classRendition, renditionUrl } from "@/models/image-variants";

/** A small rendition of a product image for the admin's lists and previews (one the route serves). */
export const thumbnailUrl = (path: string, width: 128 | 256) =>
  renditionUrl(path, classRendition("medium", width));

export function SectionTitle({
  children,
  action,
}: {
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-ink font-serif text-2xl font-medium sm:text-[1.75rem]">{children}</h2>
      {action}
    </div>
  );
}

export function Card({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <section className={clsx("border-line rounded-2xl border bg-white shadow-xs", className)}>
      {children}
    </section>
  );
}

const STATUS_TONES: Record<OrderStatus, string> = {
  pending: "bg-amber-50 text-amber-800 ring-amber-200",
  confirmed: "bg-sky-50 text-sky-800 ring-sky-200",
  preparing: "bg-violet-50 text-violet-800 ring-violet-200",
  out_for_delivery: "bg-indigo-50 text-indigo-800 ring-indigo-200",
  delivered: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  cancelled: "bg-red-50 text-red-800 ring-red-200",
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={clsx(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        STATUS_TONES[status],
      )}
    >
      {orderStatusLabel(status)}
    </span>
  );
}

export function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <p className="border-line text-muted rounded-2xl border border-dashed px-6 py-12 text-center text-[15px]">
      {children}
    </p>
  );
}

export const adminButton =
  "inline-flex h-10 items-center justify-center gap-2 rounded-full px-4 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold disabled:cursor-not-allowed disabled:opacity-60";
export const inkButton = `${adminButton} bg-ink text-ivory hover:bg-gold-dark`;
export const outlineButton = `${adminButton} border border-line bg-white text-ink hover:border-gold hover:text-gold-dark`;
export const dangerButton = `${adminButton} bg-red-700 text-white hover:bg-red-800`;
