// One order as My Orders shows it: number, date, status, items, money in the order's currency,
// where it goes and when.
import { OrderItemList } from "@/components/orders/order-items";
import { StatusBadge } from "@/components/orders/status-badge";
import { TotalInDollars } from "@/components/orders/total-in-dollars";
import { Price } from "@/components/ui/price";
import { dollarsToCents, formatDate, formatPrice } from "@/lib/format";
import { messages } from "@/lib/messages";
import { addressLines, paymentMethodLabel } from "@/lib/order-rules";
import type { OrderDto } from "@/models/order";

const t = messages.orders;

export function OrderCard({ order }: { order: OrderDto }) {
  const money = (dollars: number) => formatPrice(dollarsToCents(dollars), order.currency);
  const amount = (dollars: number) => (
    <Price cents={dollarsToCents(dollars)} currency={order.currency} />
  );
  return (
    <article
      aria-label={t.orderNumber(order.orderNumber)}
      className="border-line overflow-hidden rounded-2xl border bg-white shadow-xs"
    >
      <header className="border-line bg-sand/40 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b px-4 py-3.5 sm:px-6">
        <div>
          <h2 className="text-ink font-mono text-[15px] font-semibold tracking-wider">
            {order.orderNumber}
          </h2>
          <p className="text-muted text-xs">{t.placedOn(formatDate(order.createdAt))}</p>
        </div>
        <StatusBadge status={order.status} />
      </header>

      {/* Columns that never grow past the card: a long link in the notes wraps instead. */}
      <div className="grid grid-cols-1 gap-6 px-4 py-5 sm:px-6 md:grid-cols-[minmax(0,1fr)_16rem]">
        <section>
          <h3 className="sr-only">{t.items}</h3>
          <OrderItemList items={order.items} money={money} />
          <dl className="border-line mt-2 space-y-1.5 border-t pt-3 text-sm">
            <Row label={t.subtotal}>{amount(order.subtotal)}</Row>
            <Row label={t.delivery}>{amount(order.deliveryFee)}</Row>
            {order.discount && (
              <Row label={t.discount(order.discount.percentage)}>
                <span className="whitespace-nowrap text-emerald-700">
                  −{amount(order.discount.amount)}
                </span>
              </Row>
            )}
            <Row label={t.total} strong>
              {amount(order.totalAmount)}
              <TotalInDollars order={order} className="font-normal" />
            </Row>
          </dl>
        </section>

        <dl className="bg-sand/40 space-y-3 rounded-xl p-4 text-sm">
          <Detail label={t.deliverTo}>
            {addressLines(order.shippingAddress).map((line, index) => (
              <span key={index} dir="auto" className="block">
                {line}
              </span>
            ))}
          </Detail>
          <Detail label={t.phone}>{order.phoneNumber}</Detail>
          <Detail label={t.estimatedDelivery}>{formatDate(order.estimatedDelivery, "long")}</Detail>
          <Detail label={t.payment}>
            <span className="inline-block first-letter:uppercase">
              {paymentMethodLabel(order.paymentMethod)}
            </span>
          </Detail>
          {order.notes && (
            <Detail label={t.notes}>
              <span dir="auto" className="block whitespace-pre-line">
                {order.notes}
              </span>
            </Detail>
          )}
        </dl>
      </div>
    </article>
  );
}

function Row({
  label,
  strong = false,
  children,
}: {
  label: string;
  strong?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className={strong ? "text-ink font-medium" : "text-muted"}>{label}</dt>
      <dd className={strong ? "text-ink text-base font-semibold tabular-nums" : "tabular-nums"}>
        {children}
      </dd>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-muted text-xs font-semibold tracking-[0.12em] uppercase">{label}</dt>
      <dd className="text-ink mt-0.5 wrap-anywhere">{children}</dd>
    </div>
  );
}
