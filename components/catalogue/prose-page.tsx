import { POLICY_DATE } from "@/lib/constants";
import { messages } from "@/lib/messages";

/** Shared frame of the shop's reading pages (about, policies): title block and a readable column. */
export function ProsePage({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow: string;
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div>
      <header className="border-line from-sand/70 to-ivory border-b bg-gradient-to-b">
        <div className="mx-auto max-w-3xl px-6 py-16 text-center sm:py-20">
          <p className="text-gold-dark text-xs font-medium tracking-[0.3em] uppercase">{eyebrow}</p>
          <h1 className="text-ink mt-3 font-serif text-4xl leading-tight font-medium sm:text-6xl">
            {title}
          </h1>
          {intro ? (
            <div className="text-muted mx-auto mt-5 max-w-xl leading-relaxed">{intro}</div>
          ) : null}
        </div>
      </header>
      {children}
    </div>
  );
}

/** One numbered or titled section of a policy. */
export function PolicySection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="scroll-mt-24">
      <h2 id={id} className="text-ink font-serif text-2xl sm:text-3xl">
        {title}
      </h2>
      <div className="text-muted [&_a]:text-gold-dark [&_strong]:text-ink mt-3 space-y-3 leading-relaxed [&_a]:underline [&_a]:underline-offset-2 [&_li]:ps-1 [&_strong]:font-medium [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:ps-5">
        {children}
      </div>
    </section>
  );
}

/** A legal page: its title, the date it last changed, an opening paragraph, then its sections. */
export function PolicyPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <ProsePage
      eyebrow={messages.policies.eyebrow}
      title={title}
      intro={<p>{messages.policies.lastUpdated(POLICY_DATE)}</p>}
    >
      <article className="mx-auto max-w-3xl space-y-10 px-6 py-14 sm:py-16">
        <p className="text-muted leading-relaxed">{lead}</p>
        {children}
      </article>
    </ProsePage>
  );
}
