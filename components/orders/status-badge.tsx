import clsx from "clsx";
import type { OrderStatus } from "@/lib/constants";
import { orderStatusLabel } from "@/lib/order-rules";

const STATUS_TONES: Record<OrderStatus, string> = {
  pending: "bg-amber-50 text-amber-800 ring-amber-200",
  confirmed: "bg-sky-50 text-sky-800 ring-sky-200",
  preparing: "bg-violet-50 text-violet-800 ring-violet-200",
  out_for_delivery: "bg-indigo-50 text-indigo-800 ring-indigo-200",
  delivered: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  cancelled: "bg-red-50 text-red-800 ring-red-200",
};

/** An order's status label (spec section 4), coloured by where the order stands. */
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
