import clsx from "clsx";
import { Gem, HandHeart, ShieldCheck, Truck } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { Lookbook, LookbookSkeleton } from "@/components/catalogue/lookbook";
import { ProsePage } from "@/components/catalogue/prose-page";
import { SectionHeading } from "@/components/catalogue/section-heading";
import { readingPageMetadata } from "@/components/catalogue/catalogue-view";
import { inkPill } from "@/components/ui/pill";
import { messages } from "@/lib/messages";

export function generateMetadata(): Promise<Metadata> {
  return readingPageMetadata({
    path: "/about",
    title: messages.layout.aboutUs,
    shareTitle: messages.about.title,
    description: messages.about.metaDescription,
  });
}

const values = [
  { icon: HandHeart, ...messages.about.values.handmade },
  { icon: Gem, ...messages.about.values.materials },
  { icon: ShieldCheck, ...messages.about.values.lasting },
  { icon: Truck, ...messages.about.values.close },
];

export default function AboutPage() {
  return (
    <ProsePage
      eyebrow={messages.about.eyebrow}
      title={messages.about.title}
      intro={messages.about.intro}
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="grid gap-12 lg:grid-cols-2 lg:gap-20">
          <section aria-labelledby="story">
            <h2 id="story" className="text-ink font-serif text-3xl sm:text-4xl">
              {messages.about.storyTitle}
            </h2>
            <div className="text-muted mt-5 space-y-4 leading-relaxed">
              {messages.about.story.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </section>
          <section
            aria-labelledby="mission"
            className="border-gold/30 rounded-3xl border bg-white/60 p-8 sm:p-10"
          >
            <h2 id="mission" className="text-ink font-serif text-3xl sm:text-4xl">
              {messages.about.missionTitle}
            </h2>
            <p className="text-ink/80 mt-5 font-serif text-xl leading-relaxed italic sm:text-2xl">
              {messages.about.missionQuote}
            </p>
            <p className="text-muted mt-5 leading-relaxed">{messages.about.missionText}</p>
          </section>
        </div>

        <section aria-labelledby="values" className="mt-20 sm:mt-24">
          <h2 id="values" className="text-ink text-center font-serif text-3xl sm:text-4xl">
            {messages.about.valuesTitle}
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
            eyebrow={messages.about.lookbookEyebrow}
            title={messages.about.lookbookTitle}
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
