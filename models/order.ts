// Checkout validation shared by the checkout form (react-hook-form + zodResolver) and the checkout
// API (spec sections 3 and 5), and the order as the API returns it.
import { z } from "zod";
import {
  CURRENCIES,
  DELIVERY_CITIES,
  MAX_ITEM_QUANTITY,
  MIN_ITEM_QUANTITY,
  type Currency,
  type OrderStatus,
} from "@/lib/constants";
import { messages } from "@/lib/messages";
import { MAX_NAME_LENGTH } from "@/models/auth";
import { showsSomething } from "@/models/text";

const m = messages.checkout;

export const FIELD_LIMITS = {
  // Room for the name the checkout fills in: a first and a last name at their limits, and a space.
  fullName: 2 * MAX_NAME_LENGTH + 1,
  address: 300,
  area: 100,
  building: 100,
  floor: 50,
  additionalInfo: 500,
  notes: 1000,
} as const;
/** Different products in one order: a cart of handmade pieces never comes near it. */
export const MAX_ORDER_LINES = 50;

// Tabs and line breaks pasted into a one-line field become single spaces. Control characters and
// broken UTF-16 are refused in every request by the API's boundary (parseInput in lib/http).
const oneLine = (value: string) => value.replace(/\s+/g, " ");

type TextField = keyof typeof FIELD_LIMITS;

/** The field's length limit, refused in words that name the field. */
const withinLimit = (text: z.ZodString, field: TextField) =>
  text.max(FIELD_LIMITS[field], { error: m.tooLong(m.fieldNames[field], FIELD_LIMITS[field]) });

const requiredText = (field: TextField, required: string) =>
  withinLimit(
    z.string({ error: required }).trim().refine(showsSomething, { error: required, abort: true }),
    field,
  ).transform(oneLine);

/** An optional text: empty, blank or null means absent. */
const optionalText = (field: TextField, { multiline = false } = {}) =>
  withinLimit(z.string().trim(), field)
    .transform((v) => (multiline ? v : oneLine(v)))
    .nullish()
    // Nothing a reader would see (blank, or only invisible marks) is no value.
    .transform((v) => (v && showsSomething(v) ? v : undefined))
    .optional();

export type DeliveryCity = (typeof DELIVERY_CITIES)[number];

export const shippingAddressSchema = z.object({
  fullName: requiredText("fullName", m.fullNameRequired),
  address: requiredText("address", m.addressRequired),
  // Trimmed like every other field, so " Beirut " is Beirut.
  city: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z.enum(DELIVERY_CITIES, {
      error: (issue) =>
        issue.input == null || (typeof issue.input === "string" && !showsSomething(issue.input))
          ? m.cityRequired
          : m.cityInvalid,
    }),
  ),
  area: optionalText("area"),
  building: optionalText("building"),
  floor: optionalText("floor"),
  additionalInfo: optionalText("additionalInfo", { multiline: true }),
});

/** Where an order goes, as the customer entered it (stored with the order). */
export type ShippingAddress = z.output<typeof shippingAddressSchema>;

const PHONE_SHAPE = /^[\d ()+-]{8,20}$/;
const HAS_DIGIT = /\d/;
/** Arabic-Indic and Persian digits, as an Arabic keyboard types them. */
const EASTERN_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/g;
// Both runs start at a multiple of 16 (U+0660, U+06F0): a digit's value is its code modulo 16.
const westernDigits = (value: string) =>
  value.replace(EASTERN_DIGIT, (digit) => String(digit.charCodeAt(0) % 16));

/**
 * 8-20 characters of digits, spaces, hyphens, plus signs and parentheses (the spec's rule, counted
 * as typed, any kind of space being a space), at least one of them a digit: punctuation alone
 * reaches no one. Digits typed on an Arabic keyboard become 0-9, and each run of spaces or line
 * breaks pasted in (a non-breaking space, a tab) is stored as one plain space, as in the address,
 * so the order, its mail and the courier's list read alike.
 */
export const phoneNumberField = z
  .string({ error: (issue) => (issue.input == null ? m.phoneRequired : m.phoneInvalid) })
  .trim()
  .refine(showsSomething, { error: m.phoneRequired, abort: true })
  .transform((v) => westernDigits(v.replace(/\s/g, " ")))
  .refine((v) => PHONE_SHAPE.test(v) && HAS_DIGIT.test(v), {
    error: m.phoneInvalid,
  })
  .transform(oneLine);

/** What the customer types on the checkout page. */
export const checkoutFormSchema = z.object({
  shippingAddress: shippingAddressSchema,
  phoneNumber: phoneNumberField,
  notes: optionalText("notes", { multiline: true }),
});

export type CheckoutForm = z.output<typeof checkoutFormSchema>;

// Only the product and the quantity count: names, prices and images a client sends are ignored.
const orderLineSchema = z.object({
  productId: z.guid({ error: m.invalidItem }).transform((id) => id.toLowerCase()),
  quantity: z
    .number({ error: m.quantityRange })
    .int({ error: m.quantityRange })
    .min(MIN_ITEM_QUANTITY, { error: m.quantityRange })
    .max(MAX_ITEM_QUANTITY, { error: m.quantityRange }),
});

export type OrderLine = z.output<typeof orderLineSchema>;

/** The same product twice in one request counts once, with the quantities added up. */
function mergeLines(lines: OrderLine[]): OrderLine[] {
  const merged = new Map<string, number>();
  for (const { productId, quantity } of lines) {
    merged.set(productId, (merged.get(productId) ?? 0) + quantity);
  }
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

/** The body of POST /api/orders/checkout. */
export const checkoutSchema = z.object({
  ...checkoutFormSchema.shape,
  // A missing address names each required field, as the form would.
  shippingAddress: z.preprocess((value) => value ?? {}, shippingAddressSchema),
  items: z
    // Missing is an empty cart; anything else that is not a list is named as such.
    .array(orderLineSchema, {
      error: (issue) => (issue.input === undefined ? m.emptyCart : undefined),
    })
    .min(1, { error: m.emptyCart })
    // Counted once the same product's lines are added up: the limit is on different pieces.
    // The body's size limit (32 kB) bounds the lines read before that.
    .transform(mergeLines)
    .refine((lines) => lines.length <= MAX_ORDER_LINES, {
      error: m.tooManyLines(MAX_ORDER_LINES),
    })
    .refine((lines) => lines.every((line) => line.quantity <= MAX_ITEM_QUANTITY), {
      error: m.quantityTotal(MAX_ITEM_QUANTITY),
    }),
  currency: z.enum(CURRENCIES, { error: m.currencyInvalid }).default("USD"),
  // What the pieces came to, in US dollars, as the customer saw them: an order whose prices rose
  // since is refused (409), so nobody is charged on delivery for a price they never saw.
  // Optional for API clients.
  expectedSubtotal: z
    .number({ error: m.expectedSubtotalInvalid })
    .nonnegative({ error: m.expectedSubtotalInvalid })
    .max(Number.MAX_SAFE_INTEGER / 100, { error: m.expectedSubtotalInvalid })
    .optional(),
  // Sent by the checkout page, whose lines are the customer's server cart: a line no longer in it
  // (ordered meanwhile from another device, whose order emptied the cart) refuses the order (409)
  // instead of placing it twice. API clients that send their own lines leave it out.
  fromCart: z.boolean({ error: m.fromCartInvalid }).optional(),
  // The total the customer saw, in US dollars: an order that would come to more (the first-order
  // discount the page showed is no longer given) is refused the same way. Optional too.
  expectedTotal: z
    .number({ error: m.expectedTotalInvalid })
    .nonnegative({ error: m.expectedTotalInvalid })
    .max(Number.MAX_SAFE_INTEGER / 100, { error: m.expectedTotalInvalid })
    .optional(),
});

export type CheckoutInput = z.output<typeof checkoutSchema>;
export type CheckoutPayload = z.input<typeof checkoutSchema>;

/** One item short of stock in a refused checkout (409). */
export type ShortItem = {
  productId: string;
  /** Null when the product no longer exists. */
  name: string | null;
  requested: number;
  available: number;
};

export type OrderItemDto = {
  productId: string | null;
  name: string;
  image: string | null;
  quantity: number;
  /** Dollars, two decimals, as the price was when the order was placed. */
  price: number;
};

export type OrderDiscount = {
  type: "instagram_first_order";
  /** Dollars. */
  amount: number;
  percentage: number;
};

/**
 * An order as the API returns it (spec section 3). Amounts are dollars with two decimals;
 * `currency` is how the customer chose to see them (LBP is a display conversion).
 */
export type OrderDto = {
  _id: string;
  id: string;
  orderNumber: string;
  /** The customer, for the shop's own views. */
  userId?: { _id: string | null; firstName: string; lastName: string; email: string };
  createdAt: string;
  updatedAt: string;
  status: OrderStatus;
  items: OrderItemDto[];
  subtotal: number;
  deliveryFee: number;
  discount: OrderDiscount | null;
  totalAmount: number;
  currency: Currency;
  paymentMethod: string;
  estimatedDelivery: string;
  shippingAddress: ShippingAddress;
  phoneNumber: string;
  notes?: string;
};

/** GET /api/orders: the customer's orders, and whether their next order gets the first-order discount. */
export type CustomerOrders = { orders: OrderDto[]; firstOrderDiscount: boolean };
