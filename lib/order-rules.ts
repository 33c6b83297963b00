// Rules of an order (spec sections 4 and 9, DESIGN.md on money and the discount). Pure functions,
// safe to import from client and server: the checkout page shows the totals the server charges.
import {
  DELIVERY_DAYS_MAX,
  DELIVERY_FEE_CENTS,
  INSTAGRAM_DISCOUNT_PERCENT,
  SHOP_TIME_ZONE,
  type OrderStatus,
  type RegistrationSource,
} from "@/lib/constants";
import { lazily } from "@/lib/format";
import { messages } from "@/lib/messages";
import type { ShippingAddress } from "@/models/order";

export type OrderTotals = {
  subtotalCents: number;
  deliveryFeeCents: number;
  discountCents: number;
  totalCents: number;
};

/** 10% of the subtotal, rounded to the nearest cent (half a cent rounds up). */
export function instagramDiscountCents(subtotalCents: number): number {
  return Math.round((subtotalCents * INSTAGRAM_DISCOUNT_PERCENT) / 100);
}

/** Total = subtotal + $5 delivery − discount, all in integer cents. */
export function orderTotals({
  lines,
  discounted,
}: {
  lines: readonly { priceCents: number; quantity: number }[];
  discounted: boolean;
}): OrderTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const discountCents = discounted ? instagramDiscountCents(subtotalCents) : 0;
  return {
    subtotalCents,
    deliveryFeeCents: DELIVERY_FEE_CENTS,
    discountCents,
    totalCents: subtotalCents + DELIVERY_FEE_CENTS - discountCents,
  };
}

/**
 * Why an order comes to more than the customer saw (`expected…`, in cents; either may be absent),
 * or null when it does not. "discount" when the first-order discount the page showed, which the
 * server no longer gives, alone explains it (only a customer who signed up from the Instagram link
 * can have been shown one: `discountShown`); "prices" otherwise.
 */
export function whyTotalRose({
  totals,
  discounted,
  discountShown,
  expectedSubtotalCents,
  expectedTotalCents,
}: {
  totals: OrderTotals;
  discounted: boolean;
  discountShown: boolean;
  expectedSubtotalCents?: number;
  expectedTotalCents?: number;
}): "prices" | "discount" | null {
  const above = (expected: number | undefined, cents: number) =>
    expected !== undefined && cents > expected;
  if (above(expectedSubtotalCents, totals.subtotalCents)) return "prices";
  if (!above(expectedTotalCents, totals.totalCents)) return null;
  const withDiscount = totals.totalCents - instagramDiscountCents(totals.subtotalCents);
  return discountShown && !discounted && !above(expectedTotalCents, withDiscount)
    ? "discount"
    : "prices";
}

type DiscountCustomer = {
  registrationSource: RegistrationSource | null;
  isEmailVerified: boolean;
};

/**
 * The Instagram first-order discount, as the server decides it at checkout: signed up from the
 * Instagram link, verified email, and no earlier order that was not cancelled.
 */
export function qualifiesForInstagramDiscount({
  customer,
  hasEarlierOrder,
}: {
  customer: DiscountCustomer;
  hasEarlierOrder: boolean;
}): boolean {
  return (
    customer.registrationSource === "instagram_bio" && customer.isEmailVerified && !hasEarlierOrder
  );
}

/**
 * How the checkout summary shows the discount: applied for a verified customer whose next order
 * gets it (the server's answer, read with the orders), available for an Instagram customer who
 * still has to verify. Until that answer is read it is not promised: the total shown is then at
 * most what the server charges.
 */
export function discountDisplay({
  customer,
  firstOrderDiscount,
}: {
  customer: DiscountCustomer | null;
  firstOrderDiscount: boolean;
}): "applied" | "available" | "none" {
  if (customer?.registrationSource !== "instagram_bio") return "none";
  if (!customer.isEmailVerified) return "available";
  return firstOrderDiscount ? "applied" : "none";
}

export function orderStatusLabel(status: OrderStatus): string {
  return messages.orders.status[status];
}

/** My Orders' first tab: on its way (neither delivered nor cancelled). */
export const isCurrentOrder = (status: OrderStatus) =>
  status !== "delivered" && status !== "cancelled";

/** My Orders' second tab: delivered. Cancelled orders appear in neither tab. */
export const isPastOrder = (status: OrderStatus) => status === "delivered";

export function ordersByTab<T extends { status: OrderStatus }>(orders: readonly T[]) {
  return {
    current: orders.filter((order) => isCurrentOrder(order.status)),
    history: orders.filter((order) => isPastOrder(order.status)),
  };
}

/**
 * A floor as a courier reads it beside the building: "Floor 3", not a bare "3" that reads as a
 * building number; a floor typed with its word ("3rd floor", "الطابق الثالث") stays as typed.
 */
function floorLabel(floor: string | undefined): string | undefined {
  if (!floor) return floor;
  return /floor|طابق/i.test(floor) ? floor : messages.checkout.floorLabel(floor);
}

/** The address as a courier reads it, one part per line. */
export function addressLines(address: ShippingAddress): string[] {
  return [
    address.fullName,
    address.address,
    [address.building, floorLabel(address.floor)].filter(Boolean).join(", "),
    [address.area, address.city].filter(Boolean).join(", "),
    address.additionalInfo,
  ].filter((line): line is string => Boolean(line));
}

/** "cash_on_delivery" is shown as "cash on delivery". */
export const paymentMethodLabel = (method: string) => method.replaceAll("_", " ");

const shopDay = lazily(
  () =>
    new Intl.DateTimeFormat("en-CA", {
      timeZone: SHOP_TIME_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }),
);

/**
 * The latest day of the 4-5 business days (Monday to Friday) delivery promise, counted from the
 * shop's calendar day the order was placed on. Noon UTC is the same calendar day in Beirut.
 */
export function estimatedDeliveryDate(placedAt: Date): Date {
  const [year, month, day] = shopDay().format(placedAt).split("-").map(Number) as [
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, 12));
  for (let businessDays = 0; businessDays < DELIVERY_DAYS_MAX;) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) businessDays++;
  }
  return date;
}

// Easy to read over the phone: no 0/O, 1/I/L or U, in two groups of four.
const ORDER_NUMBER_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
const ORDER_NUMBER_PREFIX = "LUM";
export const ORDER_NUMBER_PATTERN = /^LUM-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/;

/** A random order number such as "LUM-7K3M-Q9TX": 30^8 values, no sequence to guess from. */
export function createOrderNumber(): string {
  const chars: string[] = [];
  // Bytes at or above 240 are skipped so that every character is equally likely (240 = 8 × 30).
  const limit = 256 - (256 % ORDER_NUMBER_ALPHABET.length);
  while (chars.length < 8) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      if (byte < limit && chars.length < 8) {
        chars.push(ORDER_NUMBER_ALPHABET[byte % ORDER_NUMBER_ALPHABET.length]!);
      }
    }
  }
  return `${ORDER_NUMBER_PREFIX}-${chars.slice(0, 4).join("")}-${chars.slice(4).join("")}`;
}
