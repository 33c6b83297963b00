import "server-only";
import sharp from "sharp";
import type { Category } from "@/lib/constants";

// Product-photo-like pictures of the sample catalogue, drawn as SVG and rendered with sharp,
// so a fresh shop has a full gallery without downloading anything.

export type Metal = "gold" | "silver" | "rose";
export type Stone =
  | "pearl"
  | "emerald"
  | "sapphire"
  | "ruby"
  | "amethyst"
  | "turquoise"
  | "citrine"
  | "moonstone"
  | "onyx";
export type Look = { category: Category; style: string; metal: Metal; stone?: Stone; seed: number };

/** The side of every sample picture, in pixels: they are square. */
export const PRODUCT_IMAGE_SIDE = 1200;

const METALS: Record<Metal, string[]> = {
  gold: ["#7a5618", "#c99a45", "#fff0c2", "#d5aa55", "#f6dc95", "#8d6a26"],
  silver: ["#666c73", "#c4c9cf", "#ffffff", "#a3a9b0", "#eef0f2", "#767c83"],
  rose: ["#854a3a", "#d99c86", "#fde4d8", "#c07a64", "#f2c4b0", "#8f5646"],
};

const STONES: Record<Stone, { light: string; base: string; dark: string; faceted: boolean }> = {
  pearl: { light: "#ffffff", base: "#f3ebe1", dark: "#c9bcae", faceted: false },
  emerald: { light: "#8fe6b8", base: "#1c8a58", dark: "#0a3d26", faceted: true },
  sapphire: { light: "#9ab8ff", base: "#2148a8", dark: "#0c1d4f", faceted: true },
  ruby: { light: "#ff9bb0", base: "#b3123c", dark: "#4f0518", faceted: true },
  amethyst: { light: "#dcc0ff", base: "#7a4cb3", dark: "#35195a", faceted: true },
  turquoise: { light: "#b9f2ea", base: "#34b3a9", dark: "#1b6e68", faceted: false },
  citrine: { light: "#ffe7a0", base: "#e3a11d", dark: "#8a5506", faceted: true },
  moonstone: { light: "#ffffff", base: "#dfe6f0", dark: "#9aa7ba", faceted: false },
  onyx: { light: "#6b6b74", base: "#1d1c22", dark: "#050507", faceted: false },
};

const BACKDROPS = [
  { from: "#f3ebe0", to: "#ddcdb8", texture: "#8b7355", glow: 0.55 }, // linen
  { from: "#f6e8e3", to: "#e5cbc2", texture: "#9a6a5c", glow: 0.55 }, // blush
  { from: "#e9ede3", to: "#ccd6c4", texture: "#5f6f55", glow: 0.5 }, // sage
  { from: "#efece8", to: "#d3cec6", texture: "#6f6a62", glow: 0.5 }, // stone
  { from: "#f5ecd9", to: "#dcc59d", texture: "#8c6d3a", glow: 0.55 }, // sand
  { from: "#3b3541", to: "#141217", texture: "#ffffff", glow: 0.16 }, // velvet
] as const;

/** A small deterministic generator, so the same seed always draws the same picture. */
function random(seed: number) {
  let state = (seed * 2654435761) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 10_000) / 10_000;
  };
}

const n = (value: number) => Math.round(value * 10) / 10;

function defs(look: Look, index: number): string {
  const m = METALS[look.metal];
  const stops = (colors: string[]) =>
    colors
      .map((c, i) => `<stop offset="${n((i / (colors.length - 1)) * 100)}%" stop-color="${c}"/>`)
      .join("");
  const s = STONES[look.stone ?? "pearl"];
  const angle = (index * 37 + look.seed * 11) % 90;
  return `
  <linearGradient id="metal" gradientTransform="rotate(${angle} .5 .5)">${stops(m)}</linearGradient>
  <linearGradient id="metal2" gradientTransform="rotate(${angle + 90} .5 .5)">${stops([...m].reverse())}</linearGradient>
  <radialGradient id="stone" cx="38%" cy="32%" r="75%">
    <stop offset="0%" stop-color="${s.light}"/><stop offset="45%" stop-color="${s.base}"/>
    <stop offset="100%" stop-color="${s.dark}"/></radialGradient>
  <radialGradient id="pearl" cx="36%" cy="30%" r="78%">
    <stop offset="0%" stop-color="#ffffff"/><stop offset="35%" stop-color="#f7f0e8"/>
    <stop offset="75%" stop-color="#e4d8cc"/><stop offset="100%" stop-color="#b9aa9b"/></radialGradient>
  <radialGradient id="shadow"><stop offset="0%" stop-color="#000" stop-opacity=".32"/>
    <stop offset="60%" stop-color="#000" stop-opacity=".12"/><stop offset="100%" stop-color="#000" stop-opacity="0"/></radialGradient>

  <radialGradient id="dish" cx="45%" cy="40%" r="65%"><stop offset="0%" stop-color="#fbf8f3"/>
    <stop offset="80%" stop-color="#ebe3d8"/><stop offset="100%" stop-color="#cfc3b3"/></radialGradient>`;
}

function backdrop(index: number, look: Look, rand: () => number): string {
  const shift = look.seed + Math.floor(look.seed / BACKDROPS.length);
  const b = BACKDROPS[(shift + [0, 2, 3, 5][index % 4]!) % BACKDROPS.length]!;
  const tilt = n(rand() * 40 - 20);
  const lines = Array.from({ length: 24 }, (_, i) => {
    const y = i * 50 + rand() * 20;
    return `<path d="M-100 ${n(y)} C 300 ${n(y + rand() * 30 - 15)}, 900 ${n(y + rand() * 30 - 15)}, 1300 ${n(y)}" stroke="${b.texture}" stroke-opacity=".05" stroke-width="${n(1 + rand() * 2)}" fill="none"/>`;
  }).join("");
  return `
  <linearGradient id="bg" gradientTransform="rotate(${60 + tilt} .5 .5)">
    <stop offset="0%" stop-color="${b.from}"/><stop offset="100%" stop-color="${b.to}"/></linearGradient>
  <rect width="${PRODUCT_IMAGE_SIDE}" height="${PRODUCT_IMAGE_SIDE}" fill="url(#bg)"/>
  <g transform="rotate(${tilt} 600 600)">${lines}</g>
  <radialGradient id="glow"><stop offset="0%" stop-color="#fff8ec" stop-opacity="${b.glow}"/>
    <stop offset="100%" stop-color="#fff8ec" stop-opacity="0"/></radialGradient>
  <ellipse cx="${n(450 + rand() * 300)}" cy="${n(380 + rand() * 200)}" rx="760" ry="620" fill="url(#glow)"/>`;
}

const shadow = (cx: number, cy: number, rx: number, ry: number) =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="url(#shadow)"/>`;

/** A round stone: a pearl, a cabochon, or a faceted gem in a metal bezel. */
function stone(look: Look, cx: number, cy: number, r: number, bezel = true): string {
  const kind = look.stone ?? "pearl";
  if (kind === "pearl") {
    return `${shadow(cx + r * 0.15, cy + r * 0.9, r * 0.95, r * 0.28)}
      <circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#pearl)"/>
      <circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#f4c9c0" fill-opacity=".12"/>
      <ellipse cx="${n(cx - r * 0.32)}" cy="${n(cy - r * 0.38)}" rx="${n(r * 0.22)}" ry="${n(r * 0.14)}" fill="#fff" fill-opacity=".9" transform="rotate(-30 ${n(cx - r * 0.32)} ${n(cy - r * 0.38)})"/>`;
  }
  const s = STONES[kind];
  let facets = "";
  if (s.faceted) {
    const points = 8;
    for (let i = 0; i < points; i++) {
      const a1 = (i / points) * Math.PI * 2;
      const a2 = ((i + 1) / points) * Math.PI * 2;
      const p = (a: number, k: number) =>
        `${n(cx + Math.cos(a) * r * k)} ${n(cy + Math.sin(a) * r * k)}`;
      facets += `<path d="M${p(a1, 0.55)} L${p(a1, 0.98)} L${p(a2, 0.98)} L${p(a2, 0.55)}Z" fill="${i % 2 ? "#fff" : "#000"}" fill-opacity="${i % 2 ? 0.16 : 0.14}"/>`;
    }
    const table = Array.from({ length: 8 }, (_, i) => {
      const a = (i / 8) * Math.PI * 2;
      return `${n(cx + Math.cos(a) * r * 0.55)},${n(cy + Math.sin(a) * r * 0.55)}`;
    }).join(" ");
    facets += `<polygon points="${table}" fill="#fff" fill-opacity=".12"/>`;
  }
  const rim = bezel
    ? `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 1.12)}" fill="url(#metal)"/>`
    : "";
  return `${shadow(cx + r * 0.2, cy + r * 1.1, r * 1.2, r * 0.32)}${rim}
    <circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#stone)"/>${facets}
    <ellipse cx="${n(cx - r * 0.3)}" cy="${n(cy - r * 0.35)}" rx="${n(r * 0.25)}" ry="${n(r * 0.13)}" fill="#fff" fill-opacity=".75" transform="rotate(-35 ${n(cx - r * 0.3)} ${n(cy - r * 0.35)})"/>`;
}

/** A leaf in metal, the shop's cedar motif. */
function leaf(cx: number, cy: number, size: number, rotate: number): string {
  const w = size * 0.42;
  return `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(rotate)})">
    ${shadow(size * 0.12, size * 0.62, w * 1.1, size * 0.12)}
    <path d="M0 ${n(-size / 2)} C ${n(w)} ${n(-size * 0.2)}, ${n(w)} ${n(size * 0.25)}, 0 ${n(size / 2)} C ${n(-w)} ${n(size * 0.25)}, ${n(-w)} ${n(-size * 0.2)}, 0 ${n(-size / 2)}Z" fill="url(#metal)"/>
    <path d="M0 ${n(-size * 0.42)} L0 ${n(size * 0.45)}" stroke="#5a3f10" stroke-opacity=".35" stroke-width="${n(size * 0.025)}"/>
    ${[-0.12, 0.06, 0.24]
      .map(
        (k) =>
          `<path d="M0 ${n(size * k)} L${n(w * 0.42)} ${n(size * (k - 0.12))} M0 ${n(size * k)} L${n(-w * 0.42)} ${n(size * (k - 0.12))}" stroke="#5a3f10" stroke-opacity=".25" stroke-width="${n(size * 0.015)}"/>`,
      )
      .join("")}
  </g>`;
}

/** Gradients vanish on a straight line (its box has no width): thin wires take a plain tone. */
const wire = (look: Look) => METALS[look.metal][1]!;

/** A chain along a path: links suggested by two dashed strokes. */
function chain(d: string, width: number): string {
  return `<path d="${d}" stroke="#000" stroke-opacity=".16" stroke-width="${n(width * 1.6)}" fill="none" transform="translate(6 10)"/>
    <path d="${d}" stroke="url(#metal)" stroke-width="${n(width)}" fill="none" stroke-dasharray="${n(width * 1.8)} ${n(width * 0.5)}" stroke-linecap="round"/>
    <path d="${d}" stroke="#3b2a0c" stroke-opacity=".35" stroke-width="${n(width * 0.35)}" fill="none" stroke-dasharray="${n(width * 0.6)} ${n(width * 1.7)}"/>`;
}

function earring(look: Look, cx: number, cy: number, scale: number, tilt: number): string {
  const s = scale;
  let body: string;
  switch (look.style) {
    case "leaf":
      body = leaf(0, 0, 230 * s, 15);
      break;
    case "hoop":
      body = `${shadow(20 * s, 170 * s, 150 * s, 26 * s)}
        <circle cx="0" cy="0" r="${n(150 * s)}" fill="none" stroke="url(#metal)" stroke-width="${n(26 * s)}"/>
        <circle cx="0" cy="0" r="${n(138 * s)}" fill="none" stroke="#000" stroke-opacity=".12" stroke-width="${n(4 * s)}"/>
        ${look.stone ? stone(look, 0, 150 * s, 30 * s) : ""}`;
      break;
    case "drop":
      body = `<path d="M0 ${n(-40 * s)} L0 ${n(-190 * s)} C 0 ${n(-270 * s)}, ${n(90 * s)} ${n(-270 * s)}, ${n(90 * s)} ${n(-190 * s)} L${n(90 * s)} ${n(-140 * s)}" stroke="${wire(look)}" stroke-width="${n(8 * s)}" fill="none" stroke-linecap="round"/>
        <circle cx="0" cy="${n(-70 * s)}" r="${n(11 * s)}" fill="url(#metal)"/>
        ${stone(look, 0, 40 * s, 70 * s, look.stone !== "pearl")}`;
      break;
    default:
      body = stone(look, 0, 0, 80 * s);
  }
  return `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(tilt)})">${body}</g>`;
}

function earrings(look: Look, index: number, rand: () => number): string {
  const tilt = rand() * 16 - 8;
  if (index === 1) return earring(look, 600, 640, 2, tilt);
  const gap = look.style === "hoop" ? 200 : 170;
  const dy = index === 2 ? 60 : 30;
  return `${index === 2 ? dish(600, 640, 440) : ""}
    ${earring(look, 600 - gap, 600 - dy, 1.15, tilt - 6)}
    ${earring(look, 600 + gap, 600 + dy, 1.15, tilt + 8)}`;
}

function dish(cx: number, cy: number, r: number): string {
  return `${shadow(cx + 30, cy + r * 0.35, r * 1.15, r * 0.7)}
    <ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${n(r * 0.9)}" fill="url(#dish)"/>
    <ellipse cx="${cx}" cy="${cy}" rx="${n(r * 0.82)}" ry="${n(r * 0.72)}" fill="none" stroke="#b9ab98" stroke-opacity=".35" stroke-width="3"/>`;
}

function pendant(look: Look, x: number, y: number, s: number): string {
  switch (look.style) {
    case "coin":
      return `<circle cx="${x}" cy="${n(y - 96 * s)}" r="${n(12 * s)}" fill="none" stroke="url(#metal)" stroke-width="${n(6 * s)}"/>
        ${shadow(x + 14 * s, y + 80 * s, 90 * s, 18 * s)}
        <circle cx="${x}" cy="${y}" r="${n(84 * s)}" fill="url(#metal)"/>
        <circle cx="${x}" cy="${y}" r="${n(66 * s)}" fill="none" stroke="#5a3f10" stroke-opacity=".3" stroke-width="${n(3 * s)}"/>
        <path d="M${x} ${n(y - 42 * s)} L${n(x + 36 * s)} ${n(y + 30 * s)} L${n(x - 36 * s)} ${n(y + 30 * s)}Z M${x} ${n(y + 30 * s)} L${x} ${n(y + 46 * s)}" fill="none" stroke="#5a3f10" stroke-opacity=".4" stroke-width="${n(4 * s)}"/>`;
    case "leaf":
      return leaf(x, y, 170 * s, -8);
    case "bar":
      return `${shadow(x + 10 * s, y - 30 * s, 130 * s, 16 * s)}
        <rect x="${n(x - 120 * s)}" y="${n(y - 72 * s)}" width="${n(240 * s)}" height="${n(32 * s)}" rx="${n(8 * s)}" fill="url(#metal)"/>`;
    default:
      return `<circle cx="${x}" cy="${n(y - 70 * s)}" r="${n(9 * s)}" fill="url(#metal)"/>${stone(look, x, y, 58 * s, look.stone !== "pearl")}`;
  }
}

type Point = [number, number];
type Cubic = [Point, Point, Point, Point];

const cubicAt = ([a, b, c, d]: Cubic, t: number): Point => {
  const u = 1 - t;
  const k = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t] as const;
  return [
    k[0] * a[0] + k[1] * b[0] + k[2] * c[0] + k[3] * d[0],
    k[0] * a[1] + k[1] * b[1] + k[2] * c[1] + k[3] * d[1],
  ];
};
const cubicPath = (segments: Cubic[]) =>
  segments
    .map(
      ([a, b, c, d], i) =>
        `${i ? "" : `M${n(a[0])} ${n(a[1])} `}C ${n(b[0])} ${n(b[1])}, ${n(c[0])} ${n(c[1])}, ${n(d[0])} ${n(d[1])}`,
    )
    .join(" ");

function necklace(look: Look, index: number, rand: () => number): string {
  if (index === 2) {
    // Coiled on a dish.
    const turns = Array.from({ length: 3 }, (_, i) => {
      const r = 260 - i * 60;
      return `M${600 - r} 600 A ${r} ${n(r * 0.88)} 0 1 1 ${600 + r} 600 A ${r} ${n(r * 0.88)} 0 1 1 ${600 - r} 600`;
    }).join(" ");
    return `${dish(600, 620, 470)}${chain(turns, 9)}${pendant(look, 600, 640, 0.9)}`;
  }
  const zoom = index === 1;
  const s = zoom ? 1.9 : 1.1;
  const sway = rand() * 60 - 30;
  const bottom: Point = zoom ? [600 + sway, 560] : [600 + sway, 700 + rand() * 80];
  const [left, right]: Point[] = zoom
    ? [
        [-60, 120],
        [1260, 120],
      ]
    : [
        [150, -20],
        [1050, -20],
      ];
  const segments: Cubic[] = zoom
    ? [
        [left!, [200, 420], [420, bottom[1]], bottom],
        [bottom, [780, bottom[1]], [1000, 420], right!],
      ]
    : [
        [left!, [160, bottom[1] * 0.75], [380, bottom[1]], bottom],
        [bottom, [820, bottom[1]], [1040, bottom[1] * 0.75], right!],
      ];
  let extras = "";
  if (look.style === "pearls") {
    const perSide = zoom ? 5 : 9;
    const r = zoom ? 44 : 28;
    const points = [0, 1].flatMap((side) =>
      Array.from({ length: perSide }, (_, i) => {
        const t = ((i + 0.5) / perSide) * 0.65;
        return cubicAt(segments[side]!, side ? t : 1 - t);
      }),
    );
    extras = points
      .sort((a, b) => a[1] - b[1])
      .map(([x, y]) => stone({ ...look, stone: "pearl" }, x, y, r))
      .join("");
  } else {
    extras = pendant(look, bottom[0], bottom[1] + 70 * s, s);
  }
  return `${chain(cubicPath(segments), zoom ? 12 : 7)}${extras}`;
}

function bracelet(look: Look, index: number, rand: () => number, wide = false): string {
  const s = index === 1 ? 1.35 : 1;
  const rx = (wide ? 400 : 330) * s;
  const ry = (wide ? 200 : 250) * s;
  const cx = 600;
  const cy = 620 + (index === 1 ? 40 : 0);
  const tilt = n(rand() * 20 - 10 + (index === 3 ? 18 : 0));
  let body = shadow(cx + 30, cy + ry * 0.95, rx * 1.05, 60 * s);
  if (index === 2) body = dish(cx, cy + 20, rx + 110) + body;
  if (look.style === "beads" || look.style === "pearls") {
    const count = wide ? 30 : 22;
    const beadLook: Look = look.style === "pearls" ? { ...look, stone: "pearl" } : look;
    body += `<ellipse cx="${cx}" cy="${cy}" rx="${n(rx)}" ry="${n(ry)}" fill="none" stroke="url(#metal)" stroke-width="3"/>`;
    // Back beads first, so the front ones overlap them.
    const order = Array.from({ length: count }, (_, i) => i).sort(
      (a, b) => Math.sin((a / count) * Math.PI * 2) - Math.sin((b / count) * Math.PI * 2),
    );
    body += order
      .map((i) => {
        const a = (i / count) * Math.PI * 2;
        const depth = (Math.sin(a) + 1) / 2;
        const r = (wide ? 20 : 30) * s * (0.8 + depth * 0.35);
        const x = cx + Math.cos(a) * rx;
        const y = cy + Math.sin(a) * ry;
        return i % 4 === 0 && look.style === "beads"
          ? `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.6)}" fill="url(#metal)"/>`
          : stone(beadLook, x, y, r, false);
      })
      .join("");
  } else if (look.style === "chain") {
    const d = `M${n(cx - rx)} ${cy} A ${n(rx)} ${n(ry)} 0 1 1 ${n(cx + rx)} ${cy} A ${n(rx)} ${n(ry)} 0 1 1 ${n(cx - rx)} ${cy}`;
    body += chain(d, wide ? 7 : 11);
    const charms = wide ? 5 : 1;
    for (let i = 0; i < charms; i++) {
      const a = Math.PI * (0.3 + (i * 0.4) / Math.max(1, charms - 1));
      const x = cx + Math.cos(a) * rx;
      const drop = (wide ? 26 : 40) * s;
      const y = cy + Math.sin(a) * ry + drop;
      body += `<path d="M${n(x)} ${n(y - drop)} L${n(x)} ${n(y)}" stroke="${wire(look)}" stroke-width="${n(4 * s)}"/>`;
      body += look.stone
        ? stone(look, x, y, (wide ? 16 : 30) * s)
        : `<circle cx="${n(x)}" cy="${n(y)}" r="${n((wide ? 14 : 28) * s)}" fill="url(#metal)"/>`;
    }
  } else {
    // A solid bangle: a thick band with a lit inner edge.
    const w = (look.style === "cuff" ? 70 : 34) * s;
    body += `<ellipse cx="${cx}" cy="${cy}" rx="${n(rx)}" ry="${n(ry)}" fill="none" stroke="url(#metal2)" stroke-width="${n(w)}"/>
      <ellipse cx="${cx}" cy="${n(cy + w * 0.18)}" rx="${n(rx - w * 0.2)}" ry="${n(ry - w * 0.25)}" fill="none" stroke="url(#metal)" stroke-width="${n(w * 0.55)}"/>
      <ellipse cx="${cx}" cy="${cy}" rx="${n(rx + w * 0.48)}" ry="${n(ry + w * 0.48)}" fill="none" stroke="#000" stroke-opacity=".12" stroke-width="2"/>`;
    if (look.stone) body += stone(look, cx, cy + ry, 34 * s);
  }
  return `<g transform="rotate(${tilt} ${cx} ${cy})">${body}</g>`;
}

function ring(look: Look, cx: number, cy: number, s: number, tilt: number): string {
  const r = 150 * s;
  const band = (look.style === "signet" ? 34 : 26) * s;
  let top = "";
  if (look.style === "solitaire" || look.style === "halo") {
    const gr = (look.style === "halo" ? 40 : 50) * s;
    top = `<path d="M${n(-gr * 0.9)} ${n(-r + 4 * s)} L${n(-gr * 0.5)} ${n(-r - gr * 1.1)} M${n(gr * 0.9)} ${n(-r + 4 * s)} L${n(gr * 0.5)} ${n(-r - gr * 1.1)}" stroke="url(#metal)" stroke-width="${n(8 * s)}"/>
      ${
        look.style === "halo"
          ? Array.from({ length: 12 }, (_, i) => {
              const a = (i / 12) * Math.PI * 2;
              return `<circle cx="${n(Math.cos(a) * gr * 1.35)}" cy="${n(-r - gr * 1.05 + Math.sin(a) * gr * 1.35)}" r="${n(8 * s)}" fill="#fff" stroke="url(#metal)" stroke-width="${n(3 * s)}"/>`;
            }).join("")
          : ""
      }
      ${stone(look, 0, -r - gr * 1.05, gr, false)}`;
  } else if (look.style === "signet") {
    top = `<ellipse cx="0" cy="${n(-r - 10 * s)}" rx="${n(70 * s)}" ry="${n(48 * s)}" fill="url(#metal)"/>
      ${look.stone ? stone(look, 0, -r - 10 * s, 32 * s, false) : leaf(0, -r - 10 * s, 70 * s, 90)}`;
  } else if (look.stone) {
    top = [-1, 0, 1]
      .map((k) => stone(look, k * 38 * s, -r + Math.abs(k) * 5 * s, 18 * s, false))
      .join("");
  }
  return `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(tilt)})">
    ${shadow(10 * s, r + 30 * s, r * 1.2, 30 * s)}
    <circle r="${n(r)}" fill="none" stroke="url(#metal2)" stroke-width="${n(band)}"/>
    <circle r="${n(r - band * 0.42)}" fill="none" stroke="#000" stroke-opacity=".18" stroke-width="${n(band * 0.2)}"/>
    <circle r="${n(r + band * 0.1)}" fill="none" stroke="url(#metal)" stroke-width="${n(band * 0.5)}"/>
    ${top}</g>`;
}

function rings(look: Look, index: number, rand: () => number): string {
  const tilt = rand() * 16 - 8;
  if (index === 1) return ring(look, 600, 700, 2, tilt);
  if (index === 2) return `${dish(600, 640, 420)}${ring(look, 600, 680, 1.3, tilt + 12)}`;
  if (index === 3)
    return `${ring(look, 460, 660, 1.05, tilt - 14)}${ring({ ...look, style: "band", stone: undefined }, 780, 700, 0.9, tilt + 10)}`;
  return ring(look, 600, 680, 1.45, tilt);
}

/** A dried olive sprig lying beside the piece, as in a styled flat lay. */
function sprig(rand: () => number): string {
  const corner = rand() > 0.5;
  const [x, y, turn] = corner ? [1230, 1010, 165] : [-30, 1000, 15];
  const leaves = Array.from({ length: 7 }, (_, i) => {
    const t = i / 6;
    const side = i % 2 ? 1 : -1;
    return `<ellipse cx="${n(t * 360)}" cy="${n(side * 34 - t * 40)}" rx="62" ry="17" fill="${i % 3 ? "#8a9a6b" : "#6f8054"}" transform="rotate(${side * 32} ${n(t * 360)} ${n(side * 34 - t * 40)})"/>`;
  }).join("");
  return `<g transform="translate(${x} ${y}) rotate(${turn})" opacity=".9">
    <g transform="translate(10 22)" opacity=".18"><path d="M0 0 Q 200 -20 400 -60" stroke="#000" stroke-width="10" fill="none"/></g>
    <path d="M0 0 Q 200 -20 400 -60" stroke="#6b5b3e" stroke-width="6" fill="none"/>${leaves}</g>`;
}

type Subject = (look: Look, index: number, rand: () => number) => string;

/** How each category's piece is laid out; anklets are drawn as wider bracelets. */
const SUBJECTS: Record<Category, Subject> = {
  earrings,
  necklaces: necklace,
  bracelets: bracelet,
  rings,
  anklets: (look, index, rand) => bracelet(look, index, rand, true),
};

/** A 1200x1200 JPEG of one product; `index` picks the framing so each gallery image differs. */
export async function renderProductImage(look: Look, index: number): Promise<Buffer> {
  const rand = random(look.seed * 31 + index * 7 + 1);
  const subject = SUBJECTS[look.category](look, index, rand);
  const side = PRODUCT_IMAGE_SIDE;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 ${side} ${side}">
    <defs>${defs(look, index)}</defs>${backdrop(index, look, rand)}${index === 3 ? sprig(rand) : ""}${subject}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 86 }).toBuffer();
}
