"use client";

import clsx from "clsx";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { createContext, use, useOptimistic, useTransition, type MouseEvent } from "react";
import { categoryHref, categoryLabel } from "@/components/catalogue/category";
import { keepScrollOnWayTo } from "@/components/layout/scroll-to-top";
import { clearSearch } from "@/components/search/clear-search";
import { CATEGORIES, type Category } from "@/lib/constants";
import { storefrontMessages } from "@/lib/storefront-messages";

type Switcher = { active: Category; pending: boolean; choose: (category: Category) => void };
const SwitcherContext = createContext<Switcher | null>(null);

function useSwitcher(): Switcher {
  const switcher = use(SwitcherContext);
  if (!switcher) throw new Error("Category controls must be inside <CategorySwitcher>");
  return switcher;
}

/**
 * Holds the chosen category while the server renders the next one: the button is marked at once and
 * the grid gives way to placeholder cards until the new products arrive.
 */
export function CategorySwitcher({
  active,
  children,
}: {
  active: Category;
  children: React.ReactNode;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [shown, setShown] = useOptimistic(active);
  const choose = (category: Category) =>
    startTransition(() => {
      setShown(category);
      keepScrollOnWayTo(categoryHref(category));
      router.push(categoryHref(category), { scroll: false });
    });
  return <SwitcherContext value={{ active: shown, pending, choose }}>{children}</SwitcherContext>;
}

/** The five category buttons. Plain links underneath, so they also work before scripts load. */
export function CategoryTabs() {
  const { active, choose } = useSwitcher();
  const onClick = (category: Category) => (event: MouseEvent<HTMLAnchorElement>) => {
    // Let the browser handle new-tab and new-window clicks.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    clearSearch();
    if (category !== active) choose(category);
  };
  return (
    <nav aria-label={storefrontMessages.home.categoriesLabel}>
      <ul className="flex flex-wrap justify-center gap-2 sm:gap-3">
        {CATEGORIES.map((category) => {
          const current = category === active;
          return (
            <li key={category}>
              <Link
                href={categoryHref(category)}
                onClick={onClick(category)}
                prefetch={false}
                scroll={false}
                aria-current={current ? "page" : undefined}
                className={clsx(
                  "inline-flex items-center rounded-full border px-4 py-2 text-sm tracking-wide transition-colors sm:px-5 sm:py-2.5 pointer-coarse:min-h-11",
                  "focus-visible:outline-gold focus-visible:outline-2 focus-visible:outline-offset-2",
                  current
                    ? "border-ink bg-ink text-ivory"
                    : "border-line text-ink hover:border-gold hover:text-gold-dark bg-white/60",
                )}
              >
                {categoryLabel(category)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The grid of the chosen category, or `fallback` while another category is on its way. */
export function CategoryResults({
  fallback,
  children,
}: {
  fallback: React.ReactNode;
  children: React.ReactNode;
}) {
  const { pending } = useSwitcher();
  return <div aria-busy={pending}>{pending ? fallback : children}</div>;
}
