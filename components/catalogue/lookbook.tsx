import Link from "next/link";
import { unstable_rethrow } from "next/navigation";
import { categoryHref, categoryLabel } from "@/components/catalogue/category";
import { ProductImage } from "@/components/images/product-image";
import { Skeleton } from "@/components/ui/skeleton";
import { listProductsCached } from "@/lib/catalogue";
import { CATEGORIES } from "@/lib/constants";

// Two large squares, then three smaller ones on wide screens; on phones the fifth spans the row.
const tileClasses = [
  "aspect-square lg:col-span-3 lg:aspect-[4/3]",
  "aspect-square lg:col-span-3 lg:aspect-[4/3]",
  "aspect-square lg:col-span-2",
  "aspect-square lg:col-span-2",
  "col-span-2 aspect-[2/1] lg:col-span-2 lg:aspect-square",
];

/**
 * One photographed piece per category, each opening its category. Cached with the about page it
 * sits on, which every visitor shares (the build's own render of it has an empty catalogue).
 */
export async function Lookbook() {
  let looks: { category: (typeof CATEGORIES)[number]; image: string; name: string }[];
  try {
    const products = await listProductsCached();
    looks = CATEGORIES.flatMap((category) => {
      const product = products.find((p) => p.category === category && p.images.length > 0);
      return product ? [{ category, image: product.images[0]!, name: product.name }] : [];
    });
  } catch (error) {
    unstable_rethrow(error);
    console.error("Loading the lookbook failed", error);
    return null;
  }
  if (looks.length === 0) return null;

  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-6">
      {looks.map((look, index) => (
        <li key={look.category} className={tileClasses[index]}>
          <Link
            href={categoryHref(look.category)}
            className="group bg-sand focus-visible:outline-gold relative block h-full overflow-hidden rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4"
          >
            <ProductImage
              src={look.image}
              alt={look.name}
              sizes={
                index < 2
                  ? "(min-width: 1024px) 560px, 50vw"
                  : index === 4
                    ? "(min-width: 1024px) 370px, 100vw"
                    : "(min-width: 1024px) 370px, 50vw"
              }
              className="group-hover:scale-[1.04]"
            />
            <span className="from-ink/50 via-ink/10 text-ivory absolute inset-x-0 bottom-0 bg-gradient-to-t to-transparent px-4 pt-12 pb-4 font-serif text-xl sm:text-2xl">
              {categoryLabel(look.category)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function LookbookSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-6">
      {CATEGORIES.map((category, index) => (
        <Skeleton key={category} className={`rounded-2xl ${tileClasses[index]}`} />
      ))}
    </div>
  );
}
