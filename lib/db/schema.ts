import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CATEGORIES, CURRENCIES, ORDER_STATUSES, REGISTRATION_SOURCES } from "@/lib/constants";
import type { ShippingAddress } from "@/models/order";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const categoryEnum = pgEnum("category", CATEGORIES);
export const orderStatusEnum = pgEnum("order_status", ORDER_STATUSES);
export const currencyEnum = pgEnum("currency", CURRENCIES);
export const registrationSourceEnum = pgEnum("registration_source", REGISTRATION_SOURCES);

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phoneNumber: text("phone_number"),
    avatar: text("avatar"),
    isEmailVerified: boolean("is_email_verified").notNull().default(false),
    isAdmin: boolean("is_admin").notNull().default(false),
    googleId: text("google_id").unique(),
    registrationSource: registrationSourceEnum("registration_source"),
    // Bumped on password change or reset: every token carrying an older value stops working.
    sessionVersion: integer("session_version").notNull().default(0),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    previousLoginAt: timestamp("previous_login_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`)],
);

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    category: categoryEnum("category").notNull(),
    description: text("description").notNull().default(""),
    quantity: integer("quantity").notNull().default(0),
    materials: text("materials")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The admin form's Idempotency-Key: a create sent again after a lost answer returns this product.
    idempotencyKey: text("idempotency_key"),
    // The Idempotency-Key of the last edit saved: the same save sent again after a lost answer is
    // told from another edit whose stock an order happened to meet.
    lastEditKey: text("last_edit_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("products_category_idx").on(t.category, t.name),
    uniqueIndex("products_idempotency_idx")
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check("products_price_nonnegative", sql`${t.priceCents} >= 0`),
    check("products_quantity_nonnegative", sql`${t.quantity} >= 0`),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Null once the product is deleted: past orders still show the picture they were placed with.
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    position: integer("position").notNull().default(0),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position)],
);

/** Resized renditions of product images, made once by the image route and reused. */
export const imageVariants = pgTable(
  "image_variants",
  {
    imageId: uuid("image_id")
      .notNull()
      .references(() => productImages.id, { onDelete: "cascade" }),
    // e.g. "w640-q75.webp" or "w64-q20-blur.jpg"
    variant: text("variant").notNull(),
    contentType: text("content_type").notNull(),
    data: bytea("data").notNull(),
    // Computed once when the variant is stored, so serving it never hashes the bytes again.
    etag: text("etag"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.variant] })],
);

export const cartItems = pgTable(
  "cart_items",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check("cart_items_quantity_range", sql`${t.quantity} between 1 and 99`),
  ],
);

export const wishlistItems = pgTable(
  "wishlist_items",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    dateAdded: timestamp("date_added", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderNumber: text("order_number").notNull().unique(),
    // Kept when the customer deletes their account: the shop still needs the order.
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    customerFirstName: text("customer_first_name").notNull(),
    customerLastName: text("customer_last_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    status: orderStatusEnum("status").notNull().default("pending"),
    // The statuses the customer was mailed about: an order moved back and forward again is
    // announced once per status ("delivered" never twice).
    mailedStatuses: orderStatusEnum("mailed_statuses")
      .array()
      .notNull()
      .default(sql`'{}'::order_status[]`),
    // An order may pass $21 million (50 lines of 99 at up to $100,000): beyond a 32-bit integer.
    subtotalCents: bigint("subtotal_cents", { mode: "number" }).notNull(),
    deliveryFeeCents: integer("delivery_fee_cents").notNull(),
    discountCents: bigint("discount_cents", { mode: "number" }).notNull().default(0),
    discountType: text("discount_type"),
    discountPercent: integer("discount_percent"),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    currency: currencyEnum("currency").notNull().default("USD"),
    paymentMethod: text("payment_method").notNull().default("cash_on_delivery"),
    estimatedDelivery: timestamp("estimated_delivery", { withTimezone: true }).notNull(),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>().notNull(),
    phoneNumber: text("phone_number").notNull(),
    notes: text("notes"),
    // The checkout page's Idempotency-Key: a retried request returns the order it already placed.
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("orders_user_idempotency_idx")
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index("orders_status_idx").on(t.status, t.createdAt),
    // The first-order discount looks for earlier orders by email too (a re-created account).
    index("orders_customer_email_idx").on(sql`lower(${t.customerEmail})`),
    check("orders_amounts_nonnegative", sql`${t.subtotalCents} >= 0 and ${t.totalCents} >= 0`),
  ],
);

/** A snapshot of what was bought: later product edits or deletion do not change an order. */
export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    image: text("image"),
    priceCents: integer("price_cents").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const emailVerificationTokens = pgTable(
  "email_verification_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("email_verification_tokens_user_idx").on(t.userId)],
);

/** One reset attempt: a hashed PIN (5 tries, 10 minutes), then a hashed single-use reset token. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    pinHash: text("pin_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    resetTokenHash: text("reset_token_hash").unique(),
    resetTokenExpiresAt: timestamp("reset_token_expires_at", { withTimezone: true }),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId, t.createdAt)],
);

/** Signed-in sessions: a token names its row, so logging out ends it on the server too. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Rate-limit counters shared by every instance of the server (rate-limiter-flexible's Drizzle store). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true }),
});

export type User = typeof users.$inferSelect;
export type Product = typeof products.$inferSelect;
export type ProductImage = typeof productImages.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type Session = typeof sessions.$inferSelect;
