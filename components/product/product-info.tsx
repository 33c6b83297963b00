import clsx from "clsx";
import { ShieldCheck, Truck } from "lucide-react";
import { Price } from "@/components/ui/price";
import { dollarsToCents } from "@/lib/format";
import { messages } from "@/lib/messages";
import { detailStockNotice, stockTone } from "@/lib/stock";
import type { ProductDto } from "@/models/product";

const noticeClasses = {
  unavailable: "text-muted",
  limited: "text-gold-dark",
  available: "text-emerald-800",
} as const;

const dotClasses = {
  unavailable: "bg-muted",
  limited: "bg-gold",
  available: "bg-emerald-600",
} as const;

/** Name, price, stock, materials, description, delivery and guarantee of one product. */
export function ProductInfo({ product, eyebrow }: { product: ProductDto; eyebrow: string }) {
  const stock = { stock: product.quantity, inCart: 0 };
  const tone = stockTone(stock);
  const description = product.description.trim();
  return (
    <div className="flex flex-col">
      <p className="text-xs font-medium tracking-[0.25em] text-gold-dark uppercase">{eyebrow}</p>
      <h1 className="mt-2 font-serif text-4xl leading-tight font-medium text-ink sm:text-5xl">{product.name}</h1>
      <Price cents={dollarsToCents(product.price)} className="mt-3 text-2xl tracking-wide text-ink" />
      <p className={clsx("mt-4 flex items-center gap-2 text-sm font-medium", noticeClasses[tone])}>
        <span aria-hidden="true" className={clsx("size-2 rounded-full", dotClasses[tone])} />
        {detailStockNotice(stock)}
      </p>

      {product.materials.length > 0 ? (
        <ul aria-label="Materials" className="mt-6 flex flex-wrap gap-2">
          {product.materials.map((material) => (
            <li
              key={material}
              className="rounded-full border border-gold/40 bg-white/60 px-3 py-1 text-xs tracking-wide text-gold-dark"
            >
              {material}
            </li>
          ))}
        </ul>
      ) : null}

      <dl className="mt-8 divide-y divide-line border-y border-line text-sm">
        <div className="flex items-center gap-3 py-3.5">
          <Truck aria-hidden="true" className="size-5 shrink-0 text-gold" />
          <dt className="sr-only">Delivery</dt>
          <dd className="text-ink">{messages.product.delivery}</dd>
        </div>
        <div className="flex items-center gap-3 py-3.5">
          <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-gold" />
          <dt className="sr-only">Guarantee</dt>
          <dd className="text-ink">{messages.product.guarantee}</dd>
        </div>
      </dl>

      {description ? (
        <section aria-labelledby="about-this-item" className="mt-8">
          <h2 id="about-this-item" className="font-serif text-2xl text-ink">
            {messages.product.aboutThisItem}
          </h2>
          <p className="mt-3 leading-relaxed whitespace-pre-line text-muted">{description}</p>
        </section>
      ) : null}
    </div>
  );
}
