// Where the home page's reviews come from (spec: GetGoogleReviewsTxt). A store with a Google
// Places key (secret) and place id gets its Google reviews, cached in its `remote_cache` for a
// day; when Google fails, the last cached answer is used however old it is, and without one,
// the store's own stored reviews. Every other store shows its stored reviews.
import { desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Review } from "../core/api/catalog";
import { remoteCache, reviews } from "../db/store/schema";
import { serviceConfig } from "./config";
import type { StoreContext } from "./context";

export interface ReviewsProvider {
  readonly name: "google" | "stored";
  list(limit: number): Promise<Review[]>;
}

export const REVIEWS_CACHE_MS = 24 * 3600_000;

export function storedReviews(store: StoreContext): ReviewsProvider {
  return {
    name: "stored",
    async list(limit) {
      const rows = await store.db
        .select({
          id: reviews.id,
          authorName: reviews.authorName,
          profilePhotoUrl: reviews.profilePhotoUrl,
          rating: reviews.rating,
          text: reviews.text,
          time: reviews.time,
        })
        .from(reviews)
        .orderBy(desc(sql`coalesce(${reviews.time}, ${reviews.fetchedAt})`), desc(reviews.id))
        .limit(limit);
      return rows.map((r) => ({
        ...r,
        time: r.time ? new Date(r.time).toISOString() : null,
        source: "stored" as const,
      }));
    },
  };
}

/** The Places API (New) place-details answer, reviews field only. */
const PlaceDetails = z.object({
  reviews: z
    .array(
      z.object({
        rating: z.number().min(0).max(5).optional(),
        text: z.object({ text: z.string() }).partial().optional(),
        originalText: z.object({ text: z.string() }).partial().optional(),
        authorAttribution: z.object({ displayName: z.string(), photoUri: z.string() }).partial().optional(),
        publishTime: z.string().optional(),
      }),
    )
    .optional(),
});

const CachedReviews = z.object({ reviews: z.array(z.custom<Review>()) });

export interface GoogleOptions {
  apiKey: string;
  placeId: string;
  /** Injectable for tests (a fake Places server on loopback). */
  baseUrl?: string;
  fetch?: typeof fetch;
  ttlMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

/** One Google request at a time per store and place, however many pages ask at once. */
const inFlight = new Map<string, Promise<Review[]>>();

export function googlePlacesReviews(store: StoreContext, opts: GoogleOptions): ReviewsProvider {
  const key = `google-reviews:${opts.placeId}`;
  const ttl = opts.ttlMs ?? REVIEWS_CACHE_MS;
  const now = opts.now ?? Date.now;
  const doFetch = opts.fetch ?? fetch;
  const base = (opts.baseUrl ?? serviceConfig().googlePlacesBaseUrl).replace(/\/+$/, "");

  async function readCache(): Promise<{ reviews: Review[]; fetchedAt: number } | null> {
    const [row] = await store.db.select().from(remoteCache).where(eq(remoteCache.key, key));
    if (!row) return null;
    const parsed = CachedReviews.safeParse(row.payload);
    // Caches written before reviews carried their source are Google's all the same.
    return parsed.success
      ? {
          reviews: parsed.data.reviews.map((r) => ({ ...r, source: "google" as const })),
          fetchedAt: new Date(row.fetchedAt).getTime(),
        }
      : null;
  }

  async function fetchGoogle(): Promise<Review[]> {
    const url = `${base}/v1/places/${encodeURIComponent(opts.placeId)}?languageCode=en`;
    const res = await doFetch(url, {
      headers: { "X-Goog-Api-Key": opts.apiKey, "X-Goog-FieldMask": "reviews" },
      signal: AbortSignal.timeout(opts.timeoutMs ?? 4000),
    });
    if (!res.ok) throw new Error(`Google Places answered ${res.status}`);
    const body = PlaceDetails.parse(await res.json());
    return (body.reviews ?? [])
      .map((r, i) => ({
        id: i + 1,
        authorName: r.authorAttribution?.displayName?.trim() || "Google user",
        profilePhotoUrl: r.authorAttribution?.photoUri || null,
        rating: Math.min(5, Math.max(1, Math.round(r.rating ?? 0))),
        text: (r.text?.text ?? r.originalText?.text ?? "").trim(),
        time: r.publishTime ?? null,
        source: "google" as const,
      }))
      .filter((r) => r.text !== "");
  }

  async function refresh(): Promise<Review[]> {
    const fresh = await fetchGoogle();
    const fetchedAt = new Date(now());
    await store.db
      .insert(remoteCache)
      .values({ key, payload: { reviews: fresh }, fetchedAt })
      .onConflictDoUpdate({ target: remoteCache.key, set: { payload: { reviews: fresh }, fetchedAt } });
    return fresh;
  }

  return {
    name: "google",
    async list(limit) {
      const cached = await readCache();
      if (cached && now() - cached.fetchedAt < ttl) return cached.reviews.slice(0, limit);
      const flightKey = `${store.config.id}:${key}`;
      let flight = inFlight.get(flightKey);
      if (!flight) {
        // A flight that ended between this page's cache read and now has filled the cache: read it
        // again before asking Google, or a page that read just before that write asks a second time.
        flight = readCache()
          .then((again) => (again && now() - again.fetchedAt < ttl ? again.reviews : refresh()))
          .finally(() => inFlight.delete(flightKey));
        inFlight.set(flightKey, flight);
      }
      try {
        return (await flight).slice(0, limit);
      } catch {
        if (cached) return cached.reviews.slice(0, limit);
        return storedReviews(store).list(limit);
      }
    },
  };
}

export function reviewsProviderFor(store: StoreContext, opts: Partial<GoogleOptions> = {}): ReviewsProvider {
  const apiKey = opts.apiKey ?? store.secrets.googlePlacesKey;
  const placeId = opts.placeId ?? store.config.googlePlaceId;
  if (apiKey && placeId) return googlePlacesReviews(store, { ...opts, apiKey, placeId });
  return storedReviews(store);
}
