"use client";

// What the shopper sees once the order is placed (spec section 2, Checkout): the real $5 delivery,
// never "free delivery" (DESIGN.md).
import { CircleCheck, Phone } from "lucide-react";
import { useEffect, useRef } from "react";
import { ButtonLink } from "@/components/orders/account-notices";
import { scrollToPageTop } from "@/components/layout/scroll-to-top";
import { TotalInDollars } from "@/components/orders/total-in-dollars";
import { Price } from "@/components/ui/price";
import { dollarsToCents, formatDate } from "@/lib/format";
import { messages } from "@/lib/messages";
import type { OrderDto } from "@/models/order";

const t = messages.checkout;

export function ThankYou({
  order,
  firstName,
  showOrdersLink,
}: {
  order: OrderDto;
  firstName: string;
  showOrdersLink: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    scrollToPageTop();
    heading.current?.focus();
  }, []);
  const money = (dollars: number) => (
    <Price cents={dollarsToCents(dollars)} currency={order.currency} />
  );
  return (
    <section className="border-line mx-auto w-full max-w-xl rounded-2xl border bg-white/80 px-5 py-9 shadow-[0_24px_60px_-30px_rgb(31_26_23/0.35)] sm:px-10 sm:py-12">
      <div className="text-center">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
          <CircleCheck aria-hidden className="size-8" />
        </div>
        <h1 ref={heading} tabIndex={-1} className="font-serif text-3xl font-medium outline-none">
          {t.thankYouTitle}
        </h1>
        <p className="text-muted mt-2">{t.thankYouText(firstName)}</p>
      </div>

      <dl className="border-line divide-line mt-8 divide-y rounded-xl border text-sm">
        <Detail label={t.orderNumber}>
          <span className="font-mono text-base font-semibold tracking-wider">
            {order.orderNumber}
          </span>
        </Detail>
        <Detail label={t.status}>
          <span className="inline-flex rounded-full bg-sky-50 px-2.5 py-0.5 text-xs font-medium text-sky-800 ring-1 ring-sky-200 ring-inset">
            {t.confirmed}
          </span>
        </Detail>
        <Detail label={t.currency}>{order.currency}</Detail>
        <Detail label={t.subtotal}>{money(order.subtotal)}</Detail>
        <Detail label={t.delivery}>{money(order.deliveryFee)}</Detail>
        {order.discount && (
          <Detail label={t.discountApplied(order.discount.percentage)}>
            <span className="whitespace-nowrap text-emerald-700">
              −{money(order.discount.amount)}
            </span>
          </Detail>
        )}
        <Detail label={t.total}>
          <span className="font-serif text-xl font-semibold lining-nums">
            {money(order.totalAmount)}
          </span>
          <TotalInDollars order={order} />
        </Detail>
        <Detail label={t.estimatedDelivery}>{formatDate(order.estimatedDelivery, "long")}</Detail>
      </dl>

      <div className="bg-sand/60 mt-6 space-y-2 rounded-xl px-4 py-3.5 text-sm leading-relaxed">
        <p className="text-ink flex gap-2.5">
          <Phone aria-hidden className="text-gold-dark mt-0.5 size-4 shrink-0" />
          {t.callNote}
        </p>
        <p className="text-muted ps-6.5">{t.deliveryPromise}</p>
      </div>

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        {showOrdersLink && <ButtonLink href="/orders">{t.viewOrders}</ButtonLink>}
        <ButtonLink href="/" secondary={showOrdersLink}>
          {t.continueShopping}
        </ButtonLink>
      </div>
    </section>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 px-4 py-3">
      <dt className="text-muted">{label}</dt>
      <dd className="text-ink text-end tabular-nums">{children}</dd>
    </div>
  );
}
