import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { GET } from "@/app/images/[file]/route";
import { CATALOGUE_CACHE_CONTROL } from "@/lib/catalogue";
import { getImageVariant, imageRenderQueue, parseVariantRequest, variantKey } from "@/lib/images";
import { imageVariants, productImages, products } from "@/lib/db/schema";
import { renditionUrl, SHOP_RENDITIONS } from "@/models/image-variants";
import { describeEachDatabase, untilAnotherTransactionWaits } from "@/tests/support/databases";

const NOT_FOUND = { error: "Image not found" };
const IMMUTABLE = "public, max-age=31536000, immutable";
const TYPES = {
  jpg: { type: "image/jpeg", sharp: "jpeg" },
  webp: { type: "image/webp", sharp: "webp" },
};

const fetchImage = (file: string, query = "", headers: HeadersInit = {}) =>
  GET(new Request(`http://localhost/images/${file}${query}`, { headers }), {
    params: Promise.resolve({ file }),
  });

/** Stripes, so a blurred rendition differs from a sharp one. */
function stripes(width: number, height: number) {
  const bars = Array.from(
    { length: Math.ceil(width / 40) },
    (_, k) => `<rect x="${k * 40}" width="20" height="${height}" fill="#7a5618"/>`,
  );
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#f6dc95"/>${bars.join("")}</svg>`,
    ),
  )
    .jpeg()
    .toBuffer();
}

describeEachDatabase("image route", ({ db }) => {
  let productId: string;
  // 1920 x 1440: as wide as the widest rendition.
  let largeId: string;
  // 1200 x 900: narrower than the widest renditions.
  let smallId: string;

  async function storeImage(width: number, height: number) {
    const [image] = await db()
      .insert(productImages)
      .values({
        productId,
        contentType: "image/jpeg",
        width,
        height,
        data: await stripes(width, height),
      })
      .returning();
    return image!.id;
  }

  beforeAll(async () => {
    const [product] = await db()
      .insert(products)
      .values({ name: "Cedar Leaf Gold Studs", priceCents: 3400, category: "earrings" })
      .returning();
    productId = product!.id;
    largeId = await storeImage(1920, 1440);
    smallId = await storeImage(1200, 900);
  });

  const setOriginal = (imageId: string, data: Buffer) =>
    db().update(productImages).set({ data }).where(eq(productImages.id, imageId));

  const storedVariants = (imageId: string, variant?: string) =>
    db()
      .select()
      .from(imageVariants)
      .where(
        and(
          eq(imageVariants.imageId, imageId),
          variant ? eq(imageVariants.variant, variant) : undefined,
        ),
      );

  const variantCount = async () => (await db().select({ n: count() }).from(imageVariants))[0]!.n;

  /** "/images/<id>.webp?w=640&q=60" as the file and query the route handler is given. */
  const split = (url: string) => {
    const [path, query] = url.split("?");
    return [path!.replace("/images/", ""), `?${query}`] as const;
  };

  it.each(
    SHOP_RENDITIONS.map((rendition) => ({
      ...rendition,
      url: renditionUrl("/images/ID.jpg", rendition),
    })),
  )(
    "serves $url at its width and type, with long-lived cache headers and a stored ETag",
    async ({ url, width, format, quality, blur }) => {
      const [file, query] = split(url.replace("ID", largeId));
      const response = await fetchImage(file, query);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(TYPES[format].type);
      expect(response.headers.get("cache-control")).toBe(IMMUTABLE);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get("content-length")).toBe(String(bytes.byteLength));
      expect(await sharp(bytes).metadata()).toMatchObject({
        format: TYPES[format].sharp,
        width,
        height: (width * 3) / 4,
      });
      const [stored] = await storedVariants(largeId, variantKey({ width, format, quality, blur }));
      expect(stored!.etag).toBe(response.headers.get("etag"));
      expect(stored!.etag).toMatch(/^"[\w-]{27}"$/);
    },
  );

  it("serves a plain .jpg as the stored original, without storing a rendition", async () => {
    const before = await storedVariants(smallId);
    const response = await fetchImage(`${smallId}.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(response.headers.get("etag")).toBe(`"${smallId}"`);
    const [original] = await db()
      .select({ data: productImages.data })
      .from(productImages)
      .where(eq(productImages.id, smallId));
    expect(Buffer.from(await response.arrayBuffer()).equals(original!.data)).toBe(true);
    expect(await storedVariants(smallId)).toHaveLength(before.length);
  });

  it("never renders wider than the original: wider requests share the original's width", async () => {
    const widest = await fetchImage(`${smallId}.webp`, "?w=1920&q=85");
    const wider = await fetchImage(`${smallId}.webp`, "?w=1280&q=85");
    expect(await sharp(Buffer.from(await widest.arrayBuffer())).metadata()).toMatchObject({
      width: 1200,
      height: 900,
    });
    expect(wider.headers.get("etag")).toBe(widest.headers.get("etag"));
    const variants = (await storedVariants(smallId)).map((row) => row.variant);
    expect(variants).toContain("w1200-q85.webp");
    expect(variants.filter((v) => v.includes("w1920") || v.includes("w1280"))).toEqual([]);
  });

  it("makes a rendition once and answers the stored bytes afterwards", async () => {
    const first = await fetchImage(`${smallId}.webp`, "?w=960&q=75");
    const firstBytes = Buffer.from(await first.arrayBuffer());
    const [stored] = await storedVariants(smallId, "w960-q75.webp");
    expect(stored!.data.equals(firstBytes)).toBe(true);
    expect(stored!.contentType).toBe("image/webp");

    // The original now cannot be decoded: only the stored rendition can answer.
    const [original] = await db()
      .select({ data: productImages.data })
      .from(productImages)
      .where(eq(productImages.id, smallId));
    await setOriginal(smallId, Buffer.from("no longer an image"));
    const second = await fetchImage(`${smallId}.webp`, "?w=960&q=75").finally(() =>
      setOriginal(smallId, original!.data),
    );
    expect(second.status).toBe(200);
    expect(Buffer.from(await second.arrayBuffer()).equals(firstBytes)).toBe(true);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(await storedVariants(smallId, "w960-q75.webp")).toHaveLength(1);
  });

  it.each([
    { name: "with the ETag stored beside it", stored: '"kept-with-the-rendition"' },
    { name: "stored before ETags were kept, with one computed and stored", stored: null },
  ])("answers a rendition $name", async ({ stored }) => {
    const variant = stored ? "w256-q75.webp" : "w128-q75.webp";
    const data = await sharp(await stripes(1200, 900))
      .resize({ width: stored ? 256 : 128 })
      .webp({ quality: 75 })
      .toBuffer();
    await db()
      .insert(imageVariants)
      .values({ imageId: smallId, variant, contentType: "image/webp", data, etag: stored });
    const [, width, quality] = /w(\d+)-q(\d+)/.exec(variant)!;
    const response = await fetchImage(`${smallId}.webp`, `?w=${width}&q=${quality}`);
    expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true);
    const etag = response.headers.get("etag");
    if (stored) expect(etag).toBe(stored);
    else expect(etag).toMatch(/^"[\w-]{27}"$/);
    const [row] = await storedVariants(smallId, variant);
    expect(row!.etag).toBe(etag);
  });

  it("answers a rendition served lately from memory, without reading the database", async () => {
    const first = await fetchImage(`${smallId}.webp`, "?w=256&q=60");
    const bytes = Buffer.from(await first.arrayBuffer());
    await db()
      .delete(imageVariants)
      .where(and(eq(imageVariants.imageId, smallId), eq(imageVariants.variant, "w256-q60.webp")));
    const again = await fetchImage(`${smallId}.webp`, "?w=256&q=60");
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    // Not rendered again: it came from memory.
    expect(await storedVariants(smallId, "w256-q60.webp")).toHaveLength(0);
  });

  it("stops serving a rendition kept in memory once its image is deleted", async () => {
    const goneId = await storeImage(640, 480);
    expect((await fetchImage(`${goneId}.webp`, "?w=256&q=60")).status).toBe(200);
    // As the owner's edit or a product's deletion does, on this instance or another.
    await db().delete(productImages).where(eq(productImages.id, goneId));
    const again = await fetchImage(`${goneId}.webp`, "?w=256&q=60");
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual(NOT_FOUND);
  });

  it("answers 404 and stores nothing for a picture deleted while its rendition was rendering", async () => {
    const goneId = await storeImage(640, 480);
    let answer: Promise<Response> | undefined;
    let answered = false;
    await db().transaction(async (tx) => {
      // The owner's delete, not yet committed: the render reads the picture, then its store waits.
      await tx.delete(productImages).where(eq(productImages.id, goneId));
      answer = fetchImage(`${goneId}.webp`, "?w=256&q=60").finally(() => (answered = true));
      await untilAnotherTransactionWaits(tx, { seconds: 10, settled: () => answered });
    });
    const response = await answer!;
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(NOT_FOUND);
    expect(await storedVariants(goneId)).toHaveLength(0);
  });

  it("renders once for concurrent first requests of a variant", async () => {
    const request = parseVariantRequest({
      file: `${smallId}.webp`,
      searchParams: new URLSearchParams("w=320&q=60"),
    });
    // With every render slot held, all three requests reach the line before any render ends.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: imageRenderQueue.concurrency }, () =>
      imageRenderQueue.run(() => held),
    );
    const pending = Promise.all([1, 2, 3].map(() => getImageVariant(request)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(imageRenderQueue.waiting).toBe(1);
    release();
    await Promise.all(holders);
    const variants = await pending;
    expect(variants[1]).toBe(variants[0]);
    expect(variants[2]).toBe(variants[0]);
    expect(await storedVariants(smallId, "w320-q60.webp")).toHaveLength(1);
  });

  it("shares one render between concurrent first requests", async () => {
    const responses = await Promise.all(
      [1, 2, 3].map(() => fetchImage(`${smallId}.webp`, "?w=128&q=60")),
    );
    const bodies = await Promise.all(
      responses.map(async (r) => Buffer.from(await r.arrayBuffer())),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(bodies[1]!.equals(bodies[0]!) && bodies[2]!.equals(bodies[0]!)).toBe(true);
    expect(await storedVariants(smallId, "w128-q60.webp")).toHaveLength(1);
  });

  it("blurs the placeholder", async () => {
    const blurred = Buffer.from(
      await (await fetchImage(`${smallId}.jpg`, "?w=64&q=20&blur=1")).arrayBuffer(),
    );
    const sharpBytes = await sharp(await stripes(1200, 900))
      .resize({ width: 64 })
      .raw()
      .toBuffer();
    const blurredBytes = await sharp(blurred).raw().toBuffer();
    // Stripes resized without blur keep strong contrast between neighbours; blurred, they do not.
    const contrast = (pixels: Buffer) =>
      Math.max(
        ...Array.from({ length: 60 }, (_, x) => Math.abs(pixels[x * 3]! - pixels[x * 3 + 3]!)),
      );
    expect(contrast(blurredBytes)).toBeLessThan(contrast(sharpBytes) / 2);
  });

  it.each([
    { name: "a matching ETag", match: (etag: string) => etag, status: 304 },
    { name: "a list holding it", match: (etag: string) => `"other", ${etag}`, status: 304 },
    { name: "its weak form", match: (etag: string) => `W/${etag}`, status: 304 },
    { name: "*", match: () => "*", status: 304 },
    { name: "another ETag", match: () => '"other"', status: 200 },
  ])("answers $status to If-None-Match with $name", async ({ match, status }) => {
    const first = await fetchImage(`${smallId}.webp`, "?w=640&q=60");
    const etag = first.headers.get("etag")!;
    const again = await fetchImage(`${smallId}.webp`, "?w=640&q=60", {
      "If-None-Match": match(etag),
    });
    expect(again.status).toBe(status);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe(IMMUTABLE);
    if (status === 304) expect((await again.arrayBuffer()).byteLength).toBe(0);
  });

  it("answers 304 for the original too", async () => {
    const again = await fetchImage(`${smallId}.jpg`, "", { "If-None-Match": `"${smallId}"` });
    expect(again.status).toBe(304);
  });

  it("accepts an upper-case id", async () => {
    const response = await fetchImage(`${smallId.toUpperCase()}.JPG`, "?w=256&q=50");
    expect(response.status).toBe(200);
  });

  it.each([
    "?w=100&q=60",
    "?w=99999999999999999999&q=60",
    "?w=640",
    "?q=60",
    "?w=640&q=99",
    "?w=960&q=60",
    "?w=1920&q=75",
    "?w=640&q=60&blur=1",
    "?w=640&q=60&blur=yes",
    "?w=320&q=50",
    "?w=640&q=%27%20OR%201%3D1%20--",
    "",
  ])("answers 400 for .webp%s and stores nothing", async (query) => {
    const before = await variantCount();
    const response = await fetchImage(`${largeId}.webp`, query);
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe(CATALOGUE_CACHE_CONTROL);
    const body = await response.json();
    expect(body).toEqual({ error: "Invalid image parameters", details: expect.any(Array) });
    expect(body.details.length).toBeGreaterThan(0);
    expect(await variantCount()).toBe(before);
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
  ])("answers 404 for the file %#, storing nothing", async (file) => {
    const before = await variantCount();
    const name = file.replace("IMAGE_ID", smallId);
    const response = await fetchImage(name, "?w=320&q=50");
    expect(response.status).toBe(404);
    // The same for every visitor, like the catalogue's refusals.
    expect(response.headers.get("cache-control")).toBe(CATALOGUE_CACHE_CONTROL);
    expect(await response.json()).toEqual(NOT_FOUND);
    expect(await variantCount()).toBe(before);
  });

  it("answers 404 for an unknown image's original", async () => {
    const response = await fetchImage("7b0c2d7e-6f4e-4a3b-9c1d-5e6f7a8b9c0d.jpg");
    expect(response.status).toBe(404);
  });

  it("renders a few at a time; beyond the waiting line it answers 503 with Retry-After and stores nothing", async () => {
    // Hold every render slot, then ask for more distinct first renders than may wait.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: imageRenderQueue.concurrency }, () =>
      imageRenderQueue.run(() => held),
    );
    const images = await Promise.all([1, 2, 3].map(() => storeImage(2000, 20)));
    const urls = images
      .flatMap((id) => SHOP_RENDITIONS.map((r) => renditionUrl(`/images/${id}.jpg`, r)))
      .slice(0, imageRenderQueue.maxWaiting + 5);
    const refusedCount = urls.length - imageRenderQueue.maxWaiting;
    const answered: Response[] = [];
    const pending = urls.map((url) =>
      fetchImage(...split(url)).then((response) => {
        answered.push(response);
        return response;
      }),
    );
    // The refused requests answer at once; the accepted ones wait for a slot.
    while (answered.length < refusedCount) await new Promise((resolve) => setTimeout(resolve, 10));
    const responses = [...answered];
    expect(imageRenderQueue.waiting).toBe(imageRenderQueue.maxWaiting);
    for (const busy of responses) {
      expect(busy.status).toBe(503);
      expect(busy.headers.get("retry-after")).toBe("2");
      expect(busy.headers.get("cache-control")).toBe("no-store");
      expect(await busy.json()).toEqual({
        error: "Too many images are being prepared right now. Please try again in a moment.",
      });
    }
    const storedWhileHeld = await Promise.all(images.map((id) => storedVariants(id)));
    expect(storedWhileHeld.flat()).toHaveLength(0);

    release();
    await Promise.all(holders);
    const all = await Promise.all(pending);
    expect(all.filter((r) => r.status === 200)).toHaveLength(imageRenderQueue.maxWaiting);
    expect(all.filter((r) => r.status === 503)).toHaveLength(refusedCount);
    const stored = await Promise.all(images.map((id) => storedVariants(id)));
    expect(stored.flat()).toHaveLength(imageRenderQueue.maxWaiting);
  });
});
