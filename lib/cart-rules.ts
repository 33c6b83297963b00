// Cart and wishlist rules (spec sections 4 and 5), pure and shared: the server applies them to the
// stored cart, the browser to a visitor's cart in local storage and to the first sync after sign-in.
import { MAX_ITEM_QUANTITY } from "@/lib/constants";
import { storefrontMessages } from "@/lib/storefront-messages";
import type { ProductDto } from "@/models/product";
import type { CartItem, StockSummary, WishlistReference } from "@/models/cart";

type StockLine = Pick<CartItem, "name" | "quantity" | "stock">;

/** Sold-out lines and lines asking for more than is left, in the spec's stock summary shape. */
export function summarizeStock(items: readonly StockLine[]): StockSummary {
  const known = items.filter((item): item is StockLine & { stock: number } => item.stock != null);
  const outOfStock = known.filter((item) => item.stock <= 0);
  const lowStock = known.filter((item) => item.stock > 0 && item.quantity > item.stock);
  return {
    hasAnyIssues: outOfStock.length + lowStock.length > 0,
    messages: {
      outOfStock: outOfStock.length
        ? storefrontMessages.cart.outOfStock(outOfStock.map((i) => i.name))
        : null,
      lowStock: lowStock.length ? storefrontMessages.cart.lowStock(lowStock) : null,
    },
  };
}

/** A summary's sentences: the sold-out pieces, then those with fewer left than the cart holds. */
export function stockSentences(summary: StockSummary): string[] {
  const { outOfStock, lowStock } = summary.messages;
  return [outOfStock, lowStock].filter((sentence): sentence is string => !!sentence);
}

/** The one warning toast for a summary with issues: its sentences, then 'Please review your cart.' */
export function stockWarningText(summary: StockSummary): string | null {
  return summary.hasAnyIssues
    ? storefrontMessages.cart.stockWarning(stockSentences(summary))
    : null;
}

/**
 * What a merge could not keep of the browser's cart, in the stock warning's sentences: the pieces
 * it dropped (sold out, or gone from the shop) and those it lowered to what is left. None when it
 * kept every line at its quantity (or the stored cart already held more).
 */
export function mergeShortfall({
  local,
  merged,
}: {
  local: readonly Pick<CartItem, "productId" | "name" | "quantity">[];
  merged: readonly Pick<CartItem, "productId" | "quantity" | "stock">[];
}): string[] {
  const kept = new Map(merged.map((line) => [line.productId, line]));
  const dropped: string[] = [];
  const lowered: { name: string; stock: number }[] = [];
  for (const { productId, name, quantity } of local) {
    const line = kept.get(productId);
    if (!line) dropped.push(name);
    else if (line.quantity < Math.min(quantity, MAX_ITEM_QUANTITY)) {
      lowered.push({ name, stock: line.stock ?? line.quantity });
    }
  }
  const { outOfStock, lowStock } = storefrontMessages.cart;
  return [
    dropped.length ? outOfStock(dropped) : null,
    lowered.length ? lowStock(lowered) : null,
  ].filter((sentence): sentence is string => sentence !== null);
}

/** The most units of a product one cart line may hold: its stock, and never above 99. */
export function quantityCap(stock: number | undefined): number {
  return Math.max(0, Math.min(MAX_ITEM_QUANTITY, stock ?? MAX_ITEM_QUANTITY));
}

export type CartProduct = Pick<ProductDto, "id" | "name" | "price" | "images" | "quantity">;

/** A cart line for `quantity` units of a product as the catalogue shows it now. */
export function toCartItem(product: CartProduct, quantity: number): CartItem {
  return {
    productId: product.id,
    name: product.name,
    price: product.price,
    image: product.images[0] ?? "",
    quantity,
    stock: product.quantity,
  };
}

/**
 * Adds units to a cart, or answers null when the cart would then hold more than the stock
 * (spec section 5: such an add is refused) or more than 99.
 */
export function addToCart(
  items: readonly CartItem[],
  product: CartProduct,
  quantity: number,
): CartItem[] | null {
  const existing = items.find((item) => item.productId === product.id);
  const total = (existing?.quantity ?? 0) + quantity;
  if (quantity < 1 || total > quantityCap(product.quantity)) return null;
  const line = toCartItem(product, total);
  return existing
    ? items.map((item) => (item.productId === product.id ? line : item))
    : [...items, line];
}

/** Sets a line's quantity; 0 or less removes the line. Null when above the stock or 99. */
export function setCartQuantity(
  items: readonly CartItem[],
  productId: string,
  quantity: number,
): CartItem[] | null {
  if (quantity <= 0) return items.filter((item) => item.productId !== productId);
  const existing = items.find((item) => item.productId === productId);
  if (!existing || quantity > quantityCap(existing.stock)) return null;
  return items.map((item) => (item.productId === productId ? { ...item, quantity } : item));
}

export type CartMergeStep = { productId: string; action: "add" | "update"; quantity: number };

/**
 * How a signed-in customer's local cart joins the stored one (spec section 4): per product the
 * larger quantity wins, capped at the stock; a product that is sold out or gone is not sent.
 * Answers the calls to make: `add` for products the stored cart lacks, `update` to raise a line.
 */
export function planCartMerge({
  local,
  server,
  stockOf,
}: {
  local: readonly Pick<CartItem, "productId" | "quantity">[];
  server: readonly Pick<CartItem, "productId" | "quantity">[];
  /** Current stock of a product; undefined when the product no longer exists. */
  stockOf: (productId: string) => number | undefined;
}): CartMergeStep[] {
  const stored = new Map(server.map((item) => [item.productId, item.quantity]));
  const steps = new Map<string, CartMergeStep>();
  for (const { productId, quantity } of local) {
    const stock = stockOf(productId);
    if (stock === undefined) continue;
    const current = stored.get(productId);
    const wanted = Math.max(quantity, current ?? 0, steps.get(productId)?.quantity ?? 0);
    const target = Math.min(wanted, quantityCap(stock));
    if (target <= (current ?? 0)) continue;
    steps.set(productId, {
      productId,
      action: current === undefined ? "add" : "update",
      quantity: target,
    });
  }
  return [...steps.values()];
}

/** The union of two wishlists: the stored entries, then local ones the server lacks (oldest first). */
export function mergeWishlists(
  local: readonly WishlistReference[],
  server: readonly WishlistReference[],
): { merged: WishlistReference[]; toAdd: WishlistReference[] } {
  const stored = new Set(server.map((ref) => ref._id));
  const toAdd = dedupeWishlist(local.filter((ref) => !stored.has(ref._id)));
  return { merged: [...server, ...toAdd], toAdd };
}

function dedupeWishlist(refs: readonly WishlistReference[]): WishlistReference[] {
  const seen = new Set<string>();
  return refs.filter((ref) => !seen.has(ref._id) && seen.add(ref._id));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const MAX_STORED_LINES = 200;

function parseList(raw: string | null): unknown[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.slice(0, MAX_STORED_LINES) : [];
  } catch {
    return [];
  }
}

const text = (value: unknown, max = 300) => (typeof value === "string" ? value.slice(0, max) : "");
const finite = (value: unknown) =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

/** A cart read back from browser storage; anything unreadable or out of range is left out. */
export function parseStoredCart(raw: string | null): CartItem[] {
  const items: CartItem[] = [];
  for (const entry of parseList(raw)) {
    if (!isRecord(entry)) continue;
    const productId = text(entry.productId ?? entry._id, 100);
    const quantity = finite(entry.quantity);
    const price = finite(entry.price);
    if (!productId || quantity === undefined || !Number.isInteger(quantity) || quantity < 1)
      continue;
    if (items.some((item) => item.productId === productId)) continue;
    const stock = finite(entry.stock);
    items.push({
      productId,
      name: text(entry.name),
      price: price !== undefined && price >= 0 ? price : 0,
      image: text(entry.image, 2000),
      quantity: Math.min(quantity, MAX_ITEM_QUANTITY),
      ...(stock !== undefined ? { stock } : {}),
    });
  }
  return items;
}

/**
 * A verified customer's cart changes a network error kept from the server, read back from browser
 * storage: per product, the quantity its line was set to (0: removed). Anything else is dropped.
 */
export function parseStoredCartChanges(raw: string | null): ReadonlyMap<string, number> {
  const changes = new Map<string, number>();
  for (const entry of parseList(raw)) {
    if (!isRecord(entry)) continue;
    const productId = text(entry.productId, 100);
    const quantity = finite(entry.quantity);
    if (!productId || quantity === undefined || !Number.isInteger(quantity) || quantity < 0)
      continue;
    changes.set(productId, Math.min(quantity, MAX_ITEM_QUANTITY));
  }
  return changes;
}

/** Product ids read back from browser storage, each once; anything else is dropped. */
export function parseStoredIds(raw: string | null): ReadonlySet<string> {
  return new Set(
    parseList(raw).filter(
      (id): id is string => typeof id === "string" && id.length > 0 && id.length <= 100,
    ),
  );
}

/**
 * A wishlist read back from browser storage, as references. The older format kept whole products
 * (`_id` or `id`, name, price, images...): those are turned into references, and `migrated` says
 * the stored value should be rewritten.
 */
export function parseStoredWishlist(
  raw: string | null,
  now: Date = new Date(),
): { wishlist: WishlistReference[]; migrated: boolean } {
  let migrated = false;
  const refs: WishlistReference[] = [];
  for (const entry of parseList(raw)) {
    if (!isRecord(entry)) {
      migrated = true;
      continue;
    }
    const id = text(entry._id ?? entry.id ?? entry.productId, 100);
    const keys = Object.keys(entry);
    const isReference = keys.every((key) => key === "_id" || key === "dateAdded");
    if (!isReference) migrated = true;
    if (!id) continue;
    const stamp = text(entry.dateAdded ?? entry.addedAt ?? entry.createdAt, 40);
    const date = stamp && !Number.isNaN(Date.parse(stamp)) ? new Date(stamp) : null;
    if (!date || date.toISOString() !== stamp) migrated = true;
    refs.push({ _id: id, dateAdded: (date ?? now).toISOString() });
  }
  const wishlist = dedupeWishlist(refs);
  return { wishlist, migrated: migrated || wishlist.length !== refs.length };
}

/** The catalogue as the browser last read it, by product id; undefined while it is not known. */
export type CatalogueIndex = ReadonlyMap<string, CartProduct> | undefined;

/**
 * A cart's lines with their products' current name, price, picture and stock. Lines whose product
 * is known to be gone (`gone`) are left out. A line the catalogue lacks stays as it was stored:
 * the catalogue may be older than the product (a shared cache's answer), so only the shop's own
 * answer for the product tells it is gone. Without a catalogue the lines stay as they were stored.
 */
export function refreshCartLines(
  lines: readonly CartItem[],
  catalogue: CatalogueIndex,
  gone: ReadonlySet<string> = NONE_GONE,
): CartItem[] {
  return lines.flatMap((line) => {
    if (gone.has(line.productId)) return [];
    const product = catalogue?.get(line.productId);
    return [product ? toCartItem(product, line.quantity) : line];
  });
}

const NONE_GONE: ReadonlySet<string> = new Set();
const NO_CHANGES: ReadonlyMap<string, number> = new Map();

/** The server's lines with the changes kept from it applied: each set to its quantity, 0 removed. */
export function applyCartChanges(
  lines: readonly CartItem[],
  changes: ReadonlyMap<string, number>,
): CartItem[] {
  return lines.flatMap((line) => {
    const quantity = changes.get(line.productId);
    if (quantity === undefined) return [line];
    return quantity > 0 ? [{ ...line, quantity }] : [];
  });
}

/**
 * The cart changes still waiting for the network once an order is placed. The order held each line
 * as she saw it, its waiting change included: that change drops by the units ordered, so the units
 * she took out while the shop could not be reached, which the shop's line still holds once the
 * order took its part, go at the next merge instead of coming back to her cart.
 */
export function cartChangesAfterOrder(
  changes: ReadonlyMap<string, number>,
  ordered: readonly { productId: string | null; quantity: number }[],
): Map<string, number> {
  const after = new Map(changes);
  for (const { productId, quantity } of ordered) {
    const change = productId === null ? undefined : after.get(productId);
    if (change !== undefined) after.set(productId!, Math.max(0, change - quantity));
  }
  return after;
}

/**
 * What a verified customer sees: the stored cart with the lines a network error kept from the
 * server set as she set them (`changes`: lowered, or removed at 0), then raised by the local lines
 * the server has not taken yet, exactly as the next merge will leave it (planCartMerge).
 */
export function overlayPendingCart(
  stored: readonly CartItem[],
  pending: readonly CartItem[],
  catalogue: CatalogueIndex,
  gone: ReadonlySet<string> = NONE_GONE,
  changes: ReadonlyMap<string, number> = NO_CHANGES,
): CartItem[] {
  const server = applyCartChanges(stored, changes);
  if (pending.length === 0) return server;
  const pendingLines = new Map(
    refreshCartLines(pending, catalogue, gone).map((l) => [l.productId, l]),
  );
  const steps = planCartMerge({
    local: [...pendingLines.values()],
    server,
    stockOf: (id) => pendingLines.get(id)?.stock ?? MAX_ITEM_QUANTITY,
  });
  const raised = new Map(steps.map((step) => [step.productId, step.quantity]));
  const kept = server.map((line) =>
    raised.has(line.productId) ? { ...line, quantity: raised.get(line.productId)! } : line,
  );
  const added = steps
    .filter((step) => step.action === "add")
    .map((step) => ({ ...pendingLines.get(step.productId)!, quantity: step.quantity }));
  return [...kept, ...added];
}

/**
 * The products of these ids the catalogue does not hold, each once (none while the catalogue is
 * not known): gone, or added since the catalogue was read.
 */
export function missingFromCatalogue(ids: readonly string[], catalogue: CatalogueIndex): string[] {
  if (!catalogue) return [];
  return [...new Set(ids)].filter((id) => !catalogue.has(id));
}
