"use client";

// The checkout's order summary: the cart's lines (changeable here, the shop's one cart view),
// the currency the shopper wants to see, and the totals the server will charge.
import { Minus, Plus, Trash2 } from "lucide-react";
import clsx from "clsx";
import { toast } from "@/components/ui/toast";
import { useCart, type ListChange } from "@/components/cart/cart-provider";
import { ProductImage } from "@/components/images/product-image";
import { Price } from "@/components/ui/price";
import { quantityCap } from "@/lib/cart-rules";
import { CURRENCIES, INSTAGRAM_DISCOUNT_PERCENT, type Currency } from "@/lib/constants";
import { dollarsToCents, formatPrice } from "@/lib/format";
import { messages } from "@/lib/messages";
import { orderTotals, type OrderTotals } from "@/lib/order-rules";
import type { CartItem } from "@/models/cart";

const t = messages.checkout;

/** What the cart's lines come to, as the server will charge them. */
export function cartTotals(items: CartItem[], discounted: boolean): OrderTotals {
  return orderTotals({
    lines: items.map((item) => ({
      priceCents: dollarsToCents(item.price),
      quantity: item.quantity,
    })),
    discounted,
  });
}

/** The cart's lines, each priced in the currency the shopper chose, like the totals below them. */
export function CartLines({ disabled, currency }: { disabled: boolean; currency: Currency }) {
  const { items } = useCart();
  return (
    <ul className="divide-line divide-y">
      {items.map((item) => (
        <CartLine key={item.productId} item={item} disabled={disabled} currency={currency} />
      ))}
    </ul>
  );
}

/**
 * A change the cart refused before asking the server (over the stock) is said here; the cart
 * itself tells the shopper of a server's refusal or a network error, once.
 */
function reportChange(change: ListChange) {
  if (!change.ok && change.reason === "stock") toast.error(messages.cart.updateFailed);
}

function CartLine({
  item,
  disabled,
  currency,
}: {
  item: CartItem;
  disabled: boolean;
  currency: Currency;
}) {
  const { update, remove } = useCart();
  const cap = quantityCap(item.stock);
  const short = item.quantity > cap;
  const step = (quantity: number) => void update(item.productId, quantity).then(reportChange);
  return (
    <li className="flex gap-3 py-3.5">
      <div className="bg-sand relative size-16 shrink-0 overflow-hidden rounded-lg">
        {item.image && <ProductImage src={item.image} alt="" sizes="64px" />}
      </div>
      <div className="min-w-0 flex-1">
        {/* The amount under the name, not beside it: in pounds it runs to 15 characters, which
            left a long name 80 px on a narrow phone. */}
        <p
          dir="auto"
          className="text-ink line-clamp-2 text-sm leading-snug font-medium wrap-anywhere"
        >
          {item.name}
        </p>
        <Price
          cents={dollarsToCents(item.price) * item.quantity}
          currency={currency}
          className="text-ink mt-0.5 block text-sm font-medium tabular-nums"
        />
        {short && <p className="mt-1 text-xs font-medium text-red-700">{t.lineShort(cap)}</p>}
        {/* Compact under a mouse; a fingertip wide on a touch screen, where a missed − or + or
            remove changes what she pays for. */}
        <div className="mt-2 flex items-center justify-between gap-2">
          <div
            role="group"
            aria-label={t.quantityOf(item.name)}
            className="border-line inline-flex h-8 items-center rounded-full border bg-white pointer-coarse:h-11"
          >
            <StepButton
              label={messages.cart.decrease}
              disabled={disabled || item.quantity <= 1}
              onClick={() => step(item.quantity - 1)}
            >
              <Minus aria-hidden className="size-3.5" />
            </StepButton>
            <span className="min-w-7 text-center text-sm tabular-nums" aria-live="polite">
              {item.quantity}
            </span>
            <StepButton
              label={messages.cart.increase}
              disabled={disabled || item.quantity >= cap}
              onClick={() => step(item.quantity + 1)}
            >
              <Plus aria-hidden className="size-3.5" />
            </StepButton>
          </div>
          <button
            type="button"
            disabled={disabled}
            onClick={() => void remove(item.productId).then(reportChange)}
            aria-label={t.removeItem(item.name)}
            className="text-muted focus-visible:outline-gold flex size-8 items-center justify-center rounded-full transition hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 disabled:opacity-50 pointer-coarse:size-11"
          >
            <Trash2 aria-hidden className="size-4" />
          </button>
        </div>
      </div>
    </li>
  );
}

function StepButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="text-ink hover:bg-sand focus-visible:outline-gold flex size-8 items-center justify-center rounded-full transition focus-visible:outline-2 disabled:opacity-35 disabled:hover:bg-transparent pointer-coarse:size-11"
    >
      {children}
    </button>
  );
}

export function CurrencySelector({
  value,
  onChange,
  disabled,
}: {
  value: Currency;
  onChange: (currency: Currency) => void;
  disabled: boolean;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="text-ink mb-2 text-sm font-medium">{t.currencyLabel}</legend>
      <div className="border-line bg-sand/60 grid grid-cols-2 gap-1 rounded-full border p-1">
        {CURRENCIES.map((currency) => (
          <label
            key={currency}
            className={clsx(
              "has-focus-visible:outline-gold flex h-9 cursor-pointer items-center justify-center rounded-full text-sm font-medium transition has-focus-visible:outline-2 pointer-coarse:h-11",
              value === currency ? "bg-ink text-ivory" : "text-muted hover:text-ink",
            )}
          >
            <input
              type="radio"
              name="currency"
              value={currency}
              checked={value === currency}
              onChange={() => onChange(currency)}
              className="sr-only"
            />
            <span aria-hidden>{currency}</span>
            <span className="sr-only">{t.currencyNames[currency]}</span>
          </label>
        ))}
      </div>
      {value === "LBP" && <p className="text-muted mt-2 text-xs">{t.lbpRate}</p>}
    </fieldset>
  );
}

export function TotalsList({
  totals,
  currency,
  discount,
}: {
  totals: OrderTotals;
  currency: Currency;
  discount: "applied" | "available" | "none";
}) {
  const money = (cents: number) => formatPrice(cents, currency);
  return (
    <div className="space-y-3">
      <dl className="space-y-2 text-sm">
        <Row label={t.subtotal} value={money(totals.subtotalCents)} />
        <Row label={t.delivery} note={t.deliveryNote} value={money(totals.deliveryFeeCents)} />
        {discount === "applied" && (
          <Row
            label={t.discountApplied(INSTAGRAM_DISCOUNT_PERCENT)}
            value={`−${money(totals.discountCents)}`}
            tone="text-emerald-700"
          />
        )}
        <div className="border-line flex items-baseline justify-between gap-3 border-t pt-3">
          <dt className="text-ink font-medium">{t.total}</dt>
          <dd className="text-ink font-serif text-2xl font-semibold lining-nums tabular-nums">
            {money(totals.totalCents)}
          </dd>
        </div>
      </dl>
      {discount === "available" && (
        <p className="rounded-lg bg-emerald-50 px-3 py-2 text-xs leading-relaxed text-emerald-800">
          {t.discountAvailable(INSTAGRAM_DISCOUNT_PERCENT)}
        </p>
      )}
    </div>
  );
}

function Row({
  label,
  note,
  value,
  tone = "text-ink",
}: {
  label: string;
  note?: string;
  value: string;
  tone?: string;
}) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-muted">
        {label}
        {note && <span className="text-muted block text-xs">{note}</span>}
      </dt>
      <dd className={clsx("shrink-0 tabular-nums", tone)}>{value}</dd>
    </div>
  );
}
