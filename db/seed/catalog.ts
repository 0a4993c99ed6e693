// Turns the product families of catalog-data.ts into concrete product rows for one store.
// Pure and deterministic: the same profile always gives the same catalogue (no database ids;
// demo.ts maps brand and category codes to ids when inserting).

import { complianceIssues, type RegulatoryClass, type WarningCode } from "../../core/regulatory";
import type { ArtStyle, Motif } from "./art";
import {
  BRANDS,
  FAMILIES,
  type Family,
  type ImageKind,
  SHORTFILL_PRICE_CENTS,
  SUB_CATEGORIES,
  VIDEO_IDS,
} from "./catalog-data";
import {
  colourDraftEl,
  type DraftEl,
  liquidDraftEl,
  longDescEl,
  optionDraftEl,
  type ProductEl,
  saltDraftEl,
  singleDraftEl,
  specsEl,
} from "./catalog-el";
import { createRng, slugify } from "./prng";
import { longDescFor, ratingOf, reviewsFor, type SeedReview, type Spec, specsFor } from "./product-content";

export interface CatalogueProfile {
  seed: string;
  /** Product code prefix, e.g. "VH" gives "VH-EL-0001". */
  codePrefix: string;
  /** Variant group prefix, e.g. "vh" gives "vh-kit-aurora". */
  groupPrefix: string;
  /** Multiplies the retail list price (wholesale sells at trade prices). */
  priceFactor: number;
  /** How a computed price is rounded: retail prices end in .99, trade prices in 5 cents. */
  rounding: "retail" | "trade";
  strengths: number[];
  saltStrengths: number[];
  shortfills: boolean;
  maxColours: number;
  skipFamilies: string[];
  /** Family whose first product is the store's single pop-up ad; null for none. */
  popupFamily: string | null;
  /** Family whose second product is out of stock while its siblings are in stock. */
  outOfStockSibling: string;
  videoCount: number;
  vatRate: number;
  /** Appended to every short description (e.g. trade packing notes). */
  descSuffix?: string;
}

export interface ImageSpec {
  kind: ImageKind;
  colour: string;
  accent: string;
  /** The family's drawing: every product of a family shares it, other families differ. */
  style: ArtStyle;
}

export interface SeedProduct {
  familyKey: string;
  code: string;
  name: string;
  slug: string;
  priceCents: number;
  salePriceCents: number | null;
  vatRate: number;
  isNew: boolean;
  isTop: boolean;
  isHot: boolean;
  popupAd: boolean;
  shortDesc: string;
  longDescHtml: string;
  specs: Spec[];
  /** Shoppers' reviews, newest first; ratings and reviewCount are made from them. */
  reviews: SeedReview[];
  ratings: number;
  reviewCount: number;
  brandCode: string;
  categoryCodes: string[];
  videoUrl: string | null;
  variantGroup: string | null;
  variantLabel: string | null;
  image: ImageSpec;
  outOfStock: boolean;
  variants: { color: string; colorName: string; size: string; priceCents: number }[];
  /** The Greek text (product_translations), written for the stores that speak Greek. */
  el: ProductEl;
  /** Regulatory class and data (docs/decisions/0058); manufacturer and responsible person come from the brand. */
  compliance: SeedCompliance;
}

export interface SeedCompliance {
  regulatoryClass: RegulatoryClass;
  nicotineMgPerMl: number | null;
  volumeMl: number | null;
  tankCapacityMl: number | null;
  ecId: string | null;
  warnings: WarningCode[];
}

const LIQUID_WARNINGS: WarningCode[] = ["keepAwayFromChildren", "adultsOnly", "pregnancy"];
const DEVICE_WARNINGS: WarningCode[] = ["keepAwayFromChildren", "adultsOnly", "battery"];

/**
 * A product's lawful compliance data, from its family and (for a liquid) its strength: refills of
 * 10 ml, at most 20 mg/ml, tanks and cartridges of 2 ml (Directive 2014/40/EU art. 20(3)).
 * `mg` is null for hardware, "shortfill" for a nicotine-free 60 ml shortfill.
 */
function complianceOf(
  family: Family,
  mg: number | "shortfill" | null,
): Omit<SeedCompliance, "ecId"> & {
  notified: boolean;
} {
  const none = { nicotineMgPerMl: null, volumeMl: null, tankCapacityMl: null };
  if (family.type === "liquid" || family.type === "salt") {
    if (mg === "shortfill")
      return {
        ...none,
        regulatoryClass: "nicotine_free_liquid",
        volumeMl: 60,
        warnings: LIQUID_WARNINGS,
        notified: false,
      };
    if (mg === null || mg === 0)
      return {
        ...none,
        regulatoryClass: "nicotine_free_liquid",
        volumeMl: 10,
        warnings: LIQUID_WARNINGS,
        notified: false,
      };
    return {
      ...none,
      regulatoryClass: "nicotine_liquid",
      nicotineMgPerMl: mg,
      volumeMl: 10,
      warnings: LIQUID_WARNINGS,
      notified: true,
    };
  }
  switch (family.kind) {
    case "pod":
    case "podmod":
    case "mod":
    case "pen":
      return {
        ...none,
        regulatoryClass: "device",
        tankCapacityMl: 2,
        warnings: DEVICE_WARNINGS,
        notified: true,
      };
    case "disposable":
      return {
        ...none,
        regulatoryClass: "device",
        nicotineMgPerMl: 20,
        tankCapacityMl: 2,
        warnings: DEVICE_WARNINGS,
        notified: true,
      };
    case "tank":
      return {
        ...none,
        regulatoryClass: "tank",
        tankCapacityMl: 2,
        warnings: ["keepAwayFromChildren"],
        notified: true,
      };
    case "cartridge":
      // Sealed prefilled pods carry their nicotine; refillable ones are empty.
      return /nicotine/.test(family.desc)
        ? {
            ...none,
            regulatoryClass: "tank",
            nicotineMgPerMl: 20,
            tankCapacityMl: 2,
            warnings: LIQUID_WARNINGS,
            notified: true,
          }
        : {
            ...none,
            regulatoryClass: "tank",
            tankCapacityMl: 2,
            warnings: ["keepAwayFromChildren"],
            notified: true,
          };
    case "battery":
    case "charger":
      return { ...none, regulatoryClass: "accessory", warnings: ["battery", "flammable"], notified: false };
    default:
      return { ...none, regulatoryClass: "accessory", warnings: [], notified: false };
  }
}

const brandByCode = new Map(BRANDS.map((b) => [b.code, b]));
const masterOfSub = new Map(SUB_CATEGORIES.map((s) => [s.code, s.master]));

/** The label motif of a flavour family (an e-liquid sub-category). */
const FLAVOUR_MOTIF: Record<string, Motif> = {
  "EL-FRUIT": "fruit",
  "EL-DESSERT": "dessert",
  "EL-MENTHOL": "menthol",
  "EL-TOBACCO": "tobacco",
};

/**
 * A liquid's motif is its first sub-category's; a salt always shows the salt crystal, and its
 * motif is the flavour badge beside it (its second sub-category: menthol, fruit, tobacco).
 */
function motifOf(family: Family): Motif {
  if (family.type === "liquid") return FLAVOUR_MOTIF[family.categories[0]] ?? "none";
  if (family.type === "salt") return FLAVOUR_MOTIF[family.categories[1]] ?? "crystal";
  return "none";
}

/**
 * Every family's ArtStyle. The variant is the family's place among the families drawn the same
 * way (same kind, same motif), so two pod kits or two fruit liquids get different bodies or
 * labels rather than a recolour of one drawing. Numbered over the whole family list, not per
 * store, so a product looks the same in every store that sells it.
 */
export const FAMILY_STYLES: ReadonlyMap<string, ArtStyle> = (() => {
  const seen = new Map<string, number>();
  const styles = new Map<string, ArtStyle>();
  for (const family of FAMILIES) {
    const motif = motifOf(family);
    const drawnAs = family.type === "liquid" || family.type === "salt" ? family.type : family.kind;
    const group = `${drawnAs}:${motif}`;
    const variant = seen.get(group) ?? 0;
    seen.set(group, variant + 1);
    styles.set(family.key, { motif, variant });
  }
  return styles;
})();

/** The kind of a group decides its variant_group stem: "vh-kit-aurora", "vh-liquid-mango-sunrise". */
function groupStem(family: Family): string {
  switch (family.type) {
    case "liquid":
    case "salt":
      return "liquid";
    case "colours":
      return "kit";
    default:
      return family.kind === "coil" ? "coil" : family.kind === "disposable" ? "dispo" : "opt";
  }
}

function optionNoun(kind: ImageKind): string {
  if (kind === "coil") return "Resistance";
  if (kind === "disposable" || kind === "cartridge") return "Flavour";
  if (kind === "battery") return "Cell";
  return "Colour";
}

function roundPrice(cents: number, rounding: CatalogueProfile["rounding"]): number {
  if (rounding === "trade") return Math.max(5, Math.round(cents / 5) * 5);
  return Math.max(99, Math.round(cents / 100) * 100 - 1);
}

/** 15% off, rounded the store's way, and always below the price. */
export function hotDealPrice(priceCents: number, rounding: CatalogueProfile["rounding"]): number {
  const sale = roundPrice(priceCents * 0.85, rounding);
  return sale < priceCents ? sale : Math.max(1, priceCents - (rounding === "trade" ? 5 : 100));
}

interface Draft {
  family: Family;
  /** A liquid's strength in mg/ml ("shortfill": a nicotine-free shortfill); null for hardware. */
  mg?: number | "shortfill";
  name: string;
  label: string | null;
  listPriceCents: number;
  desc: string;
  image: ImageSpec;
  variants: SeedProduct["variants"];
  el: DraftEl;
}

function draftsOf(family: Family, p: CatalogueProfile): Draft[] {
  const brand = brandByCode.get(family.brand);
  if (!brand) throw new Error(`unknown brand ${family.brand} in family ${family.key}`);
  const style = FAMILY_STYLES.get(family.key);
  if (!style) throw new Error(`no art style for family ${family.key}`);
  const drafts: Draft[] = [];
  const base = { family, variants: [] as Draft["variants"] };
  switch (family.type) {
    case "liquid": {
      const title = `${brand.name} ${family.flavour}`;
      const bottle: ImageSpec = { kind: "bottle10", colour: family.colour, accent: family.accent, style };
      for (const mg of p.strengths) {
        const nic = mg === 0 ? "nicotine-free" : `${mg} mg/ml freebase nicotine`;
        drafts.push({
          ...base,
          mg,
          name: `${title} - 10 ml / ${mg} mg`,
          label: `10 ml / ${mg} mg`,
          listPriceCents: family.priceCents,
          desc: `${family.desc} 10 ml bottle, 50/50 VG/PG, ${nic}.`,
          image: bottle,
          el: liquidDraftEl(family, brand, family.flavour, `10 ml / ${mg} mg`, mg),
        });
      }
      if (p.shortfills && family.shortfill) {
        drafts.push({
          ...base,
          mg: "shortfill",
          name: `${title} - 60 ml shortfill / 0 mg`,
          label: "60 ml shortfill / 0 mg",
          listPriceCents: SHORTFILL_PRICE_CENTS,
          desc: `${family.desc} 50 ml of 70/30 VG/PG in a 60 ml bottle, nicotine-free, with room for one 10 ml nicotine shot.`,
          image: { ...bottle, kind: "bottle60" },
          el: liquidDraftEl(family, brand, family.flavour, "60 ml shortfill / 0 mg", "shortfill"),
        });
      }
      break;
    }
    case "salt":
      for (const mg of p.saltStrengths) {
        drafts.push({
          ...base,
          mg,
          name: `${brand.name} ${family.flavour} Nic Salt - 10 ml / ${mg} mg`,
          label: `10 ml / ${mg} mg`,
          listPriceCents: family.priceCents,
          desc: `${family.desc} 10 ml, 50/50 VG/PG, ${mg} mg/ml nicotine salt.`,
          image: { kind: "salt", colour: family.colour, accent: family.accent, style },
          el: saltDraftEl(family, brand, family.flavour, `10 ml / ${mg} mg`, mg),
        });
      }
      break;
    case "colours":
      for (const col of family.colours.slice(0, p.maxColours)) {
        drafts.push({
          ...base,
          name: `${brand.name} ${family.model} - ${col.name}`,
          label: col.name,
          listPriceCents: family.priceCents,
          desc: `${family.desc} Finished in ${col.name.toLowerCase()}.`,
          image: { kind: family.kind, colour: col.hex, accent: brand.colour, style },
          el: colourDraftEl(family, brand, col.name),
        });
      }
      break;
    case "options": {
      const noun = optionNoun(family.kind);
      for (const opt of family.options) {
        drafts.push({
          ...base,
          name: `${brand.name} ${family.model} - ${opt.label}`,
          label: opt.label,
          listPriceCents: family.priceCents + (opt.deltaCents ?? 0),
          desc: `${family.desc} ${noun}: ${opt.label}.`,
          image: {
            kind: family.kind,
            colour: family.tintPerOption ? opt.hex : family.options[0].hex,
            accent: brand.colour,
            style,
          },
          el: optionDraftEl(family, brand, noun, opt.label),
        });
      }
      break;
    }
    case "single":
      drafts.push({
        ...base,
        name: `${brand.name} ${family.model}`,
        label: null,
        listPriceCents: family.priceCents,
        desc: family.desc,
        image: { kind: family.kind, colour: family.hex, accent: brand.colour, style },
        el: singleDraftEl(family, brand),
        variants: (family.variants ?? []).map((v) => ({
          color: v.color,
          colorName: v.colorName,
          size: v.size,
          priceCents: roundPrice((family.priceCents + v.deltaCents) * p.priceFactor, p.rounding),
        })),
      });
      break;
  }
  return drafts;
}

export function buildCatalogue(p: CatalogueProfile): SeedProduct[] {
  const rng = createRng(`catalogue:${p.seed}`);
  const counters = new Map<string, number>();
  const slugs = new Set<string>();
  const products: SeedProduct[] = [];

  for (const family of FAMILIES) {
    if (p.skipFamilies.includes(family.key)) continue;
    const drafts = draftsOf(family, p);
    const grouped = drafts.length > 1;
    const master = masterOfSub.get(family.categories[0]);
    if (!master) throw new Error(`unknown category ${family.categories[0]} in family ${family.key}`);
    drafts.forEach((d, i) => {
      const n = (counters.get(master) ?? 0) + 1;
      counters.set(master, n);
      let slug = slugify(d.name);
      while (slugs.has(slug)) slug = `${slug}-x`;
      slugs.add(slug);
      const priceCents = roundPrice(d.listPriceCents * p.priceFactor, p.rounding);
      const onSale = rng.chance(0.2);
      const drawnSale = onSale ? roundPrice(priceCents * (0.75 + rng.next() * 0.15), p.rounding) : null;
      const isNew = rng.chance(0.15);
      const isTop = rng.chance(0.15);
      const isHot = rng.chance(0.15);
      // Still drawn, so every value after them stays what it was; the reviews decide them now.
      rng.next();
      rng.int(3, 180);
      let salePriceCents = drawnSale !== null && drawnSale < priceCents ? drawnSale : null;
      // A hot deal is a deal: one without a drawn sale takes 15% off.
      if (isHot && salePriceCents === null) salePriceCents = hotDealPrice(priceCents, p.rounding);
      const shortDesc = p.descSuffix ? `${d.desc} ${p.descSuffix}` : d.desc;
      const reviews = reviewsFor(family, slug);
      const specs = specsFor(family, grouped ? d.label : null, d.name);
      const { notified, ...rules } = complianceOf(family, d.mg ?? null);
      // An invented EC-ID: submitter by brand, year 16, the product's running number.
      const submitter = String(10_000 + (brandByCode.get(family.brand)?.seq ?? 0) * 137).slice(-5);
      const compliance: SeedCompliance = {
        ...rules,
        ecId: notified ? `${submitter}-16-${String(products.length + 1).padStart(5, "0")}` : null,
      };
      // The seed writes through the same rules as every other way in: a demo product out of the
      // law's limits stops the seed.
      const issues = complianceIssues(compliance);
      if (issues.length > 0)
        throw new Error(`seed product ${d.name}: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`);
      products.push({
        familyKey: family.key,
        code: `${p.codePrefix}-${master}-${String(n).padStart(4, "0")}`,
        name: d.name,
        slug,
        priceCents,
        salePriceCents,
        vatRate: p.vatRate,
        isNew,
        isTop,
        isHot,
        popupAd: p.popupFamily === family.key && i === 0,
        shortDesc,
        longDescHtml: longDescFor(family, d.name, shortDesc),
        specs,
        reviews,
        ...ratingOf(reviews),
        brandCode: family.brand,
        categoryCodes: family.categories.slice(0, 2),
        videoUrl: null,
        variantGroup: grouped ? `${p.groupPrefix}-${groupStem(family)}-${family.key}` : null,
        variantLabel: grouped ? d.label : null,
        image: d.image,
        outOfStock: false,
        variants: d.variants,
        el: {
          name: d.el.name,
          shortDesc: d.el.desc,
          longDescHtml: longDescEl(family, d.el, d.el.desc),
          variantLabel: grouped ? d.el.label : null,
          specs: specsEl(specs),
        },
        compliance,
      });
    });
  }

  assignVideos(products, p, rng);
  assignOutOfStock(products, p, rng);
  return products;
}

/** Videos go to hardware, where a demo clip is believable. */
function assignVideos(products: SeedProduct[], p: CatalogueProfile, rng: ReturnType<typeof createRng>): void {
  const hardware = new Set(["DV", "TC"]);
  const candidates = products.filter((x) => hardware.has(x.code.split("-")[1]));
  rng
    .shuffle(candidates)
    .slice(0, p.videoCount)
    .forEach((x, i) => {
      x.videoUrl = `https://www.youtube.com/embed/${VIDEO_IDS[i % VIDEO_IDS.length]}`;
    });
}

/**
 * About 8% of products are out of stock everywhere, including exactly one colour of one kit,
 * so the "one variant sold out, others available" case is always on screen.
 */
function assignOutOfStock(
  products: SeedProduct[],
  p: CatalogueProfile,
  rng: ReturnType<typeof createRng>,
): void {
  const siblings = products.filter((x) => x.familyKey === p.outOfStockSibling);
  if (siblings.length < 2)
    throw new Error(`family ${p.outOfStockSibling} needs two products for the stock demo`);
  siblings[1].outOfStock = true;
  const target = Math.round(products.length * 0.08);
  const pool = rng.shuffle(products.filter((x) => x.familyKey !== p.outOfStockSibling && !x.popupAd));
  for (const x of pool.slice(0, Math.max(0, target - 1))) x.outOfStock = true;
}
