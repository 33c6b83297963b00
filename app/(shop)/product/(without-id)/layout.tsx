import type { Metadata } from "next";
import { messages } from "@/lib/messages";

// The title of /product without an id, whose screen is this group's not-found.
export const metadata: Metadata = { title: messages.product.notFoundTitle };

export default function ProductWithoutIdLayout({ children }: { children: React.ReactNode }) {
  return children;
}
