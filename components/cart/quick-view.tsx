"use client";

// The quick view of a product card (spec section 2, Product quick-view modal): loaded when a
// shopper first opens one, so the storefront's first visit downloads none of it.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { useAddToCart } from "@/components/cart/use-add-to-cart";
import { WishlistToggle } from "@/components/cart/wishlist-toggle";
import { categoryLabel } from "@/components/catalogue/category";
import { StockBadge } from "@/components/catalogue/stock-badge";
import { useProduct } from "@/components/catalogue/use-product";
import { ProductGallery } from "@/components/product/product-gallery";
import { DialogFrame } from "@/components/ui/dialog-frame";
import { inkPill, outlinePill } from "@/components/ui/pill";
import { Price } from "@/components/ui/price";
import { QuantityStepper } from "@/components/ui/quantity-stepper";
import { dollarsToCents } from "@/lib/format";
import { messages } from "@/lib/messages";
import { addToCartLabel, maxSelectableQuantity } from "@/lib/stock";
import type { ProductDto } from "@/models/product";

/** What a card knows of its product: enough to draw the quick view before the API answers. */
export type QuickViewProduct = Pick<
  ProductDto,
  "id" | "name" | "price" | "category" | "quantity" | "images"
>;

export function QuickView({
  product: fromCard,
  open,
  onClose,
  onCloseAutoFocus,
}: {
  product: QuickViewProduct;
  open: boolean;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  // The card's copy may come from a cached page: price and stock are read again when it opens.
  const { product: current } = useProduct(open ? fromCard.id : null);
  const product = current ?? fromCard;
  const description = current?.description.trim();

  return (
    <DialogFrame
      kind="quick-view"
      focusWindowOnOpen
      size="product"
      open={open}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      title={product.name}
    >
      <div className="grid gap-6 sm:grid-cols-2 sm:gap-8">
        <ProductGallery images={product.images} name={product.name} place="quick-view" />
        <div className="flex flex-col">
          <p className="text-gold-dark text-xs font-medium tracking-[0.25em] uppercase">
            {categoryLabel(product.category)}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <Price
              cents={dollarsToCents(product.price)}
              className="text-ink text-2xl tracking-wide"
            />
            <StockBadge productId={product.id} stock={product.quantity} />
          </div>
          <PurchaseControls product={product} onCheckout={onClose} />
          {description ? (
            <p
              dir="auto"
              className="text-muted mt-6 line-clamp-5 text-sm leading-relaxed whitespace-pre-line"
            >
              {description}
            </p>
          ) : null}
          <Link
            href={`/product/${product.id}`}
            onClick={onClose}
            className="text-ink decoration-gold hover:text-gold-dark focus-visible:outline-gold mt-3.5 self-start rounded-sm py-1.5 text-sm font-medium underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 pointer-coarse:py-3"
          >
            {messages.quickView.viewDetails}
          </Link>
        </div>
      </div>
    </DialogFrame>
  );
}

/** Quantity, Add to Cart with the spec's labels, Buy Now and the wishlist heart. */
function PurchaseControls({
  product,
  onCheckout,
}: {
  product: QuickViewProduct;
  onCheckout: () => void;
}) {
  const router = useRouter();
  const stock = product.quantity;
  const [chosen, setChosen] = useState(1);
  // After 'Added!' the quantity starts over at 1.
  const resetQuantity = useCallback(() => setChosen(1), []);
  const { inCart, ready, justAdded, busy, add } = useAddToCart(product, resetQuantity);
  const max = maxSelectableQuantity({ stock, inCart, place: "quick-view" });
  const quantity = Math.max(1, Math.min(chosen, max));
  const button = addToCartLabel({ stock, inCart, quantity, justAdded, place: "quick-view" });

  const buyNow = async () => {
    if (inCart === 0 && !(await add(quantity))) return;
    onCheckout();
    router.push("/checkout");
  };

  return (
    <div className="mt-5 flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <QuantityStepper
          value={quantity}
          max={Math.max(1, max)}
          onChange={setChosen}
          disabled={max < 1 || !ready}
        />
        <WishlistToggle productId={product.id} productName={product.name} className="ms-auto" />
      </div>
      <button
        type="button"
        disabled={button.disabled || busy || !ready}
        aria-live="polite"
        onClick={() => void add(quantity)}
        className={`${inkPill} disabled:bg-sand disabled:text-muted disabled:hover:bg-sand w-full disabled:cursor-not-allowed`}
      >
        {button.label}
      </button>
      <button
        type="button"
        disabled={(stock <= 0 && inCart === 0) || busy || !ready}
        onClick={() => void buyNow()}
        className={`${outlinePill} w-full disabled:cursor-not-allowed disabled:opacity-60`}
      >
        {messages.addToCart.buyNow}
      </button>
    </div>
  );
}
