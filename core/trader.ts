// The trader's identity as structured store data (docs/decisions/0049-trader-identity-and-order-button.md):
// who the shopper contracts with, as Directive 2011/83/EU art. 6(1)(b)-(c) and Directive 2000/31/EC
// art. 5(1) ask for it (name, geographic address, e-mail, telephone, trade register and number, VAT
// number). Its zod schema (core/trader-schema.ts, apart so that the storefront's bundle does not
// carry zod) validates it wherever it is written; `traderLines` is the one function that turns it
// into the lines the footer, the contact and terms pages and every mail show. Pure: no I/O.

import type { TraderIdentity } from "./trader-schema";

/** The settings row (key/value, spec section 9) that holds the identity as a JSON document. */
export const TRADER_SETTING_KEY = "trader_identity";

/**
 * EU VAT identification numbers by prefix: the country's prefix, then its national format (the
 * formats the Commission's VIES checks; Greece's prefix is EL, Northern Ireland's XI). Only the
 * shape is checked here, not the check digits, and not whether the number is registered: that is
 * VIES's answer, and the shop's adviser's.
 */
export const EU_VAT_FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  EL: /^EL\d{9}$/,
  ES: /^ES[0-9A-Z]\d{7}[0-9A-Z]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{10}01$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
  XI: /^XI(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** The VAT prefix of an establishment country (ISO 3166-1): Greece is EL, Northern Ireland XI. */
export function vatPrefixOf(country: string): string | null {
  const c = country.toUpperCase();
  if (c === "GR") return "EL";
  return c in EU_VAT_FORMATS ? c : null;
}

/** A VAT number as typed ("cy 1000 0000 x", "EL-123.456.789") in its one stored form. */
export function normalizeVatNumber(value: string): string {
  return value.toUpperCase().replace(/[\s.\-/]/g, "");
}

/**
 * Why `vat` (normalized) is not a VAT number of a trader established in `country`, or null. In an
 * EU country it must carry that country's prefix and format; elsewhere it must be letters and digits.
 */
export function vatNumberProblem(vat: string, country: string): string | null {
  const prefix = vatPrefixOf(country);
  if (!prefix) {
    return /^[A-Z0-9]{4,20}$/.test(vat) ? null : "Enter the VAT number with letters and digits only.";
  }
  if (!vat.startsWith(prefix))
    return `A VAT number of a trader established in ${country.toUpperCase()} starts with ${prefix}.`;
  const format = EU_VAT_FORMATS[prefix];
  return format?.test(vat) ? null : `This is not the format of a ${prefix} VAT number.`;
}

/** The identity as a page or mail shows it: with its country's name in the page's language. */
export interface TraderView extends TraderIdentity {
  countryName: string;
}

/** The texts of the `Trader` catalogue namespace `traderLines` needs. */
type TraderText = (
  key: "vatNumber" | "registration" | "phone" | "email",
  values?: Record<string, string>,
) => string;

export interface TraderLines {
  name: string;
  /** Street, postcode and town, country: one line each. */
  address: string[];
  /** "Telephone: …", "Email: …". */
  contact: string[];
  /** "VAT number: …", "Registration number … (register)": only those the trader has. */
  registration: string[];
}

/** The geographic address as lines: street, postcode and town, country. */
export function traderAddressLines(view: TraderView): string[] {
  const street = [view.addressLine1, view.addressLine2].filter(Boolean).join(", ");
  return [street, `${view.postcode} ${view.city}`, view.countryName || view.country];
}

/** The one rendering of the identity: the footer, contact and terms pages and every mail use it. */
export function traderLines(view: TraderView, t: TraderText): TraderLines {
  return {
    name: view.legalName,
    address: traderAddressLines(view),
    contact: [t("phone", { phone: view.phone }), t("email", { email: view.email })],
    registration: [
      ...(view.vatNumber ? [t("vatNumber", { number: view.vatNumber })] : []),
      ...(view.registrationNumber
        ? [t("registration", { number: view.registrationNumber, register: view.registerName })]
        : []),
    ],
  };
}

/** `identity` with its country named in `locale` (an Intl tag such as "el-GR"); computed on the server. */
export function traderView(identity: TraderIdentity, locale: string): TraderView {
  let countryName = identity.country;
  try {
    countryName =
      new Intl.DisplayNames([locale], { type: "region" }).of(identity.country) ?? identity.country;
  } catch {
    // An unknown region code keeps its code.
  }
  return { ...identity, countryName };
}
