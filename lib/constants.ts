// Business constants of the shop (spec section 9). Safe to import from client and server.

export const SHOP_NAME = "Lumière";

export const CATEGORIES = ["earrings", "necklaces", "bracelets", "rings", "anklets"] as const;
export type Category = (typeof CATEGORIES)[number];
export const DEFAULT_CATEGORY: Category = "earrings";

export const ORDER_STATUSES = [
  "pending",
  "confirmed",
  "preparing",
  "out_for_delivery",
  "delivered",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PENDING_STATUSES: readonly OrderStatus[] = [
  "pending",
  "confirmed",
  "preparing",
  "out_for_delivery",
];

/** The admin's order list: the newest orders, a page at a time, up to the most it loads at once. */
export const ADMIN_ORDERS_PAGE = 100;
export const MAX_ADMIN_ORDERS = 2000;
export const ORDER_SEARCH_MAX_LENGTH = 100;

export const CURRENCIES = ["USD", "LBP"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const LBP_PER_USD = 89_500;

export const DELIVERY_FEE_CENTS = 500;
export const DELIVERY_DAYS_MIN = 4;
export const DELIVERY_DAYS_MAX = 5;
export const PAYMENT_METHOD = "cash_on_delivery";

/** The shop's calendar: order dates and delivery estimates are Beirut days. */
export const SHOP_TIME_ZONE = "Asia/Beirut";

export const INSTAGRAM_DISCOUNT_PERCENT = 10;
export const INSTAGRAM_DISCOUNT_TYPE = "instagram_first_order";
export const REGISTRATION_SOURCES = ["google", "instagram_bio"] as const;
export type RegistrationSource = (typeof REGISTRATION_SOURCES)[number];

export const MIN_ITEM_QUANTITY = 1;
export const MAX_ITEM_QUANTITY = 99;
export const DETAIL_QUANTITY_CAP = 10;

export const DELIVERY_CITIES = [
  "Beirut",
  "Tripoli",
  "Sidon",
  "Tyre",
  "Nabatieh",
  "Jounieh",
  "Zahle",
  "Baalbek",
  "Byblos",
  "Anjar",
  "Bint Jbeil",
  "Hasbaya",
  "Marjayoun",
  "Chekka",
  "Halba",
  "Hermel",
  "Jezzine",
  "Rachaya",
  "Aley",
  "Bhamdoun",
  "Other",
] as const;

export const SORT_OPTIONS = ["name", "price-asc", "price-desc"] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const PIN_LENGTH = 6;
export const PIN_TTL_MINUTES = 10;
export const PIN_MAX_ATTEMPTS = 5;
export const MIN_PASSWORD_LENGTH = 6;
export const VERIFICATION_LINK_TTL_HOURS = 24;
export const VERIFY_REDIRECT_SECONDS = 10;
export const SOURCE_MEMORY_DAYS = 30;

export const ADDED_FEEDBACK_MS = 2000;
export const TOAST_DURATION_MS = 4000;
export const HEART_ANIMATION_MS = 300;
export const RETRY_DELAYS_MS = [1000, 2000] as const;
export const MAX_RETRIES = 3;

export const HEADER_HIDE_AFTER_PX = 100;
export const BADGE_CAP = 9;
export const PLACEHOLDER_CARDS = 8;
export const RELATED_PRODUCTS = 4;
export const ZOOM_SCALE = 1.8;
/**
 * The most images one product takes. The form's label says "max 5", which the spec makes a label
 * only (sections 5 and 9: not enforced); this bound only keeps one upload's work finite.
 */
export const MAX_PRODUCT_IMAGES = 10;
/** The longest side of a product photo as the shop stores it (lib/images.ts). */
export const MAX_PHOTO_SIDE = 2000;
export const DEFAULT_NEW_PRODUCT_QUANTITY = 10;

/** Layout widths of product images (next/image's device sizes). */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** Widths for small images: search results, thumbnails (next/image's image sizes). */
export const IMAGE_THUMBNAIL_WIDTHS = [64, 128, 256] as const;
/** Each network quality class's rendition: its quality, format and largest width. */
export const IMAGE_QUALITY = {
  minimal: { width: 320, quality: 50, format: "jpg" },
  low: { width: 640, quality: 60, format: "webp" },
  medium: { width: 960, quality: 75, format: "webp" },
  high: { width: 1920, quality: 85, format: "webp" },
} as const;
export const PLACEHOLDER_IMAGE = { width: 64, quality: 20, format: "jpg" } as const;
/** The rendition link previews show: every preview reader takes JPEG. */
export const SHARE_IMAGE = { width: 1280, quality: 85, format: "jpg" } as const;
export const LAZY_LOAD_MARGIN_PX = 50;
export const LAZY_LOAD_THRESHOLD = 0.1;
/**
 * Network quality (spec section 4): minimal with data saver, slow-2g or downlink under 0.25 Mbps;
 * else low on 2g, downlink under 0.5 or rtt over 1500 ms; else medium on 3g, downlink under 1.5 or
 * rtt over 800 ms; else high. Slow: slow-2g, 2g, downlink under 0.5, rtt over 1000 ms, data saver.
 */
export const NETWORK_QUALITY = {
  minimal: { effectiveTypes: ["slow-2g"], downlinkBelow: 0.25 },
  low: { effectiveTypes: ["2g"], downlinkBelow: 0.5, rttAbove: 1500 },
  medium: { effectiveTypes: ["3g"], downlinkBelow: 1.5, rttAbove: 800 },
  slow: { effectiveTypes: ["slow-2g", "2g"], downlinkBelow: 0.5, rttAbove: 1000 },
} as const;
/** Without the Network Information API (Safari, Firefox): high quality on a screen this wide. */
export const WIDE_SCREEN_MIN_PX = 1024;

export const CHAT_GREETING = "Hello! I'm interested in your handmade jewelry.";
export const POLICY_DATE = "January 2025";

/** Created in every new embedded (development) database; `npm run dev` prints it. */
export const SAMPLE_ADMIN = {
  email: "admin@lumiere.example",
  password: "lumiere-admin",
  firstName: "Nour",
  lastName: "Haddad",
} as const;

/** The httpOnly session cookie (read by the request guard, set by the API). */
export const SESSION_COOKIE = "lumiere_session";
/** Its name wherever the cookie is Secure (production over https): only this host can set it. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
/**
 * Set and cleared with the session cookie, but readable by scripts: tells the browser there is a
 * session to ask the profile for, so a signed-out visit makes no request bound to fail.
 */
export const SESSION_HINT_COOKIE = "lumiere_signed_in";
/**
 * The httpOnly mark of a browser that proved an account's password (sign-up, sign-in, reset or
 * change): its sign-ins to that account are not held up by others' wrong guesses.
 */
export const DEVICE_COOKIE = "lumiere_device";

/** Browser storage keys (spec section 3). The session itself is an httpOnly cookie, never stored by scripts. */
export const CART_STORAGE_KEY = "cart";
export const WISHLIST_STORAGE_KEY = "wishlist";
/** A verified customer's lowered or removed cart lines a network error kept from the server. */
export const CART_CHANGES_STORAGE_KEY = "cartChanges";
/** A verified customer's wishlist removals a network error kept from the server. */
export const WISHLIST_REMOVALS_STORAGE_KEY = "wishlistRemovals";
export const SIGNUP_SOURCE_STORAGE_KEY = "signupSource";
/** When the last order was placed in this browser: the other tabs read the cart again. */
export const ORDER_PLACED_STORAGE_KEY = "orderPlaced";
/** Session storage: what a customer typed into the checkout form, until the order is placed. */
export const CHECKOUT_DRAFT_STORAGE_KEY = "checkoutDraft";
