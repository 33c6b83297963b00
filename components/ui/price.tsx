import clsx from "clsx";
import type { Currency } from "@/lib/constants";
import { formatPrice } from "@/lib/format";

/**
 * A money amount, given in integer cents, formatted the one way the shop formats money. It never
 * breaks across lines: on a phone "895,895 LBP" would otherwise leave "LBP" alone on the next one.
 */
export function Price({
  cents,
  currency = "USD",
  className,
}: {
  cents: number;
  currency?: Currency;
  className?: string;
}) {
  return (
    <span className={clsx("whitespace-nowrap", className)}>{formatPrice(cents, currency)}</span>
  );
}
