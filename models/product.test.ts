import { messages } from "@/lib/messages";
import { priceField, productFieldsSchema, quantityField } from "@/models/product";

describe("priceField", () => {
  it.each([
    ["19.99", 1999],
    ["0.1", 10],
    [".5", 50],
    ["12.", 1200],
    ["0", 0],
    ["-0", 0],
    [" 7 ", 700],
    ["100000", 10_000_000],
    [24.5, 2450],
  ])("reads %p as %p cents", (input, cents) => {
    expect(priceField.parse(input)).toBe(cents);
  });

  it.each([
    ["", messages.admin.priceRequired],
    ["1,5", messages.admin.priceNumeric],
    ["Infinity", messages.admin.priceNumeric],
    ["-0.01", messages.admin.priceNegative],
    ["0.001", messages.admin.priceDecimals],
  ])("refuses %p", (input, message) => {
    expect(priceField.safeParse(input).error?.issues[0]?.message).toBe(message);
  });
});

describe("quantityField", () => {
  it.each([
    ["10", 10],
    ["0", 0],
    [3, 3],
    ["5.0", 5],
    ["+5", 5],
    ["100000", 100_000],
  ])("reads %p", (input, value) => {
    expect(quantityField.parse(input)).toBe(value);
  });

  // Counted from the text as typed: a float would round these to a whole number of units.
  it.each([
    ["4.9999999999999999", messages.admin.quantityWhole],
    ["5.00000000000000001", messages.admin.quantityWhole],
    ["0.0000000000000001", messages.admin.quantityWhole],
    ["1e3", messages.admin.quantityWhole],
    ["-1", messages.admin.quantityNegative],
    ["100001", messages.admin.quantityTooHigh(100_000)],
    [4.5, messages.admin.quantityWhole],
  ])("refuses %p", (input, message) => {
    expect(quantityField.safeParse(input).error?.issues[0]?.message).toBe(message);
  });
});

describe("productFieldsSchema", () => {
  it("defaults description and materials, trims materials and drops blanks", () => {
    expect(
      productFieldsSchema.parse({
        name: " Ring ",
        price: "5",
        category: "rings",
        quantity: "1",
        materials: [" gold ", " ", "", "\u200b"],
      }),
    ).toEqual({
      name: "Ring",
      price: 500,
      category: "rings",
      description: "",
      quantity: 1,
      materials: ["gold"],
    });
  });

  it("refuses a name of only invisible marks as no name", () => {
    for (const name of ["\u200b", " \u202e ", "\u2066\u2069"]) {
      const result = productFieldsSchema.safeParse({
        name,
        price: "5",
        category: "rings",
        quantity: "1",
      });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        messages.admin.nameRequired,
      ]);
    }
  });
});
