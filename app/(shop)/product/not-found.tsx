import type { Metadata } from "next";
import { NotFoundScreen } from "@/components/product/not-found-screen";
import { messages } from "@/lib/messages";

export const metadata: Metadata = { title: messages.product.notFoundTitle };

export default function ProductNotFound() {
  return (
    <NotFoundScreen title={messages.product.notFoundTitle} detail={messages.product.notFound} />
  );
}
