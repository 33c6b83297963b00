import clsx from "clsx";

/** A centred section title under a small gold eyebrow; `id` names the section it heads. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  className,
}: {
  id: string;
  eyebrow: string;
  title: string;
  className?: string;
}) {
  return (
    <div className={clsx("text-center", className)}>
      <p className="text-gold-dark text-xs font-medium tracking-[0.25em] uppercase">{eyebrow}</p>
      <h2 id={id} className="text-ink mt-2 font-serif text-3xl sm:text-4xl">
        {title}
      </h2>
    </div>
  );
}
