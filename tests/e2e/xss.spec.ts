import { expect, test, type Page } from "./support/test";
import { AccountArea, newShopper } from "./support/account";
import { AdminPanel, photo, signInAsOwner } from "./support/admin";
import { Mailbox } from "./support/mailbox";
import { messages } from "@/lib/messages";
import type { OrderDto } from "@/models/order";
import type { ProductDto } from "@/models/product";

// Stored XSS in the browser: what a shop owner or a shopper typed (product text, names, the
// address, order notes) shows as text on every page that shows it. No dialog opens, and no element
// or handler of a payload exists in the page. (The mails and the JSON-LD block are checked
// character by character in tests/api/xss.test.ts.)

const SCRIPT = "<script>alert(1)</script>";
const ATTRIBUTE = '"><img src=x onerror=alert(1)>';
const SCRIPT_ESCAPE = "</script><script>alert(1)</script>";
const SVG = "'><svg onload=alert(1)>";

/** Fails the test on any dialog a payload might open. */
function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on("dialog", (dialog) => {
    opened.push(dialog.message());
    void dialog.dismiss();
  });
  return opened;
}

async function expectNothingInjected(page: Page, opened: string[]) {
  const found = await page.evaluate(() => ({
    images: document.querySelectorAll('img[src="x"]').length,
    svgHandlers: document.querySelectorAll("svg[onload]").length,
    handlers: document.querySelectorAll("[onerror], [onload]").length,
    scripts: [...document.scripts].filter((script) => script.text.trim() === "alert(1)").length,
  }));
  expect(found, `no payload element on ${page.url()}`).toEqual({
    images: 0,
    svgHandlers: 0,
    handlers: 0,
    scripts: 0,
  });
  expect(opened, "dialogs").toEqual([]);
}

test("payloads in products, names, addresses and notes show as text in the shop and the panel", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const opened = watchDialogs(page);
  const stamp = Date.now();
  // A leading "<" sorts first, so the piece is on the first screen of its category.
  const name = `${SCRIPT} Amber Ring ${stamp}`;
  const description = `Gold leaves ${ATTRIBUTE} ${SCRIPT_ESCAPE}`;

  await signInAsOwner(page);
  const created = await page.request.post("/api/admin/products", {
    multipart: {
      name,
      price: "21.00",
      category: "earrings",
      description,
      quantity: "20",
      materials: JSON.stringify([SCRIPT_ESCAPE, SVG]),
      images: await photo("ring.jpg", "#c9a45c"),
    },
  });
  expect(created.status()).toBe(201);
  const product = ((await created.json()) as { product: ProductDto }).product;

  // The storefront: the home page's grid and the product page (its heading, text and JSON-LD).
  await page.goto("/");
  await expect(page.getByText(name).first()).toBeVisible();
  await expectNothingInjected(page, opened);

  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText(description).first()).toBeVisible();
  await expect(page.getByText(SCRIPT_ESCAPE, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(SVG, { exact: true }).first()).toBeVisible();
  const structured = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) =>
      scripts.map((script) => JSON.parse(script.textContent!) as { name?: string }),
    );
  expect(structured.map((data) => data.name)).toContain(name);
  await expectNothingInjected(page, opened);

  // The admin panel's product list.
  const admin = new AdminPanel(page);
  await admin.open("products");
  await expect(admin.productRow(name)).toBeVisible();
  await expectNothingInjected(page, opened);

  // A shopper whose names are payloads, ordering to an address of payloads.
  await page.context().clearCookies();
  const shopper = { ...newShopper(), firstName: ATTRIBUTE, lastName: SCRIPT };
  const mailbox = new Mailbox(shopper.email);
  expect((await page.request.post("/api/auth/signup", { data: shopper })).status()).toBe(201);
  const token = new URL(`http://shop${await mailbox.verificationLink()}`).searchParams.get("token");
  expect((await page.request.post("/api/auth/verify-email", { data: { token } })).ok()).toBe(true);
  const notes = `Leave it with the concierge ${SCRIPT_ESCAPE}`;
  const checkout = await page.request.post("/api/orders/checkout", {
    data: {
      items: [{ productId: product._id, quantity: 1 }],
      shippingAddress: {
        fullName: SVG,
        address: SCRIPT,
        city: "Beirut",
        area: ATTRIBUTE,
        building: SCRIPT_ESCAPE,
      },
      phoneNumber: "+961 70 123 456",
      notes,
      currency: "USD",
    },
  });
  expect(checkout.status()).toBe(201);
  const { order } = (await checkout.json()) as { order: OrderDto };

  // The shopper's own name in the header's account menu.
  await page.goto("/");
  const account = new AccountArea(page);
  const menu = await account.openMenu();
  await expect(menu.getByText(`${ATTRIBUTE} ${SCRIPT}`)).toBeVisible();
  await expectNothingInjected(page, opened);

  // The shopper's own orders: the pieces, the address and the notes.
  await page.goto("/orders");
  const card = page.getByRole("article").filter({ hasText: order.orderNumber });
  for (const text of [name, SVG, SCRIPT, notes]) {
    await expect(card.getByText(text).first()).toBeVisible();
  }
  await expectNothingInjected(page, opened);

  // The owner's order list and the order's details window.
  await page.context().clearCookies();
  await signInAsOwner(page);
  await admin.open("orders");
  const row = page.getByRole("listitem").filter({ hasText: order.orderNumber });
  await expect(row.getByText(`${ATTRIBUTE} ${SCRIPT}`)).toBeVisible();
  await row.getByRole("button", { name: messages.admin.viewDetails }).click();
  await expect(admin.dialog.getByText(`${ATTRIBUTE} ${SCRIPT}`)).toBeVisible();
  for (const line of [SVG, SCRIPT, notes]) {
    await expect(admin.dialog.getByText(line).first()).toBeVisible();
  }
  await expect(admin.dialog.getByText(ATTRIBUTE, { exact: false }).first()).toBeVisible();
  await expect(admin.dialog.getByText(name)).toBeVisible();
  await expectNothingInjected(page, opened);
});
