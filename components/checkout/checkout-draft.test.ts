import { forgetCheckoutDraft, readCheckoutDraft } from "@/components/checkout/checkout-draft";
import { CHECKOUT_DRAFT_STORAGE_KEY } from "@/lib/constants";
import { installWebStorage } from "@/tests/support/web-storage";

const items = installWebStorage("sessionStorage");
beforeEach(() => items.clear());

const keep = (value: unknown) =>
  items.set(CHECKOUT_DRAFT_STORAGE_KEY, typeof value === "string" ? value : JSON.stringify(value));

describe("the checkout draft kept for a refresh", () => {
  it("gives back the customer's own fields", () => {
    keep({
      userId: "u1",
      values: {
        shippingAddress: { fullName: "Rima K", address: "Rue Pasteur 12", city: "Tripoli" },
        phoneNumber: "06 123 456",
        notes: "Call first",
      },
    });
    expect(readCheckoutDraft("u1")).toEqual({
      shippingAddress: { fullName: "Rima K", address: "Rue Pasteur 12", city: "Tripoli" },
      phoneNumber: "06 123 456",
      notes: "Call first",
    });
  });

  it("gives back the currency she picked, with or without typed fields", () => {
    keep({ userId: "u1", currency: "LBP" });
    expect(readCheckoutDraft("u1")).toEqual({ shippingAddress: {}, currency: "LBP" });
    keep({ userId: "u1", values: { notes: "Call first" }, currency: "USD" });
    expect(readCheckoutDraft("u1")).toMatchObject({ notes: "Call first", currency: "USD" });
  });

  it.each([["EUR"], ["lbp"], [1]])("takes no currency the shop does not take: %s", (currency) => {
    keep({ userId: "u1", currency });
    expect(readCheckoutDraft("u1")?.currency).toBeUndefined();
  });

  it("is nobody else's", () => {
    keep({ userId: "u1", values: { shippingAddress: { address: "Rue Pasteur 12" } } });
    expect(readCheckoutDraft("u2")).toBeNull();
  });

  it("takes back only text, of the form's own fields", () => {
    keep({
      userId: "u1",
      values: {
        shippingAddress: { address: 12, city: ["Beirut"], floor: "3", isAdmin: "yes" },
        phoneNumber: null,
        notes: { text: "x" },
        items: "[]",
      },
    });
    expect(readCheckoutDraft("u1")).toEqual({ shippingAddress: { floor: "3" } });
  });

  it.each([["not json"], ["null"], ["[1,2]"], [JSON.stringify({ userId: "u1", values: 3 })]])(
    "is none when the stored text is %s",
    (stored) => {
      keep(stored);
      expect(readCheckoutDraft("u1")).toBeNull();
    },
  );

  it("is gone once forgotten", () => {
    keep({ userId: "u1", values: { shippingAddress: { address: "Rue Pasteur 12" } } });
    forgetCheckoutDraft();
    expect(readCheckoutDraft("u1")).toBeNull();
  });
});
