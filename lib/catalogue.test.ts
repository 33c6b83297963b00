import {
  catalogueTagsToExpire,
  getProductById,
  getProductByIdCached,
  listProducts,
  listProductsCached,
  listRelatedProducts,
  revalidateCatalogue,
  toProductDto,
} from "@/lib/catalogue";
import { inArray } from "drizzle-orm";
import { productImages, products } from "@/lib/db/schema";
import { searchProducts } from "@/lib/search";
import type { ProductDto } from "@/models/product";
import { describeEachDatabase } from "@/tests/support/databases";

const tinyJpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);

const idOf = (list: readonly ProductDto[], name: string) => list.find((p) => p.name === name)!.id;

describe("toProductDto", () => {
  const row = {
    id: "3f1c8a52-6a57-4c39-9d7e-2f1d7f6a9b10",
    name: "Cedar Leaf Gold Studs",
    priceCents: 2450,
    category: "earrings" as const,
    description: "Handmade in Beirut.",
    quantity: 3,
    materials: ["18k gold plated"],
  };

  it.each([
    [2450, 24.5],
    [2499, 24.99],
    [3000, 30],
    [1, 0.01],
    [0, 0],
    [123456, 1234.56],
  ])("shows %i cents as %d dollars with at most two decimals", (cents, dollars) => {
    const dto = toProductDto({ ...row, priceCents: cents }, []);
    expect(dto.price).toBe(dollars);
    expect(dto.price.toFixed(2)).toBe((cents / 100).toFixed(2));
  });

  it("gives _id and id the same value and image paths in order", () => {
    const dto = toProductDto(row, ["a1", "b2"]);
    expect(dto._id).toBe(row.id);
    expect(dto.id).toBe(row.id);
    expect(dto.images).toEqual(["/images/a1.jpg", "/images/b2.jpg"]);
    expect(dto).toEqual({
      _id: row.id,
      id: row.id,
      name: "Cedar Leaf Gold Studs",
      price: 24.5,
      category: "earrings",
      description: "Handmade in Beirut.",
      quantity: 3,
      materials: ["18k gold plated"],
      images: ["/images/a1.jpg", "/images/b2.jpg"],
    });
  });
});

describe("revalidateCatalogue", () => {
  const ring = "3F1C8A52-6A57-4C39-9D7E-2F1D7F6A9B10";

  it("expires the product list, each named category and each product by its lower-case id", () => {
    expect(
      catalogueTagsToExpire({ productIds: [ring], categories: ["rings", "anklets", "rings"] }),
    ).toEqual([
      "catalogue:list",
      "catalogue:category:rings",
      "catalogue:category:anklets",
      `catalogue:product:${ring.toLowerCase()}`,
    ]);
  });

  it("ignores ids that cannot be products, and expires everything when nothing is named", () => {
    expect(catalogueTagsToExpire({ productIds: ["' OR 1=1 --"] })).toEqual(["catalogue:list"]);
    expect(catalogueTagsToExpire({})).toEqual(["catalogue"]);
  });

  it("does not throw outside a request (scripts, tests): there is no Next cache to clear", () => {
    expect(() => revalidateCatalogue({ productIds: [ring], categories: ["rings"] })).not.toThrow();
    expect(() => revalidateCatalogue()).not.toThrow();
  });
});

describeEachDatabase("catalogue reads", ({ db }) => {
  let ringId: string;
  let imageIds: string[];

  beforeAll(async () => {
    const inserted = await db()
      .insert(products)
      .values([
        { name: "Zahle Vine Ring", priceCents: 3900, category: "rings", quantity: 4 },
        { name: "Anjar Arch Ring", priceCents: 4200, category: "rings", quantity: 0 },
        { name: "Byblos Band Ring", priceCents: 2900, category: "rings", quantity: 1 },
        { name: "Beirut Pearl Drops", priceCents: 3500, category: "earrings", quantity: 9 },
      ])
      .returning();
    ringId = inserted[0]!.id;
    const images = await db()
      .insert(productImages)
      .values([
        {
          productId: ringId,
          position: 1,
          contentType: "image/jpeg",
          width: 1,
          height: 1,
          data: tinyJpeg,
        },
        {
          productId: ringId,
          position: 0,
          contentType: "image/jpeg",
          width: 1,
          height: 1,
          data: tinyJpeg,
        },
      ])
      .returning();
    imageIds = [images[1]!.id, images[0]!.id];
  });

  it("lists every product sorted by name", async () => {
    const all = await listProducts();
    expect(all.map((p) => p.name)).toEqual([
      "Anjar Arch Ring",
      "Beirut Pearl Drops",
      "Byblos Band Ring",
      "Zahle Vine Ring",
    ]);
  });

  it("lists one category", async () => {
    const rings = await listProducts({ category: "rings" });
    expect(rings.map((p) => p.name)).toEqual([
      "Anjar Arch Ring",
      "Byblos Band Ring",
      "Zahle Vine Ring",
    ]);
    expect(rings.every((p) => p.category === "rings")).toBe(true);
    expect(await listProducts({ category: "anklets" })).toEqual([]);
  });

  it("reads one product with its images by position", async () => {
    const ring = await getProductById({ id: ringId });
    expect(ring).toMatchObject({
      id: ringId,
      _id: ringId,
      price: 39,
      quantity: 4,
      category: "rings",
    });
    expect(ring!.images).toEqual(imageIds.map((id) => `/images/${id}.jpg`));
    const noImages = (await listProducts({ category: "earrings" }))[0]!;
    expect(noImages.images).toEqual([]);
  });

  it.each([
    "",
    "42",
    "not-a-uuid",
    "' OR 1=1 --",
    "x".repeat(5000),
    "00000000-0000-0000-0000-00000000000g",
  ])("answers null for the malformed id %p", async (id) => {
    expect(await getProductById({ id })).toBeNull();
  });

  it("answers null for an unknown id", async () => {
    expect(await getProductById({ id: "7b0c2d7e-6f4e-4a3b-9c1d-5e6f7a8b9c0d" })).toBeNull();
  });

  it("lists related products: same category, other id, first N by name", async () => {
    const ring = (await getProductById({ id: ringId }))!;
    const related = await listRelatedProducts({ product: ring, limit: 4 });
    expect(related.map((p) => p.name)).toEqual(["Anjar Arch Ring", "Byblos Band Ring"]);
    expect(await listRelatedProducts({ product: ring, limit: 1 })).toHaveLength(1);
    // Zahle was added before Byblos: the first related one is chosen by name, not by age.
    const anjar = (await listProducts({ category: "rings" }))[0]!;
    const [first] = await listRelatedProducts({ product: anjar, limit: 1 });
    expect(first!.name).toBe("Byblos Band Ring");
  });

  it("sorts names as a reader does and as the search does, whatever the database's collation", async () => {
    const added = await db()
      .insert(products)
      .values(
        ["aardvark Ring", "Éclat Ring", "byblos Band Ring"].map((name) => ({
          name,
          priceCents: 1000,
          category: "rings" as const,
        })),
      )
      .returning();
    try {
      const rings = await listProducts({ category: "rings" });
      const expected = [
        "aardvark Ring",
        "Anjar Arch Ring",
        // Same letters, case aside: the earlier id first, on every database.
        ...["Byblos Band Ring", "byblos Band Ring"].sort((a, b) =>
          idOf(rings, a) < idOf(rings, b) ? -1 : 1,
        ),
        "Éclat Ring",
        "Zahle Vine Ring",
      ];
      expect(rings.map((p) => p.name)).toEqual(expected);
      expect(searchProducts({ products: rings, query: "ring", sort: "name" })).toEqual(rings);
      const anjar = rings.find((p) => p.name === "Anjar Arch Ring")!;
      const related = await listRelatedProducts({ product: anjar, limit: 2 });
      expect(related.map((p) => p.name)).toEqual(["aardvark Ring", expected[2]]);
    } finally {
      await db()
        .delete(products)
        .where(
          inArray(
            products.id,
            added.map((p) => p.id),
          ),
        );
    }
  });

  it("reads through the cached entry points with the same answers", async () => {
    expect(await listProductsCached({ category: "rings" })).toEqual(
      await listProducts({ category: "rings" }),
    );
    expect(await getProductByIdCached({ id: ringId.toUpperCase() })).toEqual(
      await getProductById({ id: ringId }),
    );
    expect(await getProductByIdCached({ id: "' OR 1=1 --" })).toBeNull();
  });
});
