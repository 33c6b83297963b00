import {
  addToCartLabel,
  detailStockNotice,
  maxSelectableQuantity,
  stockBadge,
  stockTone,
} from "@/lib/stock";

describe("stockBadge", () => {
  it.each([
    { stock: 0, inCart: 0, expected: "Sold Out" },
    { stock: 0, inCart: 2, expected: "Sold Out" },
    { stock: -1, inCart: 0, expected: "Sold Out" },
    { stock: 3, inCart: 3, expected: "All in cart (3/3)" },
    { stock: 2, inCart: 5, expected: "All in cart (5/2)" },
    { stock: 1, inCart: 1, expected: "All in cart (1/1)" },
    { stock: 5, inCart: 2, expected: "2 in cart, 3 more available" },
    { stock: 2, inCart: 1, expected: "1 in cart, 1 more available" },
    { stock: 1, inCart: 0, expected: "Only 1 left!" },
    { stock: 2, inCart: 0, expected: "In Stock" },
    { stock: 40, inCart: 0, expected: "In Stock" },
  ])("stock $stock with $inCart in cart shows '$expected'", ({ stock, inCart, expected }) => {
    expect(stockBadge({ stock, inCart })).toBe(expected);
  });
});

describe("stockTone", () => {
  it.each([
    { stock: 0, inCart: 0, expected: "unavailable" },
    { stock: 0, inCart: 2, expected: "unavailable" },
    { stock: 3, inCart: 3, expected: "unavailable" },
    { stock: 1, inCart: 1, expected: "unavailable" },
    { stock: 2, inCart: 5, expected: "unavailable" },
    { stock: 1, inCart: 0, expected: "limited" },
    { stock: 5, inCart: 2, expected: "limited" },
    { stock: 5, inCart: 0, expected: "available" },
  ] as const)("stock $stock with $inCart in cart is $expected", ({ stock, inCart, expected }) => {
    expect(stockTone({ stock, inCart })).toBe(expected);
  });
});

describe("detailStockNotice", () => {
  it.each([
    { stock: 0, inCart: 0, expected: "Currently unavailable" },
    { stock: 0, inCart: 1, expected: "Currently unavailable" },
    { stock: 1, inCart: 0, expected: "Only 1 left in stock" },
    { stock: 1, inCart: 1, expected: "Only 1 left in stock" },
    { stock: 2, inCart: 0, expected: "In Stock" },
    { stock: 12, inCart: 0, expected: "In Stock" },
    { stock: 12, inCart: 3, expected: "In Stock (3 in cart)" },
  ])("stock $stock with $inCart in cart shows '$expected'", ({ stock, inCart, expected }) => {
    expect(detailStockNotice({ stock, inCart })).toBe(expected);
  });
});

describe("maxSelectableQuantity", () => {
  it.each([
    { stock: 50, inCart: 0, detail: 10, quickView: 50 },
    { stock: 50, inCart: 45, detail: 5, quickView: 5 },
    { stock: 7, inCart: 0, detail: 7, quickView: 7 },
    { stock: 7, inCart: 2, detail: 5, quickView: 5 },
    { stock: 3, inCart: 3, detail: 0, quickView: 0 },
    { stock: 3, inCart: 9, detail: 0, quickView: 0 },
    { stock: 0, inCart: 0, detail: 0, quickView: 0 },
    // A cart line holds at most 99, however much the shop has.
    { stock: 500, inCart: 0, detail: 10, quickView: 99 },
    { stock: 500, inCart: 95, detail: 4, quickView: 4 },
  ])(
    "stock $stock with $inCart in cart: up to $detail on the detail page, $quickView in the quick view",
    ({ stock, inCart, detail, quickView }) => {
      expect(maxSelectableQuantity({ stock, inCart, place: "detail" })).toBe(detail);
      expect(maxSelectableQuantity({ stock, inCart, place: "quick-view" })).toBe(quickView);
    },
  );
});

describe("addToCartLabel", () => {
  const base = { stock: 5, inCart: 0, quantity: 1, justAdded: false };

  it.each([
    {
      name: "sold out",
      state: { stock: 0 },
      quick: ["Sold Out", true],
      detail: ["Sold Out", true],
    },
    {
      name: "everything already in the cart",
      state: { stock: 2, inCart: 2 },
      quick: ["Max in Cart", true],
      detail: ["Max quantity in cart", true],
    },
    {
      name: "a line at the cart's 99, with more in stock",
      state: { stock: 150, inCart: 99 },
      quick: ["Max in Cart", true],
      detail: ["Max quantity in cart", true],
    },
    {
      name: "sold out wins over a recent add",
      state: { stock: 0, justAdded: true },
      quick: ["Sold Out", true],
      detail: ["Sold Out", true],
    },
    {
      name: "max in cart wins over a recent add",
      state: { stock: 2, inCart: 2, justAdded: true },
      quick: ["Max in Cart", true],
      detail: ["Max quantity in cart", true],
    },
    {
      name: "just added",
      state: { inCart: 1, justAdded: true },
      quick: ["Added!", false],
      detail: ["Added to Cart!", false],
    },
    {
      name: "some already in the cart",
      state: { inCart: 1 },
      quick: ["Add More", false],
      detail: ["Add More", false],
    },
    {
      name: "nothing in the cart yet",
      state: {},
      quick: ["Add 1 to Cart", false],
      detail: ["Add 1 to Cart", false],
    },
    {
      name: "a chosen quantity",
      state: { quantity: 3 },
      quick: ["Add 3 to Cart", false],
      detail: ["Add 3 to Cart", false],
    },
  ] as const)("$name", ({ state, quick, detail }) => {
    expect(addToCartLabel({ ...base, ...state, place: "quick-view" })).toEqual({
      label: quick[0],
      disabled: quick[1],
    });
    expect(addToCartLabel({ ...base, ...state, place: "detail" })).toEqual({
      label: detail[0],
      disabled: detail[1],
    });
  });
});
