import {
  forgetMerged,
  keepCartChange,
  keepWishlistRemovals,
  readCartChanges,
  readLocalCart,
  readLocalWishlist,
  readWishlistRemovals,
  writeLocalCart,
  writeLocalWishlist,
} from "@/components/cart/local-lists";
import type { CartItem } from "@/models/cart";
import { installWebStorage } from "@/tests/support/web-storage";

const items = installWebStorage("localStorage");
beforeEach(() => items.clear());

const line = (productId: string, quantity: number): CartItem => ({
  productId,
  name: `Piece ${productId}`,
  price: 40,
  image: "",
  quantity,
  stock: 10,
});
const entry = (id: string) => ({ _id: id, dateAdded: "2026-11-28T10:00:00.000Z" });

describe("forgetting what a sign-in merge sent", () => {
  it("forgets every list the merge sent when nothing changed meanwhile", () => {
    writeLocalCart([line("a", 2)]);
    writeLocalWishlist([entry("w")]);
    keepCartChange("c", 0);
    keepWishlistRemovals(["r"], true);
    forgetMerged({
      cart: readLocalCart(),
      wishlist: readLocalWishlist(),
      changes: readCartChanges(),
      removals: readWishlistRemovals(),
    });
    expect(readLocalCart()).toEqual([]);
    expect(readLocalWishlist()).toEqual([]);
    expect(readCartChanges().size).toBe(0);
    expect(readWishlistRemovals().size).toBe(0);
    expect(items.size).toBe(0);
  });

  it("keeps what another tab kept while the merge ran, and what it changed since", () => {
    writeLocalCart([line("a", 2), line("b", 1)]);
    writeLocalWishlist([entry("v"), entry("w")]);
    keepCartChange("c", 0);
    keepWishlistRemovals(["r"], true);
    const sent = {
      cart: readLocalCart(),
      wishlist: readLocalWishlist(),
      changes: readCartChanges(),
      removals: readWishlistRemovals(),
    };
    // Another tab, offline, while the merge's calls were on their way.
    writeLocalCart([line("a", 2), line("b", 3), line("d", 1)]);
    // "w" removed and saved again: a new entry, which stays.
    writeLocalWishlist([
      entry("v"),
      { ...entry("w"), dateAdded: "2026-11-28T11:00:00.000Z" },
      entry("x"),
    ]);
    keepCartChange("c", 2);
    keepCartChange("e", 0);
    keepWishlistRemovals(["s"], true);
    forgetMerged(sent);
    expect(readLocalCart()).toEqual([line("b", 3), line("d", 1)]);
    expect(readLocalWishlist()).toEqual([
      { ...entry("w"), dateAdded: "2026-11-28T11:00:00.000Z" },
      entry("x"),
    ]);
    expect([...readCartChanges()]).toEqual([
      ["c", 2],
      ["e", 0],
    ]);
    expect([...readWishlistRemovals()]).toEqual(["s"]);
  });
});
