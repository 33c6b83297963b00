import { addToCartEvent, trackAddToCart } from "@/lib/analytics";

const ring = { id: "p1", name: "Moonstone ring", price: 19.99 };

const expected = {
  currency: "USD",
  value: 59.97,
  items: [
    {
      item_id: "p1",
      item_name: "Moonstone ring",
      item_category: "jewelry",
      price: 19.99,
      quantity: 3,
    },
  ],
};

describe("the add_to_cart event", () => {
  it("is worth the units times the price in US dollars, without float drift", () => {
    expect(addToCartEvent(ring, 3)).toEqual(expected);
    expect(addToCartEvent({ ...ring, price: 0.1 }, 3).value).toBe(0.3);
  });

  it("goes to gtag when the page has it, and not to the dataLayer as well", () => {
    const calls: unknown[][] = [];
    const dataLayer: unknown[] = [];
    trackAddToCart(ring, 3, { gtag: (...args: unknown[]) => calls.push(args), dataLayer });
    expect(calls).toEqual([["event", "add_to_cart", expected]]);
    expect(dataLayer).toEqual([]);
  });

  it("goes to the dataLayer when there is no gtag", () => {
    const dataLayer: unknown[] = [];
    trackAddToCart(ring, 3, { dataLayer });
    expect(dataLayer).toEqual([{ event: "add_to_cart", ecommerce: expected }]);
  });

  it.each([
    { name: "no analytics at all", target: {} },
    { name: "no window (server rendering)", target: undefined },
    { name: "a dataLayer that is not a list", target: { dataLayer: "oops" } },
    {
      name: "a gtag that throws",
      target: {
        gtag: () => {
          throw new Error("blocked");
        },
      },
    },
  ])("does nothing and never throws with $name", ({ target }) => {
    expect(() => trackAddToCart(ring, 1, target)).not.toThrow();
  });
});
