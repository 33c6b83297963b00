import { RelatedProductsSkeleton } from "@/components/product/related-products";
import { Skeleton } from "@/components/ui/skeleton";
import { messages } from "@/lib/messages";

// Also the first paint of a product page's cached HTML (React reveals streamed content a moment
// after the shell), so it keeps the page's full height: the footer stays where it will be.
export default function ProductLoading() {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 pb-20 sm:px-6">
      <Skeleton className="h-4 w-48" />
      <div className="mt-8 grid gap-10 lg:grid-cols-2 lg:gap-14">
        <Skeleton className="aspect-square rounded-3xl" />
        <div>
          <p role="status" className="text-muted font-serif text-2xl">
            {messages.product.loading}
          </p>
          <Skeleton className="mt-6 h-10 w-3/4" />
          <Skeleton className="mt-4 h-7 w-24" />
          <Skeleton className="mt-8 h-24 w-full" />
        </div>
      </div>
      <RelatedProductsSkeleton />
    </div>
  );
}
