"use client";

// The shopper's cart and wishlist in the browser (spec section 4, Cart and wishlist sync). It owns
// the browser storage keys; the header counts, product controls, wishlist panel and checkout read
// it through useCart() and useWishlist(). Visitors and unverified customers keep both lists in
// browser storage.
import { createContext, use, useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import { toast } from "sonner";
import { useAuth } from "@/components/account/auth-provider";
import {
  clearLocalLists,
  EMPTY_CART,
  EMPTY_WISHLIST,
  readLocalCart,
  readLocalWishlist,
  subscribeLocalLists,
  writeLocalCart,
  writeLocalWishlist,
} from "@/components/cart/local-lists";
import { addToCart, setCartQuantity, summarizeStock, type CartProduct } from "@/lib/cart-rules";
import { messages } from "@/lib/messages";
import type { CartItem, StockSummary, WishlistReference } from "@/models/cart";

/** How a change ended: applied, or refused (stock, the server) or kept back by the network. */
export type ListChange =
  | { ok: true }
  | { ok: false; reason: "stock" | "refused" | "network"; message: string | null };

export type CartState = {
  items: CartItem[];
  /** Units in the cart: the header badge. */
  count: number;
  /** False until the lists were read (browser storage, or the server for verified customers). */
  ready: boolean;
  /** True for verified customers, whose cart lives on the server. */
  synced: boolean;
  stockSummary: StockSummary;
  /** Units of a product in the cart (0 when none). */
  quantityOf: (productId: string) => number;
  /** Adds units; refused (reason "stock") when the cart would hold more than the stock. */
  add: (product: CartProduct, quantity?: number) => Promise<ListChange>;
  /** Sets a line's quantity; 0 or less removes the line. */
  update: (productId: string, quantity: number) => Promise<ListChange>;
  remove: (productId: string) => Promise<ListChange>;
  /** Empties the cart, for example after an order was placed. */
  clear: () => Promise<ListChange>;
  /** Reads the cart again (a verified customer's from the server), for example after checkout. */
  refresh: () => Promise<void>;
};

export type WishlistState = {
  entries: WishlistReference[];
  count: number;
  ready: boolean;
  has: (productId: string) => boolean;
  add: (productId: string) => Promise<ListChange>;
  remove: (productId: string) => Promise<ListChange>;
  toggle: (productId: string) => Promise<ListChange>;
  clear: () => Promise<ListChange>;
  /** Opens the wishlist panel; undefined while no panel can be shown. */
  openPanel?: () => void;
};

const CartContext = createContext<CartState | null>(null);
const WishlistContext = createContext<WishlistState | null>(null);

const APPLIED: ListChange = { ok: true };
const NO_ISSUES: StockSummary = summarizeStock([]);
const noRefresh = async () => {};

const useHydrated = () =>
  useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );

export function CartProvider({ children }: { children: React.ReactNode }) {
  const { status, onSignOut } = useAuth();
  const hydrated = useHydrated();
  const localCart = useSyncExternalStore(subscribeLocalLists, readLocalCart, () => EMPTY_CART);
  const localWishlist = useSyncExternalStore(
    subscribeLocalLists,
    readLocalWishlist,
    () => EMPTY_WISHLIST,
  );

  // Logging out forgets the local lists (spec section 4, Auth).
  useEffect(() => onSignOut(clearLocalLists), [onSignOut]);

  const items = localCart;
  const ready = hydrated && status !== "loading";

  const quantityOf = useCallback(
    (productId: string) => items.find((item) => item.productId === productId)?.quantity ?? 0,
    [items],
  );

  const add = useCallback(async (product: CartProduct, quantity = 1): Promise<ListChange> => {
    const next = addToCart(readLocalCart(), product, quantity);
    if (!next) return { ok: false, reason: "stock", message: null };
    writeLocalCart(next);
    return APPLIED;
  }, []);

  const update = useCallback(async (productId: string, quantity: number): Promise<ListChange> => {
    const next = setCartQuantity(readLocalCart(), productId, quantity);
    if (!next) return { ok: false, reason: "stock", message: null };
    writeLocalCart(next);
    return APPLIED;
  }, []);

  const remove = useCallback((productId: string) => update(productId, 0), [update]);

  const clearCart = useCallback(async (): Promise<ListChange> => {
    writeLocalCart([]);
    return APPLIED;
  }, []);

  const cart = useMemo<CartState>(
    () => ({
      items,
      count: items.reduce((sum, item) => sum + item.quantity, 0),
      ready,
      synced: false,
      stockSummary: items.length ? summarizeStock(items) : NO_ISSUES,
      quantityOf,
      add,
      update,
      remove,
      clear: clearCart,
      // Browser storage is read live: there is nothing to fetch again.
      refresh: noRefresh,
    }),
    [items, ready, quantityOf, add, update, remove, clearCart],
  );

  const entries = localWishlist;
  const has = useCallback((productId: string) => entries.some((e) => e._id === productId), [entries]);

  const addToWishlist = useCallback(async (productId: string): Promise<ListChange> => {
    const current = readLocalWishlist();
    if (current.some((entry) => entry._id === productId)) {
      toast.info(messages.wishlist.duplicate);
      return { ok: false, reason: "refused", message: messages.wishlist.duplicate };
    }
    writeLocalWishlist([...current, { _id: productId, dateAdded: new Date().toISOString() }]);
    toast.success(messages.wishlist.added);
    return APPLIED;
  }, []);

  const removeFromWishlist = useCallback(async (productId: string): Promise<ListChange> => {
    writeLocalWishlist(readLocalWishlist().filter((entry) => entry._id !== productId));
    return APPLIED;
  }, []);

  const toggle = useCallback(
    (productId: string) =>
      readLocalWishlist().some((entry) => entry._id === productId)
        ? removeFromWishlist(productId)
        : addToWishlist(productId),
    [addToWishlist, removeFromWishlist],
  );

  const clearWishlist = useCallback(async (): Promise<ListChange> => {
    writeLocalWishlist([]);
    return APPLIED;
  }, []);

  const wishlist = useMemo<WishlistState>(
    () => ({
      entries,
      count: entries.length,
      ready,
      has,
      add: addToWishlist,
      remove: removeFromWishlist,
      toggle,
      clear: clearWishlist,
    }),
    [entries, ready, has, addToWishlist, removeFromWishlist, toggle, clearWishlist],
  );

  return (
    <CartContext value={cart}>
      <WishlistContext value={wishlist}>{children}</WishlistContext>
    </CartContext>
  );
}

/** The cart: its lines, counts, stock summary and the changes a shopper can make. */
export function useCart(): CartState {
  const value = use(CartContext);
  if (!value) throw new Error("useCart must be used inside <Providers>");
  return value;
}

/** The wishlist: its entries (product references), counts and changes. */
export function useWishlist(): WishlistState {
  const value = use(WishlistContext);
  if (!value) throw new Error("useWishlist must be used inside <Providers>");
  return value;
}
