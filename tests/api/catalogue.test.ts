import sharp from "sharp";
import { GET as getProduct } from "@/app/api/product/[id]/route";
import { GET as getCategory } from "@/app/api/products/[category]/route";
import { GET as getProducts } from "@/app/api/products/route";
import { revalidateCatalogue } from "@/lib/catalogue";
import { CATEGORIES } from "@/lib/constants";
import { productImages, products } from "@/lib/db/schema";
import { describeEachDatabase } from "@/tests/support/databases";

const BASE = "http://localhost";
const INVALID_CATEGORY = {
  error: "Invalid category",
  details: ["Category must be one of: earrings, necklaces, bracelets, rings, anklets"],
};
const PRODUCT_NOT_FOUND = { error: "Product not found" };

// Path parameters as Next hands them to a handler: already decoded.
const HOSTILE = [
  "' OR 1=1 --",
  "rings' OR '1'='1",
  "1; DROP TABLE products; --",
  '"><script>alert(1)</script>',
  "x".repeat(5000),
  "خواتم",
  "💍",
  "rings\u0000",
  "%00",
  "../../etc/passwd",
  " ",
  "",
  "RINGS",
];

const listAll = () => getProducts();
const listCategory = (category: string) =>
  getCategory(new Request(`${BASE}/api/products/x`), { params: Promise.resolve({ category }) });
const readProduct = (id: string) =>
  getProduct(new Request(`${BASE}/api/product/x`), { params: Promise.resolve({ id }) });

describeEachDatabase("catalogue API", ({ db }) => {
  let pearlId: string;
  let pearlImageIds: string[];

  beforeAll(async () => {
    revalidateCatalogue();
    const inserted = await db()
      .insert(products)
      .values([
        {
          name: "Cedar Leaf Gold Studs",
          priceCents: 3400,
          category: "earrings",
          description: "Handmade cedar leaves.",
          quantity: 14,
          materials: ["18k gold plated", "sterling silver posts"],
        },
        {
          name: "Batroun Pearl Drop Earrings",
          priceCents: 4850,
          category: "earrings",
          description: "A single pearl.",
          quantity: 1,
          materials: ["freshwater pearl"],
        },
        { name: "Hammered Gold Bangle", priceCents: 5400, category: "bracelets", quantity: 0 },
        { name: "Anjar Arch Ring", priceCents: 999, category: "rings", quantity: 3 },
      ])
      .returning();
    pearlId = inserted[1]!.id;
    const jpeg = await sharp({
      create: { width: 40, height: 40, channels: 3, background: "#d4af37" },
    })
      .jpeg()
      .toBuffer();
    const images = await db()
      .insert(productImages)
      .values(
        [0, 1, 2].map((position) => ({
          productId: pearlId,
          position,
          contentType: "image/jpeg",
          width: 40,
          height: 40,
          data: jpeg,
        })),
      )
      .returning();
    pearlImageIds = images.map((image) => image.id);
  });

  it("lists every product as a JSON array sorted by name, cacheable briefly", async () => {
    const response = await listAll();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("cache-control")).toBe(
      "public, max-age=0, s-maxage=30, stale-while-revalidate=60",
    );
    const body = await response.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((p: { name: string }) => p.name)).toEqual([
      "Anjar Arch Ring",
      "Batroun Pearl Drop Earrings",
      "Cedar Leaf Gold Studs",
      "Hammered Gold Bangle",
    ]);
    expect(body[0]).toMatchObject({ price: 9.99, quantity: 3, category: "rings", images: [] });
  });

  it("names each answer's version by a weak ETag, publicly cacheable (the entry point answers 304s)", async () => {
    const first = await listAll();
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/"[\w-]{10,}"$/);
    expect(first.headers.get("cache-control")).toMatch(/^public, /);
    expect((await listAll()).headers.get("etag")).toBe(etag);

    const product = await readProduct(pearlId);
    expect(product.status).toBe(200);
    const productEtag = product.headers.get("etag")!;
    expect(productEtag).toMatch(/^W\/"[\w-]{10,}"$/);
    expect(productEtag).not.toBe(etag);
    expect((await readProduct(pearlId)).headers.get("etag")).toBe(productEtag);
  });

  it("lists one category", async () => {
    const response = await listCategory("earrings");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.map((p: { name: string }) => p.name)).toEqual([
      "Batroun Pearl Drop Earrings",
      "Cedar Leaf Gold Studs",
    ]);
  });

  it.each(CATEGORIES)("answers an array for the category %s, even when empty", async (category) => {
    const response = await listCategory(category);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body.every((p: { category: string }) => p.category === category)).toBe(true);
  });

  it("reads one product with its quantity, price in dollars and images in order", async () => {
    const response = await readProduct(pearlId);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("s-maxage=");
    expect(await response.json()).toEqual({
      _id: pearlId,
      id: pearlId,
      name: "Batroun Pearl Drop Earrings",
      price: 48.5,
      category: "earrings",
      description: "A single pearl.",
      quantity: 1,
      materials: ["freshwater pearl"],
      images: pearlImageIds.map((id) => `/images/${id}.jpg`),
    });
  });

  it("reads a product whatever the case of its id", async () => {
    const response = await readProduct(pearlId.toUpperCase());
    expect(response.status).toBe(200);
    expect((await response.json()).id).toBe(pearlId);
  });

  it("answers 404 for an unknown product id", async () => {
    const response = await readProduct("7b0c2d7e-6f4e-4a3b-9c1d-5e6f7a8b9c0d");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(PRODUCT_NOT_FOUND);
  });

  it.each(["not-an-id", "42", "7b0c2d7e-6f4e-4a3b-9c1d-5e6f7a8b9c0", ...HOSTILE])(
    "answers 404 with the exact body for the malformed product id %#",
    async (id) => {
      const response = await readProduct(id);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(PRODUCT_NOT_FOUND);
    },
  );

  it.each(["necklace", "jewelry", ...HOSTILE])(
    "answers 400 with the exact body for the unknown category %#",
    async (category) => {
      const response = await listCategory(category);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(INVALID_CATEGORY);
    },
  );

  it("shows changes once the catalogue is revalidated, under a new ETag", async () => {
    const before = (await listAll()).headers.get("etag")!;
    const cached = (await (await listCategory("rings")).json()).map(
      (p: { name: string }) => p.name,
    );
    expect(cached).toEqual(["Anjar Arch Ring"]);
    await db()
      .insert(products)
      .values({ name: "Zahle Vine Ring", priceCents: 3900, category: "rings" });
    revalidateCatalogue();
    const names = (await (await listCategory("rings")).json()).map((p: { name: string }) => p.name);
    expect(names).toEqual(["Anjar Arch Ring", "Zahle Vine Ring"]);
    const after = await listAll();
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(before);
  });
});
