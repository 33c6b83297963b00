import {
  centsToDollars,
  dollarsToCents,
  formatBadgeCount,
  formatDate,
  formatPrice,
  lineAmount,
} from "@/lib/format";
import { messages } from "@/lib/messages";

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

describe("lineAmount: a line's price times its quantity, counted in cents", () => {
  it.each([
    [0.1, 3, 0.3],
    [19.99, 3, 59.97],
    [1.15, 7, 8.05],
    [999_999.99, 99, 98_999_999.01],
  ])("$%s × %s is $%s exactly", (price, quantity, amount) => {
    expect(lineAmount({ price, quantity })).toBe(amount);
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

describe("LBP display at 89,500 LBP per USD", () => {
  it("is the rate the checkout's note names", () => {
    expect(messages.checkout.lbpRate).toContain(` ${formatPrice(dollarsToCents(1), "LBP")} `);
  });

  it.each([
    [500, "447,500 LBP"], // the delivery fee
    [4910, "4,394,450 LBP"],
    [99, "88,605 LBP"],
    [12222243, "10,938,907,485 LBP"],
  ])("%i cents shows as %s", (cents, expected) => {
    expect(formatPrice(cents, "LBP")).toBe(expected);
  });
});

describe("formatDate on the shop's Beirut calendar", () => {
  it("shows the Beirut day, whatever the server's time zone", () => {
    // 22:30 UTC on a Sunday is already Monday in Beirut.
    expect(formatDate("2025-01-19T22:30:00Z")).toBe("Jan 20, 2025");
    expect(formatDate(new Date("2025-01-24T12:00:00Z"), "long")).toBe("Friday, January 24, 2025");
  });
});

describe("the shop's Intl formatters", () => {
  it("are made on first use, not when the modules load, and then kept", async () => {
    let made = 0;
    for (const kind of ["NumberFormat", "DateTimeFormat", "ListFormat"] as const) {
      const Original = Intl[kind] as new (...args: unknown[]) => object;
      jest.spyOn(Intl, kind).mockImplementation(((...args: unknown[]) => {
        made++;
        return new Original(...args);
      }) as never);
    }
    await jest.isolateModulesAsync(async () => {
      const { formatPrice: price } = await import("@/lib/format");
      const { messages } = await import("@/lib/messages");
      await import("@/lib/order-rules");
      // A catalogue page loads these while it hydrates: the first Intl object costs a phone ~15 ms.
      expect(made).toBe(0);

      expect(price(2450)).toBe("$24.50");
      expect(price(990)).toBe("$9.90");
      expect(messages.cart.outOfStock(["Pearl Drops", "Gold Hoops"])).toBe(
        "Pearl Drops and Gold Hoops are out of stock.",
      );
      expect(made).toBe(2);
    });
    jest.restoreAllMocks();
  });
});
