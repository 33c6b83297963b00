import type { Metadata, Viewport } from "next";
import localFont from "next/font/local";
import { ScrollToTop } from "@/components/layout/scroll-to-top";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { Providers } from "@/components/providers";
import { Toaster } from "@/components/ui/toaster";
import { env, isGoogleEnabled } from "@/lib/env";
import { messages } from "@/lib/messages";
import "./globals.css";

// Self-hosted from the npm package, so builds need no network.
const cormorant = localFont({
  src: [
    {
      path: "../node_modules/@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2",
      weight: "500",
    },
    {
      path: "../node_modules/@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2",
      weight: "600",
    },
  ],
  display: "swap",
  variable: "--font-cormorant",
  fallback: ["Georgia", "Times New Roman", "serif"],
});

export const metadata: Metadata = {
  title: { default: "Lumière — Handmade Jewelry in Lebanon", template: "%s | Lumière" },
  description:
    "Handcrafted earrings, necklaces, bracelets, rings and anklets, made in Lebanon. Cash on delivery, $5 flat delivery anywhere in Lebanon.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#fbf8f3" };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  const { INSTAGRAM_URL, TIKTOK_URL, CONTACT_EMAIL, CHAT_URL } = env();
  const social = { instagramUrl: INSTAGRAM_URL, tiktokUrl: TIKTOK_URL };
  return (
    <html lang="en" dir="ltr" className={cormorant.variable}>
      <body className="flex min-h-dvh flex-col antialiased">
        <a
          href="#main"
          className="bg-ink text-ivory sr-only z-50 rounded px-4 py-2 text-sm focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
        >
          {messages.layout.skipToContent}
        </a>
        <Providers googleEnabled={isGoogleEnabled()}>
          <SiteHeader {...social} />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter {...social} contactEmail={CONTACT_EMAIL} chatUrl={CHAT_URL} />
          <Toaster />
          <ScrollToTop />
        </Providers>
      </body>
    </html>
  );
}
