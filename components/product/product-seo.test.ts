import {
  productImageUrl,
  productJsonLd,
  productSummary,
  serializeJsonLd,
} from "@/components/product/product-seo";
import { resetEnvCache } from "@/lib/env";
import type { ProductDto } from "@/models/product";

const product: ProductDto = {
  _id: "0b6f4f38-3c55-4d7f-9a57-0f1d0c5e8a11",
  id: "0b6f4f38-3c55-4d7f-9a57-0f1d0c5e8a11",
  name: "Pearl Drop Earrings",
  price: 34.5,
  category: "earrings",
  description: "Freshwater pearls on sterling silver hooks.",
  quantity: 3,
  materials: ["Freshwater pearl", "Sterling silver"],
  images: ["/images/5d0c7a4e-8a5b-4c1e-9d7e-2b1f0a6c3e21.jpg"],
};

beforeAll(() => {
  process.env.APP_URL = "https://shop.example";
  resetEnvCache();
});

afterAll(() => {
  delete process.env.APP_URL;
  resetEnvCache();
});

describe("productJsonLd", () => {
  it("describes an available product with its price in US dollars and absolute image URLs", () => {
    expect(productJsonLd(product)).toMatchObject({
      "@type": "Product",
      name: "Pearl Drop Earrings",
      image: ["https://shop.example/images/5d0c7a4e-8a5b-4c1e-9d7e-2b1f0a6c3e21.jpg?w=1280&q=85"],
      material: "Freshwater pearl, Sterling silver",
      offers: {
        "@type": "Offer",
        url: "https://shop.example/product/0b6f4f38-3c55-4d7f-9a57-0f1d0c5e8a11",
        price: "34.50",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
      },
    });
  });

  it("marks a product with no stock as out of stock", () => {
    expect(productJsonLd({ ...product, quantity: 0 }).offers.availability).toBe(
      "https://schema.org/OutOfStock",
    );
  });
});

describe("serializeJsonLd", () => {
  it("cannot close the script element it is written into", () => {
    const json = serializeJsonLd({ name: "</script><script>alert(1)</script>" });
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});

describe("productSummary", () => {
  it("uses the description, on one line", () => {
    expect(productSummary({ ...product, description: "Line one.\n\nLine two." })).toBe(
      "Line one. Line two.",
    );
  });

  it("falls back to a sentence about the piece when there is no description", () => {
    expect(productSummary({ ...product, description: "  " })).toBe(
      "Handmade earrings by Lumière, crafted in Lebanon.",
    );
  });

  it("shortens long descriptions to 160 characters", () => {
    const summary = productSummary({ ...product, description: "word ".repeat(100) });
    expect(summary.length).toBeLessThanOrEqual(160);
    expect(summary.endsWith("…")).toBe(true);
  });

  it("never cuts an emoji in half", () => {
    const ring = "💍";
    const family = "👩‍👩‍👧";
    for (const emoji of [ring, family]) {
      for (let before = 150; before < 160; before++) {
        const description = `${"a".repeat(before)}${emoji} handmade in Beirut, sterling silver`;
        const summary = productSummary({ ...product, description });
        expect(summary).not.toMatch(/\p{Cs}/u);
        expect(summary.length).toBeLessThanOrEqual(160);
        // After the letters comes the whole emoji or nothing.
        const rest = summary.slice(before, -1);
        expect(rest === "" || rest.startsWith(emoji)).toBe(true);
      }
    }
  });
});

describe("productImageUrl", () => {
  it("points at a large JPEG rendition on the public address", () => {
    expect(productImageUrl("/images/5d0c7a4e-8a5b-4c1e-9d7e-2b1f0a6c3e21.jpg")).toBe(
      "https://shop.example/images/5d0c7a4e-8a5b-4c1e-9d7e-2b1f0a6c3e21.jpg?w=1280&q=85",
    );
  });
});
