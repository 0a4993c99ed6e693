// Shop reviews for the home page's reviews block. The demo stores keep stored reviews; a
// Google Places provider (with a day-long cache in the store database) plugs in behind this
// same function.
import type { Review } from "../core/api/catalog";
import type { StoreContext } from "./context";
import { reviewsProviderFor } from "./review-providers";

/** The home page grid has five columns: two rows are plenty. */
export const REVIEWS_LIMIT = 10;

export async function listReviews(store: StoreContext, limit = REVIEWS_LIMIT): Promise<Review[]> {
  // Google Places (cached a day, falling back to the cache) when the store has a key and a
  // place id, otherwise the stored reviews: services/review-providers.ts.
  return reviewsProviderFor(store).list(limit);
}

/** Where 'Show more' leads: the store's reviews on Google. */
export function reviewsUrl(placeId: string): string {
  return `https://search.google.com/local/reviews?placeid=${encodeURIComponent(placeId)}`;
}
