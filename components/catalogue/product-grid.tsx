import { ProductCard } from "@/components/catalogue/product-card";
import { Skeleton } from "@/components/ui/skeleton";
import { PLACEHOLDER_CARDS } from "@/lib/constants";
import { messages } from "@/lib/messages";
import type { ProductDto } from "@/models/product";

const gridClasses =
  "grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 sm:gap-x-6 lg:grid-cols-4 lg:gap-y-10";

/** Products in a responsive grid. `preloadFirst` marks the first image as the page's LCP image. */
export function ProductGrid({
  products,
  preloadFirst = false,
  label,
}: {
  products: ProductDto[];
  preloadFirst?: boolean;
  label?: string;
}) {
  return (
    <ul className={gridClasses} aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} preload={preloadFirst && index === 0} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards shown while a grid loads. */
export function ProductGridSkeleton({ count = PLACEHOLDER_CARDS }: { count?: number }) {
  return (
    <div
      role="status"
      aria-label={messages.home.loadingProducts}
      className={gridClasses}
      data-testid="product-grid-skeleton"
    >
      {Array.from({ length: count }, (_, index) => (
        <div key={index}>
          <Skeleton className="aspect-square rounded-2xl" />
          <Skeleton className="mt-3 h-5 w-3/4" />
          <Skeleton className="mt-2 h-4 w-1/3" />
        </div>
      ))}
    </div>
  );
}
