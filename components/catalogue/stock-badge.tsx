import clsx from "clsx";
import { stockBadge, stockTone } from "@/lib/stock";

const toneClasses = {
  unavailable: "bg-ink/80 text-ivory",
  limited: "bg-gold text-white",
  available: "bg-ivory/90 text-ink ring-1 ring-line",
} as const;

/** The card and quick-view badge of spec section 4. */
export function StockBadge({
  stock,
  inCart = 0,
  className,
}: {
  stock: number;
  inCart?: number;
  className?: string;
}) {
  return (
    <span
      className={clsx(
        "inline-block rounded-full px-2.5 py-1 text-[0.6875rem] font-medium tracking-wide backdrop-blur-sm",
        toneClasses[stockTone({ stock, inCart })],
        className,
      )}
    >
      {stockBadge({ stock, inCart })}
    </span>
  );
}
