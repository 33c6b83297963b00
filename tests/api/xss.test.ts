// Stored XSS through every channel that carries what people typed outside the pages: the product
// page's structured data (JSON-LD) and every mail. Script and attribute payloads go in through the
// real handlers (product form, sign-up, checkout, status change) and must come out as text.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { POST as createProductRoute } from "@/app/api/admin/products/route";
import { POST as signup } from "@/app/api/auth/signup/route";
import { JsonLd } from "@/components/product/json-ld";
import { productJsonLd } from "@/components/product/product-seo";
import { resetEnvCache, shopEmail } from "@/lib/env";
import { detachedWorkDone } from "@/lib/http";
import type { OrderDto } from "@/models/order";
import type { ProductDto } from "@/models/product";
import { picture, productFormRequest, validProductFields } from "@/tests/support/admin-requests";
import { jsonRequest, outboxMails, readResponse, uniqueEmail } from "@/tests/support/auth-requests";
import { describeEachDatabase } from "@/tests/support/databases";
import { checkout, checkoutBody, setOrderStatus, shippingAddress } from "@/tests/support/shop";
import { createSignedInUser } from "@/tests/support/users";

/** What an attacker types: a script, an attribute breaking out of its quotes, a script-block escape. */
const PAYLOADS = {
  script: "<script>alert(1)</script>",
  attribute: '"><img src=x onerror=alert(1)>',
  scriptEscape: "</script><script>alert(1)</script>",
  quoteEscape: "'><svg onload=alert(1)>",
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** The decoded HTML part of a decoded mail, and its text part. */
function mailParts(mail: string): { text: string; html: string } {
  const htmlAt = mail.search(/Content-Type: text\/html/i);
  const textAt = mail.search(/Content-Type: text\/plain/i);
  expect(htmlAt).toBeGreaterThan(-1);
  expect(textAt).toBeGreaterThan(-1);
  return { text: mail.slice(textAt, htmlAt), html: mail.slice(htmlAt) };
}

/**
 * The mail shows each of `typed` as text: the HTML part carries it escaped and carries no element
 * or handler any payload could add; the text part carries it exactly as typed.
 */
function expectShownAsText(mail: string, typed: string[]) {
  const { text, html } = mailParts(mail);
  for (const value of typed) {
    expect(html).toContain(escapeHtml(value));
    expect(text).toContain(value);
  }
  expect(html).not.toMatch(/<script|<img|<svg|<\/script/i);
  // Handlers only as text, never inside a tag.
  expect(html).not.toMatch(/<[^>]*\son(error|load)=/i);
  // No payload reaches a header either (a subject or an address line).
  const head = mail.slice(0, mail.search(/\n\n/));
  expect(head).not.toMatch(/alert\(1\)/);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lumiere-xss-"));

beforeAll(() => {
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  resetEnvCache();
  jest.spyOn(console, "info").mockImplementation(() => {});
});
afterAll(async () => {
  await detachedWorkDone();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describeEachDatabase("stored XSS outside the pages", ({ db }) => {
  let product: ProductDto;

  beforeAll(async () => {
    const admin = await createSignedInUser(db(), { isAdmin: true });
    const created = await readResponse(
      await createProductRoute(
        productFormRequest("/api/admin/products", {
          token: admin.token,
          fields: validProductFields({
            name: `Cedar Ring ${PAYLOADS.script}`,
            description: `Gold leaves ${PAYLOADS.attribute} ${PAYLOADS.scriptEscape}`,
            materials: JSON.stringify([PAYLOADS.scriptEscape, PAYLOADS.quoteEscape]),
            quantity: "50",
          }),
          files: [{ name: "ring.jpg", data: await picture() }],
        }),
      ),
    );
    expect(created.status).toBe(201);
    product = (created.body.product ?? created.body) as ProductDto;
    expect(product.name).toBe(`Cedar Ring ${PAYLOADS.script}`);
  });

  it("JSON-LD keeps every payload inside its one script block, and reads back unchanged", () => {
    const data = productJsonLd(product);
    const markup = renderToStaticMarkup(JsonLd({ data }));
    // Exactly one script element: no payload closed it early or opened another.
    expect(markup.match(/<script/gi)).toHaveLength(1);
    expect(markup.match(/<\/script/gi)).toHaveLength(1);
    expect(markup).toMatch(/<\/script>$/);
    const json = /^<script type="application\/ld\+json">([\s\S]*)<\/script>$/.exec(markup)![1]!;
    // No "<" at all, so nothing in it can close or open a tag.
    expect(json).not.toContain("<");
    const parsed = JSON.parse(json) as ReturnType<typeof productJsonLd>;
    expect(parsed.name).toBe(`Cedar Ring ${PAYLOADS.script}`);
    expect(parsed.description).toContain(PAYLOADS.attribute);
    expect(parsed.description).toContain(PAYLOADS.scriptEscape);
    expect(parsed.material).toBe(`${PAYLOADS.scriptEscape}, ${PAYLOADS.quoteEscape}`);
  });

  it("the verification mail shows a customer's name as text", async () => {
    const email = uniqueEmail("xss-signup");
    const created = await readResponse(
      await signup(
        jsonRequest("/api/auth/signup", {
          body: {
            email,
            password: "silver-moon-7",
            firstName: PAYLOADS.attribute,
            lastName: PAYLOADS.script,
          },
        }),
      ),
    );
    expect(created.status).toBe(201);
    const [mail] = outboxMails(dataDir, email);
    expect(mail).toBeDefined();
    expectShownAsText(mail!, [PAYLOADS.attribute]);
  });

  it("order confirmation, shop notice and status mails show names, address, notes and products as text", async () => {
    const customer = await createSignedInUser(db(), {
      firstName: PAYLOADS.attribute,
      lastName: PAYLOADS.script,
    });
    const address = {
      ...shippingAddress,
      fullName: PAYLOADS.quoteEscape,
      address: PAYLOADS.script,
      area: PAYLOADS.scriptEscape,
      building: PAYLOADS.quoteEscape,
      floor: "<b>3</b>",
      additionalInfo: PAYLOADS.attribute,
    };
    const placed = await checkout({
      token: customer.token,
      body: checkoutBody([{ productId: product._id, quantity: 1 }], {
        shippingAddress: address,
        notes: `Gift ${PAYLOADS.scriptEscape}`,
      }),
    });
    expect(placed.status).toBe(201);
    const order = placed.body.order as OrderDto;
    await detachedWorkDone();

    const typedInOrder = [
      PAYLOADS.script,
      PAYLOADS.attribute,
      PAYLOADS.scriptEscape,
      PAYLOADS.quoteEscape,
      `Gift ${PAYLOADS.scriptEscape}`,
      `Cedar Ring ${PAYLOADS.script}`,
    ];
    const [confirmation] = outboxMails(dataDir, customer.user.email);
    expect(confirmation).toMatch(/Subject: .*order/i);
    expectShownAsText(confirmation!, [PAYLOADS.attribute, ...typedInOrder]);

    const notice = outboxMails(dataDir, shopEmail()).find((mail) =>
      mail.includes(order.orderNumber),
    );
    expect(notice).toBeDefined();
    expectShownAsText(notice!, typedInOrder);

    const admin = await createSignedInUser(db(), { isAdmin: true });
    for (const status of ["confirmed", "out_for_delivery", "delivered"]) {
      const changed = await setOrderStatus({ id: order._id, status, token: admin.token });
      expect(changed.status).toBe(200);
    }
    await detachedWorkDone();
    const statusMails = outboxMails(dataDir, customer.user.email).slice(1);
    expect(statusMails).toHaveLength(2);
    for (const mail of statusMails) expectShownAsText(mail, [PAYLOADS.attribute]);
    // Every mail of this test, whatever it is, passes the same check.
    for (const mail of [...outboxMails(dataDir, customer.user.email), notice!]) {
      expect(mailParts(mail).html).not.toMatch(/<script|<img|<svg/i);
    }
  });
});
