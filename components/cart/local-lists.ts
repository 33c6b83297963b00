// The cart and wishlist kept in browser storage (spec section 3, Browser storage keys): a visitor's
// and an unverified customer's lists, and a verified customer's changes waiting for the network.
// Read through useSyncExternalStore, so every tab sees a change made in another.
import {
  parseStoredCart,
  parseStoredCartChanges,
  parseStoredIds,
  parseStoredWishlist,
} from "@/lib/cart-rules";
import {
  CART_CHANGES_STORAGE_KEY,
  CART_STORAGE_KEY,
  ORDER_PLACED_STORAGE_KEY,
  WISHLIST_REMOVALS_STORAGE_KEY,
  WISHLIST_STORAGE_KEY,
} from "@/lib/constants";
import type { CartItem, WishlistReference } from "@/models/cart";

const listeners = new Set<() => void>();

function readRaw(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode): nothing was kept
  }
}

function writeRaw(key: string, list: readonly unknown[]) {
  try {
    if (list.length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(list));
    // Storage took it: a copy an earlier refused write left in memory would hide it.
    memory.delete(key);
  } catch {
    // Storage full or disabled: the lists live on in memory for this page only.
    memory.set(key, list.length === 0 ? null : JSON.stringify(list));
  }
  listeners.forEach((listener) => listener());
}

// What a write that storage refused would have stored, so the page still shows it.
const memory = new Map<string, string | null>();
const raw = (key: string) => (memory.has(key) ? memory.get(key)! : readRaw(key));

/** Reads `key` through `parse`, parsing again only when the stored text changed: renders read often. */
function storedReader<T>(key: string, parse: (stored: string | null) => T): () => T {
  let cache = { raw: null as string | null, value: parse(null) };
  return () => {
    const current = raw(key);
    if (current !== cache.raw) cache = { raw: current, value: parse(current) };
    return cache.value;
  };
}

let wishlistCache: { raw: string | null; refs: WishlistReference[] } = { raw: null, refs: [] };

export const EMPTY_CART: CartItem[] = [];
export const EMPTY_WISHLIST: WishlistReference[] = [];

export const readLocalCart: () => CartItem[] = storedReader(CART_STORAGE_KEY, parseStoredCart);

/** The stored wishlist as references; the older whole-product format is rewritten on first read. */
export function readLocalWishlist(): WishlistReference[] {
  const current = raw(WISHLIST_STORAGE_KEY);
  if (current === wishlistCache.raw) return wishlistCache.refs;
  const { wishlist, migrated } = parseStoredWishlist(current);
  wishlistCache = { raw: current, refs: wishlist };
  if (migrated) {
    // Rewritten after this render, so reading stays free of side effects for React.
    queueMicrotask(() => {
      if (raw(WISHLIST_STORAGE_KEY) === current) writeRaw(WISHLIST_STORAGE_KEY, wishlist);
    });
  }
  return wishlist;
}

export const writeLocalCart = (items: readonly CartItem[]) => writeRaw(CART_STORAGE_KEY, items);
export const writeLocalWishlist = (refs: readonly WishlistReference[]) =>
  writeRaw(WISHLIST_STORAGE_KEY, refs);

export const NO_CART_CHANGES: ReadonlyMap<string, number> = new Map();

/** A verified customer's cart changes waiting for the network: per product, its new quantity. */
export const readCartChanges = storedReader(CART_CHANGES_STORAGE_KEY, parseStoredCartChanges);

/** Keeps a line's new quantity (0: removed) for the next merge, or forgets it (undefined). */
export function keepCartChange(productId: string, quantity: number | undefined) {
  const changes = new Map(readCartChanges());
  if (quantity === undefined && !changes.has(productId)) return;
  if (quantity === undefined) changes.delete(productId);
  else changes.set(productId, quantity);
  writeCartChanges(changes);
}

/** Replaces every waiting cart change. */
export function writeCartChanges(changes: Iterable<[string, number]>) {
  writeRaw(
    CART_CHANGES_STORAGE_KEY,
    [...changes].map(([productId, quantity]) => ({ productId, quantity })),
  );
}

export const NO_WISHLIST_REMOVALS: ReadonlySet<string> = new Set();

/** A verified customer's wishlist removals waiting for the network: the products' ids. */
export const readWishlistRemovals = storedReader(WISHLIST_REMOVALS_STORAGE_KEY, parseStoredIds);

/** Keeps a removal of these products for the next merge (`removed`), or forgets it. */
export function keepWishlistRemovals(productIds: readonly string[], removed: boolean) {
  const current = readWishlistRemovals();
  if (productIds.every((id) => current.has(id) === removed)) return;
  const ids = new Set(current);
  for (const id of productIds) {
    if (removed) ids.add(id);
    else ids.delete(id);
  }
  writeRaw(WISHLIST_REMOVALS_STORAGE_KEY, [...ids]);
}

export function clearLocalLists() {
  writeRaw(CART_STORAGE_KEY, []);
  writeRaw(WISHLIST_STORAGE_KEY, []);
  writeRaw(CART_CHANGES_STORAGE_KEY, []);
  writeRaw(WISHLIST_REMOVALS_STORAGE_KEY, []);
  writeRaw(ORDER_PLACED_STORAGE_KEY, []);
}

/** What a merge read and sent to the server. */
export type MergedLists = {
  cart: readonly CartItem[];
  wishlist: readonly WishlistReference[];
  changes: ReadonlyMap<string, number>;
  removals: ReadonlySet<string>;
};

/** Whether anything is kept in the browser for the next merge. */
export const holdsAnything = (lists: MergedLists) =>
  lists.cart.length > 0 ||
  lists.wishlist.length > 0 ||
  lists.changes.size > 0 ||
  lists.removals.size > 0;

/**
 * Forgets what a merge sent once the server has it, and only that: a line, entry or change
 * another tab kept meanwhile (or changed since the merge read it) stays for the next merge.
 */
export function forgetMerged(sent: MergedLists) {
  const sentLine = new Map(sent.cart.map((line) => [line.productId, line.quantity]));
  const sentEntries = new Set(sent.wishlist.map((entry) => `${entry._id} ${entry.dateAdded}`));
  writeLocalCart(readLocalCart().filter((line) => sentLine.get(line.productId) !== line.quantity));
  writeLocalWishlist(
    readLocalWishlist().filter((entry) => !sentEntries.has(`${entry._id} ${entry.dateAdded}`)),
  );
  writeCartChanges(
    [...readCartChanges()].filter(([id, quantity]) => sent.changes.get(id) !== quantity),
  );
  // A removal is known by its id alone: one kept again meanwhile (the piece saved and removed
  // once more in another tab, offline) goes with the one sent, a race this leaves.
  writeRaw(
    WISHLIST_REMOVALS_STORAGE_KEY,
    [...readWishlistRemovals()].filter((id) => !sent.removals.has(id)),
  );
}

const KEYS: ReadonlySet<string> = new Set([
  CART_STORAGE_KEY,
  WISHLIST_STORAGE_KEY,
  CART_CHANGES_STORAGE_KEY,
  WISHLIST_REMOVALS_STORAGE_KEY,
]);

function onStorage(event: StorageEvent) {
  if (event.key === null || KEYS.has(event.key)) {
    memory.clear();
    listeners.forEach((listener) => listener());
  }
}

export function subscribeLocalLists(listener: () => void) {
  if (listeners.size === 0) window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

/** Calls `listener` when another tab of this browser has changed the stored lists. */
export function subscribeListsChangedElsewhere(listener: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || KEYS.has(event.key)) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => window.removeEventListener("storage", onStorage);
}

/** Tells the shopper's other tabs that an order was placed: its pieces have left the stored cart. */
export function announceOrderPlaced() {
  try {
    localStorage.setItem(ORDER_PLACED_STORAGE_KEY, String(Date.now()));
  } catch {
    // Storage disabled: the other tabs read the cart again when they are shown.
  }
}

/** Calls `listener` when another tab of this browser has placed an order. */
export function subscribeOrderPlaced(listener: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === ORDER_PLACED_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => window.removeEventListener("storage", onStorage);
}
