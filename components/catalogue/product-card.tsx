import Link from "next/link";
import { ProductImage } from "@/components/images/product-image";
import { StockBadge } from "@/components/catalogue/stock-badge";
import { Price } from "@/components/ui/price";
import { dollarsToCents } from "@/lib/format";
import type { ProductDto } from "@/models/product";

// 2 columns on phones, 3 from 640px, 4 from 1024px inside a max-w-6xl (72rem) container.
const PRODUCT_CARD_SIZES =
  "(min-width: 1152px) 270px, (min-width: 1024px) 23vw, (min-width: 640px) 31vw, 48vw";

/** A product in a grid: square image, stock badge, name and price, linking to its page. */
export function ProductCard({
  product,
  preload = false,
}: {
  product: ProductDto;
  preload?: boolean;
}) {
  const image = product.images[0];
  return (
    <Link
      href={`/product/${product.id}`}
      className="group focus-visible:outline-gold block rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4"
    >
      <div className="bg-sand relative aspect-square overflow-hidden rounded-2xl">
        {image ? (
          <ProductImage
            src={image}
            alt={product.name}
            sizes={PRODUCT_CARD_SIZES}
            preload={preload}
            className="group-hover:scale-[1.04]"
          />
        ) : null}
        <StockBadge stock={product.quantity} className="absolute start-2.5 top-2.5" />
      </div>
      <div className="mt-3 px-0.5">
        <h3 className="text-ink decoration-gold/60 font-serif text-lg leading-snug underline-offset-4 group-hover:underline sm:text-xl">
          {product.name}
        </h3>
        <Price cents={dollarsToCents(product.price)} className="text-muted mt-0.5 block text-sm" />
      </div>
    </Link>
  );
}
