// The process settings the services use. Services never read the environment: server/config.ts
// parses the environment once and the composition root (server/app.ts createApp) hands the
// result in with configureServices. Until then, e.g. in a test that calls a service directly,
// the defaults below apply; they are also the defaults server/config.ts documents.
import { VIVA_DEMO, type VivaEndpoints } from "./payments/viva";

export interface ServiceConfig {
  /** Multiplies the per-address and per-account request limits of services/auth/limits.ts. */
  rateLimitFactor: number;
  /** How long a page of listing card ids is reused, in ms (0: off). */
  listingCacheMs: number;
  /** How long a whole listing result is reused, in ms (0: off). */
  listingResultCacheMs: number;
  /** Where Viva Wallet is reached. */
  viva: VivaEndpoints;
  /** Google Places API (New) origin for reviews. */
  googlePlacesBaseUrl: string;
  /** Whether integration pictures may come from loopback and private addresses. */
  pictureFetchPrivate: boolean;
}

export const DEFAULT_SERVICE_CONFIG: Readonly<ServiceConfig> = Object.freeze({
  rateLimitFactor: 1,
  listingCacheMs: 30_000,
  listingResultCacheMs: 5_000,
  viva: VIVA_DEMO,
  googlePlacesBaseUrl: "https://places.googleapis.com",
  pictureFetchPrivate: false,
});

let current: Readonly<ServiceConfig> = DEFAULT_SERVICE_CONFIG;

/** Called by the composition root; the last call wins (one configuration per process). */
export function configureServices(config: ServiceConfig): void {
  current = Object.freeze({ ...config });
}

export function serviceConfig(): Readonly<ServiceConfig> {
  return current;
}
