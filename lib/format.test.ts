import { centsToDollars, dollarsToCents, formatBadgeCount, formatPrice } from "@/lib/format";

describe("formatPrice", () => {
  it.each([
    [2450, "USD", "$24.50"],
    [0, "USD", "$0.00"],
    [123456, "USD", "$1,234.56"],
    [2450, "LBP", "2,192,750 LBP"],
    [1, "LBP", "895 LBP"],
  ] as const)("%i cents in %s is %s", (cents, currency, expected) => {
    expect(formatPrice(cents, currency)).toBe(expected);
  });
});

describe("cents and dollars", () => {
  it("round-trips prices without floating point drift", () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(centsToDollars(1999)).toBe(19.99);
  });
});

describe("formatBadgeCount", () => {
  it.each([
    [0, "0"],
    [9, "9"],
    [10, "9+"],
    [250, "9+"],
  ])("%i shows as %s", (count, expected) => {
    expect(formatBadgeCount(count)).toBe(expected);
  });
});
