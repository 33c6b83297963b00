import { findAdminOrders, findAdminProducts, searchProducts } from "@/lib/search";

const products = [
  { id: "1", name: "Pearl Drop Earrings", category: "earrings", price: 24.5 },
  { id: "2", name: "Cedar Leaf Necklace", category: "necklaces", price: 38 },
  { id: "3", name: "Gold Wave Ring", category: "rings", price: 19.99 },
  { id: "4", name: "amber Charm Bracelet", category: "bracelets", price: 27 },
  { id: "5", name: "Pearl Anklet", category: "anklets", price: 15 },
  { id: "6", name: "Beaded Bracelet", category: "bracelets", price: 27 },
] as const;

const ids = (found: readonly { id: string }[]) => found.map((p) => p.id);

describe("searchProducts", () => {
  it("finds products by part of their name", () => {
    expect(ids(searchProducts({ products, query: "wave" }))).toEqual(["3"]);
    expect(ids(searchProducts({ products, query: "pearl" }))).toEqual(["5", "1"]);
  });

  it("finds products by category", () => {
    expect(ids(searchProducts({ products, query: "bracelets" }))).toEqual(["4", "6"]);
    expect(ids(searchProducts({ products, query: "anklet" }))).toEqual(["5"]);
  });

  it("ignores case and surrounding spaces", () => {
    expect(ids(searchProducts({ products, query: "  CEDAR " }))).toEqual(["2"]);
    expect(ids(searchProducts({ products, query: "NeCkLaCeS" }))).toEqual(["2"]);
  });

  it("finds a name whatever its accents, as a phone keyboard types it", () => {
    const accented = [
      { id: "a", name: "Éclat Ring", category: "rings", price: 40 },
      // Saved decomposed: "E" followed by a combining acute accent (text pasted from a Mac).
      { id: "b", name: "E\u0301toile Studs", category: "earrings", price: 30 },
      { id: "c", name: "خاتم الأرز", category: "rings", price: 55 },
    ] as const;
    expect(ids(searchProducts({ products: accented, query: "eclat" }))).toEqual(["a"]);
    expect(ids(searchProducts({ products: accented, query: "étoile" }))).toEqual(["b"]);
    expect(ids(searchProducts({ products: accented, query: "ETOILE" }))).toEqual(["b"]);
    expect(ids(searchProducts({ products: accented, query: "É" }))).toEqual(["a", "b"]);
    // Arabic typed without the hamza or the short-vowel marks.
    expect(ids(searchProducts({ products: accented, query: "الارز" }))).toEqual(["c"]);
    expect(ids(searchProducts({ products: accented, query: "خَاتَم" }))).toEqual(["c"]);
  });

  it("sorts by name by default, ignoring case", () => {
    expect(ids(searchProducts({ products, query: "e" }))).toEqual(["4", "6", "2", "3", "5", "1"]);
  });

  it("sorts by price, cheapest first, ties by name", () => {
    expect(ids(searchProducts({ products, query: "e", sort: "price-asc" }))).toEqual([
      "5",
      "3",
      "1",
      "4",
      "6",
      "2",
    ]);
  });

  it("sorts by price, dearest first, ties by name", () => {
    expect(ids(searchProducts({ products, query: "e", sort: "price-desc" }))).toEqual([
      "2",
      "4",
      "6",
      "1",
      "3",
      "5",
    ]);
  });

  it("returns nothing for an empty or blank query", () => {
    expect(searchProducts({ products, query: "" })).toEqual([]);
    expect(searchProducts({ products, query: "   " })).toEqual([]);
  });

  it("returns nothing when no product matches", () => {
    expect(searchProducts({ products, query: "sapphire" })).toEqual([]);
  });

  it("leaves the given list untouched", () => {
    const before = ids(products);
    searchProducts({ products, query: "e", sort: "price-desc" });
    expect(ids(products)).toEqual(before);
  });
});

describe("the admin's searches", () => {
  it("narrow the products by name or category, keeping their order; a blank query keeps all", () => {
    expect(ids(findAdminProducts(products, "pearl"))).toEqual(["1", "5"]);
    expect(ids(findAdminProducts(products, "BRACELETS"))).toEqual(["4", "6"]);
    expect(ids(findAdminProducts(products, "  "))).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(findAdminProducts(products, "opal")).toEqual([]);
  });

  const order = (
    id: string,
    orderNumber: string,
    customer: [string, string, string] | null,
    fullName: string,
    phoneNumber: string,
  ) => ({
    id,
    orderNumber,
    userId: customer
      ? { _id: null, firstName: customer[0], lastName: customer[1], email: customer[2] }
      : undefined,
    shippingAddress: { fullName },
    phoneNumber,
  });
  const orders = [
    order(
      "a",
      "LUM-K7QM-2XPA",
      ["Rima", "Khoury", "rima@example.com"],
      "Rima Khoury",
      "03 123 456",
    ),
    order(
      "b",
      "LUM-ZZ4R-81BC",
      ["Nour", "Haddad", "nour.h@example.com"],
      "Maya Haddad",
      "+961 70 555 010",
    ),
    order("c", "LUM-AB12-CD34", null, "Élie Saad", "71-222-333"),
  ];

  it.each([
    ["an order number, in any case", "lum-k7qm", ["a"]],
    ["the customer's full name", "nour haddad", ["b"]],
    ["the name the order goes to", "maya", ["b"]],
    ["an email", "rima@", ["a"]],
    ["a name without its accents", "elie", ["c"]],
    ["phone digits however they are spaced", "03123456", ["a"]],
    ["part of a phone number with its own spacing", "70 555", ["b"]],
    ["a number typed with the country code, as caller ID shows it", "+961 3 123456", ["a"]],
    ["a number typed with 00 and the country code", "00961 71 222 333", ["c"]],
    ["a number typed with its trunk 0, kept with the country code", "070 555 010", ["b"]],
    ["a name typed with two spaces", "nour  haddad", ["b"]],
    ["digits of the number that are also the country code", "22 23", ["c"]],
    ["a last name", "haddad", ["b"]],
    ["nothing that matches", "zeina", []],
  ])("find orders by %s", (_, query, expected) => {
    expect(ids(findAdminOrders(orders, query))).toEqual(expected);
  });

  it("keep every order for a blank query", () => {
    expect(ids(findAdminOrders(orders, " "))).toEqual(["a", "b", "c"]);
  });
});
