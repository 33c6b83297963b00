"use client";

import {
  Suspense,
  useDeferredValue,
  useEffect,
  useEffectEvent,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { useRouter } from "next/navigation";
import useSWR from "swr";
import { Search, X } from "lucide-react";
import { ProductImage } from "@/components/images/product-image";
import { OnRouteChange } from "@/components/layout/on-route-change";
import { useDebounced } from "@/components/ui/use-debounced";
import { onClearSearch } from "@/components/search/clear-search";
import { SORT_OPTIONS, type SortOption } from "@/lib/constants";
import { dollarsToCents, formatPrice } from "@/lib/format";
import { storefrontMessages } from "@/lib/storefront-messages";
import { searchProducts } from "@/lib/search";
import type { ProductDto } from "@/models/product";

const PRODUCTS_URL = "/api/products";
const DEBOUNCE_MS = 150;

const sortLabels: Record<SortOption, string> = {
  name: storefrontMessages.search.sortName,
  "price-asc": storefrontMessages.search.sortPriceAsc,
  "price-desc": storefrontMessages.search.sortPriceDesc,
};

async function fetchProducts(url: string): Promise<ProductDto[]> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status}`);
  const body: unknown = await response.json();
  return Array.isArray(body) ? (body as ProductDto[]) : [];
}

/** The header's product search: a combobox over the whole catalogue, loaded once on first focus. */
export function SearchBox() {
  const router = useRouter();
  const id = useId();
  const listboxId = `${id}-results`;
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [sort, setSort] = useState<SortOption>("name");
  const [wanted, setWanted] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // What was typed when Enter was pressed before the catalogue arrived (a slow phone): its first
  // result opens once the catalogue is here, unless the shopper typed on, cleared or left.
  const enterPending = useRef<string | null>(null);

  // Keep what a shopper typed before the page became interactive (slow phones).
  useEffect(() => {
    const input = inputRef.current;
    if (!input?.value) return;
    setQuery(input.value);
    if (document.activeElement === input) {
      setWanted(true);
      setOpen(true);
    }
  }, []);

  const { data: products, error } = useSWR(wanted ? PRODUCTS_URL : null, fetchProducts, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    revalidateOnReconnect: false,
  });

  const debounced = useDeferredValue(useDebounced(query, DEBOUNCE_MS));
  const term = debounced.trim();
  const results = useMemo(
    () => searchProducts({ products: products ?? [], query: term, sort }),
    [products, term, sort],
  );

  const expanded = open && query.trim() !== "" && term !== "";
  const activeId =
    expanded && activeIndex >= 0 && activeIndex < results.length
      ? `${id}-option-${activeIndex}`
      : undefined;

  const clear = () => {
    enterPending.current = null;
    setQuery("");
    setActiveIndex(-1);
    setOpen(false);
  };

  const openProduct = (product: ProductDto) => {
    clear();
    router.push(`/product/${product._id}`);
  };

  // Choosing a category clears the search at once, the category already shown too.
  const clearOnRequest = useEffectEvent(() => clear());
  useEffect(() => onClearSearch(clearOnRequest), []);

  const openPendingResult = useEffectEvent((loaded: ProductDto[]) => {
    const pending = enterPending.current;
    if (pending === null) return;
    enterPending.current = null;
    const first = searchProducts({ products: loaded, query: pending, sort })[0];
    if (first) openProduct(first);
  });
  useEffect(() => {
    if (products) openPendingResult(products);
  }, [products]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (!results.length) return;
        event.preventDefault();
        setOpen(true);
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActiveIndex((index) => (index + step + results.length) % results.length);
        return;
      }
      case "Enter": {
        // The freshest results for what is typed now, not the debounced ones.
        const current = searchProducts({ products: products ?? [], query, sort });
        const chosen =
          (activeIndex >= 0 && term === query.trim() ? results[activeIndex] : undefined) ??
          current[0];
        if (!chosen) {
          if (!products && !error && query.trim()) enterPending.current = query;
          return;
        }
        event.preventDefault();
        openProduct(chosen);
        return;
      }
      case "Escape":
        if (!query && !open) return;
        event.preventDefault();
        clear();
        return;
    }
  };

  return (
    <div
      className="relative w-full"
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget)) return;
        enterPending.current = null;
        setOpen(false);
      }}
    >
      <Suspense fallback={null}>
        <OnRouteChange onChange={clear} />
      </Suspense>
      <Search
        className="text-muted pointer-events-none absolute start-3.5 top-1/2 size-4 -translate-y-1/2"
        strokeWidth={1.75}
        aria-hidden="true"
      />
      <input
        ref={inputRef}
        type="text"
        role="combobox"
        aria-label={storefrontMessages.search.label}
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder={storefrontMessages.search.placeholder}
        value={query}
        onChange={(event) => {
          enterPending.current = null;
          setQuery(event.target.value);
          setActiveIndex(-1);
          setOpen(true);
        }}
        onFocus={() => {
          setWanted(true);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        className="border-line text-ink placeholder:text-muted/80 hover:border-gold/60 focus:border-gold focus:ring-gold/20 h-10 w-full rounded-full border bg-white/70 ps-10 pe-10 text-sm transition-colors outline-none focus:bg-white focus:ring-2 pointer-coarse:h-11 pointer-coarse:pe-11"
      />
      {query && (
        <button
          type="button"
          aria-label={storefrontMessages.search.clear}
          onClick={clear}
          className="text-muted hover:bg-sand hover:text-ink absolute end-2 top-1/2 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-full pointer-coarse:end-0 pointer-coarse:size-11"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}

      {expanded && (
        <div className="border-line absolute inset-x-0 top-full z-50 mt-2 flex max-h-96 flex-col overflow-hidden rounded-lg border bg-white shadow-[0_18px_40px_-20px_rgba(31,26,23,0.35)] lg:end-auto lg:w-[max(100%,26rem)]">
          {!products && !error ? (
            <p className="text-muted px-4 py-6 text-center text-sm" role="status">
              {storefrontMessages.search.loading}
            </p>
          ) : error ? (
            <p className="text-muted px-4 py-6 text-center text-sm" role="alert">
              {storefrontMessages.search.loadFailed}
            </p>
          ) : results.length === 0 ? (
            <div className="px-4 py-8 text-center" role="status">
              {/* A query without spaces (a pasted link) wraps rather than running out of the box. */}
              <p className="text-ink font-serif text-lg wrap-anywhere">
                {storefrontMessages.search.noResults(term)}
              </p>
              <p className="text-muted mt-1 text-sm">{storefrontMessages.search.tryDifferent}</p>
            </div>
          ) : (
            <>
              <div className="border-line bg-ivory/60 text-muted flex items-center justify-between gap-3 border-b px-4 py-2 text-xs">
                <span role="status">{storefrontMessages.search.resultCount(results.length)}</span>
                <label className="flex items-center gap-2">
                  <span>{storefrontMessages.search.sortLabel}</span>
                  <select
                    value={sort}
                    onChange={(event) => {
                      setSort(event.target.value as SortOption);
                      setActiveIndex(-1);
                    }}
                    className="border-line text-ink focus:border-gold rounded border bg-white px-2 py-1 text-xs outline-none pointer-coarse:h-11"
                  >
                    {SORT_OPTIONS.map((option) => (
                      <option key={option} value={option}>
                        {sortLabels[option]}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
              <ul
                id={listboxId}
                role="listbox"
                aria-label={storefrontMessages.search.label}
                className="overflow-y-auto overscroll-contain py-1"
              >
                {results.map((product, index) => (
                  <li
                    key={product._id}
                    id={`${id}-option-${index}`}
                    role="option"
                    aria-selected={index === activeIndex}
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseEnter={() => setActiveIndex(index)}
                    onClick={() => openProduct(product)}
                    className="aria-selected:bg-sand/70 flex cursor-pointer items-center gap-3 px-4 py-2.5"
                  >
                    <span className="bg-sand relative size-12 shrink-0 overflow-hidden rounded">
                      {product.images[0] && (
                        <ProductImage src={product.images[0]} alt="" sizes="48px" />
                      )}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span dir="auto" className="text-ink block truncate text-sm font-medium">
                        {product.name}
                      </span>
                      <span className="text-muted block text-xs capitalize">
                        {product.category}
                      </span>
                    </span>
                    <span className="text-gold-dark shrink-0 text-sm font-medium tabular-nums">
                      {formatPrice(dollarsToCents(product.price))}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}
