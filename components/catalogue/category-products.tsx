import { unstable_rethrow } from "next/navigation";
import { ProductGrid } from "@/components/catalogue/product-grid";
import { listProductsCached } from "@/lib/catalogue";
import type { Category } from "@/lib/constants";
import { messages } from "@/lib/messages";
import type { ProductDto } from "@/models/product";

/** One category's products, with the spec's empty and error states. */
export async function CategoryProducts({ category }: { category: Category }) {
  let products: ProductDto[];
  try {
    products = await listProductsCached({ category });
  } catch (error) {
    unstable_rethrow(error);
    console.error("Loading the %s products failed", category, error);
    return (
      <div role="alert" className="rounded-2xl border border-line bg-white/60 px-6 py-12 text-center">
        <p className="font-serif text-2xl text-ink">{messages.home.productsError}</p>
        <p className="mt-2 text-sm text-muted">{messages.home.productsErrorDefault}</p>
      </div>
    );
  }

  if (products.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line px-6 py-16 text-center font-serif text-xl text-muted">
        {messages.home.emptyCategory}
      </p>
    );
  }

  return <ProductGrid products={products} preloadFirst label={`${category} products`} />;
}
