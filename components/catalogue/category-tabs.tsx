import clsx from "clsx";
import Link from "next/link";
import { LinkPending } from "@/components/catalogue/link-pending";
import { CATEGORIES, type Category } from "@/lib/constants";

export const categoryLabel = (category: Category) =>
  category.charAt(0).toUpperCase() + category.slice(1);

export const categoryHref = (category: Category) => `/?category=${category}`;

/** The five category buttons; the chosen one lives in the URL so it can be shared. */
export function CategoryTabs({ active }: { active: Category }) {
  return (
    <nav aria-label="Categories">
      <ul className="flex flex-wrap justify-center gap-2 sm:gap-3">
        {CATEGORIES.map((category) => {
          const current = category === active;
          return (
            <li key={category}>
              <Link
                href={categoryHref(category)}
                scroll={false}
                aria-current={current ? "page" : undefined}
                className={clsx(
                  "relative inline-flex items-center rounded-full border px-4 py-2 text-sm tracking-wide transition-colors sm:px-5 sm:py-2.5",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold",
                  current
                    ? "border-ink bg-ink text-ivory"
                    : "border-line bg-white/60 text-ink hover:border-gold hover:text-gold-dark",
                )}
              >
                {categoryLabel(category)}
                <LinkPending />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
