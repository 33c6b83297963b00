import clsx from "clsx";
import { dollarsToCents, formatPrice } from "@/lib/format";
import { messages } from "@/lib/messages";
import type { OrderDto } from "@/models/order";

/**
 * An LBP order's total in dollars, beside its LBP total: the pieces are priced in dollars, and
 * My Orders, the thank-you and the mail all say what they come to. Nothing for a dollar order.
 */
export function TotalInDollars({
  order,
  className,
}: {
  order: Pick<OrderDto, "currency" | "totalAmount">;
  className?: string;
}) {
  if (order.currency === "USD") return null;
  // A space, not a margin: the total reads "4,833,000 LBP ($54.00)" when copied or read aloud.
  return (
    <>
      {" "}
      <span className={clsx("text-muted text-xs whitespace-nowrap", className)}>
        {messages.orders.totalInDollars(formatPrice(dollarsToCents(order.totalAmount)))}
      </span>
    </>
  );
}
