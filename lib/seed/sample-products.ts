import { CATEGORIES, type Category } from "@/lib/constants";
import type { Look } from "@/lib/seed/artwork";

export type SampleProduct = {
  name: string;
  priceCents: number;
  category: Category;
  description: string;
  quantity: number;
  materials: string[];
  look: Omit<Look, "category" | "seed">;
  /** How many gallery pictures to draw (2-4). */
  images: number;
};

type Entry = Omit<SampleProduct, "category">;

const earrings: Entry[] = [
  {
    name: "Cedar Leaf Gold Studs",
    priceCents: 3400,
    description:
      "Tiny cedar leaves hand-shaped and hand-textured in our Beirut workshop. Light enough to forget you are wearing them, bright enough to catch every glance.",
    quantity: 14,
    materials: ["18k gold plated", "sterling silver posts"],
    look: { style: "leaf", metal: "gold" },
    images: 3,
  },
  {
    name: "Batroun Pearl Drop Earrings",
    priceCents: 4800,
    description:
      "A single freshwater pearl on a slim gold hook, inspired by summer evenings on the Batroun coast. Each pearl is chosen by hand for its soft, even glow.",
    quantity: 1,
    materials: ["14k gold filled", "freshwater pearl"],
    look: { style: "drop", metal: "gold", stone: "pearl" },
    images: 4,
  },
  {
    name: "Mediterranean Blue Hoops",
    priceCents: 3900,
    description:
      "Polished silver hoops finished with a small faceted blue stone, the colour of the sea below Raouché. Made to be worn every day, from the office to the corniche.",
    quantity: 9,
    materials: ["sterling silver", "blue sapphire quartz"],
    look: { style: "hoop", metal: "silver", stone: "sapphire" },
    images: 3,
  },
  {
    name: "Jeita Emerald Studs",
    priceCents: 5600,
    description:
      "Deep green stones set in a rose gold bezel, a nod to the cool green light of the Jeita Grotto. Hand-set and polished one pair at a time.",
    quantity: 0,
    materials: ["rose gold plated", "green onyx"],
    look: { style: "stud", metal: "rose", stone: "emerald" },
    images: 2,
  },
  {
    name: "Byblos Golden Hoops",
    priceCents: 4200,
    description:
      "Classic hoops hammered by hand and plated in warm gold, echoing the old harbour of Byblos. A timeless pair that goes with everything.",
    quantity: 4,
    materials: ["18k gold plated", "brass"],
    look: { style: "hoop", metal: "gold" },
    images: 3,
  },
  {
    name: "Moonlit Qadisha Drops",
    priceCents: 4500,
    description:
      "Milky moonstones hang from fine silver hooks, soft as moonlight over the Qadisha Valley. Each stone shows its own gentle blue flash.",
    quantity: 7,
    materials: ["sterling silver", "moonstone"],
    look: { style: "drop", metal: "silver", stone: "moonstone" },
    images: 2,
  },
];

const necklaces: Entry[] = [
  {
    name: "Cedar Coin Pendant Necklace",
    priceCents: 6500,
    description:
      "A gold coin engraved by hand with the cedar of Lebanon, hung on a fine cable chain. A small piece of home to keep close, or to send to someone far away.",
    quantity: 11,
    materials: ["18k gold plated", "stainless steel chain"],
    look: { style: "coin", metal: "gold" },
    images: 4,
  },
  {
    name: "Beirut Pearl Strand",
    priceCents: 8900,
    description:
      "Hand-knotted freshwater pearls graduating gently toward the centre, finished on a gold chain. Elegant at a wedding in the mountains or a dinner in Gemmayzeh.",
    quantity: 3,
    materials: ["freshwater pearl", "14k gold filled"],
    look: { style: "pearls", metal: "gold" },
    images: 3,
  },
  {
    name: "Ruby Heart of Zahle Pendant",
    priceCents: 7200,
    description:
      "A faceted ruby-red stone in a silver bezel, warm as the vineyards of Zahle at harvest. Set by hand and hung on a delicate box chain.",
    quantity: 1,
    materials: ["sterling silver", "lab-grown ruby"],
    look: { style: "gem", metal: "silver", stone: "ruby" },
    images: 3,
  },
  {
    name: "Olive Leaf Gold Necklace",
    priceCents: 5800,
    description:
      "A single olive leaf, cut and veined by hand, for the groves of the Koura. A quiet symbol of peace to wear every day.",
    quantity: 16,
    materials: ["18k gold plated", "brass"],
    look: { style: "leaf", metal: "gold" },
    images: 2,
  },
  {
    name: "Sea Glass Turquoise Pendant",
    priceCents: 4900,
    description:
      "A smooth turquoise cabochon on a fine gold chain, the colour of the water at Anfeh. Every stone is unique in tone and pattern.",
    quantity: 0,
    materials: ["turquoise", "14k gold filled"],
    look: { style: "gem", metal: "gold", stone: "turquoise" },
    images: 3,
  },
  {
    name: "Minimal Silver Bar Necklace",
    priceCents: 3800,
    description:
      "A slim brushed silver bar on a fine chain, simple enough to layer and strong enough to wear alone. Ask us on chat to engrave a name in Arabic or English.",
    quantity: 22,
    materials: ["sterling silver"],
    look: { style: "bar", metal: "silver" },
    images: 2,
  },
];

const bracelets: Entry[] = [
  {
    name: "Hammered Gold Bangle",
    priceCents: 5400,
    description:
      "A solid bangle hammered by hand so it catches the light from every angle. Stack it with others or wear it on its own.",
    quantity: 8,
    materials: ["18k gold plated", "brass"],
    look: { style: "bangle", metal: "gold" },
    images: 3,
  },
  {
    name: "Tyre Turquoise Bead Bracelet",
    priceCents: 3600,
    description:
      "Turquoise beads strung with small gold spacers, bright as a summer day in Tyre. Strung on strong, stretchy cord for an easy fit.",
    quantity: 2,
    materials: ["turquoise", "gold plated spacers", "elastic cord"],
    look: { style: "beads", metal: "gold", stone: "turquoise" },
    images: 4,
  },
  {
    name: "Amethyst Charm Chain Bracelet",
    priceCents: 4400,
    description:
      "A fine silver chain with a single amethyst charm that sways as you move. Adjustable, with a hand-finished clasp.",
    quantity: 12,
    materials: ["sterling silver", "amethyst"],
    look: { style: "chain", metal: "silver", stone: "amethyst" },
    images: 2,
  },
  {
    name: "Rose Gold Cuff",
    priceCents: 6200,
    description:
      "A wide open cuff in soft rose gold, shaped by hand to sit comfortably on the wrist. Bold, warm and easy to slip on.",
    quantity: 1,
    materials: ["rose gold plated", "brass"],
    look: { style: "cuff", metal: "rose" },
    images: 3,
  },
  {
    name: "Pearl Whisper Bracelet",
    priceCents: 4700,
    description:
      "Small freshwater pearls strung one by one on a silk-soft cord. A gentle piece for brides, bridesmaids and every day in between.",
    quantity: 0,
    materials: ["freshwater pearl", "silk cord"],
    look: { style: "pearls", metal: "gold" },
    images: 2,
  },
  {
    name: "Citrine Sun Chain Bracelet",
    priceCents: 3900,
    description:
      "A fine gold chain with a warm citrine charm, bright as the sun over the Bekaa. Adjustable to fit most wrists.",
    quantity: 15,
    materials: ["14k gold filled", "citrine"],
    look: { style: "chain", metal: "gold", stone: "citrine" },
    images: 3,
  },
];

const rings: Entry[] = [
  {
    name: "Emerald Solitaire Ring",
    priceCents: 7800,
    description:
      "A faceted green stone held high in four gold prongs, on a slim polished band. Made to order in your size in our Beirut workshop.",
    quantity: 5,
    materials: ["18k gold plated", "green quartz"],
    look: { style: "solitaire", metal: "gold", stone: "emerald" },
    images: 4,
  },
  {
    name: "Cedar Signet Ring",
    priceCents: 5900,
    description:
      "A silver signet with a small cedar leaf cut into its face, worn on the little finger or the index. A modern take on a family heirloom.",
    quantity: 10,
    materials: ["sterling silver"],
    look: { style: "signet", metal: "silver" },
    images: 3,
  },
  {
    name: "Sapphire Halo Ring",
    priceCents: 8500,
    description:
      "A deep blue stone ringed by tiny white crystals on a rose gold band. Each crystal is set by hand, one at a time.",
    quantity: 1,
    materials: ["rose gold plated", "blue sapphire quartz", "cubic zirconia"],
    look: { style: "halo", metal: "rose", stone: "sapphire" },
    images: 3,
  },
  {
    name: "Simple Gold Stacking Band",
    priceCents: 2400,
    description:
      "A thin polished band to wear alone or stack by the handful. Comfortable enough to never take off.",
    quantity: 30,
    materials: ["14k gold filled"],
    look: { style: "band", metal: "gold" },
    images: 2,
  },
  {
    name: "Amethyst Trio Ring",
    priceCents: 5200,
    description:
      "Three small amethysts set in a row on a silver band, for past, present and future. A lovely gift for an anniversary.",
    quantity: 0,
    materials: ["sterling silver", "amethyst"],
    look: { style: "band", metal: "silver", stone: "amethyst" },
    images: 2,
  },
  {
    name: "Onyx Signet Ring",
    priceCents: 6400,
    description:
      "A polished black onyx set into a gold signet, strong and understated. Hand-finished so the stone sits flush and smooth.",
    quantity: 3,
    materials: ["18k gold plated", "black onyx"],
    look: { style: "signet", metal: "gold", stone: "onyx" },
    images: 3,
  },
];

const anklets: Entry[] = [
  {
    name: "Pearl Drops Gold Anklet",
    priceCents: 3200,
    description:
      "A fine gold chain with tiny freshwater pearls dangling along it, made for barefoot summers on the beaches of Jbeil. Adjustable for a perfect fit.",
    quantity: 9,
    materials: ["14k gold filled", "freshwater pearl"],
    look: { style: "chain", metal: "gold", stone: "pearl" },
    images: 3,
  },
  {
    name: "Turquoise Beach Anklet",
    priceCents: 2600,
    description:
      "Turquoise beads and silver spacers on a strong cord, bright against sun-kissed skin. Resistant to sea water and made to be worn all season.",
    quantity: 1,
    materials: ["turquoise", "sterling silver spacers"],
    look: { style: "beads", metal: "silver", stone: "turquoise" },
    images: 2,
  },
  {
    name: "Delicate Silver Chain Anklet",
    priceCents: 2200,
    description:
      "A whisper-thin silver chain with five small charms that catch the light with every step. Simple, light and easy to layer.",
    quantity: 18,
    materials: ["sterling silver"],
    look: { style: "chain", metal: "silver" },
    images: 2,
  },
  {
    name: "Coral Sunset Anklet",
    priceCents: 2900,
    description:
      "Warm red beads with gold spacers, for long sunsets over the sea in Sidon. Finished with an adjustable gold-filled clasp.",
    quantity: 0,
    materials: ["red agate", "14k gold filled"],
    look: { style: "beads", metal: "gold", stone: "ruby" },
    images: 3,
  },
  {
    name: "Rose Gold Moonstone Anklet",
    priceCents: 3500,
    description:
      "A rose gold chain set with tiny moonstone charms that glow softly in the evening light. Handmade and adjustable.",
    quantity: 4,
    materials: ["rose gold plated", "moonstone"],
    look: { style: "chain", metal: "rose", stone: "moonstone" },
    images: 4,
  },
  {
    name: "Freshwater Pearl Anklet",
    priceCents: 3800,
    description:
      "Small freshwater pearls strung all the way around the ankle, finished with a gold clasp. A favourite of summer brides.",
    quantity: 6,
    materials: ["freshwater pearl", "14k gold filled"],
    look: { style: "pearls", metal: "gold" },
    images: 2,
  },
];

const byCategory: Record<Category, Entry[]> = { earrings, necklaces, bracelets, rings, anklets };

/** The sample catalogue every new development shop starts with: six pieces per category. */
export const SAMPLE_PRODUCTS: SampleProduct[] = CATEGORIES.flatMap((category) =>
  byCategory[category].map((p) => ({ ...p, category })),
);
