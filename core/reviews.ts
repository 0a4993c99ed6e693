// Where a product review comes from, whether it shows, and when it carries "Verified purchase"
// (UCPD art. 7(6) and Annex I points 23b/23c, docs/decisions/0053). Pure: the services, the
// storefront and the back office read one definition.

/** 'customer': written by a signed-in customer from one of their order lines; 'staff': entered by hand. */
export const REVIEW_SOURCES = ["customer", "staff"] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

/** Only 'published' shows and counts in a product's rating. */
export const REVIEW_STATUSES = ["pending", "published", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * The order states in which a line proves a purchase: the money was taken ('paid') or the shop
 * completed the order. A cancelled or expired order, or one still awaiting payment, proves none.
 */
export const PURCHASE_STATUSES = ["paid", "completed"] as const;

export function provesPurchase(orderStatus: string): boolean {
  return (PURCHASE_STATUSES as readonly string[]).includes(orderStatus);
}

/**
 * "Verified purchase" is earned, never set: a customer's review whose order line is still of that
 * product, in an order of that same customer that proves a purchase. A staff-entered review never
 * carries it, whatever it says.
 */
export function isVerifiedPurchase(r: {
  source: string;
  customerId: number | null;
  productId: number;
  line: { productId: number; orderCustomerId: number | null; orderStatus: string } | null;
}): boolean {
  return (
    r.source === "customer" &&
    r.customerId !== null &&
    r.line !== null &&
    r.line.productId === r.productId &&
    r.line.orderCustomerId === r.customerId &&
    provesPurchase(r.line.orderStatus)
  );
}

/**
 * Why staff may reject a review. A review is never rejected for its rating or for criticising the
 * product (the Commission's guidance: treat negative reviews like positive ones).
 */
export const REJECT_REASONS = ["not_about_product", "offensive", "personal_data", "not_genuine"] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export const REJECT_REASON_LABEL: Record<RejectReason, string> = {
  not_about_product: "Not about the product (delivery, price, another product)",
  offensive: "Offensive or unlawful content",
  personal_data: "Holds someone's personal data",
  not_genuine: "Not genuine (spam, copied, or written for reward)",
};

/** How many reviews one customer may submit in a window (on top of one per order line). */
export const REVIEW_RATE_LIMIT = { limit: 10, windowMs: 60 * 60_000 };

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 2000;

/** The name a customer's review shows: first name and the initial of the surname ("Maria P."). */
export function reviewerName(name: string, surname: string): string {
  const first = name.trim();
  const initial = surname.trim().charAt(0);
  if (!first) return initial ? `${initial.toUpperCase()}.` : "Customer";
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}
