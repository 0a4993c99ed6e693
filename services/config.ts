// The process settings the services use. Services never read the environment: server/config.ts
// parses the environment once and the composition root (server/app.ts createApp) hands the
// result in with configureServices. Until then, e.g. in a test that calls a service directly,
// the defaults below apply; they are also the defaults server/config.ts documents.
import { SOCIAL_ENDPOINTS, type SocialEndpoints } from "./auth/social/endpoints";
import { VIVA_DEMO, type VivaEndpoints } from "./payments/viva";
import type { PictureBackend } from "./pictures/store";

export interface ServiceConfig {
  /** Multiplies the per-address and per-account request limits of services/auth/limits.ts. */
  rateLimitFactor: number;
  /** How long a page of listing card ids is reused, in ms (0: off). */
  listingCacheMs: number;
  /** How long a whole listing result is reused, in ms (0: off). */
  listingResultCacheMs: number;
  /** How long an anonymous page is served from the page cache, in ms (0: off; server/http/page-cache.ts). */
  pageCacheMs: number;
  /** Where Viva Wallet is reached. */
  viva: VivaEndpoints;
  /** Google Places API (New) origin for reviews. */
  googlePlacesBaseUrl: string;
  /** Whether integration pictures may come from loopback and private addresses. */
  pictureFetchPrivate: boolean;
  /** How many MB of pictures each store's image folder may hold (services/admin/images.ts). */
  uploadQuotaMb: number;
  /** Where sign-in with Google and Facebook goes (services/auth/social). */
  social: SocialEndpoints;
  /** Where the stores' pictures are kept (services/pictures/store.ts). */
  pictures: PictureBackend;
}

export const DEFAULT_SERVICE_CONFIG: Readonly<ServiceConfig> = Object.freeze({
  rateLimitFactor: 1,
  listingCacheMs: 30_000,
  listingResultCacheMs: 5_000,
  pageCacheMs: 60_000,
  viva: VIVA_DEMO,
  googlePlacesBaseUrl: "https://places.googleapis.com",
  pictureFetchPrivate: false,
  uploadQuotaMb: 2048,
  social: SOCIAL_ENDPOINTS,
  pictures: { kind: "folder" } as const,
});

// The server (run by tsx) and the route modules (bundled by Vite) load this file as two module
// copies: the configuration lives in the global symbol registry so the loaders and actions see
// what the composition root handed in (as app/context.ts does for the request env).
const KEY = Symbol.for("storefront.serviceConfig");
const holder = globalThis as unknown as Record<symbol, { current: Readonly<ServiceConfig> } | undefined>;
holder[KEY] ??= { current: DEFAULT_SERVICE_CONFIG };
const state = holder[KEY];

/** Called by the composition root; the last call wins (one configuration per process). */
export function configureServices(config: ServiceConfig): void {
  state.current = Object.freeze({ ...config });
}

export function serviceConfig(): Readonly<ServiceConfig> {
  return state.current;
}
