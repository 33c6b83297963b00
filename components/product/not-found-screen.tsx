import clsx from "clsx";
import Link from "next/link";
import { inkPill } from "@/components/ui/pill";
import { messages } from "@/lib/messages";

/**
 * The shop's 404 screens: an unknown address, a product id that names nothing, /product without
 * an id. Keyed as the entry point names them (server/not-found-pages.mjs).
 */
export const NOT_FOUND_SCREENS = {
  page: { title: messages.notFound.title, detail: messages.notFound.detail },
  product: { title: messages.product.notFoundTitle, detail: messages.product.notFound },
  "product-id": { title: messages.product.notFoundTitle, detail: messages.product.missingId },
} as const;

export type NotFoundKind = keyof typeof NOT_FOUND_SCREENS;

/** The 404 screen: a large 404, a title, the reason and a way back home. */
export function NotFoundScreen({ kind }: { kind: NotFoundKind }) {
  const { title, detail } = NOT_FOUND_SCREENS[kind];
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <p className="text-gold-dark font-serif text-8xl leading-none font-medium sm:text-9xl">404</p>
      <div aria-hidden="true" className="bg-gold/50 my-6 h-px w-16" />
      <h1 className="text-ink font-serif text-3xl sm:text-4xl">{title}</h1>
      <p className="text-muted mt-3">{detail}</p>
      <Link href="/" className={clsx(inkPill, "mt-10 px-8")}>
        {messages.product.returnHome}
      </Link>
    </div>
  );
}
