import Link from "next/link";
import { QuickViewButton } from "@/components/cart/quick-view-button";
import { WishlistToggle } from "@/components/cart/wishlist-toggle";
import { ProductImage } from "@/components/images/product-image";
import { ProductLinkPending } from "@/components/catalogue/product-link-pending";
import { StockBadge } from "@/components/catalogue/stock-badge";
import { Price } from "@/components/ui/price";
import { dollarsToCents } from "@/lib/format";
import type { ProductDto } from "@/models/product";

// 2 columns on phones, 3 from 640px, 4 from 1024px inside a max-w-6xl (72rem) container.
const PRODUCT_CARD_SIZES =
  "(min-width: 1152px) 270px, (min-width: 1024px) 23vw, (min-width: 640px) 31vw, 48vw";

/**
 * A product in a grid: square image, stock badge, name and price, linking to its page; over the
 * image a wishlist heart (at the bottom on phones, where the badge needs the whole top edge) and a
 * Quick view button. The server renders it the same for everyone:
 * the badge's in-cart count and the heart come from the shopper's lists in the browser.
 */
export function ProductCard({
  product,
  preload = false,
}: {
  product: ProductDto;
  preload?: boolean;
}) {
  const image = product.images[0];
  const { id, name, price, category, quantity, images } = product;
  return (
    <article className="group relative">
      <Link
        href={`/product/${id}`}
        className="focus-visible:outline-gold block rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4"
      >
        <div className="bg-sand relative aspect-square overflow-hidden rounded-2xl">
          {image ? (
            <ProductImage
              src={image}
              alt={name}
              sizes={PRODUCT_CARD_SIZES}
              preload={preload}
              className="group-hover:scale-[1.04] motion-reduce:group-hover:scale-100"
            />
          ) : null}
          {/* From 640px the heart shares the top edge: a long badge wraps instead of running under it. */}
          <StockBadge
            productId={id}
            stock={quantity}
            className="absolute start-2.5 top-2.5 max-w-[calc(100%-1.25rem)] sm:max-w-[calc(100%-4.25rem)]"
          />
          <ProductLinkPending />
        </div>
        <div className="mt-3 px-0.5">
          <h3
            dir="auto"
            className="text-ink decoration-gold/60 font-serif text-lg leading-snug wrap-anywhere underline-offset-4 group-hover:underline sm:text-xl"
          >
            {name}
          </h3>
          <Price cents={dollarsToCents(price)} className="text-muted mt-0.5 block text-sm" />
        </div>
      </Link>
      {/* Over the image, beside the link rather than in it: a button may not sit inside a link. */}
      <div className="pointer-events-none absolute inset-x-0 top-0 aspect-square">
        <WishlistToggle
          productId={id}
          productName={name}
          className="pointer-events-auto absolute start-2 bottom-2 sm:start-auto sm:end-2 sm:top-2 sm:bottom-auto"
        />
        <QuickViewButton
          product={{ id, name, price, category, quantity, images }}
          className="pointer-events-auto absolute end-2 bottom-2 pointer-fine:opacity-0 pointer-fine:group-focus-within:opacity-100 pointer-fine:group-hover:opacity-100"
        />
      </div>
    </article>
  );
}
