// Classes of the shop's rounded call-to-action links (home hero, about page, 404 screens).
const pill =
  "rounded-full py-3.5 text-sm font-medium tracking-wide transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold";

/** Filled ink, turning gold on hover: the main action of a screen. */
export const inkPill = `${pill} bg-ink text-ivory hover:bg-gold-dark`;

/** Outlined, for a second action beside an ink pill. */
export const outlinePill = `${pill} border border-ink/70 text-ink hover:border-gold hover:text-gold-dark`;
