"use client";

import clsx from "clsx";
import { Minus, Plus } from "lucide-react";
import { messages } from "@/lib/messages";

const stepButton =
  "text-ink hover:bg-sand focus-visible:outline-gold flex size-10 pointer-coarse:size-11 items-center justify-center rounded-full transition-colors focus-visible:outline-2 disabled:cursor-not-allowed disabled:text-muted/50 disabled:hover:bg-transparent";

/** − n + : a quantity between `min` and `max`, announced as it changes. */
export function QuantityStepper({
  value,
  min = 1,
  max,
  onChange,
  disabled = false,
  className,
}: {
  value: number;
  min?: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <div
      role="group"
      aria-label={messages.cart.quantityLabel}
      className={clsx(
        "border-line inline-flex items-center rounded-full border bg-white",
        className,
      )}
    >
      <button
        type="button"
        aria-label={messages.cart.decrease}
        disabled={disabled || value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
        className={stepButton}
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <output
        aria-live="polite"
        className="text-ink min-w-8 text-center text-sm font-semibold tabular-nums"
      >
        {value}
      </output>
      <button
        type="button"
        aria-label={messages.cart.increase}
        disabled={disabled || value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
        className={stepButton}
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
