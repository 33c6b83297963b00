import type { Metadata, Viewport } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Lumière — Handmade Jewelry in Lebanon", template: "%s | Lumière" },
  description:
    "Handcrafted earrings, necklaces, bracelets, rings and anklets, made in Lebanon. Cash on delivery, $5 flat delivery anywhere in Lebanon.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#fbf8f3" };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" dir="ltr">
      <body className="min-h-dvh antialiased">{children}</body>
    </html>
  );
}
