"use client";

// The shopper's cart and wishlist in the browser (spec section 4, Cart and wishlist sync). It owns
// the browser storage keys; the header counts, product controls, wishlist panel and checkout read
// it through useCart() and useWishlist(). Visitors and unverified customers keep both lists in
// browser storage. A verified customer's lists are the server's: loaded on sign-in and when the
// email becomes verified, with the local lists merged in once (wishlist as a union, cart keeping
// the larger quantity per product, capped at the stock) and then cleared from browser storage.
// Catalogue pages stay the same HTML for everyone: all of this applies in the browser.
import {
  createContext,
  use,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import useSWR, { useSWRConfig } from "swr";
import { toast } from "@/components/ui/toast";
import { useAuth } from "@/components/account/auth-provider";
import {
  clearLocalLists,
  forgetMerged,
  holdsAnything,
  EMPTY_CART,
  EMPTY_WISHLIST,
  readLocalCart,
  readLocalWishlist,
  readCartChanges,
  readWishlistRemovals,
  NO_CART_CHANGES,
  NO_WISHLIST_REMOVALS,
  subscribeListsChangedElsewhere,
  subscribeLocalLists,
  subscribeOrderPlaced,
  writeLocalCart,
  writeLocalWishlist,
} from "@/components/cart/local-lists";
import {
  CART_KEY,
  CATALOGUE_KEY,
  productIsGone,
  readApi,
  refusedStock,
  serverCart,
  serverWishlist,
  WISHLIST_KEY,
} from "@/components/cart/server-lists";
import { useSyncedCart, type CartState } from "@/components/cart/use-synced-cart";
import { useSyncedWishlist, type WishlistState } from "@/components/cart/use-synced-wishlist";
import { WishlistPanelMount } from "@/components/cart/wishlist-panel-mount";
import { ORDERS_KEY } from "@/components/orders/use-orders";
import { useHydrated } from "@/components/ui/use-hydrated";
import { isRetryable } from "@/lib/api-client";
import { MAX_ITEM_QUANTITY } from "@/lib/constants";
import {
  mergeWishlists,
  missingFromCatalogue,
  mergeShortfall,
  planCartMerge,
  stockWarningText,
  type CartMergeStep,
} from "@/lib/cart-rules";
import { storefrontMessages } from "@/lib/storefront-messages";
import type { CartAnswer, WishlistAnswer } from "@/models/cart";
import type { ProductDto } from "@/models/product";

export type { ListChange, CartState } from "@/components/cart/use-synced-cart";
export type { WishlistState } from "@/components/cart/use-synced-wishlist";

const CartContext = createContext<CartState | null>(null);
const noCart = () => EMPTY_CART;
const noWishlist = () => EMPTY_WISHLIST;
const noCartChanges = () => NO_CART_CHANGES;
const noWishlistRemovals = () => NO_WISHLIST_REMOVALS;
const WishlistContext = createContext<WishlistState | null>(null);

/** Whether the browser reports being online, live. */
function useOnline() {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener("online", listener);
      window.addEventListener("offline", listener);
      return () => {
        window.removeEventListener("online", listener);
        window.removeEventListener("offline", listener);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}

export function CartProvider({ children }: { children: React.ReactNode }) {
  const { status, user, onSignOut, refresh } = useAuth();
  const hydrated = useHydrated();
  const online = useOnline();
  const verified = status === "authenticated" && user?.isEmailVerified === true;
  const localCart = useSyncExternalStore(
    subscribeLocalLists,
    hydrated ? readLocalCart : noCart,
    noCart,
  );
  const localWishlist = useSyncExternalStore(
    subscribeLocalLists,
    hydrated ? readLocalWishlist : noWishlist,
    noWishlist,
  );
  const cartChanges = useSyncExternalStore(
    subscribeLocalLists,
    hydrated ? readCartChanges : noCartChanges,
    noCartChanges,
  );
  const wishlistRemovals = useSyncExternalStore(
    subscribeLocalLists,
    hydrated ? readWishlistRemovals : noWishlistRemovals,
    noWishlistRemovals,
  );

  // Logging out forgets the local lists (spec section 4, Auth).
  useEffect(() => onSignOut(clearLocalLists), [onSignOut]);

  // An email verified, or a verified account signed in, in another tab moves the browser's lists to
  // the account and empties them: a tab still showing them from the browser (its checkout, say)
  // reads the session again and shows the account's cart, not an emptied one.
  useEffect(() => {
    if (verified) return;
    return subscribeListsChangedElsewhere(() => void refresh());
  }, [verified, refresh]);

  // An order placed in another tab took its pieces out of the stored cart: this tab reads the cart
  // and the orders again at once, so its checkout cannot send the same pieces a second time.
  const { mutate: revalidate } = useSWRConfig();
  useEffect(
    () =>
      subscribeOrderPlaced(() => {
        void revalidate(CART_KEY);
        void revalidate(ORDERS_KEY);
      }),
    [revalidate],
  );

  const cartQuery = useSWR<CartAnswer>(verified ? CART_KEY : null, readApi);
  const wishlistQuery = useSWR<WishlistAnswer>(verified ? WISHLIST_KEY : null, readApi);

  // The catalogue, for the current price and stock of the lines a browser keeps and to find
  // wishlisted products that are gone: read only when there is a list to check or a change to send.
  const needsCatalogue =
    hydrated &&
    (localCart.length > 0 ||
      localWishlist.length > 0 ||
      cartChanges.size > 0 ||
      wishlistRemovals.size > 0 ||
      (wishlistQuery.data?.wishlist.length ?? 0) > 0);
  const catalogueQuery = useSWR<ProductDto[]>(needsCatalogue ? CATALOGUE_KEY : null, readApi, {
    revalidateOnFocus: false,
  });
  const catalogue = useMemo(
    () =>
      catalogueQuery.data
        ? new Map(catalogueQuery.data.map((product) => [product.id, product]))
        : undefined,
    [catalogueQuery.data],
  );
  const refreshCatalogue = catalogueQuery.mutate;

  const ready = hydrated && status !== "loading";
  const goneIds = useGoneProductsCleanup({
    verified,
    catalogue,
    refreshCatalogue,
    localCart,
    localWishlist,
    serverWishlist: wishlistQuery.data?.wishlist,
    refreshServerWishlist: wishlistQuery.mutate,
  });

  const cart = useSyncedCart({
    verified,
    ready,
    localCart,
    cartChanges,
    catalogue,
    goneIds,
    query: cartQuery,
    refreshCatalogue,
  });
  const wishlist = useSyncedWishlist({
    verified,
    ready,
    localWishlist,
    removals: wishlistRemovals,
    goneIds,
    catalogue,
    refreshCatalogue,
    query: wishlistQuery,
  });

  useMergeLocalLists({
    enabled: verified && online,
    userId: user?.id,
    server:
      cartQuery.data && wishlistQuery.data
        ? { cart: cartQuery.data.cart, wishlist: wishlistQuery.data.wishlist }
        : undefined,
    catalogue,
    refreshCatalogue,
    localCart,
    localWishlist,
    cartChanges,
    wishlistRemovals,
    refresh: async () => {
      const [cart, wishlist] = await Promise.all([cartQuery.mutate(), wishlistQuery.mutate()]);
      return cart && wishlist ? { cart: cart.cart, wishlist: wishlist.wishlist } : undefined;
    },
  });

  // Stock known fresh: the server's cart, or the catalogue for a cart kept in the browser.
  const stockKnown = verified
    ? cartQuery.data !== undefined
    : localCart.length === 0 || !!catalogue;
  useStockWarning({ ready: cart.ready && stockKnown, summary: cart.stockSummary, who: user?.id });

  return (
    <CartContext value={cart}>
      <WishlistContext value={wishlist}>
        {children}
        <WishlistPanelMount open={wishlist.panelOpen} onOpenChange={wishlist.setPanelOpen} />
      </WishlistContext>
    </CartContext>
  );
}

type MergeInput = {
  enabled: boolean;
  userId: string | undefined;
  server: ServerLists | undefined;
  catalogue: ReadonlyMap<string, ProductDto> | undefined;
  /** Reads the catalogue again; its last answer when it could not be read. */
  refreshCatalogue: () => Promise<ProductDto[] | undefined>;
  localCart: CartAnswer["cart"];
  localWishlist: WishlistAnswer["wishlist"];
  cartChanges: ReadonlyMap<string, number>;
  wishlistRemovals: ReadonlySet<string>;
  /** Reads both server lists again; undefined when they could not be read. */
  refresh: () => Promise<ServerLists | undefined>;
};

type ServerLists = { cart: CartAnswer["cart"]; wishlist: WishlistAnswer["wishlist"] };

/**
 * Runs `merge` while no other tab of this browser runs one (Web Locks): every open tab sees the
 * same waiting lines, and two merging them at once would each add them to the server's cart.
 */
function oneTabAtATime(merge: () => Promise<void>): Promise<void> {
  return typeof navigator !== "undefined" && navigator.locks
    ? navigator.locks.request("lumiere-cart-merge", merge)
    : merge();
}

/**
 * Sends the lists kept in the browser to a verified customer's server lists, once they and the
 * catalogue are loaded: the local lists of a visitor who just signed in (or whose email just got
 * verified), and later any change a network error left waiting. Every call answered: the local
 * copy is cleared. A call that got no answer, or one from a server down or overwhelmed (5xx, 429),
 * keeps it for the next try (back online, or the next visit), which raises the server's lines to
 * it, never past it.
 */
function useMergeLocalLists({
  enabled,
  userId,
  server,
  catalogue,
  refreshCatalogue,
  localCart,
  localWishlist,
  cartChanges,
  wishlistRemovals,
  refresh,
}: MergeInput) {
  const running = useRef(false);
  const [failedFor, setFailedFor] = useState<string | null>(null);
  // Counts finished merges, so one that left lines kept meanwhile (by another tab) runs again.
  const [merges, setMerges] = useState(0);
  const latest = useRef({ catalogue, refreshCatalogue, refresh });
  useEffect(() => {
    latest.current = { catalogue, refreshCatalogue, refresh };
  });

  const waiting = holdsAnything({
    cart: localCart,
    wishlist: localWishlist,
    changes: cartChanges,
    removals: wishlistRemovals,
  });
  const loaded = server !== undefined && catalogue !== undefined;
  const blocked = failedFor !== null && failedFor === userId;

  useEffect(() => {
    if (!enabled || !waiting || !loaded || blocked || running.current) return;
    running.current = true;
    void oneTabAtATime(async () => {
      const { catalogue, refreshCatalogue, refresh } = latest.current;
      // Both lists as they are now: another tab may have merged the same lines meanwhile.
      const server = await refresh().catch(() => undefined);
      if (!server) return setFailedFor(userId ?? null);
      // The stock as it is now: the catalogue read when the page opened may be older than another
      // shopper's order, and a line raised above the stock is refused whole, not lowered.
      const fresh = await refreshCatalogue().catch(() => undefined);
      const products = fresh ? new Map(fresh.map((product) => [product.id, product])) : catalogue!;
      const localCart = readLocalCart();
      const localWishlist = readLocalWishlist();
      const changes = readCartChanges();
      const removals = readWishlistRemovals();
      const sent = { cart: localCart, wishlist: localWishlist, changes, removals };
      if (!holdsAnything(sent)) return;
      let networkFailed = false;
      // Lines lowered or removed while the shop could not be reached go first, set exactly as she
      // set them; the lines waiting to be raised then go on the cart those calls answered.
      let serverLines = server.cart;
      for (const [productId, quantity] of changes) {
        const result =
          quantity === 0
            ? await serverCart.remove(productId)
            : await serverCart.update(productId, quantity);
        if (result.ok) serverLines = result.data.cart;
        else if (isRetryable(result)) networkFailed = true;
      }
      // A piece the catalogue lacks may be one added since a shared cache read it: it is sent,
      // and the shop has the last word (404 for a piece it does not have, 409 naming the stock).
      const stockOf = (id: string) => products.get(id)?.quantity ?? MAX_ITEM_QUANTITY;
      const steps = planCartMerge({ local: localCart, server: serverLines, stockOf });
      const { toAdd } = mergeWishlists(localWishlist, server.wishlist);
      for (const step of steps) {
        let result = await sendMergeStep(step);
        // Refused for a stock the catalogue overstated (a shared cache may keep an older answer):
        // the line goes at what is there now, which the refusal names, instead of being lost.
        const stock = !result.ok && result.status === 409 ? refusedStock(result) : undefined;
        if (stock !== undefined) {
          const [retry] = planCartMerge({
            local: [step],
            server: serverLines,
            stockOf: () => stock,
          });
          if (retry) result = await sendMergeStep(retry);
        }
        if (!result.ok && isRetryable(result)) networkFailed = true;
      }
      // 404: no longer in the wishlist, as wanted.
      for (const productId of removals) {
        const result = await serverWishlist.remove(productId);
        if (!result.ok && isRetryable(result)) networkFailed = true;
      }
      for (const entry of toAdd) {
        const result = await serverWishlist.add(entry._id);
        if (!result.ok && isRetryable(result)) networkFailed = true;
      }
      // Read back before the local copy goes, so the counts never dip in between.
      const merged = await refresh().catch(() => undefined);
      if (networkFailed) setFailedFor(userId ?? null);
      else forgetMerged(sent);
      // A line she added as a visitor that the stock could not keep as it was is named, not
      // silently lowered or dropped (spec section 4: the stock warning).
      const shortfall =
        merged && !networkFailed ? mergeShortfall({ local: localCart, merged: merged.cart }) : [];
      if (shortfall.length) warnOnce(storefrontMessages.cart.stockWarning(shortfall));
    })
      // A merge that threw (storage or Web Locks refused) waits like one the network failed, instead
      // of running again at once.
      .catch(() => setFailedFor(userId ?? null))
      .finally(() => {
        running.current = false;
        setMerges((count) => count + 1);
      });
  }, [enabled, waiting, loaded, blocked, userId, merges]);

  // Back online: the next merge may try again.
  useEffect(() => {
    const retry = () => setFailedFor(null);
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, []);
}

const sendMergeStep = (step: CartMergeStep) =>
  step.action === "add"
    ? serverCart.add(step.productId, step.quantity)
    : serverCart.update(step.productId, step.quantity);

/**
 * Wishlist entries and browser cart lines whose product no longer exists are removed (wishlist
 * entries locally and on the server). The catalogue is read again before, and a product it lacks
 * is asked for on its own: a product added since the catalogue was read (by this page, or by a
 * shared cache) is not gone.
 */
function useGoneProductsCleanup({
  verified,
  catalogue,
  refreshCatalogue,
  localCart,
  localWishlist,
  serverWishlist: stored,
  refreshServerWishlist,
}: {
  verified: boolean;
  catalogue: ReadonlyMap<string, ProductDto> | undefined;
  refreshCatalogue: () => Promise<ProductDto[] | undefined>;
  localCart: CartAnswer["cart"];
  localWishlist: WishlistAnswer["wishlist"];
  serverWishlist: WishlistAnswer["wishlist"] | undefined;
  refreshServerWishlist: () => Promise<unknown>;
}): ReadonlySet<string> {
  const [goneIds, setGoneIds] = useState<ReadonlySet<string>>(() => new Set());
  const checking = useRef(false);
  const suspects = useMemo(
    () =>
      missingFromCatalogue(
        [
          ...localWishlist.map((entry) => entry._id),
          ...(verified ? (stored ?? []).map((entry) => entry._id) : []),
          ...localCart.map((line) => line.productId),
        ],
        catalogue,
      ).filter((id) => !goneIds.has(id)),
    [localWishlist, stored, verified, localCart, catalogue, goneIds],
  );
  const suspectKey = suspects.join(",");

  useEffect(() => {
    if (!suspectKey || checking.current) return;
    checking.current = true;
    void (async () => {
      const fresh = await refreshCatalogue();
      if (!fresh) return;
      const exists = new Set(fresh.map((product) => product.id));
      const absent = suspectKey.split(",").filter((id) => !exists.has(id));
      // A shared cache may answer the catalogue from before a piece was added: only a piece the
      // shop itself says it does not have is gone.
      const confirmed = await Promise.all(absent.map(productIsGone));
      const gone = absent.filter((_, index) => confirmed[index]);
      if (gone.length === 0) return;
      setGoneIds((current) => new Set([...current, ...gone]));
      writeLocalWishlist(readLocalWishlist().filter((entry) => !gone.includes(entry._id)));
      writeLocalCart(readLocalCart().filter((line) => !gone.includes(line.productId)));
      if (!verified) return;
      await Promise.all(gone.map((id) => serverWishlist.remove(id)));
      await refreshServerWishlist();
    })().finally(() => {
      checking.current = false;
    });
  }, [suspectKey, verified, refreshCatalogue, refreshServerWishlist]);

  return goneIds;
}

/** After the first load, a cart with stock issues raises one warning (spec section 4). */
function useStockWarning({
  ready,
  summary,
  who,
}: {
  ready: boolean;
  summary: CartState["stockSummary"];
  who: string | undefined;
}) {
  const warnedFor = useRef<string | null>(null);
  useEffect(() => {
    const key = who ?? "visitor";
    if (!ready || warnedFor.current === key) return;
    warnedFor.current = key;
    const text = stockWarningText(summary);
    if (text) warnOnce(text);
  }, [ready, summary, who]);
}

/**
 * A stock warning, shown once however many times it is raised: the first read after a sign-in and
 * the merge that follows it may both name the same sold-out piece.
 */
const warnOnce = (text: string) => toast.warning(text, { id: text });

/** The cart: its lines, counts, stock summary and the changes a shopper can make. */
export function useCart(): CartState {
  const value = use(CartContext);
  if (!value) throw new Error("useCart must be used inside <Providers>");
  return value;
}

/**
 * The cart, read again when the view that calls this opens (the checkout, the shop's cart view):
 * another device or tab of the customer may have changed the stored cart since this page read it,
 * and a browser's cart takes its prices and stock from a catalogue read when the visit began. Only
 * a list read before the view opened is read again: on a page loaded at the view, the first read
 * is fresh.
 */
export function useFreshCart(): CartState {
  const cart = useCart();
  const { cache, mutate } = useSWRConfig();
  const key = cart.synced ? CART_KEY : cart.items.length > 0 ? CATALOGUE_KEY : null;
  useEffect(() => {
    if (key && cache.get(key)?.data !== undefined) void mutate(key);
  }, [key, cache, mutate]);
  return cart;
}

/** The wishlist: its entries (product references), counts and changes. */
export function useWishlist(): WishlistState {
  const value = use(WishlistContext);
  if (!value) throw new Error("useWishlist must be used inside <Providers>");
  return value;
}
