import { messages } from "@/lib/messages";
import { checkoutSchema } from "@/models/order";

const m = messages.checkout;
const order = (shippingAddress: Record<string, unknown>, phoneNumber: unknown = "+961 3 123 456") =>
  checkoutSchema.safeParse({
    items: [{ productId: "7c9e6679-7425-40de-944b-e07fc1f25bb1", quantity: 1 }],
    shippingAddress: {
      fullName: "Maya Khoury",
      address: "Hamra Street",
      city: "Beirut",
      ...shippingAddress,
    },
    phoneNumber,
  });
const messagesOf = (result: ReturnType<typeof order>) =>
  result.error?.issues.map((issue) => issue.message);

describe("checkoutSchema", () => {
  it.each([undefined, null, "", "  "])("asks for the city when it is %j", (city) => {
    expect(messagesOf(order({ city }))).toEqual([m.cityRequired]);
  });

  it("tells a city off the delivery list apart from a missing one", () => {
    expect(messagesOf(order({ city: "Paris" }))).toEqual([m.cityInvalid]);
    expect(messagesOf(order({ city: 7 }))).toEqual([m.cityInvalid]);
  });

  it("reads a city with spaces around it as that city", () => {
    const result = order({ city: "  Beirut " });
    expect(result.success).toBe(true);
    expect(result.data?.shippingAddress.city).toBe("Beirut");
  });

  it.each([
    ["a tab", "03\t123456", "03 123456"],
    ["a line separator", "03\u2028123456", "03 123456"],
    ["non-breaking and ideographic spaces", "03\u00a0123\u3000456", "03 123 456"],
    ["a run of spaces", "+961  3   123 456", "+961 3 123 456"],
    ["Arabic-Indic digits", "٠٣ ١٢٣ ٤٥٦", "03 123 456"],
    ["Persian digits", "۰۳۱۲۳۴۵۶", "03123456"],
  ])("keeps a phone with %s as plain spaces and digits", (_, typed, stored) => {
    const result = order({}, typed);
    expect(result.success).toBe(true);
    expect(result.data?.phoneNumber).toBe(stored);
  });

  it.each([
    ["8 characters as typed, 4 of them spaces", "12    34", "12 34"],
    ["20 characters as typed", "+961 (3) 123-456 789", "+961 (3) 123-456 789"],
  ])("takes a phone of %s", (_, typed, stored) => {
    const result = order({}, typed);
    expect(result.success).toBe(true);
    expect(result.data?.phoneNumber).toBe(stored);
  });

  it.each([
    "1234567",
    "+961  3  123  4567  89",
    "03.123.456",
    "03/123456",
    "03 123 456 ext",
    "０３１２３４５６",
  ])(
    "refuses a phone that is not 8-20 digits, spaces, hyphens, plus signs or parentheses (%j)",
    (typed) => {
      expect(messagesOf(order({}, typed))).toEqual([m.phoneInvalid]);
    },
  );

  it("counts a name, an address or a phone of only invisible marks as missing", () => {
    expect(messagesOf(order({ fullName: "\u202e", address: "\u200b \u2060" }, "\u200b"))).toEqual([
      m.fullNameRequired,
      m.addressRequired,
      m.phoneRequired,
    ]);
  });

  it("counts optional fields and notes of only invisible marks as absent", () => {
    const result = checkoutSchema.safeParse({
      items: [{ productId: "7c9e6679-7425-40de-944b-e07fc1f25bb1", quantity: 1 }],
      shippingAddress: {
        fullName: "Maya Khoury",
        address: "Hamra Street",
        city: "Beirut",
        area: "\u200b",
        building: "\u00ad",
        floor: "\u2060 ",
        additionalInfo: "\u200f",
      },
      phoneNumber: "+961 3 123 456",
      notes: "\u200b\u200f",
    });
    expect(result.success).toBe(true);
    const { area, building, floor, additionalInfo } = result.data!.shippingAddress;
    expect({ area, building, floor, additionalInfo, notes: result.data!.notes }).toEqual({
      area: undefined,
      building: undefined,
      floor: undefined,
      additionalInfo: undefined,
      notes: undefined,
    });
  });

  it("takes the full name the checkout fills in for names at their longest", () => {
    const result = order({ fullName: `${"M".repeat(50)} ${"K".repeat(50)}` });
    expect(result.success).toBe(true);
  });

  it("keeps a name that shows something, marks and all", () => {
    const result = order({ fullName: "\u202bمايا\u202c خوري" });
    expect(result.success).toBe(true);
    expect(result.data?.shippingAddress.fullName).toBe("\u202bمايا\u202c خوري");
  });

  it("words the quantity rule as the cart does", () => {
    const result = checkoutSchema.safeParse({
      items: [{ productId: "7c9e6679-7425-40de-944b-e07fc1f25bb1", quantity: 100 }],
      shippingAddress: { fullName: "Maya", address: "Hamra", city: "Beirut" },
      phoneNumber: "+961 3 123 456",
    });
    expect(messagesOf(result)).toEqual([messages.cart.quantityInvalid]);
  });
});
