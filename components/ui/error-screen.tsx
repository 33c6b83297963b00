"use client";

import clsx from "clsx";
import Link from "next/link";
import { useEffect } from "react";
import { inkPill, outlinePill } from "@/components/ui/pill";
import { storefrontMessages } from "@/lib/storefront-messages";

const t = storefrontMessages.errorPage;

/**
 * The screen a page shows when it could not be rendered (the database briefly away, a bug): the
 * 404 screen's look, a Try Again button that renders the page afresh, and a way home. The reason
 * stays in the server's log (the digest names it); the shopper sees no technical detail.
 */
export function ErrorScreen({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const digest = error instanceof Error ? (error as Error & { digest?: string }).digest : undefined;
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center"
    >
      <div aria-hidden="true" className="bg-gold/50 mb-8 h-px w-16" />
      <h1 className="text-ink font-serif text-3xl sm:text-4xl">{t.title}</h1>
      <p className="text-muted mt-3">{t.detail}</p>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={() => retry()} className={clsx(inkPill, "px-8")}>
          {t.tryAgain}
        </button>
        <Link href="/" className={clsx(outlinePill, "px-8")}>
          {storefrontMessages.product.returnHome}
        </Link>
      </div>
      {/* Names the failure in the server's log when the shopper writes to us. */}
      {digest && <p className="text-muted mt-8 text-xs">{t.reference(digest)}</p>}
    </div>
  );
}
