// The product page's reviews: what a review shows, the rating distribution and its paging.
// Pure: shared by the service that reads them and the page that shows them.

export interface ProductSpec {
  label: string;
  value: string;
}

export interface ProductReview {
  id: number;
  authorName: string;
  rating: number;
  title: string;
  body: string;
  /** ISO date-time. */
  createdAt: string;
  /** Who wrote it: a customer from their order, or the shop by hand (core/reviews.ts). */
  source: "customer" | "staff";
  /** "Verified purchase": only a customer's review tied to a paid or completed order line. */
  verified: boolean;
}

/** How many reviews of each star count, 5 down to 1. */
export type RatingDistribution = Record<1 | 2 | 3 | 4 | 5, number>;

export interface ReviewsPage {
  reviews: ProductReview[];
  distribution: RatingDistribution;
  total: number;
  /** The mean rating, 0 when there are none. */
  average: number;
  page: number;
  pageCount: number;
}

export const REVIEWS_PER_PAGE = 5;

/** Two letters for the reviewer's badge: "Maria P." gives "MP", "anna" gives "A". */
export function reviewerInitials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter(Boolean);
  if (words.length === 0) return "?";
  const first = words[0][0];
  const last = words.length > 1 ? words[words.length - 1][0] : "";
  return `${first}${last}`.toUpperCase();
}

/** Counts per star from (rating, count) rows; missing stars count 0, out-of-range rows are dropped. */
export function ratingDistribution(rows: readonly { rating: number; count: number }[]): RatingDistribution {
  const d: RatingDistribution = { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 };
  for (const r of rows) {
    if (r.rating >= 1 && r.rating <= 5 && Number.isInteger(r.rating))
      d[r.rating as 1 | 2 | 3 | 4 | 5] += r.count;
  }
  return d;
}

/** The share of one bar, in whole percent of all reviews (0 when there are none). */
export function distributionPercent(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}

/** Abbreviated month names as CLDR's medium dates write them (en "3 Nov 2026", el "3 Νοε 2026"). */
const MONTHS: Record<"en" | "el", readonly string[]> = {
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  el: ["Ιαν", "Φεβ", "Μαρ", "Απρ", "Μαΐ", "Ιουν", "Ιουλ", "Αυγ", "Σεπ", "Οκτ", "Νοε", "Δεκ"],
};

/**
 * "3 Nov 2026", "3 Νοε 2026" on a Greek page (issue 44: Greek pages showed English months): by
 * hand, as core/money does, to keep Intl's locale data off the first load.
 */
export function reviewDate(iso: string, lang = "en"): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const months = lang === "el" ? MONTHS.el : MONTHS.en;
  return `${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
