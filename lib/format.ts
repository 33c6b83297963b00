// Money and count formatting, one place for the whole shop. Safe to import from client and server.
import { BADGE_CAP, LBP_PER_USD, SHOP_TIME_ZONE, type Currency } from "@/lib/constants";

/**
 * A formatter made on its first use. A page's first Intl object costs some 15 ms of start-up on a
 * phone; made at import, the catalogue pages paid it while hydrating, for texts they may not show.
 */
export function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const usd = lazily(() => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }));
const lbp = lazily(() => new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 }));

export const centsToDollars = (cents: number) => Math.round(cents) / 100;
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

/** What `quantity` units at `price` dollars come to in dollars, counted in cents. */
export function lineAmount({ price, quantity }: { price: number; quantity: number }): number {
  return centsToDollars(dollarsToCents(price) * quantity);
}

/** "$24.50", or "2,192,750 LBP" at the display rate. */
export function formatPrice(cents: number, currency: Currency = "USD"): string {
  if (currency === "LBP") return `${lbp().format(Math.round((cents * LBP_PER_USD) / 100))} LBP`;
  return usd().format(cents / 100);
}

/** Header badges: the count, or "9+" above 9. */
export function formatBadgeCount(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

const dates = {
  // "Jan 14, 2025": when an order was placed.
  short: lazily(
    () => new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: SHOP_TIME_ZONE }),
  ),
  // "Tuesday, January 14, 2025": the delivery estimate.
  long: lazily(
    () => new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeZone: SHOP_TIME_ZONE }),
  ),
};

const dateTime = lazily(
  () =>
    new Intl.DateTimeFormat("en-US", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: SHOP_TIME_ZONE,
    }),
);

/** "Jan 14, 2025, 3:05 PM" in the shop's (Beirut) time, the same on the server and in every browser. */
export function formatDateTime(value: string | Date): string {
  return dateTime().format(typeof value === "string" ? new Date(value) : value);
}

/** A day on the shop's (Beirut) calendar, the same on the server and in every browser. */
export function formatDate(value: string | Date, style: keyof typeof dates = "short"): string {
  return dates[style]().format(typeof value === "string" ? new Date(value) : value);
}
