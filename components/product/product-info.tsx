import { ShieldCheck, Truck } from "lucide-react";
import { ProductPurchase, ProductStockNotice } from "@/components/product/product-purchase";
import { Price } from "@/components/ui/price";
import { dollarsToCents } from "@/lib/format";
import { messages } from "@/lib/messages";
import type { ProductDto } from "@/models/product";

/** Name, price, stock, materials, description, delivery and guarantee of one product. */
export function ProductInfo({ product, eyebrow }: { product: ProductDto; eyebrow: string }) {
  const description = product.description.trim();
  return (
    <div className="flex flex-col">
      <p className="text-gold-dark text-xs font-medium tracking-[0.25em] uppercase">{eyebrow}</p>
      <h1
        dir="auto"
        className="text-ink mt-2 font-serif text-4xl leading-tight font-medium wrap-anywhere sm:text-5xl"
      >
        {product.name}
      </h1>
      <Price
        cents={dollarsToCents(product.price)}
        className="text-ink mt-3 text-2xl tracking-wide"
      />
      <ProductStockNotice productId={product.id} stock={product.quantity} />

      {product.materials.length > 0 ? (
        <ul aria-label={messages.product.materialsLabel} className="mt-6 flex flex-wrap gap-2">
          {product.materials.map((material) => (
            <li
              key={material}
              dir="auto"
              className="border-gold/40 text-gold-dark rounded-full border bg-white/60 px-3 py-1 text-xs tracking-wide wrap-anywhere"
            >
              {material}
            </li>
          ))}
        </ul>
      ) : null}

      <ProductPurchase
        product={{
          id: product.id,
          name: product.name,
          price: product.price,
          images: product.images.slice(0, 1),
          quantity: product.quantity,
        }}
      />

      <dl className="divide-line border-line mt-8 divide-y border-y text-sm">
        <div className="flex items-center gap-3 py-3.5">
          <Truck aria-hidden="true" className="text-gold size-5 shrink-0" />
          <dt className="sr-only">{messages.product.deliveryLabel}</dt>
          <dd className="text-ink">{messages.product.delivery}</dd>
        </div>
        <div className="flex items-center gap-3 py-3.5">
          <ShieldCheck aria-hidden="true" className="text-gold size-5 shrink-0" />
          <dt className="sr-only">{messages.product.guaranteeLabel}</dt>
          <dd className="text-ink">{messages.product.guarantee}</dd>
        </div>
      </dl>

      {description ? (
        <section aria-labelledby="about-this-item" className="mt-8">
          <h2 id="about-this-item" className="text-ink font-serif text-2xl">
            {messages.product.aboutThisItem}
          </h2>
          <p
            dir="auto"
            className="text-muted mt-3 leading-relaxed wrap-anywhere whitespace-pre-line"
          >
            {description}
          </p>
        </section>
      ) : null}
    </div>
  );
}
