"use client";

// The cart half of the cart provider (spec section 4, Cart and wishlist sync). Visitors and
// unverified customers keep the cart in browser storage. A verified customer's cart is the
// server's, changed optimistically: a refusal rolls the change back, a network or server error
// keeps it in browser storage until the next merge takes it to the server.
import { useRouter } from "next/navigation";
import { useCallback, useMemo, useRef } from "react";
import type { SWRResponse } from "swr";
import { toast } from "@/components/ui/toast";
import {
  announceOrderPlaced,
  keepCartChange,
  readCartChanges,
  readLocalCart,
  writeCartChanges,
  writeLocalCart,
} from "@/components/cart/local-lists";
import { serverCart, type CartChangeAnswer } from "@/components/cart/server-lists";
import { isUnanswered, type ApiResult } from "@/lib/api-client";
import {
  addToCart,
  cartChangesAfterOrder,
  overlayPendingCart,
  quantityCap,
  refreshCartLines,
  setCartQuantity,
  summarizeStock,
  toCartItem,
  type CartProduct,
  type CatalogueIndex,
} from "@/lib/cart-rules";
import { storefrontMessages } from "@/lib/storefront-messages";
import type { CartAnswer, CartItem } from "@/models/cart";

// A verified customer's cart changes on their way to the shop.
const writesOnTheirWay = new Set<Promise<unknown>>();

/**
 * Once every cart change on its way has its answer: an order placed from the cart waits for
 * them, so the server's cart holds what the checkout shows (a + pressed just before Place Order).
 */
export async function cartWritesAnswered(): Promise<void> {
  await Promise.allSettled([...writesOnTheirWay]);
}

/** How a change ended: applied (maybe only locally, waiting for the network), or refused. */
export type ListChange =
  | { ok: true; pending?: boolean }
  | { ok: false; reason: "stock" | "refused" | "network"; message: string | null };

export const APPLIED: ListChange = { ok: true };
export const KEPT_LOCALLY: ListChange = { ok: true, pending: true };
const STOCK_REFUSAL: ListChange = { ok: false, reason: "stock", message: null };

export type CartState = {
  items: CartItem[];
  /** Units in the cart: the header badge. */
  count: number;
  /** False until the lists were read (browser storage, or the server for verified customers). */
  ready: boolean;
  /** True for verified customers, whose cart lives on the server. */
  synced: boolean;
  /** A verified customer's cart could not be read: it is unknown, not empty. */
  loadFailed: boolean;
  stockSummary: ReturnType<typeof summarizeStock>;
  /** Units of a product in the cart (0 when none). */
  quantityOf: (productId: string) => number;
  /** Adds units; refused (reason "stock") when the cart would hold more than the stock. */
  add: (product: CartProduct, quantity?: number) => Promise<ListChange>;
  /** Sets a line's quantity; 0 or less removes the line. */
  update: (productId: string, quantity: number) => Promise<ListChange>;
  remove: (productId: string) => Promise<ListChange>;
  /** After an order: the server took the ordered lines out of its cart; the browser's copy follows. */
  afterOrder: (ordered: readonly { productId: string | null; quantity: number }[]) => Promise<void>;
  /** Lowers quantities to the stock and removes sold-out lines, then says what changed. */
  fixIssues: () => Promise<ListChange>;
  /** Reads the cart again (a verified customer's from the server), for example after checkout. */
  refresh: () => Promise<void>;
};

function replaceLocalLine(line: CartItem) {
  const current = readLocalCart();
  const exists = current.some((item) => item.productId === line.productId);
  writeLocalCart(
    exists
      ? current.map((item) => (item.productId === line.productId ? line : item))
      : [...current, line],
  );
}

const dropLocalLine = (productId: string) =>
  writeLocalCart(readLocalCart().filter((item) => item.productId !== productId));

export function useSyncedCart({
  verified,
  ready,
  localCart,
  cartChanges,
  catalogue,
  goneIds,
  query,
  refreshCatalogue,
}: {
  verified: boolean;
  ready: boolean;
  localCart: CartItem[];
  /** Lines lowered or removed while the shop could not be reached: per product, its quantity. */
  cartChanges: ReadonlyMap<string, number>;
  catalogue: CatalogueIndex;
  /** Products the shop confirmed gone: their lines are left out. */
  goneIds: ReadonlySet<string>;
  query: SWRResponse<CartAnswer>;
  refreshCatalogue: () => Promise<unknown>;
}): CartState {
  const { data, mutate } = query;
  const server = data?.cart;
  const router = useRouter();
  /** Per line, the quantity last asked for while its update is on the way to the server. */
  const latestQuantity = useRef(new Map<string, number>());

  const items = useMemo(
    () =>
      verified
        ? overlayPendingCart(server ?? [], localCart, catalogue, goneIds, cartChanges)
        : refreshCartLines(localCart, catalogue, goneIds),
    [verified, server, localCart, catalogue, goneIds, cartChanges],
  );

  const quantityOf = useCallback(
    (productId: string) => items.find((item) => item.productId === productId)?.quantity ?? 0,
    [items],
  );

  /**
   * Shows `optimistic` at once and sends `call`: its answer replaces the cart; a refusal restores
   * the cart as it was and reads it again (the stock may have moved); a network error runs
   * `offline`, which decides what stays.
   */
  const change = useCallback(
    async (
      optimistic: CartItem[],
      call: () => Promise<ApiResult<CartChangeAnswer>>,
      offline: () => ListChange,
    ): Promise<ListChange> => {
      const previous = data;
      if (previous) {
        void mutate(
          { cart: optimistic, stockSummary: summarizeStock(optimistic) },
          { revalidate: false },
        );
      }
      const sent = call();
      writesOnTheirWay.add(sent);
      const result = await sent.finally(() => writesOnTheirWay.delete(sent));
      if (result.ok) {
        const { cart, stockSummary } = result.data;
        await mutate({ cart, stockSummary }, { revalidate: false });
        return APPLIED;
      }
      // `offline` keeps what should stay in browser storage before the server's cart goes back.
      // The merge that follows settles a change that got no clear answer without counting it twice.
      const outcome = isUnanswered(result) ? offline() : null;
      await mutate(previous, { revalidate: false });
      if (outcome) return outcome;
      void mutate();
      // Refused for stock (409): the page was drawn with stock that has moved since (a page kept
      // for the Back button, another shopper's order): it is drawn again as it is now.
      if (result.status === 409) router.refresh();
      toast.error(storefrontMessages.cart.updateFailed);
      return {
        ok: false,
        reason: "refused",
        message: result.error ?? storefrontMessages.cart.updateFailed,
      };
    },
    [data, mutate, router],
  );

  const add = useCallback(
    async (product: CartProduct, quantity = 1): Promise<ListChange> => {
      if (!addToCart(items, product, quantity)) return STOCK_REFUSAL;
      if (!verified) {
        const next = addToCart(readLocalCart(), product, quantity);
        if (!next) return STOCK_REFUSAL;
        writeLocalCart(next);
        return APPLIED;
      }
      const stored = server?.find((line) => line.productId === product.id);
      const waiting = readLocalCart().some((line) => line.productId === product.id);
      // Lowered or removed while the shop could not be reached: the server's line is not what
      // she sees, so the line is set to what she sees plus the new units.
      const changed = cartChanges.has(product.id);
      const wanted = quantityOf(product.id) + quantity;
      // A line a network error left waiting in browser storage goes with its units, as a whole.
      const call =
        !waiting && !changed
          ? () => serverCart.add(product.id, quantity)
          : stored
            ? () => serverCart.update(product.id, wanted)
            : () => serverCart.add(product.id, wanted);
      const optimistic = stored
        ? (server ?? []).map((line) => (line === stored ? { ...line, quantity: wanted } : line))
        : [...(server ?? []), toCartItem(product, wanted)];
      const outcome = await change(optimistic, call, () => {
        replaceLocalLine(toCartItem(product, wanted));
        toast.warning(storefrontMessages.cart.networkError);
        return KEPT_LOCALLY;
      });
      if (outcome.ok && !outcome.pending) {
        if (waiting) dropLocalLine(product.id);
        if (changed) keepCartChange(product.id, undefined);
      }
      return outcome;
    },
    [items, verified, quantityOf, server, change, cartChanges],
  );

  const remove = useCallback(
    async (productId: string): Promise<ListChange> => {
      if (!verified) {
        dropLocalLine(productId);
        return APPLIED;
      }
      dropLocalLine(productId);
      // This removal replaces a change the shop could not be reached for earlier.
      keepCartChange(productId, undefined);
      if (!server?.some((line) => line.productId === productId)) return APPLIED;
      return change(
        server.filter((line) => line.productId !== productId),
        () => serverCart.remove(productId),
        () => {
          // Stays removed here (spec section 4), and the next merge removes it on the server.
          keepCartChange(productId, 0);
          toast.warning(storefrontMessages.cart.networkError);
          return KEPT_LOCALLY;
        },
      );
    },
    [verified, server, change],
  );

  const update = useCallback(
    async (productId: string, quantity: number): Promise<ListChange> => {
      if (quantity <= 0) return remove(productId);
      const line = items.find((item) => item.productId === productId);
      if (!line) return STOCK_REFUSAL;
      const cap = quantityCap(line.stock);
      if (quantity > cap) {
        // Lowering a line the stock no longer covers takes it down to what is left, at once.
        if (quantity >= line.quantity) return STOCK_REFUSAL;
        if (cap === 0) return remove(productId);
        quantity = cap;
      }
      if (!verified) {
        // The stock a line was stored with is the stock when it was added: the line's current
        // stock, checked above, is the limit now (a piece restocked since may be raised).
        const stored = readLocalCart().map((item) =>
          item.productId === productId ? { ...item, stock: line.stock } : item,
        );
        const next = setCartQuantity(stored, productId, quantity);
        if (!next) return STOCK_REFUSAL;
        writeLocalCart(next);
        return APPLIED;
      }
      const stored = server?.find((item) => item.productId === productId);
      if (!stored) {
        replaceLocalLine({ ...line, quantity });
        return KEPT_LOCALLY;
      }
      // A lower quantity than a waiting local line would be undone by the next merge's larger one,
      // and this quantity replaces one the shop could not be reached for earlier.
      dropLocalLine(productId);
      keepCartChange(productId, undefined);
      const optimistic = server!.map((item) =>
        item.productId === productId ? { ...item, quantity } : item,
      );
      // Quick taps on + and −: each shows at once, but one request at a time goes for a line, and
      // it carries the latest quantity, so a slow earlier one can never land after a later one.
      const sending = latestQuantity.current.has(productId);
      latestQuantity.current.set(productId, quantity);
      if (sending) {
        void mutate(
          { cart: optimistic, stockSummary: summarizeStock(optimistic) },
          { revalidate: false },
        );
        return APPLIED;
      }
      let wanted = quantity;
      const call = async () => {
        for (;;) {
          const sent = wanted;
          const result = await serverCart.update(productId, sent);
          wanted = latestQuantity.current.get(productId) ?? sent;
          if (!result.ok || wanted === sent) {
            latestQuantity.current.delete(productId);
            return result;
          }
        }
      };
      return change(optimistic, call, () => {
        // Stays as she set it here (spec section 4), and the next merge sets it on the server.
        keepCartChange(productId, wanted);
        toast.warning(storefrontMessages.cart.networkError);
        return KEPT_LOCALLY;
      });
    },
    [items, verified, server, change, remove, mutate],
  );

  // POST /api/cart/fix-issues: only a verified customer's cart, kept on the server (spec section 4).
  const fixIssues = useCallback(async (): Promise<ListChange> => {
    if (!verified) {
      toast.error(storefrontMessages.cart.fixRequiresLogin);
      return { ok: false, reason: "refused", message: storefrontMessages.cart.fixRequiresLogin };
    }
    dropLocalLinesAboveStock(items);
    const result = await serverCart.fixIssues();
    if (result.ok) {
      const { cart, stockSummary, summary } = result.data;
      await mutate({ cart, stockSummary }, { revalidate: false });
      toast.success(storefrontMessages.cart.fixSuccess(summary.adjusted, summary.removed));
      return APPLIED;
    }
    const message =
      result.kind === "network"
        ? storefrontMessages.cart.networkError
        : storefrontMessages.cart.fixFailed;
    toast.error(message);
    return { ok: false, reason: result.kind, message };
  }, [verified, items, mutate]);

  const refresh = useCallback(async () => {
    await (verified ? mutate() : refreshCatalogue());
  }, [verified, mutate, refreshCatalogue]);

  // A line added meanwhile (another tab, another device) stays in the server's cart: it is read
  // again, not cleared. A change still waiting for the network was ordered as she saw it.
  const afterOrder = useCallback(
    async (ordered: readonly { productId: string | null; quantity: number }[]) => {
      writeLocalCart([]);
      writeCartChanges(cartChangesAfterOrder(readCartChanges(), ordered));
      announceOrderPlaced();
      await refresh();
    },
    [refresh],
  );

  return useMemo<CartState>(
    () => ({
      items,
      count: items.reduce((sum, item) => sum + item.quantity, 0),
      ready: ready && (!verified || data !== undefined || query.error !== undefined),
      synced: verified,
      loadFailed: verified && data === undefined && query.error !== undefined,
      stockSummary: summarizeStock(items),
      quantityOf,
      add,
      update,
      remove,
      afterOrder,
      fixIssues,
      refresh,
    }),
    [
      items,
      ready,
      verified,
      data,
      query.error,
      quantityOf,
      add,
      update,
      remove,
      afterOrder,
      fixIssues,
      refresh,
    ],
  );
}

/** Waiting local lines above their stock would raise the fixed cart again at the next merge. */
function dropLocalLinesAboveStock(items: readonly CartItem[]) {
  const tooMany = new Set(
    items
      .filter((item) => item.stock !== undefined && item.quantity > item.stock)
      .map((i) => i.productId),
  );
  if (tooMany.size) writeLocalCart(readLocalCart().filter((line) => !tooMany.has(line.productId)));
}
