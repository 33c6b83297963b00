import type { Metadata } from "next";
import { CheckoutView } from "@/components/checkout/checkout-view";
import { messages } from "@/lib/messages";

export const metadata: Metadata = {
  title: messages.checkout.metaTitle,
  robots: { index: false, follow: false },
};

/** A static frame: the session and the cart are the browser's, so the checkout renders there. */
export default function CheckoutPage() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
      <CheckoutView />
    </div>
  );
}
