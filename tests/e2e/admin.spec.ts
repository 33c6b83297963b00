import sharp from "sharp";
import {
  expect,
  expectLiningFigures,
  expectTapTargets,
  FINGERTIP,
  holdRequests,
  test,
  type Page,
} from "./support/test";
import {
  request as playwrightRequest,
  type APIRequestContext,
  type Locator,
} from "@playwright/test";
import { AccountArea, newShopper } from "./support/account";
import { AdminPanel, photo, signInAsOwner, verifiedCustomer } from "./support/admin";
import { createProduct } from "./support/checkout";
import { Mailbox } from "./support/mailbox";
import { dollarsToCents, formatPrice } from "@/lib/format";
import { messages } from "@/lib/messages";
import type { OrderDto } from "@/models/order";
import type { ProductDto } from "@/models/product";

const t = messages.admin;

test("the owner adds a product with two photos, sees it in the shop, changes its price and stock, then deletes it", async ({
  page,
}) => {
  // A long journey across the panel and the storefront.
  test.setTimeout(150_000);
  const name = `Moonstone Halo Ring ${Date.now()}`;
  const admin = new AdminPanel(page);
  await signInAsOwner(page);
  await admin.open("products");
  await expect(page.getByRole("heading", { name: t.productManagement })).toBeVisible();

  await page.getByRole("button", { name: t.addNewProduct }).click();
  await expect(admin.dialog.getByRole("heading", { name: t.addProductTitle })).toBeVisible();
  // The spec's defaults: earrings, 10 in stock.
  await expect(admin.field(t.categoryLabel)).toHaveValue("earrings");
  await expect(admin.field(t.quantityLabel)).toHaveValue("10");
  await admin.dialog.getByRole("button", { name: t.createSubmit }).click();
  for (const error of [t.nameRequired, t.priceRequired, t.imagesRequired]) {
    await expect(admin.dialog.getByText(error, { exact: true })).toBeVisible();
  }

  await admin.field(t.nameLabel).fill(name);
  await admin.field(t.priceLabel).fill("42.50");
  await admin.field(t.categoryLabel).selectOption("rings");
  await admin.field(t.quantityLabel).fill("7");
  await admin.field(t.descriptionLabel).fill("A moonstone set in a halo of silver.");
  const material = admin.dialog.getByRole("textbox", { name: t.materialsLabel });
  await material.fill("  Sterling silver  ");
  await admin.dialog.getByRole("button", { name: t.addMaterial, exact: true }).click();
  await material.fill("   ");
  await admin.dialog.getByRole("button", { name: t.addMaterial, exact: true }).click();
  await material.fill("Moonstone");
  await material.press("Enter");
  await expect(admin.dialog.getByRole("button", { name: /^Remove / })).toHaveCount(2);
  await admin.dialog
    .getByLabel(t.addImages)
    .setInputFiles([await photo("front.jpg", "#d4af37"), await photo("side.jpg", "#7a5618")]);
  await expect(admin.dialog.getByRole("img", { name: t.imageAlt(2) })).toBeVisible();
  // A document named like a photo is refused where it is picked, not shown as a broken picture.
  // Every file refused is named, an empty one too.
  await admin.dialog.getByLabel(t.addImages).setInputFiles([
    { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("%PDF-1.4 a price list") },
    { name: "empty.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(0) },
  ]);
  await expect(admin.dialog.getByText(messages.api.fileNotAnImage("notes.jpg"))).toBeVisible();
  await expect(admin.dialog.getByText(messages.api.fileNotAnImage("empty.jpg"))).toBeVisible();
  await expect(admin.dialog.getByRole("img", { name: t.imageAlt(3) })).toHaveCount(0);
  // The second photo becomes the cover.
  await admin.dialog.getByRole("button", { name: t.moveImageEarlier(2) }).click();
  await admin.dialog.getByRole("button", { name: t.createSubmit }).click();
  await admin.expectToast(t.productCreated);
  await expect(admin.dialog).toBeHidden();
  const row = admin.productRow(name);
  await expect(row).toContainText("$42.50");
  await expect(row).toContainText(t.inStock);

  const products = (await (await page.request.get("/api/admin/products")).json()) as {
    products: ProductDto[];
  };
  const created = products.products.find((p) => p.name === name)!;
  expect(created).toMatchObject({
    price: 42.5,
    quantity: 7,
    category: "rings",
    materials: ["Sterling silver", "Moonstone"],
  });
  expect(created.images).toHaveLength(2);

  await page.goto("/?category=rings");
  await expect(page.getByText(name).first()).toBeVisible();
  await page.goto(`/product/${created.id}`);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText("$42.50").first()).toBeVisible();

  await admin.open("products");
  await page.getByRole("button", { name: t.editProduct(name) }).click();
  await expect(admin.field(t.priceLabel)).toHaveValue("42.50");
  await admin.field(t.priceLabel).fill("39.999");
  await admin.dialog.getByRole("button", { name: t.updateSubmit }).click();
  await expect(admin.dialog.getByText(t.priceDecimals, { exact: true })).toBeVisible();
  await admin.field(t.priceLabel).fill("39.99");
  await admin.field(t.quantityLabel).fill("0");
  // A material typed but not added goes with the save.
  await material.fill(" Gold vermeil ");
  await admin.dialog.getByRole("button", { name: t.updateSubmit }).click();
  await admin.expectToast(t.productUpdated);
  await expect(row).toContainText("$39.99");
  await expect(row).toContainText(t.outOfStock);
  const updated = (await (
    await page.request.get(`/api/product/${created.id}`)
  ).json()) as ProductDto;
  expect(updated.materials).toEqual(["Sterling silver", "Moonstone", "Gold vermeil"]);

  await page.goto(`/product/${created.id}`);
  await expect(page.getByText("$39.99").first()).toBeVisible();
  await expect(page.getByText(messages.stock.detailUnavailable)).toBeVisible();

  await admin.open("products");
  await page.getByRole("button", { name: t.deleteProduct(name) }).click();
  await expect(admin.dialog.getByText(t.confirmDelete(name))).toBeVisible();
  await admin.dialog.getByRole("button", { name: t.delete, exact: true }).click();
  await admin.expectToast(t.productDeleted);
  await expect(admin.productRow(name)).toHaveCount(0);
  await page.goto(`/product/${created.id}`);
  await expect(page.getByRole("heading", { name: messages.product.notFoundTitle })).toBeVisible();
});

test("a large camera photo is sent at the size the shop stores, not as it was taken", async ({
  page,
}) => {
  const name = `Camera Roll Ring ${Date.now()}`;
  // A 3000 × 2400 photo full of detail, as a phone's camera takes it: about 6 MB.
  const taken = await sharp({
    create: {
      width: 3000,
      height: 2400,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
  const admin = new AdminPanel(page);
  await signInAsOwner(page);
  await admin.open("products");
  await page.getByRole("button", { name: t.addNewProduct }).click();
  await admin.field(t.nameLabel).fill(name);
  await admin.field(t.priceLabel).fill("30.00");
  await admin.field(t.descriptionLabel).fill("Photographed on a phone.");
  await admin.dialog
    .getByLabel(t.addImages)
    .setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: taken });
  await expect(admin.dialog.getByRole("img", { name: t.imageAlt(1) })).toBeVisible();

  const sent = page.waitForRequest(
    (request) => request.url().endsWith("/api/admin/products") && request.method() === "POST",
  );
  await admin.dialog.getByRole("button", { name: t.createSubmit }).click();
  await admin.expectToast(t.productCreated);
  const length = Number(await (await sent).headerValue("content-length"));
  expect(length).toBeGreaterThan(0);
  expect(length).toBeLessThan(taken.length / 2);

  const { products } = (await (await page.request.get("/api/admin/products")).json()) as {
    products: ProductDto[];
  };
  const created = products.find((product) => product.name === name)!;
  const stored = await sharp(await (await page.request.get(created.images[0]!)).body()).metadata();
  expect([stored.width, stored.height]).toEqual([2000, 1600]);
});

test("an edit in the panel shows on the shop at once, reached through the site's own links", async ({
  page,
  baseURL,
}) => {
  const ring = await createProduct(baseURL!, {
    name: `Onyx Signet Ring ${Date.now()}`,
    price: "64.00",
    quantity: 5,
  });
  await signInAsOwner(page);
  const categories = page.getByRole("navigation", { name: "Categories" });
  const card = page.getByRole("list", { name: /products$/ }).getByRole("link", { name: ring.name });
  // The rings as the browser keeps them for quick navigation, before the edit.
  await page.goto("/category/rings");
  await expect(card).toContainText("$64.00");

  const account = new AccountArea(page);
  await account.choose(t.title);
  const admin = new AdminPanel(page);
  await expect(page.getByRole("heading", { name: t.title, level: 1 })).toBeVisible();
  await page.getByRole("tab", { name: t.tabs.products }).click();
  await page.getByRole("button", { name: t.editProduct(ring.name) }).click();
  await admin.field(t.priceLabel).fill("66.25");
  await admin.dialog.getByRole("button", { name: t.updateSubmit }).click();
  await admin.expectToast(t.productUpdated);

  // Back to the shop by its links, without reloading: the new price, not the kept page.
  await page.getByRole("banner").getByRole("link", { name: messages.layout.collections }).click();
  await categories.getByRole("link", { name: "Rings", exact: true }).click();
  await expect(page).toHaveURL(/\/category\/rings$/);
  await expect(card).toContainText("$66.25");
});

test("a piece deleted elsewhere while its form is open leaves the list when the form is saved", async ({
  page,
  baseURL,
}) => {
  const ring = await createProduct(baseURL!, {
    name: `Doomed Ring ${Date.now()}`,
    price: "20.00",
    quantity: 2,
  });
  const admin = new AdminPanel(page);
  await signInAsOwner(page);
  await admin.open("products");
  await page.getByRole("button", { name: t.editProduct(ring.name) }).click();
  await expect(admin.field(t.priceLabel)).toHaveValue("20.00");
  expect((await page.request.delete(`/api/admin/products/${ring.id}`)).ok()).toBe(true);

  await admin.dialog.getByRole("button", { name: t.updateSubmit }).click();
  await admin.expectToast(messages.api.productNotFound);
  await expect(admin.dialog).toBeHidden();
  await expect(admin.productRow(ring.name)).toHaveCount(0);
});

test("a save and a delete whose answers were lost are sent again and reported done", async ({
  page,
  baseURL,
}) => {
  const ring = await createProduct(baseURL!, {
    name: `Lost Answer Ring ${Date.now()}`,
    price: "20.00",
    quantity: 2,
  });
  const admin = new AdminPanel(page);
  await signInAsOwner(page);
  await admin.open("products");
  // Each first try reaches the shop, and the connection drops before its answer comes back.
  const tries = { PUT: 0, DELETE: 0 };
  const saveKeys: (string | undefined)[] = [];
  await page.route(`**/api/admin/products/${ring.id}`, async (route) => {
    const method = route.request().method() as keyof typeof tries;
    if (method === "PUT") saveKeys.push(route.request().headers()["idempotency-key"]);
    if (!(method in tries) || ++tries[method] > 1) return route.continue();
    await route.fetch();
    await route.abort("connectionreset");
  });

  await page.getByRole("button", { name: t.editProduct(ring.name) }).click();
  await admin.field(t.quantityLabel).fill("7");
  await admin.dialog.getByRole("button", { name: t.updateSubmit }).click();
  await admin.expectToast(t.productUpdated);
  await expect(admin.dialog).toBeHidden();
  expect(tries.PUT).toBe(2);
  // Sent again as the same save: the stock it set is kept, not refused as moved by an order.
  expect(saveKeys[0]).toMatch(/^[\w-]{8,}$/);
  expect(saveKeys[1]).toBe(saveKeys[0]);
  expect(
    ((await (await page.request.get(`/api/product/${ring.id}`)).json()) as ProductDto).quantity,
  ).toBe(7);

  await page.getByRole("button", { name: t.deleteProduct(ring.name) }).click();
  await admin.dialog.getByRole("button", { name: t.delete, exact: true }).click();
  await admin.expectToast(t.productDeleted);
  await expect(admin.productRow(ring.name)).toHaveCount(0);
  expect(tries.DELETE).toBe(2);
  expect((await page.request.get(`/api/product/${ring.id}`)).status()).toBe(404);
});

/**
 * The owner's new piece, typed into a freshly opened Add New Product form with one photo.
 */
async function fillNewProduct(
  page: Page,
  admin: AdminPanel,
  { name, price }: { name: string; price: string },
) {
  await page.getByRole("button", { name: t.addNewProduct }).click();
  await admin.field(t.nameLabel).fill(name);
  await admin.field(t.priceLabel).fill(price);
  await admin.dialog.getByLabel(t.addImages).setInputFiles([await photo("front.jpg", "#c0c0c0")]);
  await expect(admin.dialog.getByRole("img", { name: t.imageAlt(1) })).toBeVisible();
}

const productsNamed = async (request: APIRequestContext, name: string) => {
  const { products } = (await (await request.get("/api/admin/products")).json()) as {
    products: ProductDto[];
  };
  return products.filter((product) => product.name === name);
};

/**
 * Every create reaches the shop; the first one's answer is lost on the way back. Returns each
 * create's Idempotency-Key.
 */
async function loseFirstCreateAnswer(page: Page) {
  const keys: (string | undefined)[] = [];
  await page.route("**/api/admin/products", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    keys.push(route.request().headers()["idempotency-key"]);
    if (keys.length > 1) return route.continue();
    const created = await route.fetch();
    expect(created.status()).toBe(201);
    await route.abort("connectionreset");
  });
  return keys;
}

/** The owner fills in a new piece and presses Create; the shop stores it, but its answer is lost. */
async function createWithLostAnswer(page: Page, product: Parameters<typeof fillNewProduct>[2]) {
  const admin = new AdminPanel(page);
  await signInAsOwner(page);
  await admin.open("products");
  const keys = await loseFirstCreateAnswer(page);
  await fillNewProduct(page, admin, product);
  const create = admin.dialog.getByRole("button", { name: t.createSubmit });
  await create.click();
  await admin.expectToast(t.genericError);
  return { admin, keys, create };
}

test("a create whose answer was lost, pressed again, makes the piece once and says it is created", async ({
  page,
}) => {
  const name = `Weak Signal Pendant ${Date.now()}`;
  const { admin, keys, create } = await createWithLostAnswer(page, { name, price: "55.00" });
  await create.click();
  await admin.expectToast(t.productCreated);
  await expect(admin.dialog).toBeHidden();
  await expect(admin.productRow(name)).toHaveCount(1);
  expect(await productsNamed(page.request, name)).toHaveLength(1);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toBeTruthy();
  expect(keys[1]).toBe(keys[0]);

  // A form opened again is another piece, even one typed the same.
  await fillNewProduct(page, admin, { name, price: "55.00" });
  await admin.dialog.getByRole("button", { name: t.createSubmit }).click();
  // The form closes once this create is answered (the first one's toast may still be showing).
  await expect(admin.dialog).toBeHidden();
  await admin.expectToast(t.productCreated);
  expect(keys[2]).toBeTruthy();
  expect(keys[2]).not.toBe(keys[0]);
  expect(await productsNamed(page.request, name)).toHaveLength(2);
});

test("a create whose answer was lost, corrected and pressed again, makes the piece with the correction", async ({
  page,
}) => {
  const name = `Corrected Price Anklet ${Date.now()}`;
  const { admin, keys, create } = await createWithLostAnswer(page, { name, price: "18.00" });
  await admin.field(t.priceLabel).fill("19.00");
  await create.click();
  await admin.expectToast(t.productCreated);
  await expect(admin.dialog).toBeHidden();

  // The first create was stored before its answer was lost; the corrected one is a second piece.
  const prices = (await productsNamed(page.request, name)).map((product) => product.price);
  expect(prices.sort((a, b) => a - b)).toEqual([18, 19]);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toBeTruthy();
  expect(keys[1]).not.toBe(keys[0]);
});

test("an order placed while the owner edits a piece: its units are not put back by the form", async ({
  page,
  request,
  baseURL,
}) => {
  const name = `Cedar Drop Pendant ${Date.now()}`;
  const { admin, product } = await productsWithNewPiece(page, baseURL!, {
    name,
    price: "25.00",
    quantity: 5,
  });
  await page.getByRole("button", { name: t.editProduct(name) }).click();
  await expect(admin.field(t.quantityLabel)).toHaveValue("5");

  await verifiedCustomer(request);
  const placed = await request.post("/api/orders/checkout", {
    data: {
      items: [{ productId: product.id, quantity: 2 }],
      shippingAddress: { fullName: "Rana Aoun", address: "Gemmayzeh", city: "Beirut" },
      phoneNumber: "+961 70 123 456",
      currency: "USD",
    },
  });
  expect(placed.status()).toBe(201);

  // A restock typed over the stock the form was opened with: the form shows the stock as it is.
  await admin.field(t.quantityLabel).fill("9");
  await admin.dialog.getByRole("button", { name: t.updateSubmit }).click();
  await expect(admin.dialog.getByText(t.stockChangedWhileEditing(3))).toBeVisible();
  await expect(admin.field(t.quantityLabel)).toHaveValue("3");
  await admin.field(t.quantityLabel).fill("9");
  await admin.dialog.getByRole("button", { name: t.updateSubmit }).click();
  await admin.expectToast(t.productUpdated);
  const saved = (await (await request.get(`/api/product/${product.id}`)).json()) as ProductDto;
  expect(saved.quantity).toBe(9);
});

test("a save made elsewhere while the product form is open is kept, its photos too; a price both changed shows as saved there", async ({
  page,
  baseURL,
}) => {
  const name = `Olive Branch Cuff ${Date.now()}`;
  const { admin, product } = await productsWithNewPiece(page, baseURL!, {
    name,
    price: "25.00",
    quantity: 5,
  });
  // A save from the owner's phone, the spec's way (every field, as that form last showed them),
  // with photos when given.
  const savedOnPhone = async (
    fields: { price: string; description: string },
    photos: Record<string, string | Awaited<ReturnType<typeof photo>>> = {},
  ) => {
    const response = await page.request.put(`/api/admin/products/${product.id}`, {
      multipart: {
        name,
        category: "rings",
        quantity: "5",
        materials: JSON.stringify(["Sterling silver"]),
        ...fields,
        ...photos,
      },
    });
    expect(response.status()).toBe(200);
  };
  const saved = async () =>
    (await (await page.request.get(`/api/product/${product.id}`)).json()) as ProductDto;

  await page.getByRole("button", { name: t.editProduct(name) }).click();
  await expect(admin.field(t.priceLabel)).toHaveValue("25.00");
  await savedOnPhone(
    { price: "32.00", description: "Made for the checkout journey." },
    {
      images: await photo("side.jpg", "#7a5618"),
      imageOrder: JSON.stringify([...product.images, "new:0"]),
    },
  );
  // The laptop's form, opened before, changes only the description: the phone's price and photo
  // stay.
  await admin.field(t.descriptionLabel).fill("Hammered by hand.");
  await admin.dialog.getByRole("button", { name: t.updateSubmit }).click();
  await admin.expectToast(t.productUpdated);
  await expect(admin.dialog).toBeHidden();
  expect(await saved()).toMatchObject({ price: 32, description: "Hammered by hand." });
  expect((await saved()).images).toHaveLength(2);

  // Both change the price: the form shows the phone's and says so; saved again, hers stands.
  await page.getByRole("button", { name: t.editProduct(name) }).click();
  await expect(admin.field(t.priceLabel)).toHaveValue("32.00");
  await savedOnPhone({ price: "35.00", description: "Hammered by hand." });
  await admin.field(t.priceLabel).fill("30.00");
  await admin.dialog.getByRole("button", { name: t.updateSubmit }).click();
  await expect(admin.dialog.getByText(t.changedWhileEditing(["price"]))).toBeVisible();
  await expect(admin.field(t.priceLabel)).toHaveValue("35.00");
  expect((await saved()).price).toBe(35);
  await admin.field(t.priceLabel).fill("30.00");
  await admin.dialog.getByRole("button", { name: t.updateSubmit }).click();
  await expect(admin.dialog).toBeHidden();
  expect((await saved()).price).toBe(30);

  // Both change the photos: the phone adds one, the laptop's form removes the first. Both stand.
  await page.getByRole("button", { name: t.editProduct(name) }).click();
  await expect(admin.dialog.getByRole("img", { name: t.imageAlt(2) })).toBeVisible();
  const [cover, second] = (await saved()).images;
  await savedOnPhone(
    { price: "30.00", description: "Hammered by hand." },
    { images: await photo("back.jpg", "#336699") },
  );
  const added = (await saved()).images[2];
  await admin.dialog.getByRole("button", { name: t.removeImage(1) }).click();
  await admin.dialog.getByRole("button", { name: t.updateSubmit }).click();
  await admin.expectToast(t.productUpdated);
  await expect(admin.dialog).toBeHidden();
  expect((await saved()).images).toEqual([second, added]);
  expect(added).toBeDefined();
  expect([second, added]).not.toContain(cover);
});

/** The owner signed in on the panel's products, with a new piece made for the test. */
async function productsWithNewPiece(
  page: Page,
  baseURL: string,
  piece: { name: string; price: string; quantity: number },
) {
  const product = await createProduct(baseURL, piece);
  const admin = new AdminPanel(page);
  await signInAsOwner(page);
  await admin.open("products");
  return { admin, product };
}

/** A one-piece order placed by the customer signed in through `request`. */
async function placeOrder(
  request: APIRequestContext,
  {
    notes = "Please call before coming.",
    currency = "USD",
    phoneNumber = "+961 70 123 456",
  }: { notes?: string; currency?: OrderDto["currency"]; phoneNumber?: string } = {},
) {
  const catalogue = (await (await request.get("/api/products")).json()) as ProductDto[];
  const product = catalogue.find((p) => p.quantity > 2)!;
  const checkout = await request.post("/api/orders/checkout", {
    data: {
      items: [{ productId: product.id, quantity: 1 }],
      shippingAddress: {
        fullName: "Rana Aoun",
        address: "Mar Mikhael, Armenia St",
        city: "Beirut",
      },
      phoneNumber,
      notes,
      currency,
    },
  });
  expect(checkout.status()).toBe(201);
  const { order } = (await checkout.json()) as { order: OrderDto };
  return { order, product };
}

test("an order paid in pounds shows what the courier collects in the list and in its details", async ({
  page,
  request,
}) => {
  await verifiedCustomer(request);
  const { order } = await placeOrder(request, { currency: "LBP" });
  const dollars = formatPrice(dollarsToCents(order.totalAmount));
  const pounds = formatPrice(dollarsToCents(order.totalAmount), "LBP");
  const admin = await openOrderDetails(page, order);
  await expect(admin.dialog).toContainText(`${dollars} · ${pounds}`);
  await page.keyboard.press("Escape");
  const row = page.getByRole("listitem").filter({ hasText: order.orderNumber });
  await expect(row).toContainText(dollars);
  await expect(row).toContainText(pounds);
});

test("the owner finds an order by its number, the customer's email or phone, and a product by its name", async ({
  page,
  request,
  baseURL,
}) => {
  const shopper = await verifiedCustomer(request);
  const phone = `03 ${String(Date.now()).slice(-6, -3)} ${String(Date.now()).slice(-3)}`;
  const { order } = await placeOrder(request, { phoneNumber: phone });
  const earlier = await placeOrder(request);
  await signInAsOwner(page);
  const admin = new AdminPanel(page);
  await admin.open("orders");
  const panel = page.getByRole("tabpanel", { name: "Orders" });
  const rows = panel.getByRole("listitem");
  const search = panel.getByRole("searchbox", { name: t.findOrder });
  const total = panel.getByRole("definition").last();
  await expect(rows.filter({ hasText: order.orderNumber })).toHaveCount(1);
  const loaded = await total.textContent();

  await search.fill(order.orderNumber.toLowerCase());
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(order.orderNumber);
  // The tiles still count every order loaded.
  await expect(total).toHaveText(loaded!);

  await search.fill(phone.replaceAll(" ", ""));
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(order.orderNumber);

  await search.fill(shopper.email.toUpperCase());
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: earlier.order.orderNumber })).toHaveCount(1);

  await search.fill("  nobody-ordered-this ");
  await expect(panel.getByText(t.noOrdersMatch("nobody-ordered-this"))).toBeVisible();
  await panel.getByRole("button", { name: messages.search.clear }).click();
  await expect(search).toHaveValue("");
  await expect(search).toBeFocused();
  await expect(rows.filter({ hasText: order.orderNumber })).toHaveCount(1);

  const ring = await createProduct(baseURL!, {
    name: `Qadisha Moss Ring ${Date.now()}`,
    price: "31.00",
    quantity: 4,
  });
  await admin.open("products");
  const products = page.getByRole("tabpanel", { name: "Products" });
  await products.getByRole("searchbox", { name: t.findProduct }).fill("qadisha moss");
  await expect(products.getByRole("listitem")).toHaveCount(1);
  await expect(admin.productRow(ring.name)).toBeVisible();
});

/** The owner, signed in on `page`, at the orders section, which lists a customer's new order. */
async function ordersWithPendingOrder(page: Page, request: APIRequestContext) {
  await verifiedCustomer(request);
  const { order } = await placeOrder(request); // pending
  await signInAsOwner(page);
  await new AdminPanel(page).open("orders");
  const panel = page.getByRole("tabpanel", { name: "Orders" });
  const row = page.getByRole("listitem").filter({ hasText: order.orderNumber });
  await expect(row).toBeVisible();
  return { panel, row };
}

/** The owner, signed in on `page`, with the order's details window open. */
/** A customer's new order open in the panel's details, then set to `status` by another screen. */
async function detailsOpenWhileMovedElsewhere(
  page: Page,
  request: APIRequestContext,
  status: OrderDto["status"],
) {
  await verifiedCustomer(request);
  const { order } = await placeOrder(request);
  const admin = await openOrderDetails(page, order);
  const moved = await page.request.patch(`/api/admin/orders/${order._id}/status`, {
    data: { status },
  });
  expect(moved.status()).toBe(200);
  return { admin, order };
}

async function openOrderDetails(page: Page, order: OrderDto) {
  const admin = new AdminPanel(page);
  await signInAsOwner(page);
  await admin.open("orders");
  await expect(page.getByRole("heading", { name: t.orderManagement })).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: order.orderNumber });
  await row.getByRole("button", { name: t.viewDetails }).click();
  await expect(
    admin.dialog.getByRole("heading", { name: t.orderTitle(order.orderNumber) }),
  ).toBeVisible();
  return admin;
}

test("the owner moves an order along in its details window until it is cancelled and locked @phone", async ({
  page,
  request,
}) => {
  const shopper = await verifiedCustomer(request);
  const mailbox = new Mailbox(shopper.email);
  const { order, product } = await placeOrder(request);
  const admin = await openOrderDetails(page, order);
  await expect(admin.dialog.getByText(shopper.email)).toBeVisible();
  await expect(admin.dialog.getByText(t.accountDeleted, { exact: true })).toHaveCount(0);
  await expect(admin.dialog.getByText("Please call before coming.")).toBeVisible();
  // The owner calls the customer from here, on a phone too, or writes to her on WhatsApp.
  await expectTapTargets(admin.dialog.getByRole("link", { name: order.phoneNumber, exact: true }));
  const whatsApp = admin.dialog.getByRole("link", { name: t.whatsAppLabel(order.phoneNumber) });
  await expectTapTargets(whatsApp);
  const chat = new URL((await whatsApp.getAttribute("href"))!);
  expect(chat.origin + chat.pathname).toBe("https://wa.me/96170123456");
  expect(chat.searchParams.get("text")).toBe(
    t.whatsAppGreeting(shopper.firstName, order.orderNumber),
  );
  await expect(whatsApp).toHaveAttribute("target", "_blank");
  await expect(admin.dialog.getByText(product.name)).toBeVisible();

  await admin.dialog.getByRole("button", { name: "Out for Delivery" }).click();
  await admin.expectToast(t.statusUpdated);
  await expect(admin.dialog.getByRole("button", { name: "Out for Delivery" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await mailbox.next(new RegExp(order.orderNumber));

  // Cancelling cannot be undone: the owner is asked first, and Keep Order changes nothing.
  const question = page.getByRole("dialog", { name: t.cancelOrderTitle(order.orderNumber) });
  await admin.dialog.getByRole("button", { name: "Cancelled" }).click();
  await expect(question).toContainText(t.cancelOrderHint);
  await question.getByRole("button", { name: t.keepOrder }).click();
  await expect(question).toHaveCount(0);
  await expect(admin.dialog.getByRole("button", { name: "Out for Delivery" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const { orders } = (await (await request.get("/api/orders")).json()) as { orders: OrderDto[] };
  expect(orders.find((o) => o._id === order._id)?.status).toBe("out_for_delivery");
  await admin.dialog.getByRole("button", { name: "Cancelled" }).click();
  await question.getByRole("button", { name: t.cancelOrder }).click();
  await expect(admin.dialog.getByText(t.cancelledLocked)).toBeVisible();
  await expect(admin.dialog.getByRole("button", { name: "Delivered" })).toHaveCount(0);
  const after = (await (await request.get("/api/products")).json()) as ProductDto[];
  expect(after.find((p) => p.id === product.id)!.quantity).toBe(product.quantity);

  await page.keyboard.press("Escape");
  await admin.open("orders");
  // The panel on screen: while the page streams in, React may hold a second copy out of sight.
  const statusFilter = page.getByRole("tabpanel", { name: "Orders" }).getByLabel(t.statusFilter);
  await statusFilter.selectOption("cancelled");
  await expect(page.getByRole("listitem").filter({ hasText: order.orderNumber })).toBeVisible();
  await statusFilter.selectOption("delivered");
  await expect(page.getByRole("listitem").filter({ hasText: order.orderNumber })).toHaveCount(0);
});

test("an order whose customer has deleted the account shows who placed it and that the account is gone", async ({
  page,
  request,
}) => {
  const shopper = await verifiedCustomer(request);
  const { order } = await placeOrder(request);
  const deleted = await request.delete("/api/auth/delete-account", {
    data: { password: shopper.password },
  });
  expect(deleted.ok()).toBe(true);

  const admin = await openOrderDetails(page, order);
  await expect(admin.dialog.getByText(shopper.email)).toBeVisible();
  await expect(admin.dialog.getByText(t.accountDeleted, { exact: true })).toBeVisible();
});

test("while another status's orders load, the list shows none of the orders it had", async ({
  page,
  request,
}) => {
  const { panel, row } = await ordersWithPendingOrder(page, request);

  // The delivered orders are slow to come.
  const answer = await holdRequests(page, "**/api/admin/orders?status=delivered");
  await panel.getByLabel(t.statusFilter).selectOption("delivered");
  await expect(panel.getByLabel(t.loading)).toBeVisible();
  await expect(row).toHaveCount(0);
  answer();
  await expect(panel.getByLabel(t.loading)).toHaveCount(0);
  await expect(row).toHaveCount(0);
});

test("the orders' status filter stays as the owner left it when she looks at another section and back, or reloads", async ({
  page,
  request,
}) => {
  const { panel, row } = await ordersWithPendingOrder(page, request);
  await panel.getByLabel(t.statusFilter).selectOption("pending");
  await expect(page).toHaveURL(/[?&]status=pending(&|$)/);

  await page.getByRole("tab", { name: t.tabs.dashboard }).click();
  await page.getByRole("tab", { name: t.tabs.orders }).click();
  await expect(panel.getByLabel(t.statusFilter)).toHaveValue("pending");
  await expect(row).toBeVisible();

  await page.reload();
  await expect(panel.getByLabel(t.statusFilter)).toHaveValue("pending");
  await expect(row).toBeVisible();

  // Back to every order: the URL no longer names a status.
  await panel.getByLabel(t.statusFilter).selectOption("all");
  await expect(page).not.toHaveURL(/status=/);
  await expect(row).toBeVisible();
});

test("a long link in an order's notes wraps: the customer's card and the owner's window keep every amount on a phone's screen, each on one line", async ({
  page,
}) => {
  const link = "https://www.google.com/maps/place/Hamra+St,+Beirut/@33.8966,35.4823,17z";
  await page.setViewportSize({ width: 390, height: 844 });
  // From the Instagram link: the order carries the discount's long label and its amount.
  await verifiedCustomer(page.request, { source: "instagram" });
  const { order } = await placeOrder(page.request, { notes: `Pin: ${link}` });
  const onScreen = async (locator: Locator) => {
    const box = (await locator.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  };
  const widerThanScreen = () =>
    page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  await page.goto("/orders");
  const card = page.getByRole("article", { name: messages.orders.orderNumber(order.orderNumber) });
  await expect(card).toContainText(link);
  expect(await widerThanScreen()).toBe(0);
  await onScreen(card.getByText(`$${order.totalAmount.toFixed(2)}`));

  const admin = await openOrderDetails(page, order);
  await expect(admin.dialog).toContainText(link);
  await onScreen(admin.dialog.getByText(`$${order.totalAmount.toFixed(2)}`).first());
  await onScreen(admin.dialog.getByRole("button", { name: messages.account.close, exact: true }));
  // The discount's minus sign stays on its amount's line (its text makes one line box).
  expect(order.discount).not.toBeNull();
  const discount = admin.dialog.getByText(`−$${order.discount!.amount.toFixed(2)}`, {
    exact: true,
  });
  const lines = await discount.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(1);
});

test("a long product name and material keep the dashboard and the edit window on a phone's screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsOwner(page);
  const name = `${"W".repeat(180)}${Date.now()}`;
  const created = await page.request.post("/api/admin/products", {
    multipart: {
      name,
      price: "12.00",
      category: "rings",
      description: "A name with no place to break.",
      quantity: "2",
      materials: JSON.stringify(["M".repeat(100)]),
      images: await photo("long.jpg", "#b08d57"),
    },
  });
  expect(created.status()).toBe(201);
  const onScreen = async (locator: Locator) => {
    const box = (await locator.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  };

  const admin = new AdminPanel(page);
  await admin.open("dashboard");
  const lowStock = page.getByRole("listitem").filter({ hasText: name });
  await expect(lowStock).toContainText(t.nLeft(2));
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(
    0,
  );
  await onScreen(lowStock.getByText(t.nLeft(2)));

  await admin.open("products");
  await page.getByRole("button", { name: t.editProduct(name) }).click();
  await onScreen(admin.field(t.quantityLabel));
  await onScreen(admin.dialog.getByRole("button", { name: t.removeMaterial("M".repeat(100)) }));
  await onScreen(admin.dialog.getByRole("button", { name: messages.account.close, exact: true }));
});

test("on a tablet, every product row shows its name and every order row its customer and View Details button", async ({
  page,
}) => {
  // An iPad held upright: wider than a phone, narrower than the lists' columns on a desktop.
  await page.setViewportSize({ width: 820, height: 1180 });
  const shopper = await verifiedCustomer(page.request, { shopper: newShopper("Nour", "Haddad") });
  const { order, product } = await placeOrder(page.request);
  const insideOf = async (locator: Locator, container: Locator) => {
    const box = (await locator.boundingBox())!;
    const outer = (await container.boundingBox())!;
    expect(box.width, "shown with some width").toBeGreaterThan(40);
    expect(box.x + box.width, "inside its row").toBeLessThanOrEqual(outer.x + outer.width);
  };

  await signInAsOwner(page);
  const admin = new AdminPanel(page);
  await admin.open("products");
  const productRow = admin.productRow(product.name);
  await insideOf(productRow.getByText(product.name, { exact: true }), productRow);
  await insideOf(
    productRow.getByRole("button", { name: t.deleteProduct(product.name) }),
    productRow,
  );

  await admin.open("orders");
  const orderRow = page.getByRole("listitem").filter({ hasText: order.orderNumber });
  const customer = t.customerName(shopper.firstName, shopper.lastName);
  await insideOf(orderRow.getByText(customer, { exact: true }), orderRow);
  await insideOf(orderRow.getByRole("button", { name: t.viewDetails }), orderRow);
});

test("on a phone, a notification leaves the delete confirmation's buttons in sight", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const ring = await createProduct(baseURL!, {
    name: `Garnet Band ${Date.now()}`,
    price: "28.00",
    quantity: 4,
  });
  await signInAsOwner(page);
  const admin = new AdminPanel(page);
  await admin.open("products");
  await page.getByRole("button", { name: t.editProduct(ring.name) }).click();
  await admin.dialog.getByRole("button", { name: t.updateSubmit }).click();
  await admin.expectToast(t.productUpdated);

  await page.getByRole("button", { name: t.deleteProduct(ring.name) }).click();
  const toast = page
    .getByRole("region", { name: /^Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: t.productUpdated });
  const toastBox = (await toast.boundingBox())!;
  for (const name of [t.delete, t.cancel]) {
    const button = admin.dialog.getByRole("button", { name, exact: true });
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    const apart = box.y >= toastBox.y + toastBox.height || box.y + box.height <= toastBox.y;
    expect(apart, `${name} is clear of the notification`).toBe(true);
  }
  await admin.dialog.getByRole("button", { name: t.cancel, exact: true }).click();
  await expect(admin.dialog).toHaveCount(0);
});

test("on a phone, the shoppers' chat button stays off the owner's panel, where it would cover a row's buttons", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const chat = page.getByRole("link", { name: messages.layout.chat });
  await page.goto("/");
  await expect(chat).toBeVisible();

  await signInAsOwner(page);
  const admin = new AdminPanel(page);
  await admin.open("products");
  await expect(page.getByRole("button", { name: /^Delete / }).first()).toBeVisible();
  await expect(chat).toBeHidden();
});

test("an order cancelled elsewhere while its details are open shows locked at the next press", async ({
  page,
  request,
}) => {
  // Another of the owner's screens cancels it meanwhile.
  const { admin } = await detailsOpenWhileMovedElsewhere(page, request, "cancelled");

  await admin.dialog.getByRole("button", { name: "Delivered" }).click();
  await admin.expectToast(t.cancelledLocked);
  await expect(admin.dialog.getByText(t.cancelledLocked)).toBeVisible();
  await expect(admin.dialog.getByRole("button", { name: "Delivered" })).toHaveCount(0);
});

test("an order moved along elsewhere while its details are open is shown as it is at the next press, not moved back", async ({
  page,
  request,
}) => {
  // Another of the owner's screens marks it delivered meanwhile.
  const { admin, order } = await detailsOpenWhileMovedElsewhere(page, request, "delivered");

  // This screen still shows it pending: its press is refused, and the order shows as delivered.
  await admin.dialog.getByRole("button", { name: "Confirmed" }).click();
  await admin.expectToast(t.statusChangedElsewhere("Delivered"));
  await expect(admin.dialog.getByRole("button", { name: "Delivered" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const current = async () =>
    (
      (await (await page.request.get("/api/admin/orders")).json()) as { orders: OrderDto[] }
    ).orders.find((o) => o._id === order._id)?.status;
  expect(await current()).toBe("delivered");
  // Pressed again, now knowing: any status, as ever.
  await admin.dialog.getByRole("button", { name: "Confirmed" }).click();
  await admin.expectToast(t.statusUpdated);
  await expect.poll(current).toBe("confirmed");
});

test("a visitor and a customer asking for /admin land on the home page", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await verifiedCustomer(page.request);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await expect(new AccountArea(page).menuButton).toBeVisible();
});

test("a status change answered after its window was closed leaves the order opened next on screen", async ({
  page,
  request,
}) => {
  await verifiedCustomer(request);
  const { order: first } = await placeOrder(request);
  const { order: second } = await placeOrder(request);
  const admin = await openOrderDetails(page, first);

  // A slow connection: the first order's change is answered only later.
  const answer = await holdRequests(page, `**/api/admin/orders/${first._id}/status`);
  await admin.dialog.getByRole("button", { name: "Preparing" }).click();
  await page.keyboard.press("Escape");
  await expect(admin.dialog).toHaveCount(0);

  await page
    .getByRole("listitem")
    .filter({ hasText: second.orderNumber })
    .getByRole("button", { name: t.viewDetails })
    .click();
  const secondTitle = admin.dialog.getByRole("heading", { name: t.orderTitle(second.orderNumber) });
  await expect(secondTitle).toBeVisible();
  answer();
  await admin.expectToast(t.statusUpdated);
  // The window still shows the order the owner opened, whose buttons she is about to press.
  await expect(secondTitle).toBeVisible();
  await expect(admin.dialog.getByRole("button", { name: "Pending" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  // And a window closed while its change was on its way stays closed.
  await page.keyboard.press("Escape");
  await expect(admin.dialog).toHaveCount(0);
  await page
    .getByRole("listitem")
    .filter({ hasText: second.orderNumber })
    .getByRole("button", { name: t.viewDetails })
    .click();
  const answerSecond = await holdRequests(page, `**/api/admin/orders/${second._id}/status`);
  await admin.dialog.getByRole("button", { name: "Confirmed" }).click();
  await page.keyboard.press("Escape");
  await expect(admin.dialog).toHaveCount(0);
  answerSecond();
  await admin.expectToast(t.statusUpdated);
  await expect(
    page.getByRole("listitem").filter({ hasText: second.orderNumber }).getByText("Confirmed"),
  ).toBeVisible();
  await expect(admin.dialog).toHaveCount(0);
});

test("a save answered after its form was closed leaves the form opened next, and what it holds, on screen", async ({
  page,
  baseURL,
}) => {
  const name = `Cedar Leaf Anklet ${Date.now()}`;
  const { admin, product } = await productsWithNewPiece(page, baseURL!, {
    name,
    price: "30.00",
    quantity: 4,
  });

  // A slow connection: the edit is answered only later.
  const answer = await holdRequests(page, `**/api/admin/products/${product.id}`);
  await page.getByRole("button", { name: t.editProduct(name) }).click();
  await admin.field(t.priceLabel).fill("31.00");
  await admin.dialog.getByRole("button", { name: t.updateSubmit }).click();
  await expect(admin.dialog.getByRole("button", { name: t.saving })).toBeVisible();
  // Cancel, the deliberate way out, closes it while the save is on its way (Escape waits).
  await admin.dialog.getByRole("button", { name: t.cancel, exact: true }).click();
  await expect(admin.dialog).toHaveCount(0);

  // The owner starts on the next piece meanwhile.
  await page.getByRole("button", { name: t.addNewProduct }).click();
  await expect(admin.dialog.getByRole("heading", { name: t.addProductTitle })).toBeVisible();
  await admin.field(t.nameLabel).fill("Olive Branch Cuff");
  answer();
  await admin.expectToast(t.productUpdated);
  await expect(admin.dialog.getByRole("heading", { name: t.addProductTitle })).toBeVisible();
  await expect(admin.field(t.nameLabel)).toHaveValue("Olive Branch Cuff");
  const saved = (await (await page.request.get(`/api/product/${product.id}`)).json()) as ProductDto;
  expect(saved.price).toBe(31);
});

test("photos still being prepared on a slow phone are not left out of a save", async ({
  page,
  baseURL,
}) => {
  const name = `Jounieh Shell Earrings ${Date.now()}`;
  const product = await createProduct(baseURL!, { name, price: "22.00", quantity: 6 });
  // A slow phone: the picked photo takes its time to be read.
  await page.addInitScript(() => {
    const held = window as unknown as { releasePhotos?: () => void };
    const released = new Promise<void>((resolve) => (held.releasePhotos = resolve));
    const read = window.createImageBitmap.bind(window) as (image: Blob) => Promise<ImageBitmap>;
    window.createImageBitmap = (async (image: Blob) => {
      await released;
      return read(image);
    }) as typeof window.createImageBitmap;
  });
  const admin = new AdminPanel(page);
  await signInAsOwner(page);
  await admin.open("products");
  await page.getByRole("button", { name: t.editProduct(name) }).click();
  await admin.field(t.priceLabel).fill("24.00");
  await admin.dialog.getByLabel(t.addImages).setInputFiles(await photo("side.jpg", "#7a5618"));
  // The owner saves at once (Enter in a field), before the photo shows.
  await admin.field(t.priceLabel).press("Enter");
  await expect(admin.dialog.getByRole("button", { name: t.preparingPhotos })).toBeDisabled();
  await page.evaluate(() => (window as unknown as { releasePhotos: () => void }).releasePhotos());
  await expect(admin.dialog.getByRole("img", { name: t.imageAlt(2) })).toBeVisible();
  await admin.dialog.getByRole("button", { name: t.updateSubmit }).click();
  await admin.expectToast(t.productUpdated);
  const saved = (await (await page.request.get(`/api/product/${product.id}`)).json()) as ProductDto;
  expect(saved.price).toBe(24);
  expect(saved.images).toHaveLength(2);
});

test("a delete answered after its question was closed leaves the question opened next on screen, ready", async ({
  page,
  baseURL,
}) => {
  const stamp = Date.now();
  const first = await createProduct(baseURL!, {
    name: `Fig Seed Ring ${stamp}`,
    price: "22.00",
    quantity: 3,
  });
  const second = await createProduct(baseURL!, {
    name: `Date Palm Ring ${stamp}`,
    price: "24.00",
    quantity: 3,
  });
  const admin = new AdminPanel(page);
  await signInAsOwner(page);
  await admin.open("products");

  // A slow connection: the first delete is answered only later.
  const answer = await holdRequests(page, `**/api/admin/products/${first.id}`);
  await page.getByRole("button", { name: t.deleteProduct(first.name) }).click();
  await admin.dialog.getByRole("button", { name: t.delete, exact: true }).click();
  await page.keyboard.press("Escape");
  await expect(admin.dialog).toHaveCount(0);

  // The owner asks about the next piece meanwhile: its Delete is hers to press.
  await page.getByRole("button", { name: t.deleteProduct(second.name) }).click();
  await expect(admin.dialog.getByText(t.confirmDelete(second.name))).toBeVisible();
  await expect(admin.dialog.getByRole("button", { name: t.delete, exact: true })).toBeEnabled();
  answer();
  await admin.expectToast(t.productDeleted);
  await expect(page.getByRole("button", { name: t.deleteProduct(first.name) })).toHaveCount(0);
  await expect(admin.dialog.getByText(t.confirmDelete(second.name))).toBeVisible();
  await admin.dialog.getByRole("button", { name: t.delete, exact: true }).click();
  await expect(page.getByRole("button", { name: t.deleteProduct(second.name) })).toHaveCount(0);
});

test("on a touch screen, the product form opens without the keyboard, and the panel's buttons, its photo and material controls and an order's details are a fingertip wide @phone", async ({
  page,
  baseURL,
  request,
}) => {
  test.skip(test.info().project.name !== "phone", "a touch screen's rule");
  await verifiedCustomer(request);
  const { order } = await placeOrder(request);
  const ring = await createProduct(baseURL!, {
    name: `Tyre Shell Ring ${Date.now()}`,
    price: "26.00",
    quantity: 3,
  });
  await signInAsOwner(page);
  const admin = new AdminPanel(page);
  await admin.open("products");
  await expectTapTargets(page.getByRole("tab"), FINGERTIP);
  await expectTapTargets(admin.productRow(ring.name).getByRole("button"), FINGERTIP);

  await page.getByRole("button", { name: t.editProduct(ring.name) }).click();
  // The window opens with no field focused: the phone's keyboard would cover the form at once.
  await expect(admin.dialog).toBeFocused();
  await admin.dialog
    .getByLabel(t.addImages)
    .setInputFiles([await photo("side.jpg", "#7a5618"), await photo("back.jpg", "#336699")]);
  await expect(admin.dialog.getByRole("img", { name: t.imageAlt(3) })).toBeVisible();
  // Remove, earlier and later on each photo, the materials' remove buttons, Add, Cancel, Update.
  await expectTapTargets(admin.dialog.locator("button"), FINGERTIP);
  await admin.dialog.getByRole("button", { name: t.removeMaterial("Sterling silver") }).click();
  await expect(admin.dialog.getByRole("button", { name: /^Remove S/ })).toHaveCount(0);
  await admin.dialog.getByRole("button", { name: t.cancel, exact: true }).click();

  await openOrderDetails(page, order);
  await expectTapTargets(
    admin.dialog.getByRole("link", { name: order.phoneNumber, exact: true }),
    FINGERTIP,
  );
  await expectTapTargets(admin.dialog.getByRole("button"), FINGERTIP);
  await page.keyboard.press("Escape");
  const orders = page.getByRole("tabpanel", { name: "Orders" });
  await expectTapTargets(orders.getByRole("button", { name: t.viewDetails }), FINGERTIP);
  await expectTapTargets(orders.getByLabel(t.statusFilter), FINGERTIP);
});

test("a press beside the product form keeps it open with what the owner typed", async ({
  page,
}) => {
  await signInAsOwner(page);
  const admin = new AdminPanel(page);
  await admin.open("products");
  await page.getByRole("button", { name: t.addNewProduct }).click();
  await admin.field(t.nameLabel).fill("Half-typed Cedar Pendant");
  await admin.dialog.getByLabel(t.addImages).setInputFiles([await photo("front.jpg", "#d4af37")]);
  await expect(admin.dialog.getByRole("img", { name: t.imageAlt(1) })).toBeVisible();

  // The dimmed page beside the window: a slip of the hand, not a choice to throw the form away.
  await page.mouse.click(5, 300);
  await expect(admin.dialog).toBeVisible();
  await expect(admin.field(t.nameLabel)).toHaveValue("Half-typed Cedar Pendant");
  await expect(admin.dialog.getByRole("img", { name: t.imageAlt(1) })).toBeVisible();

  await admin.dialog.getByRole("button", { name: t.cancel, exact: true }).click();
  await expect(admin.dialog).toHaveCount(0);
});

test("Escape or the close button on a product form holding unsaved work asks first; Keep Editing keeps it, Discard drops it", async ({
  page,
}) => {
  await signInAsOwner(page);
  const admin = new AdminPanel(page);
  await admin.open("products");
  const discard = page.getByRole("dialog", { name: t.discardChangesTitle });

  // Untouched: nothing to lose, Escape closes at once.
  await page.getByRole("button", { name: t.addNewProduct }).click();
  await expect(admin.dialog.getByRole("heading", { name: t.addProductTitle })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(admin.dialog).toHaveCount(0);

  // Halfway through a new piece, Escape pressed to leave a field (or by a stray hand) asks.
  await page.getByRole("button", { name: t.addNewProduct }).click();
  await admin.field(t.nameLabel).fill("Half-typed Cedar Pendant");
  await admin.field(t.descriptionLabel).fill("Hand-carved, on a silk cord.");
  await admin.dialog.getByLabel(t.addImages).setInputFiles([await photo("front.jpg", "#d4af37")]);
  await expect(admin.dialog.getByRole("img", { name: t.imageAlt(1) })).toBeVisible();
  await admin.field(t.descriptionLabel).focus();
  await page.keyboard.press("Escape");
  await expect(discard).toBeVisible();
  await expect(discard).toContainText(t.discardChangesHint);
  await discard.getByRole("button", { name: t.keepEditing }).click();
  await expect(discard).toHaveCount(0);
  const form = page.getByRole("dialog", { name: t.addProductTitle });
  await expect(form.getByLabel(t.nameLabel)).toHaveValue("Half-typed Cedar Pendant");
  await expect(form.getByLabel(t.descriptionLabel)).toHaveValue("Hand-carved, on a silk cord.");
  await expect(form.getByRole("img", { name: t.imageAlt(1) })).toBeVisible();

  // Escape in the question answers it as Keep Editing; the form stays as it was.
  await page.keyboard.press("Escape");
  // Keep Editing has focus: a stray Enter keeps the work too.
  await expect(discard.getByRole("button", { name: t.keepEditing })).toBeFocused();
  // The window heeds Escape a moment after it shows (its layer registers after a render): a
  // press sent in the same instant may go unheard, so it is sent again until it is heard.
  await expect(async () => {
    await page.keyboard.press("Escape");
    await expect(discard).toHaveCount(0, { timeout: 500 });
  }).toPass();
  await expect(form.getByLabel(t.nameLabel)).toHaveValue("Half-typed Cedar Pendant");

  // The close button asks too; Discard drops the form.
  await form.getByRole("button", { name: messages.account.close }).click();
  await expect(discard).toBeVisible();
  await discard.getByRole("button", { name: t.discardChanges, exact: true }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Cancel is the deliberate way out: it closes a changed form without asking.
  await page.getByRole("button", { name: t.addNewProduct }).click();
  await admin.field(t.nameLabel).fill("Another Pendant");
  await admin.dialog.getByRole("button", { name: t.cancel, exact: true }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(admin.productRow("Half-typed Cedar Pendant")).toHaveCount(0);
});

test("Escape or the close button while a product is being saved waits for the save, so a failed one loses nothing", async ({
  page,
}) => {
  await signInAsOwner(page);
  const admin = new AdminPanel(page);
  await admin.open("products");
  await page.getByRole("button", { name: t.addNewProduct }).click();
  await admin.field(t.nameLabel).fill("Cedar Bark Cuff");
  await admin.field(t.priceLabel).fill("38");
  await admin.dialog.getByLabel(t.addImages).setInputFiles([await photo("cuff.jpg", "#6b4f2a")]);
  await expect(admin.dialog.getByRole("img", { name: t.imageAlt(1) })).toBeVisible();
  // The phone's connection drops while the save is on its way.
  let dropConnection!: () => void;
  const dropped = new Promise<void>((resolve) => (dropConnection = resolve));
  await page.route("**/api/admin/products", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await dropped;
    await route.abort("internetdisconnected");
  });
  await admin.dialog.getByRole("button", { name: t.createSubmit }).click();
  await expect(admin.dialog.getByRole("button", { name: t.saving })).toBeDisabled();
  await page.keyboard.press("Escape");
  await admin.dialog.getByRole("button", { name: messages.account.close }).click();
  await expect(page.getByRole("dialog", { name: t.discardChangesTitle })).toHaveCount(0);
  await expect(admin.dialog).toBeVisible();
  dropConnection();
  await expect(admin.dialog.getByRole("button", { name: t.createSubmit })).toBeEnabled();
  await expect(admin.field(t.nameLabel)).toHaveValue("Cedar Bark Cuff");
  await expect(admin.dialog.getByRole("img", { name: t.imageAlt(1) })).toBeVisible();
});

test("a reload while the product form holds unsaved changes asks first; an untouched or saved form does not", async ({
  page,
}) => {
  await signInAsOwner(page);
  const admin = new AdminPanel(page);
  await admin.open("products");
  const asked: string[] = [];
  page.on("dialog", (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });
  const reload = () => page.evaluate(() => location.reload()).catch(() => undefined);

  // Opened and left as it was: nothing to lose, nothing asked.
  await page.getByRole("button", { name: t.addNewProduct }).click();
  await expect(admin.dialog).toBeVisible();
  await reload();
  await expect(admin.dialog).toHaveCount(0);
  await expect(page.getByRole("heading", { name: t.productManagement })).toBeVisible();
  expect(asked).toEqual([]);

  // A pull to refresh on a phone, or a reload pressed by mistake, halfway through a new piece:
  // the browser asks, and staying keeps everything she typed and picked.
  const name = `Half-typed Cedar Pendant ${Date.now()}`;
  await page.getByRole("button", { name: t.addNewProduct }).click();
  await admin.field(t.nameLabel).fill(name);
  await admin.dialog.getByLabel(t.addImages).setInputFiles([await photo("front.jpg", "#d4af37")]);
  await expect(admin.dialog.getByRole("img", { name: t.imageAlt(1) })).toBeVisible();
  await reload();
  await expect.poll(() => asked).toEqual(["beforeunload"]);
  await expect(admin.field(t.nameLabel)).toHaveValue(name);
  await expect(admin.dialog.getByRole("img", { name: t.imageAlt(1) })).toBeVisible();

  // Saved: nothing is left to lose.
  await admin.field(t.priceLabel).fill("38");
  await admin.dialog.getByRole("button", { name: t.createSubmit }).click();
  await admin.expectToast(t.productCreated);
  await expect(admin.dialog).toHaveCount(0);
  await reload();
  await expect(page.getByRole("heading", { name: t.productManagement })).toBeVisible();
  await expect(admin.productRow(name)).toBeVisible();
  expect(asked).toEqual(["beforeunload"]);
});

test("the dashboard's and the orders' counts use lining figures: a 1 never reads as an I, nor a 0 as an o", async ({
  page,
}) => {
  await signInAsOwner(page);
  const admin = new AdminPanel(page);
  await admin.open("dashboard");
  await expect(page.getByText(t.totalProducts)).toBeVisible();
  await expectLiningFigures(page.getByRole("tabpanel", { name: "Dashboard" }).locator("dd"));
  await admin.open("orders");
  await expect(page.getByText(t.totalTile, { exact: true })).toBeVisible();
  await expectLiningFigures(page.getByRole("tabpanel", { name: "Orders" }).locator("dl dd"));
});

test("after a delete, focus stays with the products, not back at the page's start", async ({
  page,
  baseURL,
}) => {
  const ring = await createProduct(baseURL!, {
    name: `Anjar Stone Ring ${Date.now()}`,
    price: "30.00",
    quantity: 2,
  });
  await signInAsOwner(page);
  const admin = new AdminPanel(page);
  await admin.open("products");
  // By keyboard, as on a desktop.
  await page.getByRole("button", { name: t.deleteProduct(ring.name) }).focus();
  await page.keyboard.press("Enter");
  await admin.dialog.getByRole("button", { name: t.delete, exact: true }).focus();
  await page.keyboard.press("Enter");
  await admin.expectToast(t.productDeleted);
  await expect(admin.productRow(ring.name)).toHaveCount(0);
  await expect(page.getByRole("button", { name: t.addNewProduct })).toBeFocused();
});

test("past the newest 100 orders the owner shows older ones, and her search reaches every order", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // 101 orders: six customers (20 orders an hour each), from three addresses (60 in 15 minutes).
  const product = await createProduct(baseURL!, {
    name: `Byblos Harbour Ring ${Date.now()}`,
    price: "12.00",
    quantity: 150,
  });
  const placed: string[] = [];
  for (let customer = 0; customer < 6; customer++) {
    const shopper = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${(Date.now() % 200) + (customer >> 1)}` },
    });
    await verifiedCustomer(shopper, { shopper: newShopper("Lina", `Harbour${customer}`) });
    for (let i = 0; i < 17 && placed.length < 101; i++) {
      const checkout = await shopper.post("/api/orders/checkout", {
        data: {
          items: [{ productId: product.id, quantity: 1 }],
          shippingAddress: { fullName: "Lina Harbour", address: "Old Souk", city: "Byblos" },
          phoneNumber: placed.length === 0 ? "09 540 001" : "09 540 002",
          currency: "USD",
        },
      });
      expect(checkout.status()).toBe(201);
      placed.push(((await checkout.json()) as { order: OrderDto }).order.orderNumber);
    }
    await shopper.dispose();
  }
  const [oldest] = placed;

  await signInAsOwner(page);
  const admin = new AdminPanel(page);
  await admin.open("orders");
  const panel = page.getByRole("tabpanel", { name: "Orders" });
  const rows = panel.getByRole("listitem");
  await expect(rows).toHaveCount(100);
  await expect(rows.filter({ hasText: placed.at(-1)! })).toHaveCount(1);
  await expect(rows.filter({ hasText: oldest! })).toHaveCount(0);
  await expect(panel.getByText(t.newestOrdersShown(100))).toBeVisible();

  // The search finds the oldest order on the server, by its number or as caller ID shows its phone.
  const search = panel.getByRole("searchbox", { name: t.findOrder });
  await search.fill(oldest!);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(oldest!);
  await search.fill("+961 9 540001");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(oldest!);
  // A search the server cannot run says so, and the loaded list's matches stand.
  await page.route(/\/api\/admin\/orders\?.*q=/, (route) => route.abort("connectionreset"));
  await search.fill(placed.at(-1)!);
  await expect(panel.getByRole("status").filter({ hasText: t.searchFailed })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await page.unroute(/\/api\/admin\/orders\?.*q=/);
  await panel.getByRole("button", { name: messages.search.clear }).click();
  await expect(rows).toHaveCount(100);

  await panel.getByRole("button", { name: t.showOlderOrders }).click();
  await expect(rows.filter({ hasText: oldest! })).toHaveCount(1);
  expect(await rows.count()).toBeGreaterThan(100);
  // The tiles count the loaded list (spec section 2).
  await expect(panel.getByRole("definition").last()).toHaveText(String(await rows.count()));
});

test("on a 360 px phone each tab's icon and label sit inside its pill with room to spare", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsOwner(page);
  const admin = new AdminPanel(page);
  await admin.open("dashboard");
  const tabs = page.getByRole("tablist", { name: t.tabsLabel }).getByRole("tab");
  await expect(tabs).toHaveCount(3);
  for (const tab of await tabs.all()) {
    // The room between the pill's edges and what it holds, on each side.
    const room = await tab.evaluate((element) => {
      const pill = element.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(element);
      const content = range.getBoundingClientRect();
      return Math.min(content.left - pill.left, pill.right - content.right);
    });
    expect(room, (await tab.textContent()) ?? "").toBeGreaterThanOrEqual(8);
  }
});
