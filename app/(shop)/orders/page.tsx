import type { Metadata } from "next";
import { OrdersView } from "@/components/orders/orders-view";
import { messages } from "@/lib/messages";

export const metadata: Metadata = {
  title: messages.orders.metaTitle,
  robots: { index: false, follow: false },
};

/** A static frame: whose orders these are is known in the browser, which loads them (SWR). */
export default function OrdersPage() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
      <OrdersView />
    </div>
  );
}
