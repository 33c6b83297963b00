"use client";

// The wishlist panel (spec section 2, Modals): slides in from the end side when the header's heart
// is pressed. Escape, a click outside and the close button close it; page scroll is locked and
// focus stays inside while it is open, and returns to the header's button after.
import Link from "next/link";
import { Dialog } from "radix-ui";
import { Heart, Trash2, X } from "lucide-react";
import { useEffect, useId } from "react";
import { useWishlist } from "@/components/cart/cart-provider";
import { useAddToCart } from "@/components/cart/use-add-to-cart";
import { StockBadge } from "@/components/catalogue/stock-badge";
import { useProduct } from "@/components/catalogue/use-product";
import { ProductImage } from "@/components/images/product-image";
import { inkPill } from "@/components/ui/pill";
import { Price } from "@/components/ui/price";
import { Skeleton } from "@/components/ui/skeleton";
import { dollarsToCents } from "@/lib/format";
import { messages } from "@/lib/messages";
import { addToCartLabel } from "@/lib/stock";
import type { CartProduct } from "@/lib/cart-rules";
import type { WishlistReference } from "@/models/cart";
import { keepOpenOnNotificationPress } from "@/components/ui/toast";

const w = messages.wishlist;

export function WishlistPanel({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const wishlist = useWishlist();
  const close = () => onOpenChange(false);
  // Newest first: what a shopper just saved is what they look for.
  const entries = [...wishlist.entries].sort((a, b) => b.dateAdded.localeCompare(a.dateAdded));

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="bg-ink/40 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in fixed inset-0 z-[60] backdrop-blur-[2px]" />
        <Dialog.Content
          data-dialog="wishlist"
          onCloseAutoFocus={onCloseAutoFocus}
          onInteractOutside={keepOpenOnNotificationPress}
          className="bg-ivory data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in fixed inset-y-0 end-0 z-[60] flex w-[26rem] max-w-[calc(100vw-2.5rem)] flex-col shadow-2xl outline-none [--drawer-offset:100%] rtl:[--drawer-offset:-100%]"
        >
          <div className="border-line flex items-center gap-3 border-b px-5 py-4">
            <Dialog.Title className="text-ink font-serif text-2xl font-semibold tracking-wide">
              {w.title}
            </Dialog.Title>
            {wishlist.count > 0 ? (
              <span className="text-muted text-sm">{w.count(wishlist.count)}</span>
            ) : null}
            <Dialog.Description className="sr-only">{w.title}</Dialog.Description>
            <Dialog.Close
              aria-label={messages.account.close}
              className="text-ink hover:bg-sand focus-visible:outline-gold ms-auto -me-2 inline-flex size-10 items-center justify-center rounded-full focus-visible:outline-2 pointer-coarse:size-11"
            >
              <X className="size-5" strokeWidth={1.6} aria-hidden="true" />
            </Dialog.Close>
          </div>

          {!wishlist.ready ? (
            <p role="status" className="text-muted px-5 py-10 text-center text-sm">
              {w.loading}
            </p>
          ) : entries.length === 0 ? (
            <EmptyWishlist onBrowse={close} />
          ) : (
            <ul aria-label={w.title} className="divide-line flex-1 divide-y overflow-y-auto px-5">
              {entries.map((entry) => (
                <WishlistRow key={entry._id} entry={entry} onNavigate={close} />
              ))}
            </ul>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function EmptyWishlist({ onBrowse }: { onBrowse: () => void }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-8 pb-16 text-center">
      <div
        aria-hidden="true"
        className="bg-sand text-gold-dark mb-5 flex size-16 items-center justify-center rounded-full"
      >
        <Heart className="size-7" strokeWidth={1.5} />
      </div>
      <p className="text-ink font-serif text-2xl">{w.empty}</p>
      <p className="text-muted mt-2 max-w-[18rem] text-sm leading-relaxed">{w.emptyHint}</p>
      <Link href="/" onClick={onBrowse} className={`${inkPill} mt-7 px-7`}>
        {w.browse}
      </Link>
    </div>
  );
}

/** One saved piece, read from the catalogue as it is now; a piece the shop no longer has is dropped. */
function WishlistRow({ entry, onNavigate }: { entry: WishlistReference; onNavigate: () => void }) {
  const wishlist = useWishlist();
  const { product, gone } = useProduct(entry._id);
  const { remove } = wishlist;
  const nameId = useId();

  useEffect(() => {
    if (gone) void remove(entry._id);
  }, [gone, remove, entry._id]);

  if (gone) return null;
  if (!product) {
    return (
      <li className="flex gap-4 py-4" aria-busy="true">
        <Skeleton className="size-20 shrink-0 rounded-xl" />
        <div className="flex-1">
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="mt-2 h-4 w-1/3" />
        </div>
      </li>
    );
  }

  const image = product.images[0];
  return (
    <li className="flex gap-4 py-4">
      <Link
        href={`/product/${product.id}`}
        onClick={onNavigate}
        tabIndex={-1}
        aria-hidden="true"
        className="bg-sand relative size-20 shrink-0 overflow-hidden rounded-xl"
      >
        {image ? <ProductImage src={image} alt="" sizes="80px" /> : null}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start gap-2">
          <Link
            id={nameId}
            dir="auto"
            href={`/product/${product.id}`}
            onClick={onNavigate}
            className="text-ink hover:text-gold-dark focus-visible:outline-gold rounded-sm font-serif text-lg leading-snug wrap-anywhere focus-visible:outline-2 pointer-coarse:min-h-11"
          >
            {product.name}
          </Link>
          <button
            type="button"
            aria-label={w.removeItem(product.name)}
            onClick={() => void wishlist.remove(product.id)}
            className="text-muted hover:bg-sand hover:text-ink focus-visible:outline-gold ms-auto -me-2 -mt-1 inline-flex size-9 shrink-0 items-center justify-center rounded-full focus-visible:outline-2 pointer-coarse:size-11"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </div>
        <Price cents={dollarsToCents(product.price)} className="text-ink mt-0.5 text-sm" />
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <StockBadge productId={product.id} stock={product.quantity} />
          <AddToCartButton product={product} describedBy={nameId} />
        </div>
      </div>
    </li>
  );
}

function AddToCartButton({ product, describedBy }: { product: CartProduct; describedBy: string }) {
  const { inCart, ready, justAdded, busy, add } = useAddToCart(product);
  const button = addToCartLabel({
    stock: product.quantity,
    inCart,
    quantity: 1,
    justAdded,
    place: "quick-view",
  });
  return (
    <button
      type="button"
      disabled={button.disabled || busy || !ready}
      aria-describedby={describedBy}
      onClick={() => void add(1)}
      className="bg-ink text-ivory hover:bg-gold-dark focus-visible:outline-gold disabled:bg-sand disabled:text-muted rounded-full px-4 py-2 text-xs font-semibold tracking-wide transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed pointer-coarse:min-h-11"
    >
      {button.label}
    </button>
  );
}
