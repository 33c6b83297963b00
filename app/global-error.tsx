"use client";

import Link from "next/link";
import { ErrorScreen } from "@/components/ui/error-screen";
import { SHOP_NAME } from "@/lib/constants";
import { storefrontMessages } from "@/lib/storefront-messages";
import "./globals.css";

// When the root layout itself fails, this replaces the whole document: the shop's name over the
// same screen, on the shop's ivory, without the header and footer the layout could not render.
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en" dir="ltr">
      <body className="flex min-h-dvh flex-col antialiased">
        <title>{`${storefrontMessages.errorPage.title} | ${SHOP_NAME}`}</title>
        <header className="px-6 pt-10 text-center">
          <Link href="/" className="text-ink font-serif text-3xl tracking-[0.2em]">
            {SHOP_NAME}
          </Link>
        </header>
        <main id="main" className="flex flex-1 items-center justify-center">
          <ErrorScreen error={error} retry={retry} />
        </main>
      </body>
    </html>
  );
}
