"use client";

// Pieces in the cart the shop cannot supply as they are: before the order, from the cart's stock
// summary, or after a checkout refused for stock (409). One press settles the cart to what the
// shop has (POST /api/cart/fix-issues, which reads the stock as it is now).
import { AlertTriangle, Loader2 } from "lucide-react";
import { useState } from "react";
import { useCart } from "@/components/cart/cart-provider";
import { messages } from "@/lib/messages";
import type { ShortItem } from "@/models/order";

const t = messages.checkout;

export function StockProblem({
  title,
  lines,
  fixable,
  onFixed,
}: {
  title: string;
  /** A sentence per short piece. */
  lines: string[];
  /** Whether the cart itself is short (a price change is not). */
  fixable: boolean;
  onFixed?: () => void;
}) {
  const { fixIssues } = useCart();
  const [fixing, setFixing] = useState(false);

  const fix = async () => {
    setFixing(true);
    const change = await fixIssues();
    setFixing(false);
    if (change.ok) onFixed?.();
  };

  return (
    <div
      role="alert"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-3 text-sm text-amber-900"
    >
      <p className="flex gap-2 font-medium">
        <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
        {title}
      </p>
      <div className="mt-1.5 space-y-0.5 ps-6">
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      {fixable && (
        <button
          type="button"
          onClick={fix}
          disabled={fixing}
          className="bg-ink text-ivory hover:bg-ink/85 focus-visible:outline-gold mt-3 inline-flex h-9 w-full items-center justify-center gap-2 rounded-lg px-4 text-[13px] font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-70"
        >
          {fixing && <Loader2 aria-hidden className="size-4 animate-spin" />}
          {fixing ? t.fixingCart : t.fixCart}
        </button>
      )}
    </div>
  );
}

/** The short pieces a 409 names in its body (`items`), read defensively. */
export function readShortItems(body: unknown): ShortItem[] {
  const items = (body as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  return items.filter(
    (item): item is ShortItem =>
      typeof item === "object" &&
      item !== null &&
      typeof (item as ShortItem).productId === "string" &&
      typeof (item as ShortItem).available === "number",
  );
}
