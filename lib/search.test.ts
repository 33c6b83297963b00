import { searchProducts } from "@/lib/search";

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
