import { NotFoundScreen } from "@/components/product/not-found-screen";
import { messages } from "@/lib/messages";

/** /product without an id: the Product Not Found screen, saying the id is missing (spec section 8). */
export default function ProductIdMissing() {
  return (
    <NotFoundScreen title={messages.product.notFoundTitle} detail={messages.product.missingId} />
  );
}
