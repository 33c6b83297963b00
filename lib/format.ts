// Money and count formatting, one place for the whole shop. Safe to import from client and server.
import { BADGE_CAP, LBP_PER_USD, type Currency } from "@/lib/constants";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const lbp = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

export const centsToDollars = (cents: number) => Math.round(cents) / 100;
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

/** "$24.50", or "2,192,750 LBP" at the display rate. */
export function formatPrice(cents: number, currency: Currency = "USD"): string {
  if (currency === "LBP") return `${lbp.format(Math.round((cents * LBP_PER_USD) / 100))} LBP`;
  return usd.format(cents / 100);
}

/** Header badges: the count, or "9+" above 9. */
export function formatBadgeCount(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}
