import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { GET } from "@/app/images/[file]/route";
import { getImageVariant, parseVariantRequest } from "@/lib/images";
import { imageVariants, productImages, products } from "@/lib/db/schema";
import { describeEachDatabase } from "@/tests/support/databases";

const WIDTHS = "64, 128, 256, 320, 640, 960, 1280, 1920";
const QUALITIES = "20, 50, 60, 75, 85";
const NOT_FOUND = { error: "Image not found" };

const fetchImage = (file: string, query = "", headers: HeadersInit = {}) =>
  GET(new Request(`http://localhost/images/${file}${query}`, { headers }), {
    params: Promise.resolve({ file }),
  });

describeEachDatabase("image route", ({ db }) => {
  let imageId: string;

  beforeAll(async () => {
    const [product] = await db()
      .insert(products)
      .values({ name: "Cedar Leaf Gold Studs", priceCents: 3400, category: "earrings" })
      .returning();
    // Stripes, so a blurred rendition differs from a sharp one.
    const stripes = Array.from(
      { length: 30 },
      (_, k) => `<rect x="${k * 40}" width="20" height="900" fill="#7a5618"/>`,
    );
    const original = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="#f6dc95"/>${stripes.join("")}</svg>`,
      ),
    )
      .jpeg()
      .toBuffer();
    const [image] = await db()
      .insert(productImages)
      .values({
        productId: product!.id,
        contentType: "image/jpeg",
        width: 1200,
        height: 900,
        data: original,
      })
      .returning();
    imageId = image!.id;
  });

  const setOriginal = (data: Buffer) =>
    db().update(productImages).set({ data }).where(eq(productImages.id, imageId));

  const storedVariants = (variant: string) =>
    db()
      .select()
      .from(imageVariants)
      .where(and(eq(imageVariants.imageId, imageId), eq(imageVariants.variant, variant)));

  it.each([
    { query: "", format: "jpg", type: "image/jpeg", sharpFormat: "jpeg", width: 1200, height: 900 },
    {
      query: "?w=640&q=60",
      format: "webp",
      type: "image/webp",
      sharpFormat: "webp",
      width: 640,
      height: 480,
    },
    {
      query: "?w=320&q=50",
      format: "jpg",
      type: "image/jpeg",
      sharpFormat: "jpeg",
      width: 320,
      height: 240,
    },
    {
      query: "?w=1920&q=85",
      format: "webp",
      type: "image/webp",
      sharpFormat: "webp",
      width: 1200,
      height: 900,
    },
    {
      query: "?w=64&q=20&blur=1",
      format: "jpg",
      type: "image/jpeg",
      sharpFormat: "jpeg",
      width: 64,
      height: 48,
    },
  ])(
    "renders $format$query as $type at $width x $height with long-lived cache headers",
    async ({ query, format, type, sharpFormat, width, height }) => {
      const response = await fetchImage(`${imageId}.${format}`, query);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(type);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("etag")).toMatch(/^".+"$/);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get("content-length")).toBe(String(bytes.byteLength));
      const metadata = await sharp(bytes).metadata();
      expect(metadata).toMatchObject({ format: sharpFormat, width, height });
    },
  );

  it("makes a rendition once and answers the stored bytes afterwards", async () => {
    const first = await fetchImage(`${imageId}.webp`, "?w=960&q=75");
    const firstBytes = Buffer.from(await first.arrayBuffer());
    const [stored] = await storedVariants("w960-q75.webp");
    expect(stored!.data.equals(firstBytes)).toBe(true);
    expect(stored!.contentType).toBe("image/webp");

    // The original now cannot be decoded: only the stored rendition can answer.
    const [original] = await db()
      .select({ data: productImages.data })
      .from(productImages)
      .where(eq(productImages.id, imageId));
    await setOriginal(Buffer.from("no longer an image"));
    const second = await fetchImage(`${imageId}.webp`, "?w=960&q=75").finally(() =>
      setOriginal(original!.data),
    );
    expect(second.status).toBe(200);
    expect(Buffer.from(await second.arrayBuffer()).equals(firstBytes)).toBe(true);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(await storedVariants("w960-q75.webp")).toHaveLength(1);
  });

  it("renders once for concurrent first requests of a variant", async () => {
    const request = parseVariantRequest({
      file: `${imageId}.jpg`,
      searchParams: new URLSearchParams("w=1280&q=60"),
    });
    const variants = await Promise.all([1, 2, 3].map(() => getImageVariant(request)));
    expect(variants[1]).toBe(variants[0]);
    expect(variants[2]).toBe(variants[0]);
    expect(await storedVariants("w1280-q60.jpg")).toHaveLength(1);
  });

  it("shares one render between concurrent first requests", async () => {
    const responses = await Promise.all(
      [1, 2, 3].map(() => fetchImage(`${imageId}.webp`, "?w=128&q=50")),
    );
    const bodies = await Promise.all(
      responses.map(async (r) => Buffer.from(await r.arrayBuffer())),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(bodies[1]!.equals(bodies[0]!) && bodies[2]!.equals(bodies[0]!)).toBe(true);
    expect(await storedVariants("w128-q50.webp")).toHaveLength(1);
  });

  it("blurs the placeholder", async () => {
    const sharpBytes = Buffer.from(
      await (await fetchImage(`${imageId}.jpg`, "?w=64&q=20")).arrayBuffer(),
    );
    const blurred = Buffer.from(
      await (await fetchImage(`${imageId}.jpg`, "?w=64&q=20&blur=1")).arrayBuffer(),
    );
    expect(blurred.equals(sharpBytes)).toBe(false);
    expect(await storedVariants("w64-q20-blur.jpg")).toHaveLength(1);
  });

  it("answers 304 when the browser already has the rendition", async () => {
    const first = await fetchImage(`${imageId}.jpg`, "?w=640");
    const etag = first.headers.get("etag")!;
    const again = await fetchImage(`${imageId}.jpg`, "?w=640", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
  });

  it("accepts an upper-case id", async () => {
    const response = await fetchImage(`${imageId.toUpperCase()}.JPG`, "?w=256");
    expect(response.status).toBe(200);
  });

  it.each([
    { query: "?w=100", details: [`w must be one of ${WIDTHS}`] },
    { query: "?w=abc", details: [`w must be one of ${WIDTHS}`] },
    { query: "?w=", details: [`w must be one of ${WIDTHS}`] },
    { query: "?w=640.5", details: [`w must be one of ${WIDTHS}`] },
    { query: "?w=-640", details: [`w must be one of ${WIDTHS}`] },
    { query: "?w=99999999999999999999", details: [`w must be one of ${WIDTHS}`] },
    { query: "?q=99", details: [`q must be one of ${QUALITIES}`] },
    { query: "?q=%27%20OR%201%3D1%20--", details: [`q must be one of ${QUALITIES}`] },
    { query: "?blur=yes", details: ["blur must be 0 or 1"] },
    {
      query: "?w=7&q=7&blur=2",
      details: [
        `w must be one of ${WIDTHS}`,
        `q must be one of ${QUALITIES}`,
        "blur must be 0 or 1",
      ],
    },
  ])("answers 400 for the parameters $query", async ({ query, details }) => {
    const response = await fetchImage(`${imageId}.webp`, query);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Invalid image parameters", details });
  });

  it.each([
    "7b0c2d7e-6f4e-4a3b-9c1d-5e6f7a8b9c0d.jpg",
    "not-an-image.jpg",
    "IMAGE_ID.png",
    "../../etc/passwd",
    "' OR 1=1 --.jpg",
    "%00.jpg",
    "\u0000.webp",
    "💍.jpg",
    "x".repeat(5000),
  ])("answers 404 for the file %#", async (file) => {
    const name = file.replace("IMAGE_ID", imageId);
    const response = await fetchImage(name, "?w=640");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(NOT_FOUND);
  });
});
