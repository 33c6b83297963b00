import type { Metadata } from "next";
import { NotFoundScreen } from "@/components/product/not-found-screen";

export const metadata: Metadata = { title: "Page Not Found" };

export default function NotFound() {
  return (
    <NotFoundScreen
      title="Page Not Found"
      detail="The page you are looking for has moved or never existed."
    />
  );
}
