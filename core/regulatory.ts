// A product's regulatory class and compliance data (issue 41 §1, docs/decisions/0058): which
// classes contain nicotine, are sold to adults only or restricted in advertising (what §2-§4 read),
// the limits of Directive 2014/40/EU art. 20(3) and the one set of rules every write path checks
// (the back office's product form, the ERP API, the catalogue file and the seed, through
// core/admin/catalog.ts). Pure: shared by the server and the browser.
import { z } from "zod";

/** "general": not a vaping product (the default of every product stored before the class existed). */
export const REGULATORY_CLASSES = [
  "general",
  "nicotine_liquid",
  "nicotine_free_liquid",
  "device",
  "tank",
  "accessory",
] as const;
export type RegulatoryClass = (typeof REGULATORY_CLASSES)[number];

/** The back office's names of the classes. */
export const REGULATORY_CLASS_LABELS: Record<RegulatoryClass, string> = {
  general: "Not a vaping product",
  nicotine_liquid: "E-liquid with nicotine",
  nicotine_free_liquid: "Nicotine-free e-liquid or shortfill",
  device: "Device (e-cigarette, kit, disposable)",
  tank: "Tank, pod or cartridge",
  accessory: "Spare part or accessory",
};

/**
 * Directive 2014/40/EU art. 20(3)(a) and (b): nicotine-containing liquid in refill containers of at
 * most 10 ml, cartridges or tanks of at most 2 ml, and at most 20 mg/ml of nicotine.
 */
export const LIMITS = { nicotineMgPerMl: 20, refillVolumeMl: 10, tankCapacityMl: 2 } as const;

interface ClassRules {
  /** Which of the measures the class takes: required, optional or none (must be empty). */
  nicotine: "required" | "optional" | "none";
  volume: "required" | "optional" | "none";
  tank: "required" | "optional" | "none";
  /** The EU notification number (EC-ID, art. 20(2)) must be given. */
  ecIdRequired: boolean;
  /** Sold to adults only whatever its strength (§3 reads this). */
  ageRestricted: boolean;
  /** Commercial communications restricted (art. 20(5); §4 reads this). */
  advertisingRestricted: boolean;
  /** Needs the GPSR block (manufacturer and identification) on its page. */
  gpsr: boolean;
}

const CLASS_RULES: Record<RegulatoryClass, ClassRules> = {
  general: {
    nicotine: "none",
    volume: "optional",
    tank: "none",
    ecIdRequired: false,
    ageRestricted: false,
    advertisingRestricted: false,
    gpsr: false,
  },
  nicotine_liquid: {
    nicotine: "required",
    volume: "required",
    tank: "none",
    ecIdRequired: true,
    ageRestricted: true,
    advertisingRestricted: true,
    gpsr: true,
  },
  nicotine_free_liquid: {
    nicotine: "none",
    volume: "required",
    tank: "none",
    ecIdRequired: false,
    ageRestricted: true,
    advertisingRestricted: true,
    gpsr: true,
  },
  // A pre-filled device (a disposable) or cartridge carries its nicotine strength.
  device: {
    nicotine: "optional",
    volume: "none",
    tank: "optional",
    ecIdRequired: false,
    ageRestricted: true,
    advertisingRestricted: true,
    gpsr: true,
  },
  tank: {
    nicotine: "optional",
    volume: "none",
    tank: "required",
    ecIdRequired: false,
    ageRestricted: true,
    advertisingRestricted: true,
    gpsr: true,
  },
  accessory: {
    nicotine: "none",
    volume: "none",
    tank: "none",
    ecIdRequired: false,
    ageRestricted: false,
    advertisingRestricted: false,
    gpsr: true,
  },
};

export function classRules(c: RegulatoryClass): Readonly<ClassRules> {
  return CLASS_RULES[c];
}

/** The product contains nicotine: an e-liquid with nicotine, or a pre-filled device or cartridge with a strength. */
export function isNicotineContaining(p: {
  regulatoryClass: RegulatoryClass;
  nicotineMgPerMl: number | null;
}) {
  return p.regulatoryClass === "nicotine_liquid" || (p.nicotineMgPerMl ?? 0) > 0;
}

/** Standard warnings a product may carry besides the nicotine health warning (texts in core/messages, Compliance). */
export const WARNING_CODES = [
  "keepAwayFromChildren",
  "adultsOnly",
  "pregnancy",
  "battery",
  "flammable",
] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

export const WARNING_LABELS: Record<WarningCode, string> = {
  keepAwayFromChildren: "Keep out of reach of children",
  adultsOnly: "For adults (18+) only",
  pregnancy: "Not for use in pregnancy or while breastfeeding",
  battery: "Battery safety (charge with the cable supplied, never unattended)",
  flammable: "Do not expose to heat or open flame",
};

/**
 * The EC-ID of the EU-CEG notification: submitter id (5 digits), year (2 digits) and product
 * number (5 digits), e.g. 01234-16-00001.
 */
export const EC_ID_PATTERN = /^\d{5}-\d{2}-\d{5}$/;

/** The EU and EEA member states' ISO codes: a manufacturer elsewhere needs an EU responsible person (GPSR art. 16). */
export const EU_COUNTRIES = [
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
] as const;
export const isEuCountry = (code: string) => (EU_COUNTRIES as readonly string[]).includes(code.toUpperCase());

const measure = (label: string, max: number) =>
  z
    .number({ error: `Enter the ${label} as a number.` })
    .min(0, `The ${label} cannot be negative.`)
    .max(max, `The ${label} is too large.`)
    .refine((v) => Math.round(v * 100) === v * 100, `Give the ${label} to at most 2 decimals.`)
    .nullable()
    .default(null);

/** The compliance fields of a product as every write path gives them (a part of core/admin/catalog.ts' product). */
export const complianceFields = {
  regulatoryClass: z.enum(REGULATORY_CLASSES, { error: "Choose a regulatory class." }).default("general"),
  /** mg of nicotine per ml; null: none given. */
  nicotineMgPerMl: measure("nicotine strength", 1000),
  /** The liquid a container holds, in ml. */
  volumeMl: measure("volume", 100_000),
  /** What a tank, pod or cartridge holds, in ml. */
  tankCapacityMl: measure("tank capacity", 1000),
  /** The EU notification number (EC-ID); null: none. */
  ecId: z
    .string()
    .trim()
    .max(20)
    .transform((v) => (v === "" ? null : v))
    .refine((v) => v === null || EC_ID_PATTERN.test(v), "Write the EC-ID as 12345-16-12345.")
    .nullable()
    .default(null),
  /** Economic operators (shared records); null: the brand's. */
  manufacturerId: z.number().int().positive().nullable().default(null),
  responsiblePersonId: z.number().int().positive().nullable().default(null),
  warnings: z
    .array(z.enum(WARNING_CODES, { error: "Unknown warning." }))
    .max(WARNING_CODES.length)
    .refine((w) => new Set(w).size === w.length, "A warning is chosen twice.")
    .default([]),
};

export interface ComplianceValues {
  regulatoryClass: RegulatoryClass;
  nicotineMgPerMl: number | null;
  volumeMl: number | null;
  tankCapacityMl: number | null;
  ecId: string | null;
}

export interface ComplianceIssue {
  /** The field, by the back office's name (nicotineMgPerMl, volumeMl, tankCapacityMl, ecId). */
  path: keyof ComplianceValues;
  message: string;
  /** A limit of art. 20(3) broken (the product may not be sold), not a missing or misplaced value. */
  limit: boolean;
}

const mg = (n: number) => `${n} mg/ml`;
const ml = (n: number) => `${n} ml`;

/**
 * Every problem of a product's compliance data: the legal limits, and the measures its class needs
 * or may not have. The one rule module: the product schema refuses on these, and the back office's
 * list of stored products that break a limit reads them too.
 */
export function complianceIssues(v: ComplianceValues): ComplianceIssue[] {
  const rules = CLASS_RULES[v.regulatoryClass];
  const out: ComplianceIssue[] = [];
  const label = REGULATORY_CLASS_LABELS[v.regulatoryClass].toLowerCase();
  const check = (
    path: "nicotineMgPerMl" | "volumeMl" | "tankCapacityMl",
    need: ClassRules["nicotine"],
    name: string,
  ) => {
    const value = v[path];
    if (need === "required" && (value === null || value <= 0))
      out.push({ path, message: `Enter the ${name}: a ${label} needs it.`, limit: false });
    if (need === "none" && value !== null && value > 0)
      out.push({ path, message: `A ${label} has no ${name}: leave it empty.`, limit: false });
  };
  check("nicotineMgPerMl", rules.nicotine, "nicotine strength");
  check("volumeMl", rules.volume, "volume");
  check("tankCapacityMl", rules.tank, "tank capacity");
  if (v.nicotineMgPerMl !== null && v.nicotineMgPerMl > LIMITS.nicotineMgPerMl)
    out.push({
      path: "nicotineMgPerMl",
      message: `The nicotine strength is ${mg(v.nicotineMgPerMl)}; the law allows at most ${mg(LIMITS.nicotineMgPerMl)}.`,
      limit: true,
    });
  if (
    isNicotineContaining(v) &&
    v.regulatoryClass === "nicotine_liquid" &&
    v.volumeMl !== null &&
    v.volumeMl > LIMITS.refillVolumeMl
  )
    out.push({
      path: "volumeMl",
      message: `A refill container of nicotine liquid holds at most ${ml(LIMITS.refillVolumeMl)}; this one holds ${ml(v.volumeMl)}.`,
      limit: true,
    });
  if (v.tankCapacityMl !== null && v.tankCapacityMl > LIMITS.tankCapacityMl)
    out.push({
      path: "tankCapacityMl",
      message: `A tank or cartridge holds at most ${ml(LIMITS.tankCapacityMl)}; this one holds ${ml(v.tankCapacityMl)}.`,
      limit: true,
    });
  if (rules.ecIdRequired && v.ecId === null)
    out.push({ path: "ecId", message: `Enter the EC-ID: a ${label} must be notified.`, limit: false });
  return out;
}

/** The limits of art. 20(3) a stored product breaks (the back office lists these for the owner to fix). */
export function limitBreaches(v: ComplianceValues): ComplianceIssue[] {
  return complianceIssues(v).filter((i) => i.limit);
}

/** An economic operator as a product page shows it (GPSR art. 19(a) and (b)). */
export interface OperatorContact {
  name: string;
  postalAddress: string;
  email: string;
  country: string;
}

/**
 * What a product page, both quick views and the storefront API show of a product's compliance:
 * small, loaded with the product. Null for a product of class "general" without data.
 */
export interface ProductCompliance {
  regulatoryClass: RegulatoryClass;
  nicotineMgPerMl: number | null;
  volumeMl: number | null;
  tankCapacityMl: number | null;
  ecId: string | null;
  /** The product's own manufacturer, else its brand's. */
  manufacturer: OperatorContact | null;
  /** The EU responsible person, shown when the manufacturer is outside the EU (or none is known). */
  responsiblePerson: OperatorContact | null;
  /** The nicotine health warning of art. 20(4)(b)(iii) in the page's language; null: none. */
  nicotineWarning: string | null;
  /** The product's other warnings, as texts in the page's language. */
  warnings: string[];
}

/** The message key (namespace Product) of each warning's text. */
export const WARNING_MESSAGE_KEYS = {
  keepAwayFromChildren: "warningKeepAwayFromChildren",
  adultsOnly: "warningAdultsOnly",
  pregnancy: "warningPregnancy",
  battery: "warningBattery",
  flammable: "warningFlammable",
} as const satisfies Record<WarningCode, string>;

/** The compliance columns of a product, as stored and as every write path gives them. */
export interface ComplianceRecord extends ComplianceValues {
  manufacturerId: number | null;
  responsiblePersonId: number | null;
  warnings: WarningCode[];
}

/**
 * The compliance columns picked from a stored row or a checked input (the database's check
 * constraint keeps the class one of REGULATORY_CLASSES; unknown warning codes are dropped).
 */
export function complianceRecord(v: {
  regulatoryClass: string;
  nicotineMgPerMl: number | null;
  volumeMl: number | null;
  tankCapacityMl: number | null;
  ecId: string | null;
  manufacturerId: number | null;
  responsiblePersonId: number | null;
  warnings: readonly string[];
}): ComplianceRecord {
  return {
    regulatoryClass: (REGULATORY_CLASSES as readonly string[]).includes(v.regulatoryClass)
      ? (v.regulatoryClass as RegulatoryClass)
      : "general",
    nicotineMgPerMl: v.nicotineMgPerMl,
    volumeMl: v.volumeMl,
    tankCapacityMl: v.tankCapacityMl,
    ecId: v.ecId,
    manufacturerId: v.manufacturerId,
    responsiblePersonId: v.responsiblePersonId,
    warnings: v.warnings.filter((w): w is WarningCode => (WARNING_CODES as readonly string[]).includes(w)),
  };
}
