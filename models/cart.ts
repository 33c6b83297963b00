// Cart and wishlist shapes shared by the browser and the API (spec section 3), and the request
// bodies of spec section 7, validated with the same schemas on both sides.
import { z } from "zod";
import { MAX_ITEM_QUANTITY, MIN_ITEM_QUANTITY } from "@/lib/constants";
import { messages } from "@/lib/messages";

/** One line of a cart: the product as it is now (price in dollars, stock) and the units chosen. */
export type CartItem = {
  productId: string;
  name: string;
  /** Dollars, two decimals: the product's current price. */
  price: number;
  /** The product's first picture, or "" when it has none. */
  image: string;
  quantity: number;
  /** Units the shop has now. Unknown (undefined) only for a line read from old browser storage. */
  stock?: number;
};

export type StockSummary = {
  hasAnyIssues: boolean;
  messages: { outOfStock: string | null; lowStock: string | null };
};

/** A wishlist entry: the product's id and when it was added (ISO 8601). */
export type WishlistReference = { _id: string; dateAdded: string };

export type CartAnswer = { cart: CartItem[]; stockSummary: StockSummary };
export type WishlistAnswer = { wishlist: WishlistReference[] };

export type FixedItem = {
  productId: string;
  name: string;
  previousQuantity: number;
  quantity: number;
};
export type RemovedItem = { productId: string; name: string; quantity: number };
export type FixIssuesAnswer = CartAnswer & {
  message: string;
  summary: { adjusted: number; removed: number };
  fixedItems: FixedItem[];
  removedItems: RemovedItem[];
};

const c = messages.cart;

// Any string: a malformed id is simply a product that does not exist (404), like an unknown one.
const productId = z
  .string({
    error: (issue) =>
      issue.input == null ? c.productIdRequired : messages.api.wrongType("productId", "text"),
  })
  .min(1, { error: c.productIdRequired });

/** A quantity to add: a whole number from 1 to 99 (1 when left out). */
export const cartAddSchema = z.object({
  productId,
  quantity: z
    .int({ error: c.quantityInvalid })
    .min(MIN_ITEM_QUANTITY, { error: c.quantityInvalid })
    .max(MAX_ITEM_QUANTITY, { error: c.quantityInvalid })
    .default(MIN_ITEM_QUANTITY),
});

/** A new quantity for a line; 0 or less removes the line. */
export const cartUpdateSchema = z.object({
  productId,
  quantity: z
    .int({ error: c.updateQuantityInvalid })
    .max(MAX_ITEM_QUANTITY, { error: c.updateQuantityInvalid }),
});

export const FIX_ACTIONS = ["adjust", "remove"] as const;
export type FixAction = (typeof FIX_ACTIONS)[number];

/** `adjust` lowers quantities to the stock and removes sold-out lines; `remove` removes every line with an issue. */
export const fixIssuesSchema = z.object({
  action: z.enum(FIX_ACTIONS, { error: c.invalidFixAction }).default("adjust"),
});

export const wishlistAddSchema = z.object({ productId });
