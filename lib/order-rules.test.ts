import { ORDER_STATUSES, type OrderStatus } from "@/lib/constants";
import {
  addressLines,
  createOrderNumber,
  discountDisplay,
  estimatedDeliveryDate,
  instagramDiscountCents,
  ORDER_NUMBER_PATTERN,
  orderStatusLabel,
  ordersByTab,
  orderTotals,
  paymentMethodLabel,
  qualifiesForInstagramDiscount,
  whyTotalRose,
} from "@/lib/order-rules";

describe("orderTotals", () => {
  it.each([
    {
      name: "one line, no discount",
      lines: [{ priceCents: 2450, quantity: 2 }],
      discounted: false,
      expected: { subtotalCents: 4900, deliveryFeeCents: 500, discountCents: 0, totalCents: 5400 },
    },
    {
      name: "several lines with the Instagram discount",
      lines: [
        { priceCents: 2450, quantity: 2 },
        { priceCents: 1999, quantity: 1 },
      ],
      discounted: true,
      expected: {
        subtotalCents: 6899,
        deliveryFeeCents: 500,
        discountCents: 690,
        totalCents: 6709,
      },
    },
    {
      name: "the discount never touches the delivery fee",
      lines: [{ priceCents: 1000, quantity: 1 }],
      discounted: true,
      expected: {
        subtotalCents: 1000,
        deliveryFeeCents: 500,
        discountCents: 100,
        totalCents: 1400,
      },
    },
    {
      name: "99 of an expensive piece stays exact in cents",
      lines: [{ priceCents: 123457, quantity: 99 }],
      discounted: true,
      expected: {
        subtotalCents: 12222243,
        deliveryFeeCents: 500,
        discountCents: 1222224,
        totalCents: 11000519,
      },
    },
  ])("$name", ({ lines, discounted, expected }) => {
    expect(orderTotals({ lines, discounted })).toEqual(expected);
  });

  it("total = subtotal + 5 − discount for every subtotal", () => {
    for (let cents = 0; cents < 5000; cents += 7) {
      const totals = orderTotals({ lines: [{ priceCents: cents, quantity: 1 }], discounted: true });
      expect(Number.isInteger(totals.discountCents)).toBe(true);
      expect(totals.totalCents).toBe(cents + 500 - totals.discountCents);
    }
  });
});

describe("instagramDiscountCents rounds 10% to the nearest cent", () => {
  it.each([
    [1995, 200], // 199.5 rounds up
    [1994, 199], // 199.4 rounds down
    [1996, 200],
    [5, 1],
    [4, 0],
    [0, 0],
    [4900, 490],
  ])("%i cents → %i cents", (subtotal, discount) => {
    expect(instagramDiscountCents(subtotal)).toBe(discount);
  });
});

describe("whyTotalRose: an order that comes to more than the customer saw", () => {
  // $20.00 of pieces: $25.00 in all, or $23.00 with the first-order discount.
  const plain = orderTotals({ lines: [{ priceCents: 2000, quantity: 1 }], discounted: false });
  const discounted = orderTotals({ lines: [{ priceCents: 2000, quantity: 1 }], discounted: true });
  it.each([
    { name: "nothing expected", totals: plain, given: false, seen: {}, expected: null },
    {
      name: "seen as it is",
      totals: plain,
      given: false,
      seen: { expectedSubtotalCents: 2000, expectedTotalCents: 2500 },
      expected: null,
    },
    {
      name: "seen dearer than it is",
      totals: discounted,
      given: true,
      seen: { expectedSubtotalCents: 2100, expectedTotalCents: 2600 },
      expected: null,
    },
    {
      name: "the pieces cost more",
      totals: plain,
      given: false,
      seen: { expectedSubtotalCents: 1500, expectedTotalCents: 2000 },
      expected: "prices",
    },
    {
      name: "the discount seen is no longer given",
      totals: plain,
      given: false,
      seen: { expectedSubtotalCents: 2000, expectedTotalCents: 2300 },
      expected: "discount",
    },
    {
      name: "only a total, which the discount alone explains",
      totals: plain,
      given: false,
      seen: { expectedTotalCents: 2300 },
      expected: "discount",
    },
    {
      name: "only a total, more than the discount explains",
      totals: plain,
      given: false,
      seen: { expectedTotalCents: 2000 },
      expected: "prices",
    },
    {
      name: "a discounted total that rose with its prices",
      totals: discounted,
      given: true,
      seen: { expectedTotalCents: 2200 },
      expected: "prices",
    },
    {
      name: "a total the discount would explain, for a customer never shown one",
      totals: plain,
      given: false,
      shown: false,
      seen: { expectedSubtotalCents: 2000, expectedTotalCents: 2300 },
      expected: "prices",
    },
  ] as const)("$name → $expected", ({ totals, given, seen, expected, ...rest }) => {
    // Every case but one is an Instagram customer's, who may have been shown the discount.
    const discountShown = (rest as { shown?: boolean }).shown ?? true;
    expect(whyTotalRose({ totals, discounted: given, discountShown, ...seen })).toBe(expected);
  });
});

describe("qualifiesForInstagramDiscount", () => {
  const instagram = { registrationSource: "instagram_bio" as const, isEmailVerified: true };
  it.each([
    {
      name: "verified Instagram customer, first order",
      customer: instagram,
      hasEarlierOrder: false,
      expected: true,
    },
    { name: "an earlier order", customer: instagram, hasEarlierOrder: true, expected: false },
    {
      name: "unverified email",
      customer: { ...instagram, isEmailVerified: false },
      hasEarlierOrder: false,
      expected: false,
    },
    {
      name: "signed up with Google",
      customer: { registrationSource: "google" as const, isEmailVerified: true },
      hasEarlierOrder: false,
      expected: false,
    },
    {
      name: "signed up directly",
      customer: { registrationSource: null, isEmailVerified: true },
      hasEarlierOrder: false,
      expected: false,
    },
  ])("$name → $expected", ({ customer, hasEarlierOrder, expected }) => {
    expect(qualifiesForInstagramDiscount({ customer, hasEarlierOrder })).toBe(expected);
  });
});

describe("discountDisplay on the checkout summary", () => {
  const instagram = { registrationSource: "instagram_bio" as const, isEmailVerified: true };
  it.each([
    {
      name: "verified, and the server gives the discount",
      customer: instagram,
      firstOrderDiscount: true,
      expected: "applied",
    },
    {
      name: "unverified Instagram customer (the server answers only the verified)",
      customer: { ...instagram, isEmailVerified: false },
      firstOrderDiscount: false,
      expected: "available",
    },
    {
      name: "the server says the discount is used up, or has not answered yet",
      customer: instagram,
      firstOrderDiscount: false,
      expected: "none",
    },
    {
      name: "not from Instagram",
      customer: { registrationSource: null, isEmailVerified: true },
      firstOrderDiscount: true,
      expected: "none",
    },
    { name: "signed out", customer: null, firstOrderDiscount: false, expected: "none" },
  ] as const)("$name → $expected", ({ customer, firstOrderDiscount, expected }) => {
    expect(discountDisplay({ customer, firstOrderDiscount })).toBe(expected);
  });
});

describe("order status labels and My Orders tabs", () => {
  it.each([
    ["pending", "Pending"],
    ["confirmed", "Confirmed"],
    ["preparing", "Preparing"],
    ["out_for_delivery", "Out for Delivery"],
    ["delivered", "Delivered"],
    ["cancelled", "Cancelled"],
  ] as const)("%s is labelled %s", (status, label) => {
    expect(orderStatusLabel(status)).toBe(label);
  });

  it("Current Orders hold every status but delivered and cancelled; Order History only delivered", () => {
    const orders = ORDER_STATUSES.map((status, i) => ({ id: i, status }));
    const { current, history } = ordersByTab(orders);
    expect(current.map((o) => o.status)).toEqual<OrderStatus[]>([
      "pending",
      "confirmed",
      "preparing",
      "out_for_delivery",
    ]);
    expect(history.map((o) => o.status)).toEqual<OrderStatus[]>(["delivered"]);
  });

  it("a cancelled order appears in neither tab", () => {
    const { current, history } = ordersByTab([{ status: "cancelled" as const }]);
    expect(current).toHaveLength(0);
    expect(history).toHaveLength(0);
  });

  it("payment methods show underscores as spaces", () => {
    expect(paymentMethodLabel("cash_on_delivery")).toBe("cash on delivery");
  });
});

describe("estimatedDeliveryDate: 5 business days (Monday to Friday) on the Beirut calendar", () => {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  it.each([
    ["a Monday morning", "2025-01-13T08:00:00Z", "2025-01-20"],
    ["a Friday", "2025-01-17T12:00:00Z", "2025-01-24"],
    ["a Saturday", "2025-01-18T12:00:00Z", "2025-01-24"],
    ["late Sunday evening in Beirut", "2025-01-19T21:30:00Z", "2025-01-24"],
    [
      "just after midnight on Monday in Beirut (still Sunday in UTC)",
      "2025-01-19T22:30:00Z",
      "2025-01-27",
    ],
    ["a Wednesday in summer time", "2025-07-02T09:00:00Z", "2025-07-09"],
  ])("ordered %s", (_, placedAt, expected) => {
    expect(day(estimatedDeliveryDate(new Date(placedAt)))).toBe(expected);
  });
});

describe("order numbers", () => {
  it("read well over the phone: LUM- and two groups of four, no 0, O, 1, I, L or U", () => {
    for (let i = 0; i < 500; i++) {
      const number = createOrderNumber();
      expect(number).toMatch(ORDER_NUMBER_PATTERN);
      expect(number.slice(4)).not.toMatch(/[01OILU]/);
    }
  });

  it("are random, not a sequence", () => {
    const numbers = new Set(Array.from({ length: 2000 }, createOrderNumber));
    expect(numbers.size).toBe(2000);
    const characters = new Set([...numbers].flatMap((n) => n.slice(4).replace("-", "").split("")));
    expect(characters.size).toBe(30);
  });
});

describe("addressLines", () => {
  it("puts each part of the address on its own line, leaving out what is missing", () => {
    expect(
      addressLines({
        fullName: "Maya Khoury",
        address: "Bliss Street",
        city: "Beirut",
        area: "Hamra",
        building: "Rose Building",
        floor: "3",
        additionalInfo: "Ring twice",
      }),
    ).toEqual([
      "Maya Khoury",
      "Bliss Street",
      "Rose Building, Floor 3",
      "Hamra, Beirut",
      "Ring twice",
    ]);
    // A floor typed with its word stays as typed.
    expect(
      addressLines({ fullName: "Rami", address: "Main road", city: "Tyre", floor: "2nd Floor" }),
    ).toEqual(["Rami", "Main road", "2nd Floor", "Tyre"]);
    expect(addressLines({ fullName: "Rami", address: "Main road", city: "Tyre" })).toEqual([
      "Rami",
      "Main road",
      "Tyre",
    ]);
  });
});
