import { NotFoundScreen } from "@/components/product/not-found-screen";
import { messages } from "@/lib/messages";

export default function ProductNotFound() {
  return (
    <NotFoundScreen title={messages.product.notFoundTitle} detail={messages.product.notFound} />
  );
}
