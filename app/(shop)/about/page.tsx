import clsx from "clsx";
import { Gem, HandHeart, ShieldCheck, Truck } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { Lookbook, LookbookSkeleton } from "@/components/catalogue/lookbook";
import { ProsePage } from "@/components/catalogue/prose-page";
import { SectionHeading } from "@/components/catalogue/section-heading";
import { absoluteUrl } from "@/components/product/product-seo";
import { inkPill } from "@/components/ui/pill";
import { SHOP_NAME } from "@/lib/constants";
import { messages } from "@/lib/messages";

const DESCRIPTION =
  "The story behind Lumière: handmade jewelry from a small Lebanese workshop, honest materials, a one-year warranty and cash on delivery anywhere in Lebanon.";

export function generateMetadata(): Metadata {
  const url = absoluteUrl("/about");
  return {
    title: messages.layout.aboutUs,
    description: DESCRIPTION,
    alternates: { canonical: url },
    openGraph: {
      type: "website",
      siteName: SHOP_NAME,
      title: `About ${SHOP_NAME}`,
      description: DESCRIPTION,
      url,
    },
  };
}

const values = [
  {
    icon: HandHeart,
    title: "Made by hand",
    text: "Every piece is shaped, set and polished by hand in our workshop, in small batches, so no two are ever quite the same.",
  },
  {
    icon: Gem,
    title: "Honest materials",
    text: "We list exactly what each piece is made of, from sterling silver and gold vermeil to freshwater pearls and natural stones.",
  },
  {
    icon: ShieldCheck,
    title: "Made to last",
    text: "Our jewelry carries a one-year warranty against defects in craftsmanship, and a 30-day satisfaction guarantee.",
  },
  {
    icon: Truck,
    title: "Close to you",
    text: "A flat $5 delivery anywhere in Lebanon within 4-5 business days, and you pay in cash when your order arrives.",
  },
];

export default function AboutPage() {
  return (
    <ProsePage
      eyebrow="Our Story"
      title={`About ${SHOP_NAME}`}
      intro="Handmade jewelry from a small Lebanese workshop, made to be worn every day and kept for years."
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="grid gap-12 lg:grid-cols-2 lg:gap-20">
          <section aria-labelledby="story">
            <h2 id="story" className="text-ink font-serif text-3xl sm:text-4xl">
              Our story
            </h2>
            <div className="text-muted mt-5 space-y-4 leading-relaxed">
              <p>
                {SHOP_NAME} began at a kitchen table in Beirut, with a pair of pliers, a spool of
                silver wire and a wish to make jewelry that feels personal again. Friends asked for
                a pair of earrings, then their friends did, and the table became a workshop.
              </p>
              <p>
                Today a small team designs and makes every piece by hand: earrings, necklaces,
                bracelets, rings and anklets inspired by the light of the Mediterranean and the
                craft traditions of Lebanon.
              </p>
            </div>
          </section>
          <section
            aria-labelledby="mission"
            className="border-gold/30 rounded-3xl border bg-white/60 p-8 sm:p-10"
          >
            <h2 id="mission" className="text-ink font-serif text-3xl sm:text-4xl">
              Our mission
            </h2>
            <p className="text-ink/80 mt-5 font-serif text-xl leading-relaxed italic sm:text-2xl">
              &ldquo;To make beautiful, well-made jewelry that everyone in Lebanon can own, wear
              every day and pass on.&rdquo;
            </p>
            <p className="text-muted mt-5 leading-relaxed">
              That means fair prices in US dollars, delivery to every city, payment on delivery so
              you only pay for what you have held in your hand, and a team that answers when you
              write to us.
            </p>
          </section>
        </div>

        <section aria-labelledby="values" className="mt-20 sm:mt-24">
          <h2 id="values" className="text-ink text-center font-serif text-3xl sm:text-4xl">
            What we value
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {values.map(({ icon: Icon, title, text }) => (
              <li key={title} className="border-line rounded-2xl border bg-white/50 p-6">
                <Icon aria-hidden="true" className="text-gold size-7" strokeWidth={1.5} />
                <h3 className="text-ink mt-4 font-serif text-xl">{title}</h3>
                <p className="text-muted mt-2 text-sm leading-relaxed">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section
          id="lookbook"
          aria-labelledby="lookbook-title"
          className="mt-20 scroll-mt-40 sm:mt-24 lg:scroll-mt-28"
        >
          <SectionHeading
            id="lookbook-title"
            eyebrow="Lookbook"
            title="Worn every day"
            className="mb-8"
          />
          <Suspense fallback={<LookbookSkeleton />}>
            <Lookbook />
          </Suspense>
        </section>

        <div className="mt-20 text-center">
          <Link href="/" className={clsx(inkPill, "inline-block px-8")}>
            {messages.about.shopOurCollection}
          </Link>
        </div>
      </div>
    </ProsePage>
  );
}
