import {
  addToCart,
  cartChangesAfterOrder,
  mergeShortfall,
  mergeWishlists,
  missingFromCatalogue,
  overlayPendingCart,
  parseStoredCart,
  parseStoredCartChanges,
  parseStoredIds,
  parseStoredWishlist,
  planCartMerge,
  quantityCap,
  refreshCartLines,
  setCartQuantity,
  stockWarningText,
  summarizeStock,
  toCartItem,
} from "@/lib/cart-rules";
import type { CartItem } from "@/models/cart";

const product = (id: string, stock: number, price = 20) => ({
  id,
  name: `Piece ${id}`,
  price,
  images: [`/images/${id}.jpg`],
  quantity: stock,
});
const line = (id: string, quantity: number, stock?: number): CartItem => ({
  productId: id,
  name: `Piece ${id}`,
  price: 20,
  image: `/images/${id}.jpg`,
  quantity,
  ...(stock === undefined ? {} : { stock }),
});

describe("merging a local cart into the stored one", () => {
  const stocks: Record<string, number> = { a: 10, b: 3, c: 0, d: 200, e: 5 };
  const stockOf = (id: string) => stocks[id];

  it.each([
    {
      name: "a product only in the local cart is added",
      local: [line("a", 2)],
      server: [],
      expected: [{ productId: "a", action: "add", quantity: 2 }],
    },
    {
      name: "the larger local quantity wins",
      local: [line("a", 4)],
      server: [line("a", 1)],
      expected: [{ productId: "a", action: "update", quantity: 4 }],
    },
    {
      name: "the larger stored quantity wins: nothing to send",
      local: [line("a", 1)],
      server: [line("a", 4)],
      expected: [],
    },
    {
      name: "equal quantities: nothing to send",
      local: [line("a", 3)],
      server: [line("a", 3)],
      expected: [],
    },
    {
      name: "capped at the stock when added",
      local: [line("b", 7)],
      server: [],
      expected: [{ productId: "b", action: "add", quantity: 3 }],
    },
    {
      name: "capped at the stock when raised",
      local: [line("b", 9)],
      server: [line("b", 1)],
      expected: [{ productId: "b", action: "update", quantity: 3 }],
    },
    {
      name: "a stored line already at the stock is left alone",
      local: [line("b", 9)],
      server: [line("b", 3)],
      expected: [],
    },
    {
      name: "a sold-out product is not sent",
      local: [line("c", 2)],
      server: [],
      expected: [],
    },
    {
      name: "a product that no longer exists is not sent",
      local: [line("gone", 2)],
      server: [],
      expected: [],
    },
    {
      name: "capped at 99 however large the stock",
      local: [line("d", 150)],
      server: [],
      expected: [{ productId: "d", action: "add", quantity: 99 }],
    },
    {
      name: "a product twice in the local cart counts once, at its larger quantity",
      local: [line("e", 2), line("e", 4)],
      server: [],
      expected: [{ productId: "e", action: "add", quantity: 4 }],
    },
    {
      name: "several products at once",
      local: [line("a", 2), line("b", 1), line("c", 1)],
      server: [line("b", 2), line("e", 1)],
      expected: [{ productId: "a", action: "add", quantity: 2 }],
    },
  ])("$name", ({ local, server, expected }) => {
    expect(planCartMerge({ local, server, stockOf })).toEqual(expected);
  });
});

describe("what a merge could not keep of the local cart", () => {
  it("names the pieces it dropped and those it lowered to what is left, as the stock warning does", () => {
    const local = [line("a", 4), line("b", 2), line("c", 1), line("d", 150)];
    const merged = [line("a", 2, 2), line("b", 5, 9), line("d", 99, 200)];
    expect(mergeShortfall({ local, merged })).toEqual([
      "Piece c is out of stock.",
      "Only a few left: Piece a (2 available).",
    ]);
  });

  it("names nothing when every line stands at its quantity or above", () => {
    expect(mergeShortfall({ local: [line("a", 2)], merged: [line("a", 2, 2)] })).toEqual([]);
    expect(mergeShortfall({ local: [], merged: [line("a", 2, 2)] })).toEqual([]);
  });
});

describe("merging wishlists", () => {
  const ref = (id: string, day: number) => ({
    _id: id,
    dateAdded: new Date(Date.UTC(2025, 0, day)).toISOString(),
  });

  it("is the union: stored entries first, then the local ones the server lacks", () => {
    const { merged, toAdd } = mergeWishlists(
      [ref("a", 1), ref("b", 2), ref("b", 3), ref("c", 4)],
      [ref("b", 9), ref("d", 8)],
    );
    expect(toAdd).toEqual([ref("a", 1), ref("c", 4)]);
    expect(merged).toEqual([ref("b", 9), ref("d", 8), ref("a", 1), ref("c", 4)]);
  });

  it("adds nothing when everything is already stored", () => {
    expect(mergeWishlists([ref("a", 1)], [ref("a", 5)])).toEqual({
      merged: [ref("a", 5)],
      toAdd: [],
    });
  });
});

describe("the wishlist in browser storage", () => {
  const now = new Date("2025-03-01T10:00:00.000Z");

  it("keeps references as they are", () => {
    const stored = [{ _id: "p1", dateAdded: "2025-01-02T03:04:05.000Z" }];
    expect(parseStoredWishlist(JSON.stringify(stored), now)).toEqual({
      wishlist: stored,
      migrated: false,
    });
  });

  it("migrates the older format of whole products to references", () => {
    const legacy = [
      { _id: "p1", id: "p1", name: "Pearl drops", price: 35, images: ["/a.jpg"], quantity: 4 },
      { id: "p2", name: "Hoops", price: 20, addedAt: "2024-12-24T08:00:00.000Z" },
      { _id: "p1", name: "Pearl drops again" },
    ];
    expect(parseStoredWishlist(JSON.stringify(legacy), now)).toEqual({
      wishlist: [
        { _id: "p1", dateAdded: now.toISOString() },
        { _id: "p2", dateAdded: "2024-12-24T08:00:00.000Z" },
      ],
      migrated: true,
    });
  });

  it.each([
    ["nothing stored", null],
    ["not JSON", "{oops"],
    ["not a list", '{"_id":"p1"}'],
  ])("reads %s as an empty wishlist", (_name, raw) => {
    expect(parseStoredWishlist(raw, now).wishlist).toEqual([]);
  });

  it("drops entries without an id and rewrites the list", () => {
    expect(
      parseStoredWishlist(JSON.stringify([null, 7, { name: "x" }, { _id: "p3" }]), now),
    ).toEqual({
      wishlist: [{ _id: "p3", dateAdded: now.toISOString() }],
      migrated: true,
    });
  });
});

describe("the cart in browser storage", () => {
  it("keeps well-formed lines and leaves out the rest", () => {
    const stored = [
      line("a", 2, 5),
      { productId: "b", quantity: 0, name: "zero" },
      { productId: "c", quantity: 1.5 },
      { productId: "d", quantity: "2" },
      { quantity: 1 },
      line("a", 4),
      { productId: "e", quantity: 500, name: "many", price: -3 },
    ];
    expect(parseStoredCart(JSON.stringify(stored))).toEqual([
      line("a", 2, 5),
      { productId: "e", name: "many", price: 0, image: "", quantity: 99 },
    ]);
  });

  it("reads unreadable storage as an empty cart", () => {
    expect(parseStoredCart("[[[")).toEqual([]);
    expect(parseStoredCart(null)).toEqual([]);
  });
});

describe("changing a cart", () => {
  it("adds a new product as a line with its current price, picture and stock", () => {
    expect(addToCart([], product("a", 5, 12.5), 2)).toEqual([
      {
        productId: "a",
        name: "Piece a",
        price: 12.5,
        image: "/images/a.jpg",
        quantity: 2,
        stock: 5,
      },
    ]);
  });

  it("adds to an existing line", () => {
    expect(addToCart([line("a", 2, 5)], product("a", 5), 3)?.[0]?.quantity).toBe(5);
  });

  it.each([
    { name: "more than the stock", cart: [line("a", 4, 5)], stock: 5, add: 2 },
    { name: "a sold-out product", cart: [], stock: 0, add: 1 },
    { name: "above 99", cart: [line("a", 98, 500)], stock: 500, add: 2 },
    { name: "nothing", cart: [], stock: 5, add: 0 },
  ])("refuses to add $name", ({ cart, stock, add }) => {
    expect(addToCart(cart, product("a", stock), add)).toBeNull();
  });

  it.each([
    { quantity: 0, expected: [] },
    { quantity: -4, expected: [] },
    { quantity: 3, expected: [line("a", 3, 5)] },
    { quantity: 5, expected: [line("a", 5, 5)] },
    { quantity: 6, expected: null },
  ])("setting the quantity to $quantity", ({ quantity, expected }) => {
    expect(setCartQuantity([line("a", 2, 5)], "a", quantity)).toEqual(expected);
  });

  it("cannot set the quantity of a product that is not in the cart", () => {
    expect(setCartQuantity([], "a", 2)).toBeNull();
  });

  it.each([
    { stock: 3, cap: 3 },
    { stock: 0, cap: 0 },
    { stock: -2, cap: 0 },
    { stock: 250, cap: 99 },
    { stock: undefined, cap: 99 },
  ])("a line may hold up to $cap units of stock $stock", ({ stock, cap }) => {
    expect(quantityCap(stock)).toBe(cap);
  });

  it("a product without pictures gets an empty image", () => {
    expect(toCartItem({ ...product("a", 1), images: [] }, 1).image).toBe("");
  });
});

describe("the stock summary", () => {
  it("has no issues when every line fits its stock", () => {
    const summary = summarizeStock([line("a", 2, 5), line("b", 1, 1), line("c", 3)]);
    expect(summary).toEqual({
      hasAnyIssues: false,
      messages: { outOfStock: null, lowStock: null },
    });
    expect(stockWarningText(summary)).toBeNull();
  });

  it("names sold-out lines and lines above their stock, and the warning ends asking for a review", () => {
    const summary = summarizeStock([
      { name: "Pearl drops", quantity: 1, stock: 0 },
      { name: "Silver hoops", quantity: 2, stock: 0 },
      { name: "Gold ring", quantity: 4, stock: 2 },
      { name: "Anklet", quantity: 1, stock: 8 },
    ]);
    expect(summary).toEqual({
      hasAnyIssues: true,
      messages: {
        outOfStock: "Pearl drops and Silver hoops are out of stock.",
        lowStock: "Only a few left: Gold ring (2 available).",
      },
    });
    expect(stockWarningText(summary)).toBe(
      "Pearl drops and Silver hoops are out of stock. Only a few left: Gold ring (2 available). Please review your cart.",
    );
  });

  it.each([
    {
      items: [{ name: "Pearl drops", quantity: 1, stock: 0 }],
      warning: "Pearl drops is out of stock. Please review your cart.",
    },
    {
      items: [
        { name: "Gold ring", quantity: 4, stock: 2 },
        { name: "Cuff", quantity: 3, stock: 1 },
      ],
      warning:
        "Only a few left: Gold ring (2 available) and Cuff (1 available). Please review your cart.",
    },
  ])("warns: $warning", ({ items, warning }) => {
    expect(stockWarningText(summarizeStock(items))).toBe(warning);
  });
});

describe("the cart as the catalogue shows it now", () => {
  const catalogue = new Map([
    ["a", { ...product("a", 3, 25), name: "Renamed a" }],
    ["b", product("b", 0)],
  ]);

  it("takes each line's current name, price and stock, and leaves out products that are gone", () => {
    expect(
      refreshCartLines(
        [line("a", 2, 9), line("gone", 1, 4), line("b", 1, 1)],
        catalogue,
        new Set(["gone"]),
      ),
    ).toEqual([
      {
        productId: "a",
        name: "Renamed a",
        price: 25,
        image: "/images/a.jpg",
        quantity: 2,
        stock: 3,
      },
      { ...line("b", 1), stock: 0 },
    ]);
  });

  it("keeps the stored lines while the catalogue is not known", () => {
    expect(refreshCartLines([line("gone", 1, 4)], undefined)).toEqual([line("gone", 1, 4)]);
  });

  it("keeps a line the catalogue lacks as it was stored: the catalogue may be older than the piece", () => {
    expect(refreshCartLines([line("new", 2, 4), line("a", 1, 9)], catalogue)).toEqual([
      line("new", 2, 4),
      { ...line("a", 1), name: "Renamed a", price: 25, stock: 3 },
    ]);
  });
});

describe("a verified customer's cart with local changes the server has not taken yet", () => {
  const catalogue = new Map([
    ["a", product("a", 10)],
    ["b", product("b", 3)],
    ["c", product("c", 0)],
  ]);

  it("is the stored cart when nothing waits", () => {
    expect(overlayPendingCart([line("a", 1, 10)], [], catalogue)).toEqual([line("a", 1, 10)]);
  });

  it("shows what the next merge will store: larger quantities, new lines, capped at the stock", () => {
    const server = [line("a", 1, 10), line("b", 2, 3)];
    const pending = [
      line("a", 4, 10),
      line("b", 1, 3),
      line("b", 1, 3),
      line("c", 2, 5),
      line("d", 9, 5),
    ];
    expect(overlayPendingCart(server, pending, catalogue, new Set(["d"]))).toEqual([
      line("a", 4, 10),
      line("b", 2, 3),
    ]);
    expect(overlayPendingCart([], [line("b", 7, 9)], catalogue)).toEqual([line("b", 3, 3)]);
    // A piece the catalogue lacks and that is not known gone: as stored, capped at its stock then.
    expect(overlayPendingCart([], [line("d", 9, 5)], catalogue)).toEqual([line("d", 5, 5)]);
  });

  it("caps new lines at their stored stock while the catalogue is not known", () => {
    expect(overlayPendingCart([], [line("x", 7, 2)], undefined)).toEqual([line("x", 2, 2)]);
  });

  it("shows lines lowered or removed while the shop could not be reached as she set them", () => {
    const server = [line("a", 5, 10), line("b", 2, 3), line("c", 1, 5)];
    const changes = new Map([
      ["a", 2],
      ["b", 0],
    ]);
    expect(overlayPendingCart(server, [], catalogue, undefined, changes)).toEqual([
      line("a", 2, 10),
      line("c", 1, 5),
    ]);
    // Added again after it was removed: the next merge removes it, then adds what she added.
    expect(overlayPendingCart(server, [line("b", 1, 3)], catalogue, undefined, changes)).toEqual([
      line("a", 2, 10),
      line("c", 1, 5),
      line("b", 1, 3),
    ]);
  });
});

describe("cart changes kept for the network", () => {
  it("are read back per product, 0 for a removed line, capped at the per-item limit", () => {
    const raw = JSON.stringify([
      { productId: "a", quantity: 2 },
      { productId: "b", quantity: 0 },
      { productId: "c", quantity: 500 },
    ]);
    expect(parseStoredCartChanges(raw)).toEqual(
      new Map([
        ["a", 2],
        ["b", 0],
        ["c", 99],
      ]),
    );
  });

  it.each([
    ["not json"],
    [JSON.stringify({ productId: "a", quantity: 1 })],
    [
      JSON.stringify([
        { productId: "a", quantity: -1 },
        { productId: "b", quantity: 1.5 },
      ]),
    ],
    [JSON.stringify([{ productId: 3, quantity: 1 }, null, "a"])],
  ])("keep nothing unreadable: %s", (raw) => {
    expect(parseStoredCartChanges(raw)).toEqual(new Map());
  });

  it("drop by what an order took once it is placed: what she took out of an ordered line goes too", () => {
    const changes = new Map([
      ["a", 2],
      ["b", 0],
      ["c", 3],
    ]);
    const ordered = [
      { productId: "a", quantity: 2 },
      { productId: "d", quantity: 1 },
      { productId: null, quantity: 1 },
    ];
    expect(cartChangesAfterOrder(changes, ordered)).toEqual(
      new Map([
        ["a", 0],
        ["b", 0],
        ["c", 3],
      ]),
    );
    // Raised by a line waiting to be added, the order held more than the change: nothing is left.
    expect(cartChangesAfterOrder(changes, [{ productId: "c", quantity: 5 }]).get("c")).toBe(0);
    expect(changes.get("a")).toBe(2);
  });
});

describe("products the catalogue does not hold", () => {
  it("are the ids it lacks, each once", () => {
    const catalogue = new Map([["a", product("a", 1)]]);
    expect(missingFromCatalogue(["a", "b", "c", "b"], catalogue)).toEqual(["b", "c"]);
  });

  it("are none while the catalogue is not known", () => {
    expect(missingFromCatalogue(["a"], undefined)).toEqual([]);
  });
});

describe("product ids kept in browser storage", () => {
  it("are read back once each, anything but an id dropped", () => {
    const raw = JSON.stringify(["a", "b", "a", 3, null, "", "x".repeat(101)]);
    expect(parseStoredIds(raw)).toEqual(new Set(["a", "b"]));
    expect(parseStoredIds("not json")).toEqual(new Set());
    expect(parseStoredIds(JSON.stringify({ a: 1 }))).toEqual(new Set());
  });
});
