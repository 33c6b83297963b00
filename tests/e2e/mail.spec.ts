// The mails as a customer and the owner read them on a phone: the HTML part laid out at a phone's
// width in the browser, as a mail app shows it.
import { expect, test, type Page } from "./support/test";
import { createProduct, verifiedCustomer } from "./support/checkout";
import { Mailbox, type Mail } from "./support/mailbox";
import { messages } from "@/lib/messages";
import type { OrderDto } from "@/models/order";

/** The narrowest phone the shop is made for. */
const PHONE_WIDTH = 360;

/** How far the mail's HTML part reaches past the width of a phone's screen (0: it fits). */
async function overflowOnPhone(page: Page, mail: Mail): Promise<number> {
  await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
  await page.setContent(mail.html);
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test("an order's mails fit a phone's screen when the customer pasted a map link into the notes", async ({
  page,
  baseURL,
}) => {
  const shopEmail = "hello@lumiere-jewelry.example";
  const ring = await createProduct(baseURL!, {
    name: `Olive Branch Ring ${Date.now()}`,
    price: "32.00",
    quantity: 3,
  });
  const shopper = await verifiedCustomer(page.request);
  const customerMail = new Mailbox(shopper.email);
  const shopMail = new Mailbox(shopEmail);
  const mapLink =
    "https://www.google.com/maps/place/33.8959203,35.4784301/@33.8959203,35.47843,17z";
  const placed = await page.request.post("/api/orders/checkout", {
    data: {
      items: [{ productId: ring.id, quantity: 1 }],
      shippingAddress: {
        fullName: "Rana Aoun",
        address: "Rue Gouraud, Gemmayzeh",
        city: "Beirut",
        additionalInfo: mapLink,
      },
      phoneNumber: "01 234 567",
      notes: `The building is here: ${mapLink}`,
      currency: "USD",
    },
  });
  expect(placed.status()).toBe(201);
  const { orderNumber } = ((await placed.json()) as { order: OrderDto }).order;

  const confirmation = await customerMail.next(
    new RegExp(messages.orderMail.confirmationText(orderNumber).slice(0, 40)),
  );
  const notice = await shopMail.next(new RegExp(`placed order ${orderNumber}`));
  for (const mail of [confirmation, notice]) {
    expect(mail.html).toContain(mapLink);
    expect(await overflowOnPhone(page, mail), `${mail.to} reads without scrolling sideways`).toBe(
      0,
    );
  }
});
