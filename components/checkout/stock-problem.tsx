"use client";

// A checkout refused for stock (409): which pieces are short, and one press to bring the cart
// down to what the shop has (through the cart provider, so a verified customer's server cart
// follows).
import { AlertTriangle, Loader2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { useCart } from "@/components/cart/cart-provider";
import { messages } from "@/lib/messages";
import type { ShortItem } from "@/models/order";

const t = messages.checkout;

export function StockProblem({
  title,
  lines,
  items,
  onFixed,
}: {
  title: string;
  /** The server's sentence per short piece. */
  lines: string[];
  items: ShortItem[];
  onFixed: () => void;
}) {
  const { update, remove } = useCart();
  const [fixing, setFixing] = useState(false);

  const fix = async () => {
    setFixing(true);
    let adjusted = 0;
    let removed = 0;
    let failed = false;
    for (const item of items) {
      const change =
        item.available > 0
          ? await update(item.productId, item.available)
          : await remove(item.productId);
      if (!change.ok) failed = true;
      else if (item.available > 0) adjusted++;
      else removed++;
    }
    setFixing(false);
    if (failed) toast.error(messages.cart.fixFailed);
    else toast.success(messages.cart.fixSuccess(adjusted, removed));
    onFixed();
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
      <ul className="mt-1.5 list-disc space-y-0.5 ps-10">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {items.length > 0 && (
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
