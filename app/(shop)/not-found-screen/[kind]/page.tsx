import type { Metadata } from "next";
import { notFound } from "next/navigation";
import {
  NOT_FOUND_SCREENS,
  NotFoundScreen,
  type NotFoundKind,
} from "@/components/product/not-found-screen";

// Each 404 screen as a page of its own, for the entry point only (server/not-found-pages.mjs): it
// puts this page's markup into the empty document Next sends for a page that called notFound().
// Visitors asking for this address get the shop's 404.

type Props = { params: Promise<{ kind: string }> };

export function generateStaticParams() {
  return Object.keys(NOT_FOUND_SCREENS).map((kind) => ({ kind }));
}

async function kindOf(params: Props["params"]): Promise<NotFoundKind> {
  const { kind } = await params;
  if (!Object.hasOwn(NOT_FOUND_SCREENS, kind)) notFound();
  return kind as NotFoundKind;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: NOT_FOUND_SCREENS[await kindOf(params)].title, robots: { index: false } };
}

export default async function NotFoundScreenPage({ params }: Props) {
  return <NotFoundScreen kind={await kindOf(params)} />;
}
