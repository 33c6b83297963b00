import type { Metadata } from "next";
import { NOT_FOUND_SCREENS, NotFoundScreen } from "@/components/product/not-found-screen";

export const metadata: Metadata = { title: NOT_FOUND_SCREENS.page.title };

export default function NotFound() {
  return <NotFoundScreen kind="page" />;
}
