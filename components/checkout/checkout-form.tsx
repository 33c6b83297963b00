"use client";

// The checkout (spec sections 2, 4 and 5): shipping form, order summary, currency, and the
// submit. One Idempotency-Key per attempt: a retry of an attempt that got no clear answer (network,
// 5xx) reuses it, so the server can never place the order twice; a clear refusal ends the attempt.
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useSWRConfig } from "swr";
import {
  CartLines,
  cartTotals,
  CurrencySelector,
  TotalsList,
} from "@/components/checkout/order-summary";
import {
  forgetCheckoutDraft,
  useCheckoutDraft,
  useDraftCurrency,
  useLastDeliveryAddress,
} from "@/components/checkout/checkout-draft";
import { readShortItems, StockProblem } from "@/components/checkout/stock-problem";
import { useAuth } from "@/components/account/auth-provider";
import { useCart } from "@/components/cart/cart-provider";
import { readCartChanges, readLocalCart } from "@/components/cart/local-lists";
import { cartWritesAnswered } from "@/components/cart/use-synced-cart";
import { VerificationNotice } from "@/components/orders/account-notices";
import { fetchOrders, ORDERS_KEY, useOrders } from "@/components/orders/use-orders";
import {
  FormAlert,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  useZodForm,
} from "@/components/ui/form-controls";
import { callApi, describeFailure, isUnanswered } from "@/lib/api-client";
import { DELIVERY_CITIES } from "@/lib/constants";
import { stockSentences } from "@/lib/cart-rules";
import { centsToDollars } from "@/lib/format";
import { messages } from "@/lib/messages";
import { discountDisplay } from "@/lib/order-rules";
import {
  checkoutFormSchema,
  FIELD_LIMITS,
  type CheckoutPayload,
  type OrderDto,
} from "@/models/order";
import type { PublicUser } from "@/models/auth";

const t = messages.checkout;

type StockRefusal = {
  title: string;
  lines: string[];
  fixable: boolean;
  /** Whether `lines` name pieces (short of stock, gone from the cart), never a total. */
  namesPieces: boolean;
  /** The cart the refused order held (linesKey), whose new total `lines` may name. */
  sent: string;
};

/** A cart's pieces and quantities, to tell whether it changed since an order was refused. */
const linesKey = (items: readonly { productId: string | null; quantity: number }[]) =>
  items.map(({ productId, quantity }) => `${productId}:${quantity}`).join(",");

/** The same pieces and quantities, in any order (an order lists its items by name). */
const sameLines = (
  a: readonly { productId: string | null; quantity: number }[],
  b: readonly { productId: string | null; quantity: number }[],
) => linesKey([...a].sort(byProduct)) === linesKey([...b].sort(byProduct));
const byProduct = (a: { productId: string | null }, b: { productId: string | null }) =>
  (a.productId ?? "").localeCompare(b.productId ?? "");

/**
 * Whether the next order gets the first-order discount, as the server says. Not promised until
 * that answer arrives; when the orders cannot be read, it applies (spec section 9), and the
 * server, which decides, refuses the order once with the real total if it no longer does.
 */
function firstOrderDiscountOf(
  user: PublicUser,
  orders: ReturnType<typeof useOrders>,
  { refused }: { refused: boolean },
): boolean {
  if (user.registrationSource !== "instagram_bio") return false;
  const { data, error } = orders;
  return data ? data.firstOrderDiscount === true : error !== undefined && !refused;
}

/**
 * How the last attempt ended when the page cannot go on as it was: without a clear answer (the
 * order may have been placed), refused because the cart was ordered or changed on another device,
 * or refused because the session ended.
 */
export type CheckoutInterruption = "unconfirmed" | "changedElsewhere" | "signedOut";

export function CheckoutForm({
  user,
  onPlaced,
  onInterrupted,
}: {
  user: PublicUser;
  onPlaced: (order: OrderDto) => void;
  onInterrupted: (interruption: CheckoutInterruption | null) => void;
}) {
  const cart = useCart();
  const auth = useAuth();
  const router = useRouter();
  const { mutate } = useSWRConfig();
  // Until she picks one, the currency her last order was paid in (most pay as they did before).
  const [chosenCurrency, setCurrency] = useDraftCurrency(user.id);
  const [stockRefusal, setStockRefusal] = useState<StockRefusal | null>(null);
  // The Idempotency-Key of the order being placed and the pieces it is for: every try of those
  // pieces is one order, however many answers were lost; other pieces make a new order.
  const attempt = useRef<{ key: string; lines: string } | null>(null);

  // The server said the discount no longer applies, while the orders still cannot be read.
  const [discountRefused, setDiscountRefused] = useState(false);
  // The customer's orders: whether the discount still applies, and where the last one went.
  const orders = useOrders(user.isEmailVerified);
  const lastOrder = orders.data?.orders[0];
  const currency = chosenCurrency ?? lastOrder?.currency ?? "USD";
  const discount = discountDisplay({
    customer: user,
    firstOrderDiscount: firstOrderDiscountOf(user, orders, { refused: discountRefused }),
  });
  const totals = cartTotals(cart.items, discount === "applied");

  /**
   * After an order that got no answer: an order among hers now that was not before, of exactly
   * these pieces, is that one, and the cart follows it as after an answered order (a change still
   * waiting for the network drops by what it took, so the pieces do not come back). Otherwise the
   * cart is read again.
   */
  async function settleUnanswered(
    items: { productId: string; quantity: number }[],
    ordersBefore: readonly OrderDto[] | undefined,
  ) {
    const now = await mutate(ORDERS_KEY, fetchOrders(), { revalidate: false }).catch(
      () => undefined,
    );
    const known = new Set(ordersBefore?.map((order) => order._id));
    const placed =
      ordersBefore &&
      now?.orders.find((order) => !known.has(order._id) && sameLines(order.items, items));
    if (placed) await cart.afterOrder(placed.items);
    else await cart.refresh();
  }
  const form = useZodForm(
    checkoutFormSchema,
    {
      shippingAddress: { fullName: `${user.firstName} ${user.lastName}`.trim(), address: "" },
      phoneNumber: user.phoneNumber ?? "",
      notes: "",
    },
    async (values) => {
      setStockRefusal(null);
      onInterrupted(null);
      await cartWritesAnswered();
      const items = cart.items.map(({ productId, quantity }) => ({ productId, quantity }));
      const lines = linesKey(items);
      if (attempt.current?.lines !== lines) attempt.current = { key: crypto.randomUUID(), lines };
      const ordersBefore = orders.data?.orders;
      const payload: CheckoutPayload = {
        ...values,
        items,
        currency,
        expectedSubtotal: centsToDollars(totals.subtotalCents),
        expectedTotal: centsToDollars(totals.totalCents),
        // The lines are the server's cart, unless a line or a change to it still waits in the
        // browser for the network (the next merge sends it).
        fromCart: cart.synced && readLocalCart().length === 0 && readCartChanges().size === 0,
      };
      const result = await callApi<{ order: OrderDto }>("/api/orders/checkout", {
        body: payload,
        headers: { "Idempotency-Key": attempt.current.key },
        retry: true,
      });
      if (result.ok) {
        attempt.current = null;
        forgetCheckoutDraft();
        onPlaced(result.data.order);
        const [, ordersRead] = await Promise.allSettled([
          cart.afterOrder(result.data.order.items),
          mutate(ORDERS_KEY, fetchOrders(), { revalidate: false }),
        ]);
        // Pages the browser kept (for the Back button) show the stock this order just took. Only
        // once the shop answered again: a refresh that cannot reach it reloads the whole page
        // (Next's fallback), and the thank-you would give way to the browser's offline page.
        if (ordersRead.status === "fulfilled") router.refresh();
        return;
      }
      // Refused outright: nothing was placed, so the next press is a new attempt.
      if (result.kind === "refused" && result.status < 500) attempt.current = null;
      if (result.requiresVerification) return { message: t.verificationRequired, details: [] };
      if (result.status === 409) {
        // Stock, prices or earlier orders moved since they were read: show them as they are now.
        void cart.refresh();
        void mutate(ORDERS_KEY);
        if (result.error === t.discountGone) setDiscountRefused(true);
        if (result.error === t.cartChangedElsewhere) onInterrupted("changedElsewhere");
        const fixable = readShortItems(result.body).length > 0;
        setStockRefusal({
          title: result.error ?? t.insufficientStock,
          lines: result.details,
          fixable,
          namesPieces: fixable || result.error === t.cartChangedElsewhere,
          sent: linesKey(payload.items),
        });
        return;
      }
      // The session ended elsewhere (signed out in another tab, or on every device): the profile
      // is checked again, so the page turns to the signed-out checkout (spec section 4).
      if (result.status === 401) {
        onInterrupted("signedOut");
        void auth.refresh();
      }
      if (isUnanswered(result)) {
        // No clear answer: the order may have been placed all the same. The cart and the orders
        // are read again, so a placed order's pieces leave the cart instead of being ordered twice,
        // and the emptied cart says why.
        onInterrupted("unconfirmed");
        void settleUnanswered(items, ordersBefore);
      }
      return describeFailure(result, t.failed, t.networkError);
    },
    // Checked again on the next submit, not while the shopper types (spec section 5).
    { reValidateMode: "onSubmit" },
  );
  useCheckoutDraft(form, user.id);
  useLastDeliveryAddress(form, lastOrder?.shippingAddress);
  const { register, clearErrors, formState } = form;
  const errors = formState.errors;
  const submitting = formState.isSubmitting;
  // A field's error clears as soon as it is edited (spec section 5); the next submit checks again.
  const field = (name: Parameters<typeof register>[0]) =>
    register(name, { onChange: () => clearErrors(name) });

  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-medium sm:text-4xl">{t.title}</h1>
      {!user.isEmailVerified && (
        <VerificationNotice compact title={t.verifyTitle} text={t.verificationRequired} />
      )}
      <form
        noValidate
        onSubmit={form.onSubmit}
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start"
      >
        <section
          aria-labelledby="shipping-title"
          className="border-line rounded-2xl border bg-white p-5 shadow-xs sm:p-7"
        >
          <h2 id="shipping-title" className="font-serif text-2xl font-medium">
            {t.shippingTitle}
          </h2>
          <p className="text-muted mt-1 text-sm">{t.shippingIntro}</p>
          <fieldset disabled={submitting} className="mt-6 grid gap-5 sm:grid-cols-2">
            <TextField
              label={t.fullName}
              autoComplete="name"
              maxLength={FIELD_LIMITS.fullName}
              error={errors.shippingAddress?.fullName?.message}
              dir="auto"
              {...field("shippingAddress.fullName")}
            />
            <TextField
              label={t.phoneNumber}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              hint={t.phoneHint}
              error={errors.phoneNumber?.message}
              {...field("phoneNumber")}
            />
            <TextField
              label={t.address}
              placeholder={t.addressPlaceholder}
              autoComplete="street-address"
              maxLength={FIELD_LIMITS.address}
              className="sm:col-span-2"
              error={errors.shippingAddress?.address?.message}
              dir="auto"
              {...field("shippingAddress.address")}
            />
            <SelectField
              label={t.city}
              defaultValue=""
              error={errors.shippingAddress?.city?.message}
              {...field("shippingAddress.city")}
            >
              <option value="" disabled>
                {t.chooseCity}
              </option>
              {DELIVERY_CITIES.map((city) => (
                <option key={city} value={city}>
                  {city}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t.area}
              maxLength={FIELD_LIMITS.area}
              error={errors.shippingAddress?.area?.message}
              dir="auto"
              {...field("shippingAddress.area")}
            />
            <TextField
              label={t.building}
              maxLength={FIELD_LIMITS.building}
              error={errors.shippingAddress?.building?.message}
              dir="auto"
              {...field("shippingAddress.building")}
            />
            <TextField
              label={t.floor}
              maxLength={FIELD_LIMITS.floor}
              error={errors.shippingAddress?.floor?.message}
              dir="auto"
              {...field("shippingAddress.floor")}
            />
            <TextAreaField
              label={t.additionalInfo}
              rows={2}
              maxLength={FIELD_LIMITS.additionalInfo}
              className="sm:col-span-2"
              error={errors.shippingAddress?.additionalInfo?.message}
              dir="auto"
              {...field("shippingAddress.additionalInfo")}
            />
            <TextAreaField
              label={t.notes}
              rows={3}
              maxLength={FIELD_LIMITS.notes}
              className="sm:col-span-2"
              error={errors.notes?.message}
              dir="auto"
              {...field("notes")}
            />
          </fieldset>
        </section>

        <aside
          aria-labelledby="summary-title"
          className="border-line space-y-5 rounded-2xl border bg-white p-5 shadow-xs sm:p-7 lg:sticky lg:top-24"
        >
          <h2 id="summary-title" className="font-serif text-2xl font-medium">
            {t.summaryTitle}
          </h2>
          <CartLines disabled={submitting} currency={currency} />
          <CurrencySelector value={currency} onChange={setCurrency} disabled={submitting} />
          <TotalsList totals={totals} currency={currency} discount={discount} />
          <p className="text-muted text-xs">{t.paymentNote}</p>
          {stockRefusal ? (
            <StockProblem
              title={stockRefusal.title}
              // A new total named for a cart that has changed since (read again after the refusal)
              // would contradict the summary above: the summary's total stands alone then.
              lines={
                stockRefusal.namesPieces || stockRefusal.sent === linesKey(cart.items)
                  ? stockRefusal.lines
                  : []
              }
              fixable={stockRefusal.fixable}
              onFixed={() => setStockRefusal(null)}
            />
          ) : (
            cart.stockSummary.hasAnyIssues && (
              <StockProblem
                title={t.insufficientStock}
                lines={stockSentences(cart.stockSummary)}
                fixable={cart.synced}
              />
            )
          )}
          <FormAlert problem={form.problem} />
          <SubmitButton pending={submitting}>{submitting ? t.placing : t.placeOrder}</SubmitButton>
        </aside>
      </form>
    </div>
  );
}
