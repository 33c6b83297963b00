"use client";

// Which checkout the shopper gets: the thank-you once the order is placed, else the empty cart,
// the sign-in prompt, or the form (spec section 2, Checkout). Checkout is the shop's one cart view,
// so a visitor sees the cart's lines under the sign-in prompt and can change them there.
import { CircleHelp, ShoppingBag } from "lucide-react";
import { useState } from "react";
import { useAuth } from "@/components/account/auth-provider";
import { useCart, useFreshCart } from "@/components/cart/cart-provider";
import { CheckoutForm } from "@/components/checkout/checkout-form";
import { CartLines, cartTotals, TotalsList } from "@/components/checkout/order-summary";
import { ThankYou } from "@/components/checkout/thank-you";
import {
  ButtonLink,
  LoadFailedNotice,
  NoticePanel,
  SignInNotice,
} from "@/components/orders/account-notices";
import { Skeleton } from "@/components/ui/skeleton";
import { messages } from "@/lib/messages";
import type { OrderDto } from "@/models/order";

const t = messages.checkout;

export function CheckoutView() {
  const { status, user } = useAuth();
  const cart = useFreshCart();
  const [placed, setPlaced] = useState<OrderDto | null>(null);
  // The last Place Order got no clear answer: it may have been placed all the same.
  const [unconfirmed, setUnconfirmed] = useState(false);

  if (placed) {
    return (
      <ThankYou
        order={placed}
        firstName={user?.firstName ?? placed.shippingAddress.fullName}
        showOrdersLink={Boolean(user?.isEmailVerified)}
      />
    );
  }
  if (status === "loading" || !cart.ready) return <CheckoutSkeleton />;
  // The stored cart could not be read (the network): it is not empty, so the page does not say so.
  if (cart.loadFailed) {
    return (
      <LoadFailedNotice
        title={t.cartLoadFailed}
        text={messages.cart.networkError}
        onRetry={cart.refresh}
      />
    );
  }
  if (cart.items.length === 0 && unconfirmed) {
    return (
      <NoticePanel icon={CircleHelp} title={t.unconfirmedTitle} text={t.unconfirmedText}>
        <ButtonLink href="/orders">{t.viewOrders}</ButtonLink>
        <ButtonLink href="/" secondary>
          {t.continueShopping}
        </ButtonLink>
      </NoticePanel>
    );
  }
  if (cart.items.length === 0) {
    return (
      <NoticePanel icon={ShoppingBag} title={t.emptyCart} text={t.emptyCartText}>
        <ButtonLink href="/">{t.continueShopping}</ButtonLink>
      </NoticePanel>
    );
  }
  if (!user) {
    return (
      <div className="space-y-6">
        <SignInNotice title={t.pleaseSignIn} text={t.signInText} />
        <VisitorCart />
      </div>
    );
  }
  return (
    <CheckoutForm key={user.id} user={user} onPlaced={setPlaced} onUnconfirmed={setUnconfirmed} />
  );
}

/** A signed-out visitor's cart, in dollars: its lines can be changed, the order needs an account. */
function VisitorCart() {
  const { items } = useCart();
  const totals = cartTotals(items, false);
  return (
    <section
      aria-labelledby="visitor-cart-title"
      className="border-line mx-auto w-full max-w-lg space-y-4 rounded-2xl border bg-white/75 p-5 sm:p-6"
    >
      <h2 id="visitor-cart-title" className="font-serif text-2xl font-medium">
        {t.yourCart}
      </h2>
      <CartLines disabled={false} currency="USD" />
      <TotalsList totals={totals} currency="USD" discount="none" />
    </section>
  );
}

function CheckoutSkeleton() {
  return (
    <div aria-busy className="space-y-6">
      <h1 className="font-serif text-3xl font-medium sm:text-4xl">{t.title}</h1>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <Skeleton className="h-[32rem] rounded-2xl" />
        <Skeleton className="h-80 rounded-2xl" />
      </div>
    </div>
  );
}
