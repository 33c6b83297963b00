// An order's item snapshots as placed: picture, name, quantity × price and the line's amount.
import { ProductImage } from "@/components/images/product-image";
import { messages } from "@/lib/messages";
import { lineAmount } from "@/lib/format";
import type { OrderItemDto } from "@/models/order";

export function OrderItemList({
  items,
  money,
}: {
  items: readonly OrderItemDto[];
  /** Formats an amount in dollars the way the surrounding view shows money. */
  money: (dollars: number) => string;
}) {
  return (
    <ul className="divide-line divide-y">
      {items.map((item, index) => (
        <li key={`${item.productId}-${index}`} className="flex items-center gap-3 py-2.5">
          <div className="bg-sand relative size-12 shrink-0 overflow-hidden rounded-md sm:size-14">
            {item.image && <ProductImage src={item.image} alt="" sizes="56px" />}
          </div>
          <div className="min-w-0 flex-1">
            <p dir="auto" className="text-ink line-clamp-2 text-sm font-medium wrap-anywhere">
              {item.name}
            </p>
            <p className="text-muted text-xs tabular-nums">
              {messages.orders.quantityTimesPrice(item.quantity, money(item.price))}
            </p>
          </div>
          <span className="text-ink text-sm font-medium whitespace-nowrap tabular-nums">
            {money(lineAmount(item))}
          </span>
        </li>
      ))}
    </ul>
  );
}
