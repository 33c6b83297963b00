"use client";

// Which checkout the shopper gets: the thank-you once the order is placed, else the empty cart,
// the sign-in prompt, or the form (spec section 2, Checkout). Checkout is the shop's one cart view,
// so a visitor sees the cart's lines under the sign-in prompt and can change them there.
import { CircleHelp, ShoppingBag } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useAuth } from "@/components/account/auth-provider";
import { useCart, useFreshCart } from "@/components/cart/cart-provider";
import { CheckoutForm, type CheckoutInterruption } from "@/components/checkout/checkout-form";
import { CartLines, cartTotals, TotalsList } from "@/components/checkout/order-summary";
import { ThankYou } from "@/components/checkout/thank-you";
import { useOrders } from "@/components/orders/use-orders";
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

/** The address's name for the order a thank-you shows (`/checkout?order=…`). */
const PLACED_ORDER_PARAM = "order";

function subscribeToHistory(onChange: () => void) {
  window.addEventListener("popstate", onChange);
  return () => window.removeEventListener("popstate", onChange);
}

const readPlacedOrderNumber = () =>
  new URLSearchParams(window.location.search).get(PLACED_ORDER_PARAM);

/** The order number the thank-you wrote into this page's address, if any. */
function usePlacedOrderNumber(): string | null {
  return useSyncExternalStore(subscribeToHistory, readPlacedOrderNumber, () => null);
}

/**
 * The thank-you names its order in the address, so a reload (a pull on a phone) or Back and
 * Forward show it again, read from the customer's orders, instead of an empty cart.
 */
function rememberPlacedOrder(order: OrderDto) {
  const url = new URL(window.location.href);
  url.searchParams.set(PLACED_ORDER_PARAM, order.orderNumber);
  window.history.replaceState(null, "", url);
}

export function CheckoutView() {
  const { status, user } = useAuth();
  const cart = useFreshCart();
  // The order placed here, and by whom: another customer signed in on this tab does not see it.
  const [placedHere, setPlaced] = useState<{ order: OrderDto; userId: string } | null>(null);
  const placed = placedHere && placedHere.userId === user?.id ? placedHere.order : null;
  // How the last Place Order ended, when the page cannot go on as it was.
  const [interruption, setInterruption] = useState<CheckoutInterruption | null>(null);
  // The notice that takes the form's place is read from its top, not from where Place Order was.
  const formReplaced = interruption !== null && (!user || cart.items.length === 0);
  useEffect(() => {
    if (formReplaced) window.scrollTo({ top: 0 });
  }, [formReplaced]);
  const placedNumber = usePlacedOrderNumber();
  const verified = Boolean(user?.isEmailVerified);
  const orders = useOrders(verified && placedNumber !== null && !placed);
  // Read back from the address only while it is as the thank-you says ('Confirmed', a call to
  // come): an order since sent out, delivered or cancelled is told of in My Orders instead.
  const shown =
    placed ??
    orders.data?.orders.find(
      (order) =>
        order.orderNumber === placedNumber &&
        (order.status === "pending" || order.status === "confirmed"),
    );

  if (shown) {
    return (
      <ThankYou
        order={shown}
        firstName={user?.firstName ?? shown.shippingAddress.fullName}
        showOrdersLink={verified}
      />
    );
  }
  if (status === "loading" || !cart.ready) return <CheckoutSkeleton />;
  // The thank-you's order is being read again (a reload): not the cart until it is known.
  if (verified && placedNumber !== null && !orders.data && !orders.error) {
    return <CheckoutSkeleton />;
  }
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
  // The session ended as she placed the order: her cart waits on the server for her to sign in
  // again, where a visitor's empty cart would have said there was nothing to order.
  if (!user && (cart.items.length > 0 || interruption === "signedOut")) {
    return (
      <div className="space-y-6">
        <SignInNotice title={t.pleaseSignIn} text={t.signInText} />
        {cart.items.length > 0 && <VisitorCart />}
      </div>
    );
  }
  if (cart.items.length === 0 && user && interruption === "unconfirmed") {
    return <CheckOrdersNotice title={t.unconfirmedTitle} text={t.unconfirmedText} />;
  }
  if (cart.items.length === 0 && user && interruption === "changedElsewhere") {
    return <CheckOrdersNotice title={t.changedElsewhereTitle} text={t.changedElsewhereText} />;
  }
  if (cart.items.length === 0) {
    return (
      <NoticePanel icon={ShoppingBag} title={t.emptyCart} text={t.emptyCartText}>
        <ButtonLink href="/">{t.continueShopping}</ButtonLink>
      </NoticePanel>
    );
  }
  if (!user) return null; // a visitor's cart is empty (above)
  return (
    <CheckoutForm
      key={user.id}
      user={user}
      onPlaced={(order) => {
        rememberPlacedOrder(order);
        setPlaced({ order, userId: user.id });
      }}
      onInterrupted={setInterruption}
    />
  );
}

/** The cart emptied by an order that may be hers: My Orders tells. */
function CheckOrdersNotice({ title, text }: { title: string; text: string }) {
  return (
    <NoticePanel icon={CircleHelp} title={title} text={text}>
      <ButtonLink href="/orders">{t.viewOrders}</ButtonLink>
      <ButtonLink href="/" secondary>
        {t.continueShopping}
      </ButtonLink>
    </NoticePanel>
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
