// What a product page has to say about a demo product beyond its card: a specifications table
// that fits its kind (nicotine strength, capacity, VG/PG ratio, battery, coil, ...), a long
// description, and a handful of shoppers' reviews. Pure and deterministic: every value comes from
// the family's data or from a PRNG seeded by the product's own slug, never from the catalogue's
// PRNG, so adding content does not move any other seeded value.
import type { Family, ImageKind } from "./catalog-data";
import { createRng, type Rng } from "./prng";

export interface Spec {
  label: string;
  value: string;
}

export interface SeedReview {
  author: string;
  rating: number;
  title: string;
  body: string;
  /** How long before the seed the review was written. */
  daysAgo: number;
}

const DEVICE_KINDS = new Set<ImageKind>(["pod", "podmod", "mod", "pen"]);

/** "1800 mAh" / "3.5 ml" out of a family's description, when it names one. */
function mentioned(desc: string, unit: "mAh" | "ml"): string | null {
  const m = new RegExp(`(\\d+(?:\\.\\d+)?)\\s?${unit}\\b`).exec(desc);
  return m ? `${m[1]} ${unit}` : null;
}

function deviceSpecs(kind: ImageKind, desc: string, rng: Rng): Spec[] {
  const battery =
    mentioned(desc, "mAh") ??
    (kind === "mod"
      ? /dual-battery/i.test(desc)
        ? "2 x 18650 (not included)"
        : "1 x 18650 (not included)"
      : `${rng.pick([650, 800, 1000, 1100, 1500])} mAh built-in`);
  const capacity = mentioned(desc, "ml") ?? (kind === "mod" ? "2 ml" : rng.pick(["2 ml", "2 ml", "2 ml"]));
  const power =
    kind === "mod"
      ? /200W/.test(desc) || /dual/i.test(desc)
        ? "5-200 W"
        : /40W|mini/i.test(desc)
          ? "5-40 W"
          : "5-80 W"
      : kind === "pen"
        ? "Fixed 3.7 V"
        : `${rng.pick([12, 15, 18, 25])} W max`;
  const coil =
    kind === "mod"
      ? "0.15 ohm mesh (included), 0.2 ohm mesh (spare)"
      : kind === "pen"
        ? "1.2 ohm MTL (included)"
        : rng.pick(["0.6 ohm mesh and 1.0 ohm (included)", "0.8 ohm mesh (included)", "1.2 ohm (included)"]);
  return [
    { label: "Battery", value: battery },
    { label: "Capacity", value: capacity },
    { label: "Output", value: power },
    { label: "Coil", value: coil },
    { label: "Charging", value: kind === "mod" ? "USB-C, 2 A" : "USB-C, 1 A" },
    {
      label: "Draw",
      value: kind === "mod" ? "Direct to lung, adjustable airflow" : "Mouth to lung, auto-draw and button",
    },
  ];
}

/**
 * The specifications of one product. `label` is the product's own variant label (e.g.
 * "10 ml / 6 mg", "0.8 ohm", a colour) when it belongs to a group.
 */
export function specsFor(family: Family, label: string | null, name: string): Spec[] {
  const rng = createRng(`specs:${family.key}`);
  switch (family.type) {
    case "liquid": {
      const shortfill = /shortfill/i.test(label ?? name);
      const mg = /(\d+) mg/.exec(label ?? "")?.[1] ?? "0";
      return [
        {
          label: "Nicotine strength",
          value: shortfill || mg === "0" ? "0 mg/ml (nicotine-free)" : `${mg} mg/ml`,
        },
        { label: "Nicotine type", value: shortfill || mg === "0" ? "None" : "Freebase" },
        { label: "Capacity", value: shortfill ? "50 ml in a 60 ml bottle" : "10 ml" },
        { label: "VG/PG ratio", value: shortfill ? "70/30" : "50/50" },
        { label: "Best with", value: shortfill ? "Sub-ohm tanks" : "Mouth-to-lung and pod kits" },
        { label: "Made in", value: "EU, TPD-registered" },
      ];
    }
    case "salt": {
      const mg = /(\d+) mg/.exec(label ?? "")?.[1] ?? "10";
      return [
        { label: "Nicotine strength", value: `${mg} mg/ml` },
        { label: "Nicotine type", value: "Nicotine salt" },
        { label: "Capacity", value: "10 ml" },
        { label: "VG/PG ratio", value: "50/50" },
        { label: "Best with", value: "Pod kits, coils of 0.8 ohm and above" },
        { label: "Made in", value: "EU, TPD-registered" },
      ];
    }
    case "colours":
      return [
        ...(label ? [{ label: "Colour", value: label }] : []),
        ...deviceSpecs(family.kind, family.desc, rng),
      ];
    case "options":
      if (family.kind === "coil") {
        return [
          { label: "Resistance", value: label ?? "-" },
          {
            label: "Pack",
            value: /(\d+) pack/.exec(family.model)?.[1]
              ? `${/(\d+) pack/.exec(family.model)?.[1]} coils`
              : "5 coils",
          },
          { label: "Material", value: "Kanthal A1 mesh, organic cotton" },
          { label: "Wattage range", value: /0\.1|0\.2/.test(label ?? "") ? "50-80 W" : "10-25 W" },
          { label: "Coil life", value: "1 to 2 weeks of daily use" },
        ];
      }
      if (family.kind === "disposable") {
        return [
          { label: "Flavour", value: label ?? "-" },
          { label: "Nicotine strength", value: "20 mg/ml nicotine salt" },
          { label: "Capacity", value: "2 ml" },
          { label: "Battery", value: mentioned(family.desc, "mAh") ?? "500 mAh" },
          { label: "Puffs", value: "About 600" },
        ];
      }
      if (family.kind === "battery") {
        return [
          { label: "Cell", value: label ?? "-" },
          { label: "Capacity", value: mentioned(family.desc, "mAh") ?? "3000 mAh" },
          { label: "Continuous discharge", value: "20 A" },
          { label: "Chemistry", value: "Li-ion (INR)" },
        ];
      }
      return [
        { label: "Option", value: label ?? "-" },
        ...(DEVICE_KINDS.has(family.kind) ? deviceSpecs(family.kind, family.desc, rng) : []),
        ...(family.kind === "cartridge"
          ? [
              { label: "Capacity", value: mentioned(family.desc, "ml") ?? "2 ml" },
              { label: "Coil", value: "Built in" },
            ]
          : []),
      ];
    case "single": {
      const specs: Spec[] = [];
      if (family.kind === "tank") {
        specs.push(
          {
            label: "Capacity",
            value: mentioned(family.desc, "ml") ?? "2 ml",
          },
          { label: "Diameter", value: /(\d+) mm/.exec(family.desc)?.[0] ?? "24 mm" },
          {
            label: "Draw",
            value: /mouth-to-lung|MTL/i.test(`${family.desc} ${family.model}`)
              ? "Mouth to lung"
              : "Direct to lung",
          },
          {
            label: "Coil",
            value: /rebuildable|RTA/i.test(`${family.desc} ${family.model}`)
              ? "Rebuildable deck"
              : "Replaceable mesh",
          },
          { label: "Fill", value: "Top fill" },
        );
      } else if (DEVICE_KINDS.has(family.kind)) {
        specs.push(...deviceSpecs(family.kind, family.desc, rng));
      } else {
        specs.push({ label: "Type", value: kindName(family.kind) });
        const ml = mentioned(family.desc, "ml");
        if (ml) specs.push({ label: "Capacity", value: ml });
        const mah = mentioned(family.desc, "mAh");
        if (mah) specs.push({ label: "Battery", value: mah });
      }
      if (family.variants?.length) {
        specs.push(
          { label: "Colours", value: [...new Set(family.variants.map((v) => v.colorName))].join(", ") },
          { label: "Sizes", value: [...new Set(family.variants.map((v) => v.size))].join(", ") },
        );
      }
      return specs;
    }
  }
}

function kindName(kind: ImageKind): string {
  const names: Partial<Record<ImageKind, string>> = {
    charger: "Charger",
    cable: "Cable",
    driptip: "Drip tip",
    case: "Case",
    lanyard: "Lanyard",
    cotton: "Wicking cotton",
    tool: "Tool kit",
    sleeve: "Battery sleeve",
    cartridge: "Replacement pod",
    coil: "Coil",
    battery: "Battery",
  };
  return names[kind] ?? "Accessory";
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A long description in the tags the product editor's sanitiser keeps (p, h3, ul, li, strong). */
export function longDescFor(family: Family, fullName: string, shortDesc: string): string {
  // The group's name: the text is about the flavour or the model, not one bottle size.
  const name = fullName.split(" - ")[0];
  const liquid = family.type === "liquid" || family.type === "salt";
  const parts = [`<p>${escapeHtml(shortDesc)}</p>`];
  if (liquid) {
    parts.push(
      `<h3>How it vapes</h3>`,
      `<p>${escapeHtml(name)} is mixed and steeped in small batches, so every bottle tastes the way the first one did. The flavour stays clean from the first puff to the last without coating your coil.</p>`,
      "<ul><li>Shake well before use</li><li>Keep out of the reach of children and pets</li><li>Store upright, away from sunlight</li></ul>",
    );
  } else {
    parts.push(
      `<h3>In the box</h3>`,
      `<ul><li>${escapeHtml(name)}</li>${DEVICE_KINDS.has(family.kind) ? "<li>USB-C charging cable</li><li>Spare coil</li>" : ""}<li>User manual</li></ul>`,
      `<p>Covered by a <strong>12-month warranty</strong> against manufacturing faults. Coils, pods and glass are consumables and are not covered.</p>`,
    );
  }
  return parts.join("");
}

const FIRST = [
  "Maria",
  "Andreas",
  "Eleni",
  "Nikos",
  "Sophie",
  "Liam",
  "Katerina",
  "Giorgos",
  "Anna",
  "Thomas",
  "Chloe",
  "Marco",
  "Despina",
  "Yiannis",
  "Laura",
  "Peter",
  "Irene",
  "Stelios",
  "Hannah",
  "Costas",
];
const LAST = ["P.", "K.", "M.", "G.", "S.", "D.", "C.", "L.", "T.", "V.", "A.", "N."];

const PRAISE: Record<"liquid" | "device" | "other", { title: string; body: string }[]> = {
  liquid: [
    {
      title: "My new all-day vape",
      body: "Tastes exactly like the description says. I have gone through three bottles already.",
    },
    { title: "Great flavour", body: "Smooth on the throat and the flavour lasts. Works well in my pod kit." },
    {
      title: "Not too sweet",
      body: "I was worried it would be sickly but it is well balanced. Will buy again.",
    },
    { title: "Good value", body: "Fair price for the quality, and it arrived the next day." },
  ],
  device: [
    { title: "Solid build", body: "Feels premium in the hand and the battery easily lasts me a full day." },
    {
      title: "Easy to use",
      body: "Bought it for my dad who is quitting smoking. He had it working in minutes.",
    },
    {
      title: "Great flavour from the coils",
      body: "The included coil gives really good flavour and no leaks so far.",
    },
    { title: "Does the job", body: "Charges quickly over USB-C. The airflow is a bit loose for my taste." },
  ],
  other: [
    { title: "As described", body: "Exactly what I needed, fits perfectly." },
    { title: "Good quality", body: "Much better than the cheap ones I bought before." },
    { title: "Quick delivery", body: "Arrived well packed and works as expected." },
  ],
};
const CRITICISM = [
  { title: "Okay, not amazing", body: "It is fine, but I expected a bit more for the price." },
  { title: "Not for me", body: "Nothing wrong with it, just not to my taste. Delivery was quick though." },
];

/**
 * Two to six reviews for roughly two products in three, newest first; none for the rest, so
 * the page also shows a product nobody has reviewed yet. Mostly four and five stars, the odd
 * critical one, as real shops' reviews go.
 */
export function reviewsFor(family: Family, slug: string): SeedReview[] {
  const rng = createRng(`reviews:${slug}`);
  if (rng.chance(0.33)) return [];
  const pool =
    family.type === "liquid" || family.type === "salt"
      ? PRAISE.liquid
      : DEVICE_KINDS.has(family.kind) || family.kind === "tank"
        ? PRAISE.device
        : PRAISE.other;
  const count = rng.int(2, 6);
  const out: SeedReview[] = [];
  // Each text at most once per product, so no product reads like a copy-paste.
  const praise = rng.shuffle(pool);
  const critical = rng.shuffle(CRITICISM);
  let days = rng.int(1, 12);
  for (let i = 0; i < count; i++) {
    const roll = rng.next();
    let rating = roll < 0.55 ? 5 : roll < 0.85 ? 4 : roll < 0.95 ? 3 : 2;
    if (rating > 3 && praise.length === 0) rating = 3;
    if (rating <= 3 && critical.length === 0) break;
    const text = (rating <= 3 ? critical.shift() : praise.shift()) as { title: string; body: string };
    out.push({ author: `${rng.pick(FIRST)} ${rng.pick(LAST)}`, rating, ...text, daysAgo: days });
    days += rng.int(3, 40);
  }
  return out;
}

/** products.ratings and review_count as the reviews make them: the mean to two decimals. */
export function ratingOf(reviews: readonly { rating: number }[]): { ratings: number; reviewCount: number } {
  if (reviews.length === 0) return { ratings: 0, reviewCount: 0 };
  const sum = reviews.reduce((s, r) => s + r.rating, 0);
  return { ratings: Math.round((sum / reviews.length) * 100) / 100, reviewCount: reviews.length };
}
