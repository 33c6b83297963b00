// Small pieces the admin sections share: section headings, cards, status badges, empty states,
// the search over a list.
import clsx from "clsx";
import { Search, X } from "lucide-react";
import { useRef } from "react";
import { messages } from "@/lib/messages";
import { classRendition, renditionUrl } from "@/models/image-variants";

export { StatusBadge } from "@/components/orders/status-badge";

/** A small rendition of a product image for the admin's lists and previews (one the route serves). */
export const thumbnailUrl = (path: string, width: 128 | 256) =>
  renditionUrl(path, classRendition("medium", width));

export function SectionTitle({
  children,
  action,
}: {
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-ink font-serif text-2xl font-medium sm:text-[1.75rem]">{children}</h2>
      {action}
    </div>
  );
}

export function Card({
  className,
  as: Element = "section",
  children,
}: {
  className?: string;
  /** "div" where a section is not allowed (a group of a description list). */
  as?: "section" | "div";
  children: React.ReactNode;
}) {
  return (
    <Element className={clsx("border-line rounded-2xl border bg-white shadow-xs", className)}>
      {children}
    </Element>
  );
}

export function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <p className="border-line text-muted rounded-2xl border border-dashed px-6 py-12 text-center text-[15px]">
      {children}
    </p>
  );
}

export const adminButton =
  "inline-flex h-10 pointer-coarse:h-11 items-center justify-center gap-2 rounded-full px-4 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold disabled:cursor-not-allowed disabled:opacity-60";
export const inkButton = `${adminButton} bg-ink text-ivory hover:bg-gold-dark`;
export const outlineButton = `${adminButton} border border-line bg-white text-ink hover:border-gold hover:text-gold-dark`;
export const dangerButton = `${adminButton} bg-red-700 text-white hover:bg-red-800`;

/** A search over the list below it, narrowing it as the owner types. */
export function ListSearch({
  label,
  hint,
  value,
  onChange,
  maxLength,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="relative mb-4 sm:max-w-sm">
      <Search
        aria-hidden
        strokeWidth={1.75}
        className="text-muted pointer-events-none absolute start-3.5 top-1/2 size-4 -translate-y-1/2"
      />
      <input
        ref={input}
        type="search"
        aria-label={label}
        placeholder={hint}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => event.key === "Escape" && value && onChange("")}
        className="border-line text-ink placeholder:text-muted/80 hover:border-gold/60 focus:border-gold focus:ring-gold/20 h-10 w-full rounded-full border bg-white ps-10 pe-10 text-sm shadow-xs transition-colors outline-none focus:ring-2 pointer-coarse:h-11 pointer-coarse:pe-11 [&::-webkit-search-cancel-button]:hidden"
      />
      {/* The header search's clear button, in every browser (Firefox draws none of its own). */}
      {value && (
        <button
          type="button"
          aria-label={messages.search.clear}
          onClick={() => {
            onChange("");
            input.current?.focus();
          }}
          className="text-muted hover:bg-sand hover:text-ink absolute end-2 top-1/2 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-full pointer-coarse:end-0 pointer-coarse:size-11"
        >
          <X aria-hidden className="size-4" />
        </button>
      )}
    </div>
  );
}
