import { unstable_rethrow } from "next/navigation";
import { ProductGrid } from "@/components/catalogue/product-grid";
import { listRelatedProductsCached } from "@/lib/catalogue";
import { RELATED_PRODUCTS } from "@/lib/constants";
import { messages } from "@/lib/messages";
import type { ProductDto } from "@/models/product";

/** Up to four other pieces of the same category. Renders nothing when there are none. */
export async function RelatedProducts({ product }: { product: ProductDto }) {
  let related: ProductDto[];
  try {
    related = await listRelatedProductsCached({ product, limit: RELATED_PRODUCTS });
  } catch (error) {
    unstable_rethrow(error);
    // Secondary content: the product page stays useful without it.
    console.error("Loading related products failed", error);
    return null;
  }
  if (related.length === 0) return null;
  return (
    <RelatedSection>
      <ProductGrid products={related} label={messages.product.related} />
    </RelatedSection>
  );
}

function RelatedSection({ children }: { children: React.ReactNode }) {
  return (
    <section
      aria-labelledby="related-products"
      className="border-line mt-20 border-t pt-12 sm:mt-24"
    >
      <h2 id="related-products" className="text-ink mb-8 text-center font-serif text-3xl">
        {messages.product.related}
      </h2>
      {children}
    </section>
  );
}
