// Restricted advertising (issue 41 §4, docs/decisions/0064): which promotional parts of the shop
// are turned off for the products whose advertising the law restricts. Directive 2014/40/EU
// art. 20(5)(a) has Member States prohibit "commercial communications in information society
// services ... with the aim or direct or indirect effect of promoting electronic cigarettes and
// refill containers". A shop's own pages are such a service; the parts below are the ones whose
// only job is to promote. Pure: shared by the server, the browser and the back office.

/** The switches, in the order the back office lists them. */
export const ADVERTISING_PARTS = [
  "adCube",
  "hotDeals",
  "saleMarks",
  "heroPrices",
  "newsletterPromo",
] as const;
export type AdvertisingPart = (typeof ADVERTISING_PARTS)[number];

/** true: the part is turned off for restricted products (or, for parts not tied to one product, for the whole shop). */
export type AdvertisingRestrictions = Readonly<Record<AdvertisingPart, boolean>>;

/** The stored setting of each part's switch (core/settings.ts SETTING_KEYS). */
export const ADVERTISING_PART_SETTINGS = {
  adCube: "restrict_ad_cube",
  hotDeals: "restrict_hot_deals",
  saleMarks: "restrict_sale_marks",
  heroPrices: "restrict_hero_prices",
  newsletterPromo: "restrict_newsletter_promo",
} as const satisfies Record<AdvertisingPart, string>;

/** Nothing restricted: the spec's screens, as the demo stores show them. */
export const NO_RESTRICTIONS: AdvertisingRestrictions = {
  adCube: false,
  hotDeals: false,
  saleMarks: false,
  heroPrices: false,
  newsletterPromo: false,
};

/**
 * The parts turned off: the store's "restricted advertising" setting, then each part's own switch.
 * Both default to on (a missing row is the lawful reading): a store added with `npm run store -- add`
 * starts restricted, and only the demo seed turns it off, for the spec's screens.
 */
export function advertisingRestrictions(
  flag: (key: string, fallback: boolean) => boolean,
): AdvertisingRestrictions {
  if (!flag("restricted_advertising", true)) return NO_RESTRICTIONS;
  const out = {} as Record<AdvertisingPart, boolean>;
  for (const part of ADVERTISING_PARTS) out[part] = flag(ADVERTISING_PART_SETTINGS[part], true);
  return out;
}

/**
 * The classes core/regulatory.ts marks advertising-restricted, written out: this module is in every
 * page's first load (through core/settings.ts) and regulatory.ts would bring the API's schemas with
 * it. tests/unit/advertising.test.ts holds the two lists equal.
 */
export const RESTRICTED_CLASS_NAMES: readonly string[] = [
  "nicotine_liquid",
  "nicotine_free_liquid",
  "device",
  "tank",
];

export function isAdvertisingRestricted(regulatoryClass: string | null | undefined): boolean {
  return RESTRICTED_CLASS_NAMES.includes(regulatoryClass ?? "");
}

/** Whether a product of this class may carry the part's promotion. */
export function mayPromote(
  restrictions: AdvertisingRestrictions,
  part: AdvertisingPart,
  regulatoryClass: string | null | undefined,
): boolean {
  return !restrictions[part] || !isAdvertisingRestricted(regulatoryClass);
}

/** The owner-facing name of each part (the back office's switches and notices). */
export const ADVERTISING_PART_LABELS: Record<AdvertisingPart, string> = {
  adCube: "the pop-up ad cube",
  hotDeals: "the Hot deals carousel",
  saleMarks: "Sale badges and struck-through prices",
  heroPrices: "prices in the hero slides",
  newsletterPromo: "the newsletter pop-up's promise of deals",
};

/** The parts still promoting restricted products: what the back office warns about. */
export const unrestrictedParts = (r: AdvertisingRestrictions): AdvertisingPart[] =>
  ADVERTISING_PARTS.filter((p) => !r[p]);
