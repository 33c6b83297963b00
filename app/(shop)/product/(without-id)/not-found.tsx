import { NotFoundScreen } from "@/components/product/not-found-screen";

/** /product without an id: the Product Not Found screen, saying the id is missing (spec section 8). */
export default function ProductIdMissing() {
  return <NotFoundScreen kind="product-id" />;
}
