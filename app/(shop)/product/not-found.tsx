import type { Metadata } from "next";
import { NOT_FOUND_SCREENS, NotFoundScreen } from "@/components/product/not-found-screen";

export const metadata: Metadata = { title: NOT_FOUND_SCREENS.product.title };

export default function ProductNotFound() {
  return <NotFoundScreen kind="product" />;
}
