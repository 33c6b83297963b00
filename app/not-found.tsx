import type { Metadata } from "next";
import { NotFoundScreen } from "@/components/product/not-found-screen";
import { messages } from "@/lib/messages";

export const metadata: Metadata = { title: messages.notFound.title };

export default function NotFound() {
  return <NotFoundScreen title={messages.notFound.title} detail={messages.notFound.detail} />;
}
