import type { Currency } from "@/lib/constants";
import { formatPrice } from "@/lib/format";

/** A money amount, given in integer cents, formatted the one way the shop formats money. */
export function Price({
  cents,
  currency = "USD",
  className,
}: {
  cents: number;
  currency?: Currency;
  className?: string;
}) {
  return <span className={className}>{formatPrice(cents, currency)}</span>;
}
