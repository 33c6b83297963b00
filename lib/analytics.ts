// Analytics events of the shop (spec section 7: a successful add to cart sends add_to_cart in USD
// with category jewelry). The shop loads no analytics script itself: when the page has one
// (window.gtag, or a tag manager's window.dataLayer) it gets the event, otherwise nothing happens.
import { lineAmount } from "@/lib/format";

export const ANALYTICS_CATEGORY = "jewelry";

type Gtag = (command: "event", name: string, params: Record<string, unknown>) => void;
type AnalyticsWindow = { gtag?: unknown; dataLayer?: unknown };

export type AddToCartEvent = {
  currency: "USD";
  /** Dollars: the units added times the unit price. */
  value: number;
  items: {
    item_id: string;
    item_name: string;
    item_category: typeof ANALYTICS_CATEGORY;
    price: number;
    quantity: number;
  }[];
};

/** The add_to_cart event's parameters (GA4's ecommerce shape) for `quantity` units of a product. */
export function addToCartEvent(
  product: { id: string; name: string; price: number },
  quantity: number,
): AddToCartEvent {
  return {
    currency: "USD",
    value: lineAmount({ price: product.price, quantity }),
    items: [
      {
        item_id: product.id,
        item_name: product.name,
        item_category: ANALYTICS_CATEGORY,
        price: product.price,
        quantity,
      },
    ],
  };
}

/**
 * Reports a successful add to cart. gtag writes to the dataLayer itself, so the event goes to
 * gtag when there is one and straight to the dataLayer only without it: never counted twice.
 * Never throws: analytics must not break the shop.
 */
export function trackAddToCart(
  product: { id: string; name: string; price: number },
  quantity: number,
  target: AnalyticsWindow | undefined = typeof window === "undefined"
    ? undefined
    : (window as AnalyticsWindow),
): void {
  if (!target) return;
  const params = addToCartEvent(product, quantity);
  try {
    if (typeof target.gtag === "function") (target.gtag as Gtag)("event", "add_to_cart", params);
    else if (Array.isArray(target.dataLayer))
      target.dataLayer.push({ event: "add_to_cart", ecommerce: params });
  } catch {
    // A broken third-party script is not the shopper's problem.
  }
}
