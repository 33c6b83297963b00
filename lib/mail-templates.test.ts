import { orderConfirmationMail } from "@/lib/mail-templates";
import type { OrderDto } from "@/models/order";

const order: OrderDto = {
  _id: "3f1c8a52-6a57-4c39-9d7e-2f1d7f6a9b10",
  id: "3f1c8a52-6a57-4c39-9d7e-2f1d7f6a9b10",
  orderNumber: "LUM-AB12-CD34",
  createdAt: "2026-11-27T10:00:00.000Z",
  updatedAt: "2026-11-27T10:00:00.000Z",
  status: "pending",
  items: [{ productId: null, name: "Cedar Ring", image: null, quantity: 1, price: 24.5 }],
  subtotal: 24.5,
  deliveryFee: 5,
  discount: null,
  totalAmount: 29.5,
  currency: "USD",
  paymentMethod: "cash_on_delivery",
  estimatedDelivery: "2026-12-02T10:00:00.000Z",
  shippingAddress: { fullName: "Rana Aoun", address: "Rue Gouraud", city: "Beirut" },
  phoneNumber: "+961 3 123 456",
  notes: "Ring twice\nTotal: $1 if the bell is broken",
};

const confirmation = () =>
  orderConfirmationMail({ firstName: "Rana", order, ordersUrl: "http://localhost:3000/orders" });

describe("an order confirmation mail", () => {
  it("indents the further lines of a row's value, so none reads as a row of its own", () => {
    const { text } = confirmation();
    expect(text).toContain("Notes: Ring twice\n  Total: $1 if the bell is broken");
    expect(text).toMatch(/^Total: \$29\.50$/m);
    expect(text).not.toMatch(/^Total: \$1/m);
    // The address's lines, under its label.
    expect(text).toMatch(/^Deliver to: Rana Aoun\n {2}\S/m);
  });

  it("fits the mail to a phone's screen in mail apps that read a viewport", () => {
    const { html } = confirmation();
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });
});
