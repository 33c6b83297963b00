import { ChevronRight } from "lucide-react";
import Link from "next/link";
import { messages } from "@/lib/messages";

export type Crumb = { label: string; href?: string };

/** Home > category > name. The last crumb is the current page. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label={messages.product.breadcrumbLabel}>
      <ol className="text-muted flex flex-wrap items-center gap-1.5 text-sm">
        {items.map((item, index) => (
          <li key={`${index}-${item.label}`} className="flex min-w-0 items-center gap-1.5">
            {index > 0 ? (
              <ChevronRight
                aria-hidden="true"
                className="text-line size-3.5 shrink-0 rtl:rotate-180"
              />
            ) : null}
            {item.href ? (
              <Link
                href={item.href}
                className="hover:text-gold-dark inline-block py-0.5 transition-colors pointer-coarse:min-w-11 pointer-coarse:py-3"
              >
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" dir="auto" className="text-ink truncate">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
