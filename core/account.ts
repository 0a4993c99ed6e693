// Account rules shared by server and browser. Pure: no I/O.
import { formatDecimal } from "./money";
import { isPriceListId } from "./pricing";

/**
 * A phone number as the database compares it: digits only, so '99 12 34 56' and '99123456' are
 * one number (the store schema's unique index uses the same expression).
 */
export function phoneDigits(phone: string): string {
  return phone.replace(/[^0-9]/g, "");
}

/** Reward points shown = balance - on hold, never below zero, in cents. */
function shownPointsCents(balanceCents: number, onHoldCents: number): number {
  return Math.max(0, balanceCents - onHoldCents);
}

export function formatPoints(balanceCents: number, onHoldCents: number): string {
  return formatDecimal(shownPointsCents(balanceCents, onHoldCents));
}

/** What the browser may know about the signed-in customer (root loader data). */
export interface PublicCustomer {
  id: number;
  username: string;
  name: string;
  surname: string;
  email: string;
  country: string;
  /** CUST_PriceLIst_Header_Id (null or -1: none). */
  priceListId: number | null;
  hasPriceList: boolean;
  excludeVat: boolean;
  /** Balance minus on hold, in cents. */
  pointsCents: number;
  /** Formatted points, e.g. "12.5". */
  points: string;
  legacyAccount: boolean;
}

export function toPublicCustomer(c: {
  id: number;
  username: string;
  name: string;
  surname: string;
  email: string;
  country: string;
  priceListId: number | null;
  excludeVat: boolean;
  pointsBalanceCents: number;
  pointsOnHoldCents: number;
  legacyAccount: boolean;
}): PublicCustomer {
  return {
    id: c.id,
    username: c.username,
    name: c.name,
    surname: c.surname,
    email: c.email,
    country: c.country,
    priceListId: c.priceListId,
    hasPriceList: isPriceListId(c.priceListId),
    excludeVat: c.excludeVat,
    pointsCents: Math.max(0, c.pointsBalanceCents - c.pointsOnHoldCents),
    points: formatPoints(c.pointsBalanceCents, c.pointsOnHoldCents),
    legacyAccount: c.legacyAccount,
  };
}

/** What an order needs of a customer that an account made through Google or Facebook starts without. */
const ORDER_DETAILS = [
  ["phone", "mobile phone"],
  ["street", "street address"],
  ["city", "town or city"],
  ["country", "country"],
] as const;

/** The details still missing before the customer's first order (empty when all are in). */
export function missingOrderDetails(c: {
  phone: string;
  street: string;
  city: string;
  country: string;
}): string[] {
  return ORDER_DETAILS.filter(([key]) => c[key].trim() === "").map(([, label]) => label);
}

export function missingDetailsText(missing: string[]): string {
  const list = new Intl.ListFormat("en", { type: "conjunction" }).format(missing);
  return `Please add your ${list} in My Account before you order.`;
}
