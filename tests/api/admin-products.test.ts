import { eq } from "drizzle-orm";
import sharp from "sharp";
import { DELETE as deleteRoute, PUT as putRoute } from "@/app/api/admin/products/[id]/route";
import { GET as listRoute, POST as postRoute } from "@/app/api/admin/products/route";
import { GET as catalogueProduct } from "@/app/api/product/[id]/route";
import { GET as catalogueList } from "@/app/api/products/route";
import { productImagePath } from "@/lib/catalogue";
import {
  cartItems,
  imageVariants,
  orderItems,
  orders,
  productImages,
  products,
  wishlistItems,
} from "@/lib/db/schema";
import { detachedWorkDone } from "@/lib/http";
import { MAX_UPLOAD_BYTES, variantKey } from "@/lib/images";
import { messages } from "@/lib/messages";
import { MAX_PRODUCT_FORM_BYTES } from "@/lib/products";
import { SHOP_RENDITIONS } from "@/models/image-variants";
import type { ProductDto } from "@/models/product";
import {
  picture,
  productFormRequest,
  validProductFields,
  type UploadFile,
} from "@/tests/support/admin-requests";
import { APP, readResponse } from "@/tests/support/auth-requests";
import { describeEachDatabase } from "@/tests/support/databases";
import { checkout, checkoutBody } from "@/tests/support/shop";
import { createSignedInUser } from "@/tests/support/users";

const a = messages.admin;
const api = messages.api;

type Handler = (
  request: Request,
  context: { params: Promise<{ id: string }> },
) => Promise<Response>;
const withId = (handler: Handler, id: string) => (request: Request) =>
  handler(request, { params: Promise.resolve({ id }) });

const imageIdOf = (path: string) => /\/images\/(.+)\.jpg$/.exec(path)![1]!;

describeEachDatabase("admin products API", ({ db }) => {
  let admin: string;
  let customer: string;
  let jpeg: Buffer;
  let png: Buffer;

  beforeAll(async () => {
    admin = (await createSignedInUser(db(), { isAdmin: true })).token;
    customer = (await createSignedInUser(db())).token;
    jpeg = await picture({ color: "#d4af37" });
    png = await picture({ color: "#7a5618", format: "png", width: 30, height: 30 });
  });

  const create = async (
    fields: Record<string, string> = validProductFields(),
    files: UploadFile[] = [{ name: "front.jpg", data: jpeg }],
  ) =>
    readResponse(
      await postRoute(productFormRequest("/api/admin/products", { token: admin, fields, files })),
    );

  const update = async (
    id: string,
    fields: Record<string, string>,
    files: UploadFile[] = [],
    headers: Record<string, string> = {},
  ) =>
    readResponse(
      await withId(
        putRoute,
        id,
      )(
        productFormRequest(`/api/admin/products/${id}`, {
          method: "PUT",
          token: admin,
          fields,
          files,
          headers,
        }),
      ),
    );

  /** A customer's order of `quantity` units of the product, placed through the checkout. */
  const customerOrders = async (productId: string, quantity: number) => {
    const { token } = await createSignedInUser(db());
    const ordered = await checkout({ token, body: checkoutBody([{ productId, quantity }]) });
    expect(ordered.status).toBe(201);
  };

  const createdProduct = async (files?: UploadFile[]) => {
    const { status, body } = await create(validProductFields(), files);
    expect(status).toBe(201);
    return body.product as ProductDto;
  };

  describe("who may call it", () => {
    const calls: { name: string; call: (token?: string) => Promise<Response> }[] = [
      {
        name: "GET /api/admin/products",
        call: (token) =>
          listRoute(
            new Request(`${APP}/api/admin/products`, {
              headers: token ? { authorization: `Bearer ${token}` } : {},
            }),
          ),
      },
      {
        name: "POST /api/admin/products",
        call: (token) =>
          postRoute(
            productFormRequest("/api/admin/products", {
              token,
              fields: validProductFields(),
              files: [{ name: "a.jpg", data: jpeg }],
            }),
          ),
      },
      {
        name: "PUT /api/admin/products/{id}",
        call: (token) =>
          withId(
            putRoute,
            "5d6f1c2e-8a61-4b8e-9d55-0c9a1f1e2b3c",
          )(
            productFormRequest("/api/admin/products/x", {
              method: "PUT",
              token,
              fields: validProductFields(),
            }),
          ),
      },
      {
        name: "DELETE /api/admin/products/{id}",
        call: (token) =>
          withId(
            deleteRoute,
            "5d6f1c2e-8a61-4b8e-9d55-0c9a1f1e2b3c",
          )(
            new Request(`${APP}/api/admin/products/x`, {
              method: "DELETE",
              headers: token ? { authorization: `Bearer ${token}` } : {},
            }),
          ),
      },
    ];

    it.each(calls)(
      "$name: 401 signed out, 403 for a customer, private answers",
      async ({ call }) => {
        const signedOut = await readResponse(await call());
        expect(signedOut).toMatchObject({ status: 401, body: { error: api.unauthorized } });
        expect(signedOut.headers.get("cache-control")).toBe("private, no-store");
        const asCustomer = await readResponse(await call(customer));
        expect(asCustomer).toMatchObject({ status: 403, body: { error: api.forbidden } });
        expect(asCustomer.headers.get("cache-control")).toBe("private, no-store");
        const unverified = (await createSignedInUser(db(), { isEmailVerified: false })).token;
        expect((await call(unverified)).status).toBe(403);
        const asAdmin = await call(admin);
        expect([200, 201, 404]).toContain(asAdmin.status);
        expect(asAdmin.headers.get("cache-control")).toBe("private, no-store");
      },
    );
  });

  describe("creating", () => {
    it("renders a new picture's renditions after the answer, an edit's new ones too, so no shopper waits for a first render", async () => {
      const renditionsOf = async (imagePath: string) =>
        (
          await db()
            .select({ variant: imageVariants.variant })
            .from(imageVariants)
            .where(eq(imageVariants.imageId, imageIdOf(imagePath)))
        )
          .map((row) => row.variant)
          .sort();
      // Every rendition the pages may ask for, none wider than the 60 px original.
      const everyRendition = [
        ...new Set(
          SHOP_RENDITIONS.map((rendition) =>
            variantKey({ ...rendition, width: Math.min(rendition.width, 60) }),
          ),
        ),
      ].sort();

      const product = await createdProduct();
      await detachedWorkDone();
      expect(await renditionsOf(product.images[0]!)).toEqual(everyRendition);

      const edited = await update(
        product.id,
        validProductFields({ imageOrder: JSON.stringify([...product.images, "new:0"]) }),
        [{ name: "back.jpg", data: jpeg }],
      );
      expect(edited.status).toBe(200);
      await detachedWorkDone();
      const added = (edited.body.product as ProductDto).images[1]!;
      expect(await renditionsOf(added)).toEqual(everyRendition);
    });

    it("stores the product in cents with trimmed materials, repeats dropped, and its images in order, and the catalogue shows it at once", async () => {
      await catalogueList(); // the public list is now cached
      const { status, body, headers } = await create(
        validProductFields({
          name: "  Batroun Pearl Drops  ",
          price: "48.5",
          category: "necklaces",
          quantity: "3",
          description: "  A single pearl.\nOn a fine chain.  ",
          materials: JSON.stringify([
            " freshwater pearl ",
            "",
            "   ",
            "gold vermeil",
            "Freshwater Pearl",
            "gold vermeil ",
          ]),
        }),
        [
          { name: "front.jpg", data: jpeg },
          { name: "side.png", data: png, type: "image/png" },
        ],
      );
      expect(status).toBe(201);
      expect(headers.get("cache-control")).toBe("private, no-store");
      const product = body.product as ProductDto;
      expect(product).toMatchObject({
        name: "Batroun Pearl Drops",
        price: 48.5,
        category: "necklaces",
        quantity: 3,
        description: "A single pearl.\nOn a fine chain.",
        materials: ["freshwater pearl", "gold vermeil"],
      });
      expect(product.images).toHaveLength(2);
      const [row] = await db().select().from(products).where(eq(products.id, product.id));
      expect(row!.priceCents).toBe(4850);

      const stored = await db()
        .select()
        .from(productImages)
        .where(eq(productImages.productId, product.id));
      const byPosition = stored.sort((x, y) => x.position - y.position);
      expect(byPosition.map((image) => productImagePath(image.id))).toEqual(product.images);
      // Both stored as JPEG, the PNG included, at their own sizes.
      expect(byPosition.map((image) => [image.contentType, image.width, image.height])).toEqual([
        ["image/jpeg", 60, 40],
        ["image/jpeg", 30, 30],
      ]);
      expect((await sharp(byPosition[1]!.data).metadata()).format).toBe("jpeg");

      const list = (await (await catalogueList()).json()) as ProductDto[];
      expect(list.find((p) => p.id === product.id)).toMatchObject({ name: "Batroun Pearl Drops" });
      const admins = await readResponse(
        await listRoute(
          new Request(`${APP}/api/admin/products`, {
            headers: { authorization: `Bearer ${admin}` },
          }),
        ),
      );
      expect(admins.status).toBe(200);
      expect((admins.body.products as ProductDto[]).map((p) => p.id)).toContain(product.id);
    });

    it("takes more images than the form's label says: 'max 5' is a label, not a limit", async () => {
      const files = Array.from({ length: 6 }, (_, i) => ({ name: `view${i}.jpg`, data: jpeg }));
      const product = await createdProduct(files);
      expect(product.images).toHaveLength(6);
    });

    it("accepts every image format the shop reads: JPEG, PNG, WebP, AVIF", async () => {
      const files = await Promise.all(
        (["jpeg", "png", "webp", "avif"] as const).map(async (format) => ({
          name: `photo.${format}`,
          data: await picture({ format }),
        })),
      );
      const product = await createdProduct(files);
      expect(product.images).toHaveLength(4);
    });

    it("removes EXIF and GPS data and turns the picture upright", async () => {
      // 40x20 pixels, stored sideways: EXIF orientation 6 says "rotate 90° clockwise to view".
      const withGps = await sharp({
        create: { width: 40, height: 20, channels: 3, background: "#d4af37" },
      })
        .withMetadata({ orientation: 6 })
        .withExif({
          IFD0: { Make: "Lumiere Phone", Model: "Workshop 1" },
          IFD3: {
            GPSLatitudeRef: "N",
            GPSLatitude: "33/1 53/1 2/1",
            GPSLongitudeRef: "E",
            GPSLongitude: "35/1 30/1 5/1",
          },
        })
        .jpeg()
        .toBuffer();
      const before = await sharp(withGps).metadata();
      expect(before.exif?.toString("latin1")).toContain("Lumiere Phone");
      expect(before.orientation).toBe(6);

      const product = await createdProduct([{ name: "gps.jpg", data: withGps }]);
      const [stored] = await db()
        .select()
        .from(productImages)
        .where(eq(productImages.id, imageIdOf(product.images[0]!)));
      const after = await sharp(stored!.data).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(stored!.data.toString("latin1")).not.toContain("Lumiere Phone");
      expect([after.width, after.height]).toEqual([20, 40]);
    });

    const fieldCases: { name: string; fields: Record<string, string>; details: string[] }[] = [
      { name: "no name", fields: validProductFields({ name: "" }), details: [a.nameRequired] },
      {
        name: "a blank name",
        fields: validProductFields({ name: "   " }),
        details: [a.nameRequired],
      },
      {
        name: "a name too long",
        fields: validProductFields({ name: "x".repeat(201) }),
        details: [a.nameTooLong(200)],
      },
      {
        name: "a name with a NUL byte",
        fields: validProductFields({ name: "Ring\u0000" }),
        details: [a.invalidCharacters],
      },
      { name: "no price", fields: validProductFields({ price: "" }), details: [a.priceRequired] },
      {
        name: "a price in words",
        fields: validProductFields({ price: "twelve" }),
        details: [a.priceNumeric],
      },
      {
        name: "a price with an exponent",
        fields: validProductFields({ price: "1e3" }),
        details: [a.priceNumeric],
      },
      {
        name: "a negative price",
        fields: validProductFields({ price: "-1" }),
        details: [a.priceNegative],
      },
      {
        name: "three decimals",
        fields: validProductFields({ price: "12.345" }),
        details: [a.priceDecimals],
      },
      {
        name: "a price too high",
        fields: validProductFields({ price: "100000.01" }),
        details: [a.priceTooHigh("$100,000.00")],
      },
      {
        name: "no quantity",
        fields: validProductFields({ quantity: "" }),
        details: [a.quantityRequired],
      },
      {
        name: "a fractional quantity",
        fields: validProductFields({ quantity: "2.5" }),
        details: [a.quantityWhole],
      },
      {
        name: "a quantity in words",
        fields: validProductFields({ quantity: "ten" }),
        details: [a.quantityWhole],
      },
      {
        name: "a negative quantity",
        fields: validProductFields({ quantity: "-3" }),
        details: [a.quantityNegative],
      },
      {
        name: "a quantity too high",
        fields: validProductFields({ quantity: "100001" }),
        details: [a.quantityTooHigh(100000)],
      },
      {
        name: "an unknown category",
        fields: validProductFields({ category: "watches" }),
        details: [a.categoryInvalid],
      },
      {
        name: "a description too long",
        fields: validProductFields({ description: "x".repeat(5001) }),
        details: [a.descriptionTooLong(5000)],
      },
      {
        name: "materials that are not JSON",
        fields: validProductFields({ materials: "gold, silver" }),
        details: [a.materialsInvalid],
      },
      {
        name: "materials that are not text",
        fields: validProductFields({ materials: "[1, 2]" }),
        details: [a.materialsInvalid],
      },
      {
        name: "materials as an object",
        fields: validProductFields({ materials: '{"gold": true}' }),
        details: [a.materialsInvalid],
      },
      {
        name: "a material too long",
        fields: validProductFields({ materials: JSON.stringify(["x".repeat(101)]) }),
        details: [a.materialTooLong(100)],
      },
      {
        name: "too many materials",
        fields: validProductFields({
          materials: JSON.stringify(Array.from({ length: 21 }, (_, i) => `m${i}`)),
        }),
        details: [a.tooManyMaterials(20)],
      },
      {
        name: "everything wrong at once",
        fields: { name: "", price: "abc", category: "", quantity: "-1" },
        details: [a.nameRequired, a.priceNumeric, a.categoryInvalid, a.quantityNegative],
      },
    ];

    it.each(fieldCases)("refuses $name with the rule's message", async ({ fields, details }) => {
      const count = (await db().select().from(products)).length;
      const response = await create(fields);
      expect(response).toMatchObject({ status: 400, body: { error: details[0], details } });
      expect(response.body.details).toEqual(details);
      expect(await db().select().from(products)).toHaveLength(count);
    });

    it("refuses a product without images", async () => {
      const response = await create(validProductFields(), []);
      expect(response).toMatchObject({
        status: 400,
        body: { error: a.imagesRequired, details: [a.imagesRequired] },
      });
    });

    it.each([
      {
        name: "a text file named .jpg",
        files: async () => [
          { name: "photo.jpg", data: Buffer.from("just some text, not a picture") },
        ],
        status: 400,
        body: { error: api.unsupportedImage, details: [api.fileNotAnImage("photo.jpg")] },
      },
      {
        name: "an SVG",
        files: async () => [
          {
            name: "logo.svg",
            data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'),
          },
        ],
        status: 400,
        body: { error: api.unsupportedImage, details: [api.fileNotAnImage("logo.svg")] },
      },
      {
        name: "a file over the size limit",
        files: async () => [{ name: "huge.jpg", data: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1) }],
        status: 413,
        body: { error: api.imageTooLarge, details: [api.fileTooLarge("huge.jpg", 8)] },
      },
      {
        name: "an image with too many pixels",
        files: async () => [
          {
            name: "bomb.png",
            data: await sharp({
              create: { width: 10_000, height: 6_000, channels: 3, background: "#fff" },
            })
              .png({ compressionLevel: 9 })
              .toBuffer(),
          },
        ],
        status: 413,
        body: { error: api.imageTooManyPixels, details: [api.fileTooManyPixels("bomb.png", 50)] },
      },
      {
        name: "an 11th image",
        files: async () =>
          Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.jpg`, data: jpeg })),
        status: 400,
        body: { error: a.tooManyImages(10), details: [a.tooManyImages(10)] },
      },
      {
        name: "one bad file among good ones",
        files: async () => [
          { name: "good.jpg", data: jpeg },
          { name: "notes.jpg", data: Buffer.from("%PDF-1.4 a document") },
        ],
        status: 400,
        body: { error: api.unsupportedImage, details: [api.fileNotAnImage("notes.jpg")] },
      },
    ])("refuses $name and stores nothing", async ({ files, status, body }) => {
      const count = (await db().select().from(productImages)).length;
      const response = await create(validProductFields(), await files());
      expect(response.status).toBe(status);
      expect(response.body).toEqual(body);
      expect(await db().select().from(productImages)).toHaveLength(count);
    });

    it("refuses a body declared larger than the request limit before reading it", async () => {
      let pulled = 0;
      const body = new ReadableStream({
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(64 * 1024));
        },
      });
      const request = new Request(`${APP}/api/admin/products`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${admin}`,
          "content-type": "multipart/form-data; boundary=xyz",
          "content-length": String(100 * 1024 * 1024),
        },
        body,
        duplex: "half",
      } as RequestInit);
      const response = await readResponse(await postRoute(request));
      expect(response).toMatchObject({
        status: 413,
        body: { error: api.payloadTooLarge, details: [a.uploadTooLarge(81)] },
      });
      expect(pulled).toBeLessThanOrEqual(2);
    });

    it("stops reading an endless body at the request limit", async () => {
      let sent = 0;
      const preamble = new TextEncoder().encode(
        '--xyz\r\nContent-Disposition: form-data; name="description"\r\n\r\n',
      );
      const body = new ReadableStream({
        pull(controller) {
          const chunk = sent === 0 ? preamble : new Uint8Array(256 * 1024).fill(97);
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      const request = new Request(`${APP}/api/admin/products`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${admin}`,
          "content-type": "multipart/form-data; boundary=xyz",
        },
        body,
        duplex: "half",
      } as RequestInit);
      const response = await readResponse(await postRoute(request));
      expect(response.status).toBe(413);
      // Read up to the limit and no further.
      expect(sent).toBeLessThanOrEqual(MAX_PRODUCT_FORM_BYTES + 512 * 1024);
    });

    it.each([
      {
        name: "JSON",
        headers: { "content-type": "application/json" },
        body: "{}",
        status: 415,
        error: messages.api.unsupportedMediaType,
        details: [a.multipartRequired],
      },
      {
        name: "no content type",
        headers: {},
        body: "name=x",
        status: 415,
        error: messages.api.unsupportedMediaType,
        details: [a.multipartRequired],
      },
      {
        name: "a compressed multipart body",
        headers: {
          "content-type": "multipart/form-data; boundary=xyz",
          "content-encoding": "gzip",
        },
        body: "\x1f\x8b garbage",
        status: 415,
        error: messages.api.unsupportedMediaType,
        details: [messages.api.bodyEncoded],
      },
      {
        name: "a multipart type without a boundary",
        headers: { "content-type": "multipart/form-data; charset=utf-8" },
        body: "x",
        status: 400,
        error: a.invalidForm,
        details: [a.invalidForm],
      },
    ])("refuses $name with $status", async ({ headers, body, status, error, details }) => {
      const before = (await db().select().from(products)).length;
      const response = await readResponse(
        await postRoute(
          new Request(`${APP}/api/admin/products`, {
            method: "POST",
            headers: { authorization: `Bearer ${admin}`, ...(headers as Record<string, string>) },
            body,
          }),
        ),
      );
      expect(response).toMatchObject({ status, body: { error } });
      expect(response.body.details).toEqual(details);
      expect(await db().select().from(products)).toHaveLength(before);
    });
  });

  describe("creating again after a lost answer (Idempotency-Key)", () => {
    const createWithKey = async (
      idempotencyKey: string,
      fields: Record<string, string>,
      files: UploadFile[] = [{ name: "front.jpg", data: jpeg }],
    ) =>
      readResponse(
        await postRoute(
          productFormRequest("/api/admin/products", {
            token: admin,
            fields,
            files,
            headers: { "idempotency-key": idempotencyKey },
          }),
        ),
      );
    const productsNamed = async (name: string) =>
      db().select().from(products).where(eq(products.name, name));

    it("the same key twice makes one product: 201, then 200 with that product", async () => {
      const fields = validProductFields({ name: "Anfeh Salt Studs" });
      const first = await createWithKey("create-anfeh-1", fields);
      const retry = await createWithKey("create-anfeh-1", fields);
      expect(first.status).toBe(201);
      expect(first.headers.get("idempotent-replayed")).toBeNull();
      expect(retry.status).toBe(200);
      expect(retry.headers.get("idempotent-replayed")).toBe("true");
      expect(retry.headers.get("cache-control")).toBe("private, no-store");
      expect(retry.body).toEqual(first.body);
      expect(await productsNamed("Anfeh Salt Studs")).toHaveLength(1);

      // Another attempt is another product.
      const next = await createWithKey("create-anfeh-2", fields);
      expect(next.status).toBe(201);
      expect(await productsNamed("Anfeh Salt Studs")).toHaveLength(2);
    });

    it("a repeat stores and decodes nothing: its photos are not even looked at", async () => {
      const fields = validProductFields({ name: "Byblos Harbour Cuff" });
      const first = await createWithKey("create-byblos", fields);
      const imagesBefore = (await db().select({ id: productImages.id }).from(productImages)).length;
      const retry = await createWithKey("create-byblos", fields, [
        { name: "front.jpg", data: Buffer.from("not a picture at all") },
      ]);
      expect(retry).toMatchObject({ status: 200, body: first.body });
      expect(await db().select({ id: productImages.id }).from(productImages)).toHaveLength(
        imagesBefore,
      );
    });

    it("simultaneous creates with one key make one product", async () => {
      const fields = validProductFields({ name: "Jbeil Twin Hoops" });
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => createWithKey("create-jbeil", fields)),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 201]);
      const ids = new Set(answers.map((answer) => (answer.body.product as ProductDto).id));
      expect(ids.size).toBe(1);
      expect(await productsNamed("Jbeil Twin Hoops")).toHaveLength(1);
      for (const answer of answers.filter((answer) => answer.status === 200)) {
        expect(answer.headers.get("idempotent-replayed")).toBe("true");
      }
    });

    it("a deleted product's key makes a new product", async () => {
      const fields = validProductFields({ name: "Tannourine Cedar Pin" });
      const first = await createWithKey("create-tannourine", fields);
      const id = (first.body.product as ProductDto).id;
      expect(
        (
          await withId(
            deleteRoute,
            id,
          )(
            new Request(`${APP}/api/admin/products/${id}`, {
              method: "DELETE",
              headers: { authorization: `Bearer ${admin}` },
            }),
          )
        ).status,
      ).toBe(200);
      const again = await createWithKey("create-tannourine", fields);
      expect(again.status).toBe(201);
      expect((again.body.product as ProductDto).id).not.toBe(id);
    });

    it("refuses a malformed key with 400 and stores nothing", async () => {
      const answer = await createWithKey(
        "k".repeat(256),
        validProductFields({ name: "Malformed Key Ring" }),
      );
      expect(answer).toMatchObject({
        status: 400,
        body: {
          error: messages.api.invalidIdempotencyKey,
          details: [messages.api.invalidIdempotencyKey],
        },
      });
      expect(await productsNamed("Malformed Key Ring")).toHaveLength(0);
    });
  });

  describe("editing", () => {
    it("changes price and stock, keeps the images, and the catalogue API shows it on the next request", async () => {
      const product = await createdProduct([
        { name: "a.jpg", data: jpeg },
        { name: "b.png", data: png },
      ]);
      const readPublic = async () =>
        (await (
          await withId(
            catalogueProduct,
            product.id,
          )(new Request(`${APP}/api/product/${product.id}`))
        ).json()) as ProductDto;
      expect((await readPublic()).price).toBe(34.5); // now cached
      const { status, body } = await update(
        product.id,
        validProductFields({ price: "29.99", quantity: "0" }),
      );
      expect(status).toBe(200);
      expect(body.product).toMatchObject({ price: 29.99, quantity: 0, images: product.images });
      expect(await readPublic()).toMatchObject({ price: 29.99, quantity: 0 });
      const list = (await (await catalogueList()).json()) as ProductDto[];
      expect(list.find((p) => p.id === product.id)).toMatchObject({ price: 29.99, quantity: 0 });
    });

    it("reorders, removes and adds images; removed ones go with their renditions", async () => {
      const product = await createdProduct([
        { name: "a.jpg", data: jpeg },
        { name: "b.png", data: png },
        { name: "c.jpg", data: jpeg },
      ]);
      const [first, second, third] = product.images as [string, string, string];
      await db()
        .insert(imageVariants)
        .values({
          imageId: imageIdOf(second),
          variant: "w320-q50.jpg",
          contentType: "image/jpeg",
          data: jpeg,
        });

      const { status, body } = await update(
        product.id,
        validProductFields({ imageOrder: JSON.stringify([third, "new:0", imageIdOf(first)]) }),
        [{ name: "d.webp", data: await picture({ format: "webp", color: "#123456" }) }],
      );
      expect(status).toBe(200);
      const images = (body.product as ProductDto).images;
      expect(images).toHaveLength(3);
      expect(images[0]).toBe(third);
      expect(images[2]).toBe(first);
      expect([first, second, third]).not.toContain(images[1]);
      expect(
        await db()
          .select()
          .from(productImages)
          .where(eq(productImages.id, imageIdOf(second))),
      ).toEqual([]);
      expect(
        await db()
          .select()
          .from(imageVariants)
          .where(eq(imageVariants.imageId, imageIdOf(second))),
      ).toEqual([]);
    });

    it("adds uploaded images after the current ones when no order is given", async () => {
      const product = await createdProduct();
      const { body } = await update(product.id, validProductFields(), [
        { name: "more.png", data: png },
      ]);
      const images = (body.product as ProductDto).images;
      expect(images).toHaveLength(2);
      expect(images[0]).toBe(product.images[0]);
    });

    it.each([
      { name: "an empty image list", order: () => [], files: 0, error: a.imagesRequired },
      {
        name: "an image of another product",
        order: (_p: ProductDto, other: ProductDto) => [other.images[0]!],
        files: 0,
        error: a.imageOrderInvalid,
      },
      {
        name: "an image named twice",
        order: (p: ProductDto) => [p.images[0]!, p.images[0]!],
        files: 0,
        error: a.imageOrderInvalid,
      },
      {
        name: "an upload left out",
        order: (p: ProductDto) => [p.images[0]!],
        files: 1,
        error: a.imageOrderInvalid,
      },
      {
        name: "an upload that was not sent",
        order: (p: ProductDto) => [p.images[0]!, "new:0"],
        files: 0,
        error: a.imageOrderInvalid,
      },
      {
        name: "a token that means nothing",
        order: () => ["'; drop table products; --"],
        files: 0,
        error: a.imageOrderInvalid,
      },
      {
        name: "more than 10 images in all",
        order: (p: ProductDto) => [...p.images, ...Array.from({ length: 7 }, (_, i) => `new:${i}`)],
        files: 7,
        error: a.tooManyImages(10),
      },
    ])("refuses $name", async ({ order, files, error }) => {
      const product = await createdProduct(
        Array.from({ length: 4 }, (_, i) => ({ name: `${i}.jpg`, data: jpeg })),
      );
      const other = await createdProduct();
      const response = await update(
        product.id,
        validProductFields({ price: "1.00", imageOrder: JSON.stringify(order(product, other)) }),
        Array.from({ length: files }, (_, i) => ({ name: `new${i}.jpg`, data: jpeg })),
      );
      expect(response).toMatchObject({ status: 400, body: { error } });
      const [row] = await db().select().from(products).where(eq(products.id, product.id));
      expect(row!.priceCents).toBe(3450);
    });

    it("keeps the units orders took while the form was open; a new quantity over a moved stock is refused", async () => {
      const product = await createdProduct(); // 12 in stock
      // A customer orders 2 while the owner's form, opened at 12, is still open.
      await customerOrders(product.id, 2);

      const kept = await update(
        product.id,
        validProductFields({ description: "Now with a story.", quantityWas: "12" }),
      );
      expect(kept.status).toBe(200);
      expect(kept.body.product).toMatchObject({ description: "Now with a story.", quantity: 10 });

      const refused = await update(
        product.id,
        validProductFields({ quantity: "20", quantityWas: "12" }),
      );
      expect(refused).toMatchObject({
        status: 409,
        body: { error: a.stockChangedWhileEditing(10), quantity: 10 },
      });
      const [unchanged] = await db().select().from(products).where(eq(products.id, product.id));
      expect(unchanged!.quantity).toBe(10);

      const restocked = await update(
        product.id,
        validProductFields({ quantity: "20", quantityWas: "10" }),
      );
      expect(restocked.body.product).toMatchObject({ quantity: 20 });
      // Without quantityWas (the spec's form) the quantity sent is the stock.
      const set = await update(product.id, validProductFields({ quantity: "3" }));
      expect(set.body.product).toMatchObject({ quantity: 3 });
    });

    describe("an edit over another save made while its form was open", () => {
      // The product as validProductFields makes it, as an edit form opened on it holds it.
      const opened = {
        name: "Cedar Leaf Gold Studs",
        price: "34.50",
        category: "earrings",
        description: "Handmade cedar leaves in gold.",
        materials: ["18k gold plated", "sterling silver posts"],
      };
      const rowOf = async (id: string) =>
        (await db().select().from(products).where(eq(products.id, id)))[0]!;

      it("keeps the other save's change to a field this form left alone", async () => {
        const product = await createdProduct();
        // On the phone, the owner raises the price; the form on her laptop was opened before.
        expect((await update(product.id, validProductFields({ price: "40.00" }))).status).toBe(200);
        const laptop = await update(
          product.id,
          validProductFields({ description: "Now with a story.", was: JSON.stringify(opened) }),
        );
        expect(laptop.status).toBe(200);
        expect(laptop.body.product).toMatchObject({ price: 40, description: "Now with a story." });
        expect(await rowOf(product.id)).toMatchObject({
          priceCents: 4000,
          description: "Now with a story.",
        });
      });

      it("refuses a field both changed, naming it and its value now; nothing is saved", async () => {
        const product = await createdProduct();
        await update(product.id, validProductFields({ price: "40.00", name: "Cedar Studs" }));
        const laptop = await update(
          product.id,
          validProductFields({
            name: "Cedar Leaf Studs",
            price: "38.00",
            description: "Now with a story.",
            was: JSON.stringify(opened),
          }),
        );
        expect(laptop).toMatchObject({
          status: 409,
          body: {
            error: a.changedWhileEditing(["name", "price"]),
            changed: { name: "Cedar Studs", price: 40 },
          },
        });
        expect(await rowOf(product.id)).toMatchObject({
          name: "Cedar Studs",
          priceCents: 4000,
          description: "Handmade cedar leaves in gold.",
        });
        // The form, now showing the saved values, sends them as what it was opened with.
        const again = await update(
          product.id,
          validProductFields({
            name: "Cedar Studs",
            price: "38.00",
            description: "Now with a story.",
            was: JSON.stringify({ ...opened, name: "Cedar Studs", price: "40.00" }),
          }),
        );
        expect(again.body.product).toMatchObject({ name: "Cedar Studs", price: 38 });
        // The same value set by both is no conflict.
        const same = await update(
          product.id,
          validProductFields({ name: "Cedar Studs", price: "38.00", was: JSON.stringify(opened) }),
        );
        expect(same.status).toBe(200);
      });

      it("refuses an older save sent again after a newer one, instead of undoing it", async () => {
        const product = await createdProduct();
        const older = validProductFields({ price: "36.00", was: JSON.stringify(opened) });
        const olderKey = { "Idempotency-Key": "edit-older-77a1" };
        expect((await update(product.id, older, [], olderKey)).status).toBe(200);
        const newer = validProductFields({
          price: "37.00",
          was: JSON.stringify({ ...opened, price: "36.00" }),
        });
        expect(
          (await update(product.id, newer, [], { "Idempotency-Key": "edit-newer-77a2" })).status,
        ).toBe(200);
        // The older save's answer was lost and its retry arrives last.
        const late = await update(product.id, older, [], olderKey);
        expect(late).toMatchObject({ status: 409, body: { changed: { price: 37 } } });
        expect((await rowOf(product.id)).priceCents).toBe(3700);
      });

      it("keeps a photo another save added and leaves out one it removed, when this form moved photos too", async () => {
        const product = await createdProduct([
          { name: "a.jpg", data: jpeg },
          { name: "b.png", data: png },
          { name: "c.jpg", data: jpeg },
        ]);
        const [first, second, third] = product.images as [string, string, string];
        // On the phone: the second photo out, a new one in.
        const phone = await update(
          product.id,
          validProductFields({ imageOrder: JSON.stringify([first, third, "new:0"]) }),
          [{ name: "d.webp", data: await picture({ format: "webp", color: "#123456" }) }],
        );
        const added = (phone.body.product as ProductDto).images[2]!;
        // On the laptop, a form opened before puts the third photo first.
        const laptopOrder = JSON.stringify([third, second, first]);
        const withoutPhotos = await update(
          product.id,
          validProductFields({ imageOrder: laptopOrder, was: JSON.stringify(opened) }),
        );
        expect(withoutPhotos).toMatchObject({ status: 400, body: { error: a.imageOrderInvalid } });
        const laptop = await update(
          product.id,
          validProductFields({
            imageOrder: laptopOrder,
            was: JSON.stringify({ ...opened, images: product.images }),
          }),
        );
        expect(laptop.status).toBe(200);
        expect((laptop.body.product as ProductDto).images).toEqual([third, first, added]);
        const listed = (await (await catalogueList()).json()) as ProductDto[];
        expect(listed.find((p) => p.id === product.id)?.images).toEqual([third, first, added]);
      });

      it.each([
        "not json",
        "{}",
        JSON.stringify({ ...opened, price: "a lot" }),
        JSON.stringify({ ...opened, images: "/images/a.jpg" }),
        "[]",
      ])("refuses a was that is not the fields as a form holds them: %s", async (was) => {
        const product = await createdProduct();
        const response = await update(product.id, validProductFields({ price: "1.00", was }));
        expect(response).toMatchObject({ status: 400, body: { error: a.wasInvalid } });
        expect((await rowOf(product.id)).priceCents).toBe(3450);
      });
    });

    it("takes the same save sent again after its answer was lost, keeping what orders took since", async () => {
      const product = await createdProduct(); // 12 in stock
      const save = validProductFields({ quantity: "20", quantityWas: "12" });
      const key = { "Idempotency-Key": "edit-4b1f9c2e" };
      expect((await update(product.id, save, [], key)).status).toBe(200);
      // An order takes 2 before the owner presses Update again.
      await customerOrders(product.id, 2);
      const again = await update(product.id, save, [], key);
      expect(again.status).toBe(200);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.body.product).toMatchObject({ quantity: 18 });
      const [row] = await db().select().from(products).where(eq(products.id, product.id));
      expect(row!.quantity).toBe(18);
    });

    it("stores the photos of a save sent again once: the repeat's are not even decoded", async () => {
      const product = await createdProduct();
      const save = validProductFields({
        description: "With a second view.",
        imageOrder: JSON.stringify([...product.images, "new:0"]),
      });
      const key = { "Idempotency-Key": "edit-photo-51c0" };
      const first = await update(product.id, save, [{ name: "side.jpg", data: jpeg }], key);
      expect(first.status).toBe(200);
      expect(first.headers.get("idempotent-replayed")).toBeNull();
      expect((first.body.product as ProductDto).images).toHaveLength(2);
      const imagesBefore = await db().select({ id: productImages.id }).from(productImages);

      const again = await update(
        product.id,
        save,
        [{ name: "side.jpg", data: Buffer.from("not a picture at all") }],
        key,
      );
      expect(again).toMatchObject({ status: 200, body: first.body });
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(await db().select({ id: productImages.id }).from(productImages)).toEqual(imagesBefore);
    });

    it("simultaneous saves with one key make one change: one set of new photos", async () => {
      const product = await createdProduct();
      const save = validProductFields({ imageOrder: JSON.stringify(["new:0", ...product.images]) });
      const key = { "Idempotency-Key": "edit-race-9e21" };
      const answers = await Promise.all(
        Array.from({ length: 3 }, () =>
          update(product.id, save, [{ name: "front.jpg", data: jpeg }], key),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      const images = answers.map((answer) => (answer.body.product as ProductDto).images);
      expect(images[0]).toHaveLength(2);
      expect(new Set(images.map((list) => list.join()))).toEqual(new Set([images[0]!.join()]));
      const replayed = answers.filter((answer) => answer.headers.get("idempotent-replayed"));
      expect(replayed).toHaveLength(2);
    });

    it("refuses an edit whose new stock an order happened to meet: the owner counted from 12", async () => {
      const product = await createdProduct(); // 12 in stock
      // The owner sold 2 in her workshop and types 10; meanwhile an online order takes 2 (10 left).
      await customerOrders(product.id, 2);
      const save = validProductFields({ quantity: "10", quantityWas: "12" });
      for (const headers of [{}, { "Idempotency-Key": "edit-7d3a0b91" }] as Record<
        string,
        string
      >[]) {
        const refused = await update(product.id, save, [], headers);
        expect(refused).toMatchObject({
          status: 409,
          body: { error: a.stockChangedWhileEditing(10), quantity: 10 },
        });
      }
      // Told the stock is 10 now, she takes her 2 off: 8 pieces are left.
      const corrected = await update(
        product.id,
        validProductFields({ quantity: "8", quantityWas: "10" }),
      );
      expect(corrected.body.product).toMatchObject({ quantity: 8 });
    });

    it.each(["-1", "1.5", "lots", "100001", ""])(
      "refuses quantityWas %j with 400",
      async (quantityWas) => {
        const product = await createdProduct();
        const response = await update(product.id, validProductFields({ quantityWas }));
        expect(response).toMatchObject({ status: 400, body: { error: a.quantityWasInvalid } });
      },
    );

    it("refuses imageOrder that is not a JSON list of text", async () => {
      const product = await createdProduct();
      const response = await update(product.id, validProductFields({ imageOrder: "first,second" }));
      expect(response).toMatchObject({ status: 400, body: { error: a.imageOrderInvalid } });
    });

    it("answers 400 with the rules' messages for invalid fields", async () => {
      const product = await createdProduct();
      const response = await update(product.id, validProductFields({ name: "", price: "1.001" }));
      expect(response).toMatchObject({
        status: 400,
        body: { error: a.nameRequired, details: [a.nameRequired, a.priceDecimals] },
      });
    });

    it.each(["5d6f1c2e-8a61-4b8e-9d55-0c9a1f1e2b3c", "not-an-id", "' OR 1=1 --"])(
      "answers 404 for the unknown product %s",
      async (id) => {
        const response = await update(id, validProductFields());
        expect(response).toMatchObject({ status: 404, body: { error: api.productNotFound } });
      },
    );
  });

  describe("deleting", () => {
    it("keeps past orders and the pictures they show, empties carts and wishlists, and leaves the catalogue", async () => {
      const product = await createdProduct([
        { name: "a.jpg", data: jpeg },
        { name: "b.jpg", data: jpeg },
      ]);
      const shopper = await createSignedInUser(db());
      await db()
        .insert(cartItems)
        .values({ userId: shopper.user.id, productId: product.id, quantity: 2 });
      await db().insert(wishlistItems).values({ userId: shopper.user.id, productId: product.id });
      const [order] = await db()
        .insert(orders)
        .values({
          orderNumber: `LUM-${Date.now()}`,
          userId: shopper.user.id,
          customerFirstName: "Maya",
          customerLastName: "Khalil",
          customerEmail: shopper.user.email,
          subtotalCents: 3450,
          deliveryFeeCents: 500,
          totalCents: 3950,
          estimatedDelivery: new Date(),
          shippingAddress: { fullName: "Maya Khalil", address: "Hamra St", city: "Beirut" },
          phoneNumber: "+961 70 123 456",
        })
        .returning();
      await db().insert(orderItems).values({
        orderId: order!.id,
        productId: product.id,
        name: product.name,
        image: product.images[0]!,
        priceCents: 3450,
        quantity: 1,
      });
      await catalogueList();

      const response = await readResponse(
        await withId(
          deleteRoute,
          product.id,
        )(
          new Request(`${APP}/api/admin/products/${product.id}`, {
            method: "DELETE",
            headers: { authorization: `Bearer ${admin}` },
          }),
        ),
      );
      expect(response).toMatchObject({ status: 200, body: { message: a.productDeleted } });
      expect(response.headers.get("cache-control")).toBe("private, no-store");

      expect(await db().select().from(products).where(eq(products.id, product.id))).toEqual([]);
      expect(
        await db().select().from(cartItems).where(eq(cartItems.userId, shopper.user.id)),
      ).toEqual([]);
      expect(
        await db().select().from(wishlistItems).where(eq(wishlistItems.userId, shopper.user.id)),
      ).toEqual([]);
      const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, order!.id));
      expect(item).toMatchObject({
        productId: null,
        name: product.name,
        image: product.images[0],
        priceCents: 3450,
      });
      const kept = await db()
        .select()
        .from(productImages)
        .where(eq(productImages.id, imageIdOf(product.images[0]!)));
      expect(kept).toHaveLength(1);
      expect(kept[0]!.productId).toBeNull();
      expect(
        await db()
          .select()
          .from(productImages)
          .where(eq(productImages.id, imageIdOf(product.images[1]!))),
      ).toEqual([]);
      const list = (await (await catalogueList()).json()) as ProductDto[];
      expect(list.map((p) => p.id)).not.toContain(product.id);

      const again = await withId(
        deleteRoute,
        product.id,
      )(
        new Request(`${APP}/api/admin/products/${product.id}`, {
          method: "DELETE",
          headers: { authorization: `Bearer ${admin}` },
        }),
      );
      expect(again.status).toBe(404);
    });
  });

  describe("hostile input", () => {
    const hostile: Record<string, string>[] = [
      { name: "\u0000", price: "\u0000", quantity: "\u0000", category: "\u0000" },
      { name: "\ud800 lone surrogate", price: "1", quantity: "1", category: "rings" },
      { name: "x", price: "1".repeat(400), quantity: "9".repeat(400), category: "rings" },
      { name: "x", price: "NaN", quantity: "Infinity", category: "__proto__" },
      { name: "x", price: "0x10", quantity: "1e2", category: "rings", materials: "[[[[[]]]]]" },
      { name: "x", price: "1", quantity: "1", category: "rings", materials: "null" },
      { name: "x", price: "1", quantity: "1", category: "rings", materials: '["\\u0000"]' },
      { name: "x", price: "1", quantity: "1", category: "rings", description: "\u0007bell" },
      { constructor: "x", ["__proto__"]: "y", toString: "z" },
    ];
    it.each(hostile.map((fields, i) => ({ i, fields })))(
      "never answers 500 (case $i)",
      async ({ fields }) => {
        const response = await create(fields, [{ name: "../../etc/passwd\u0000.jpg", data: jpeg }]);
        expect(response.status).toBeLessThan(500);
        expect(response.status).toBeGreaterThanOrEqual(200);
      },
    );

    it("names too many fields, or one too long, for what they are (400), not a too-large upload", async () => {
      const many = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`extra${i}`, "x"]));
      expect(await create({ ...validProductFields(), ...many })).toMatchObject({
        status: 400,
        body: { error: a.tooManyFields(20), details: [a.tooManyFields(20)] },
      });
      expect(
        await create(validProductFields({ description: "a necklace ".repeat(7000) })),
      ).toMatchObject({ status: 400, body: { error: a.fieldTooLarge("description", 64) } });
    });

    it("says images must be files when one is sent as text", async () => {
      expect(await create({ ...validProductFields(), images: "cedar.jpg" })).toMatchObject({
        status: 400,
        body: { error: a.imagesMustBeFiles, details: [a.imagesMustBeFiles] },
      });
    });

    it("never answers 500 for a broken multipart body", async () => {
      for (const body of [
        "--xyz\r\n",
        "--xyz\r\nContent-Disposition: form-data\r\n\r\nx\r\n--xyz--",
        "garbage",
        "",
      ]) {
        const response = await postRoute(
          new Request(`${APP}/api/admin/products`, {
            method: "POST",
            headers: {
              authorization: `Bearer ${admin}`,
              "content-type": "multipart/form-data; boundary=xyz",
            },
            body,
          }),
        );
        expect(response.status).toBe(400);
      }
    });
  });
});
