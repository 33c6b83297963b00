"use client";

// The wishlist half of the cart provider (spec sections 4, 5 and 8). Visitors and unverified
// customers keep references in browser storage; a verified customer's wishlist is the server's,
// changed optimistically, with an add or a removal that met a network error kept locally until the
// next merge.
import { useCallback, useMemo, useRef, useState } from "react";
import type { SWRResponse } from "swr";
import { toast } from "@/components/ui/toast";
import {
  keepWishlistRemovals,
  readLocalWishlist,
  writeLocalWishlist,
} from "@/components/cart/local-lists";
import { serverWishlist } from "@/components/cart/server-lists";
import { APPLIED, KEPT_LOCALLY, type ListChange } from "@/components/cart/use-synced-cart";
import { isUnanswered } from "@/lib/api-client";
import { mergeWishlists } from "@/lib/cart-rules";
import { storefrontMessages } from "@/lib/storefront-messages";
import type { WishlistAnswer, WishlistReference } from "@/models/cart";
import type { ProductDto } from "@/models/product";

const w = storefrontMessages.wishlist;

export type WishlistState = {
  entries: WishlistReference[];
  count: number;
  ready: boolean;
  has: (productId: string) => boolean;
  add: (productId: string) => Promise<ListChange>;
  remove: (productId: string) => Promise<ListChange>;
  toggle: (productId: string) => Promise<ListChange>;
  clear: () => Promise<ListChange>;
  /** The wishlisted products as the catalogue shows them now, in wishlist order; undefined while loading. */
  products: ProductDto[] | undefined;
  /** Whether the wishlist panel is open (the panel reads it; the header and menu open it). */
  panelOpen: boolean;
  openWishlist: () => void;
  /** Opens or closes the panel (a dialog's onOpenChange). */
  setPanelOpen: (open: boolean) => void;
};

const dropLocalEntry = (productId: string) =>
  writeLocalWishlist(readLocalWishlist().filter((entry) => entry._id !== productId));

export function useSyncedWishlist({
  verified,
  ready,
  localWishlist,
  removals,
  goneIds,
  catalogue,
  refreshCatalogue,
  query,
}: {
  verified: boolean;
  ready: boolean;
  localWishlist: WishlistReference[];
  /** Entries removed while the shop could not be reached: hidden until the next merge. */
  removals: ReadonlySet<string>;
  /** Entries whose product was confirmed gone: hidden while their removal runs. */
  goneIds: ReadonlySet<string>;
  catalogue: ReadonlyMap<string, ProductDto> | undefined;
  refreshCatalogue: () => Promise<unknown>;
  query: SWRResponse<WishlistAnswer>;
}): WishlistState {
  const { data, mutate } = query;
  const server = data?.wishlist;
  const [panelOpen, setPanelOpen] = useState(false);
  /** Per product, the server call pressed last: its calls go one after another, in that order. */
  const lastCall = useRef(new Map<string, Promise<unknown>>());

  /**
   * Sends a product's call once the ones pressed before it are answered (a heart pressed on and
   * off again on a slow phone: the removal must not reach the server before the add). `overtaken`
   * tells whether another press came meanwhile, whose answer will be the one shown.
   */
  const inTurn = useCallback(async <T>(productId: string, send: () => Promise<T>) => {
    const calls = lastCall.current;
    const call = (calls.get(productId) ?? Promise.resolve()).then(send);
    calls.set(productId, call);
    const result = await call;
    const overtaken = calls.get(productId) !== call;
    if (!overtaken) calls.delete(productId);
    return { result, overtaken };
  }, []);

  const entries = useMemo(() => {
    const stored = (server ?? []).filter((entry) => !removals.has(entry._id));
    const all = verified ? mergeWishlists(localWishlist, stored).merged : localWishlist;
    return goneIds.size ? all.filter((entry) => !goneIds.has(entry._id)) : all;
  }, [verified, localWishlist, server, removals, goneIds]);

  const has = useCallback(
    (productId: string) => entries.some((entry) => entry._id === productId),
    [entries],
  );

  const add = useCallback(
    async (productId: string): Promise<ListChange> => {
      if (has(productId)) {
        toast.info(w.duplicate);
        return { ok: false, reason: "refused", message: w.duplicate };
      }
      const entry = { _id: productId, dateAdded: new Date().toISOString() };
      if (!verified) {
        writeLocalWishlist([...readLocalWishlist(), entry]);
        toast.success(w.added);
        return APPLIED;
      }
      // Removed while the shop could not be reached: that removal is called off, and the entry
      // the server still holds shows again.
      if (removals.has(productId)) {
        keepWishlistRemovals([productId], false);
        if (server?.some((stored) => stored._id === productId)) {
          toast.success(w.added);
          return APPLIED;
        }
      }
      const previous = data;
      if (previous) void mutate({ wishlist: [...previous.wishlist, entry] }, { revalidate: false });
      const { result, overtaken } = await inTurn(productId, () => serverWishlist.add(productId));
      if (overtaken) return result.ok ? APPLIED : { ok: false, reason: result.kind, message: null };
      if (result.ok) {
        await mutate({ wishlist: result.data.wishlist }, { revalidate: false });
        toast.success(result.data.message ?? w.added);
        return APPLIED;
      }
      if (result.kind === "network") {
        // Kept in browser storage for the next merge, instead of in the server's list.
        writeLocalWishlist([...readLocalWishlist(), entry]);
        await mutate(previous, { revalidate: false });
        toast.info(w.addedLocally);
        return KEPT_LOCALLY;
      }
      if (result.status === 409) {
        // The server's list holds it already: a try whose answer was lost took it (the page
        // retries), or another tab did. Either way it is saved, as the shopper asked.
        await mutate();
        toast.success(w.added);
        return APPLIED;
      }
      await mutate(previous, { revalidate: false });
      void mutate();
      // Signed out or unverified meanwhile: the server says which; anything else is a failed add.
      const message =
        result.status === 401 || result.status === 403
          ? (result.error ?? w.addFailed)
          : w.addFailed;
      toast.error(message);
      return { ok: false, reason: "refused", message };
    },
    [has, verified, data, server, removals, mutate, inTurn],
  );

  const remove = useCallback(
    async (productId: string): Promise<ListChange> => {
      dropLocalEntry(productId);
      const previous = data;
      if (!verified || !previous?.wishlist.some((entry) => entry._id === productId)) return APPLIED;
      void mutate(
        { wishlist: previous.wishlist.filter((entry) => entry._id !== productId) },
        { revalidate: false },
      );
      const { result, overtaken } = await inTurn(productId, () => serverWishlist.remove(productId));
      if (overtaken) return result.ok ? APPLIED : { ok: false, reason: result.kind, message: null };
      // 404: no longer there (another tab removed it, or the product is gone), as wanted.
      if (result.ok || result.status === 404) {
        await (result.ok
          ? mutate({ wishlist: result.data.wishlist }, { revalidate: false })
          : mutate());
        return APPLIED;
      }
      if (isUnanswered(result)) {
        // Stays removed here (spec section 4), and the next merge removes it on the server.
        keepWishlistRemovals([productId], true);
        await mutate(previous, { revalidate: false });
        toast.warning(storefrontMessages.cart.networkError);
        return KEPT_LOCALLY;
      }
      await mutate(previous, { revalidate: false });
      toast.error(w.removeFailed);
      return { ok: false, reason: result.kind, message: w.removeFailed };
    },
    [verified, data, mutate, inTurn],
  );

  const toggle = useCallback(
    (productId: string) => (has(productId) ? remove(productId) : add(productId)),
    [has, add, remove],
  );

  const clear = useCallback(async (): Promise<ListChange> => {
    writeLocalWishlist([]);
    const previous = data;
    if (!verified || !previous?.wishlist.length) return APPLIED;
    void mutate({ wishlist: [] }, { revalidate: false });
    const result = await serverWishlist.clear();
    if (result.ok) return APPLIED;
    await mutate(previous, { revalidate: false });
    if (isUnanswered(result)) {
      // Stays empty here, and the next merge removes each entry on the server.
      keepWishlistRemovals(
        previous.wishlist.map((entry) => entry._id),
        true,
      );
      toast.warning(storefrontMessages.cart.networkError);
      return KEPT_LOCALLY;
    }
    toast.error(w.removeFailed);
    return { ok: false, reason: result.kind, message: w.removeFailed };
  }, [verified, data, mutate]);

  const products = useMemo(
    () =>
      catalogue
        ? entries.flatMap((entry) => {
            const product = catalogue.get(entry._id);
            return product ? [product] : [];
          })
        : entries.length === 0
          ? []
          : undefined,
    [catalogue, entries],
  );

  // Opening the panel reads the wishlist again, and the catalogue its pieces are shown from:
  // another device may have changed the one, the owner the other, since the page read them.
  const hasEntries = entries.length > 0;
  const openWishlist = useCallback(() => {
    setPanelOpen(true);
    if (verified) void mutate();
    if (hasEntries) void refreshCatalogue();
  }, [verified, mutate, hasEntries, refreshCatalogue]);

  return useMemo<WishlistState>(
    () => ({
      entries,
      count: entries.length,
      ready: ready && (!verified || data !== undefined || query.error !== undefined),
      has,
      add,
      remove,
      toggle,
      clear,
      products,
      panelOpen,
      openWishlist,
      setPanelOpen,
    }),
    [
      entries,
      ready,
      verified,
      data,
      query.error,
      has,
      add,
      remove,
      toggle,
      clear,
      products,
      panelOpen,
      openWishlist,
    ],
  );
}
