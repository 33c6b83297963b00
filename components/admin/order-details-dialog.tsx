"use client";

import { Lock } from "lucide-react";
import clsx from "clsx";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { DialogFrame } from "@/components/ui/dialog-frame";
import { useAfterAdminWrite } from "@/components/admin/admin-data";
import { StatusBadge, adminButton } from "@/components/admin/admin-ui";
import { ConfirmQuestion } from "@/components/admin/confirm-question";
import { customerChatHref } from "@/components/layout/chat-href";
import { OrderItemList } from "@/components/orders/order-items";
import { callApi } from "@/lib/api-client";
import { ORDER_STATUSES, type OrderStatus } from "@/lib/constants";
import { dollarsToCents, formatDate, formatPrice } from "@/lib/format";
import { messages } from "@/lib/messages";
import { addressLines, orderStatusLabel, paymentMethodLabel } from "@/lib/order-rules";
import type { OrderDto } from "@/models/order";

const t = messages.admin;
const money = (dollars: number) => formatPrice(dollarsToCents(dollars));

/** Everything about one order, and the buttons that move it along (spec section 4). */
export function OrderDetailsDialog({
  order,
  onClose,
  onUpdated,
}: {
  order: OrderDto;
  onClose: () => void;
  onUpdated: (order: OrderDto) => void;
}) {
  const afterWrite = useAfterAdminWrite();
  const [pending, setPending] = useState<OrderStatus | null>(null);
  // Cancelling cannot be undone (the order is locked, its pieces go back on sale and the customer
  // is told): a thumb that slipped from the button beside it is asked first.
  const [askingToCancel, setAskingToCancel] = useState(false);
  const locked = order.status === "cancelled";
  const customer = order.userId;
  // Most customers in Lebanon answer WhatsApp sooner than a call.
  const whatsApp = customerChatHref(
    order.phoneNumber,
    t.whatsAppGreeting(customer?.firstName || order.shippingAddress.fullName, order.orderNumber),
  );

  const changeStatus = async (status: OrderStatus) => {
    setPending(status);
    const result = await callApi<{ order: OrderDto }>(`/api/admin/orders/${order._id}/status`, {
      method: "PATCH",
      // What this screen shows: an order moved elsewhere meanwhile is refused and shown as it is.
      body: { status, statusWas: order.status },
    });
    setPending(null);
    if (result.ok) {
      toast.success(t.statusUpdated);
      onUpdated(result.data.order);
    } else {
      toast.error(
        result.kind === "network" ? t.statusUpdateError : (result.error ?? t.statusUpdateFailed),
      );
      // Refused because it was moved or cancelled elsewhere meanwhile: the answer shows it as it is.
      const current = result.kind === "refused" && (result.body as { order?: OrderDto })?.order;
      if (current) onUpdated(current);
    }
    // Refreshed either way: a refusal (already cancelled elsewhere) shows the order as it is.
    await afterWrite();
  };

  return (
    <DialogFrame
      kind="admin"
      open
      onClose={onClose}
      title={t.orderTitle(order.orderNumber)}
      description={t.placedOn(formatDate(order.createdAt))}
    >
      <div className="space-y-5 text-sm">
        {/* What the customer typed wraps anywhere: a long link never pushes the amounts away. */}
        <div className="grid grid-cols-1 gap-4 wrap-anywhere sm:grid-cols-2">
          <Section title={t.customerInfo}>
            {customer && (
              <>
                <p dir="auto" className="text-ink font-medium">
                  {t.customerName(customer.firstName, customer.lastName)}
                </p>
                <p className="text-muted break-all">{customer.email}</p>
                {/* The order keeps who placed it; the owner sees the account itself is gone. */}
                {customer._id === null && <p className="text-muted italic">{t.accountDeleted}</p>}
              </>
            )}
            <p className="text-muted">
              {t.phone}:{" "}
              <a
                href={`tel:${order.phoneNumber.replace(/[^\d+]/g, "")}`}
                // A target a finger can hit: the owner calls customers from here.
                className="text-ink inline-block py-1.5 underline-offset-2 hover:underline pointer-coarse:py-3"
              >
                {order.phoneNumber}
              </a>
              {whatsApp && (
                <>
                  {" · "}
                  <a
                    href={whatsApp}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t.whatsAppLabel(order.phoneNumber)}
                    className="text-ink inline-block py-1.5 underline-offset-2 hover:underline pointer-coarse:py-3"
                  >
                    {t.whatsApp}
                  </a>
                </>
              )}
            </p>
          </Section>
          <Section title={t.shippingAddress}>
            {addressLines(order.shippingAddress).map((line, index) => (
              <p
                key={index}
                dir="auto"
                className={index === 0 ? "text-ink font-medium" : "text-muted whitespace-pre-line"}
              >
                {line}
              </p>
            ))}
          </Section>
        </div>

        {order.notes && (
          <Section title={t.notes}>
            <p dir="auto" className="text-ink wrap-anywhere whitespace-pre-line">
              {order.notes}
            </p>
          </Section>
        )}

        <Section title={t.items}>
          <OrderItemList items={order.items} money={money} />
        </Section>

        <Section title={t.orderSummary}>
          <dl className="space-y-1.5">
            <Row label={t.subtotal} value={money(order.subtotal)} />
            <Row label={t.deliveryFee} value={money(order.deliveryFee)} />
            {order.discount && (
              <Row
                label={t.discount(order.discount.percentage)}
                value={`−${money(order.discount.amount)}`}
                nowrap
              />
            )}
            <Row
              label={t.total}
              value={
                order.currency === "LBP"
                  ? `${money(order.totalAmount)} · ${formatPrice(dollarsToCents(order.totalAmount), "LBP")}`
                  : money(order.totalAmount)
              }
              strong
            />
            <Row
              label={t.paymentMethod}
              value={paymentMethodLabel(order.paymentMethod)}
              sentenceCase
            />
            <Row label={t.currency} value={order.currency} />
            <Row label={t.estimatedDelivery} value={formatDate(order.estimatedDelivery)} />
          </dl>
        </Section>

        <Section title={t.updateStatus}>
          <p className="text-muted mb-3 flex items-center gap-2">
            {t.currentStatus}: <StatusBadge status={order.status} />
          </p>
          {locked ? (
            <p
              role="status"
              className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-red-800"
            >
              <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
              {t.cancelledLocked}
            </p>
          ) : (
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {ORDER_STATUSES.map((status) => (
                <button
                  key={status}
                  type="button"
                  aria-pressed={order.status === status}
                  disabled={pending !== null}
                  aria-busy={pending === status || undefined}
                  onClick={() =>
                    status === "cancelled" ? setAskingToCancel(true) : changeStatus(status)
                  }
                  className={clsx(
                    adminButton,
                    "h-11 rounded-lg",
                    order.status === status
                      ? "bg-ink text-ivory"
                      : status === "cancelled"
                        ? "border border-red-200 bg-white text-red-700 hover:bg-red-50"
                        : "border-line text-ink hover:border-gold hover:text-gold-dark border bg-white",
                  )}
                >
                  {orderStatusLabel(status)}
                </button>
              ))}
            </div>
          )}
        </Section>
      </div>
      <ConfirmQuestion
        kind="confirm-cancel"
        open={askingToCancel}
        title={t.cancelOrderTitle(order.orderNumber)}
        description={t.cancelOrderHint}
        keepLabel={t.keepOrder}
        confirmLabel={t.cancelOrder}
        onKeep={() => setAskingToCancel(false)}
        onConfirm={() => {
          setAskingToCancel(false);
          void changeStatus("cancelled");
        }}
      />
    </DialogFrame>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border-line rounded-xl border bg-white p-4">
      <h3 className="text-muted mb-2 text-xs font-semibold tracking-[0.12em] uppercase">{title}</h3>
      <div className="space-y-0.5">{children}</div>
    </section>
  );
}

function Row({
  label,
  value,
  strong,
  sentenceCase,
  nowrap,
}: {
  label: string;
  value: string;
  strong?: boolean;
  /** An amount that must not break between its sign and its figure on a phone. */
  nowrap?: boolean;
  /** Shown with a capital first letter, as My Orders shows it ("Cash on delivery"). */
  sentenceCase?: boolean;
}) {
  return (
    <div
      className={clsx(
        "flex justify-between gap-4",
        strong && "border-line border-t pt-1.5 font-semibold",
      )}
    >
      <dt className="text-muted">{label}</dt>
      <dd
        className={clsx(
          "text-ink text-end tabular-nums",
          nowrap && "whitespace-nowrap",
          sentenceCase && "first-letter:uppercase",
        )}
      >
        {value}
      </dd>
    </div>
  );
}
