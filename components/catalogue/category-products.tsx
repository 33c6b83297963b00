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
      <div
        role="alert"
        className="border-line rounded-2xl border bg-white/60 px-6 py-12 text-center"
      >
        <p className="text-ink font-serif text-2xl">{messages.home.productsError}</p>
        <p className="text-muted mt-2 text-sm">{messages.home.productsErrorDefault}</p>
      </div>
    );
  }

  if (products.length === 0) {
    return (
      <p className="border-line text-muted rounded-2xl border border-dashed px-6 py-16 text-center font-serif text-xl">
        {messages.home.emptyCategory}
      </p>
    );
  }

  return (
    <ProductGrid
      products={products}
      preloadFirst
      label={messages.home.categoryProducts(category)}
    />
  );
}
