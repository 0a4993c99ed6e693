// The cookie banner's answers, one row each (docs/decisions/0052): which banner version, the
// choice per category, when, and the random consent id the visitor's cookie carries, so a change
// of mind is a new row under the same id. The controller can so show what each visitor agreed to
// (GDPR art. 7(1)) without knowing who they are: no IP address, user agent or customer is stored.
import { randomBytes } from "node:crypto";
import {
  CONSENT_BANNER_VERSION,
  type ConsentChoice,
  categoriesOf,
  parseConsentCookie,
} from "../core/consent";
import { cookieConsents } from "../db/store/schema";
import { hitAll, RULES, tooManyAttempts } from "./auth/limits";
import type { StoreContext } from "./context";
import { ServiceError } from "./failure";

export const BANNER_CHANGED = "The cookie banner has changed. Please reload the page and choose again.";

/**
 * Records an answer. `previousCookie` is the visitor's consent cookie as it came in: its id is kept,
 * so every answer of one browser shares one id; without one a new id is drawn. Returns what the
 * cookie must now hold. The rate limit is keyed by the client address, as every other limit is
 * (services/rate-limit.ts keeps the counter for its window only); the record has no address.
 */
export async function recordCookieConsent(
  store: StoreContext,
  input: { choice: ConsentChoice; version: number },
  client: { ip: string; previousCookie: string | null },
  now = new Date(),
): Promise<{ choice: ConsentChoice; version: number; consentId: string }> {
  // A page from before the banner changed answered a text the shop no longer shows.
  if (input.version !== CONSENT_BANNER_VERSION) throw new ServiceError("invalid", BANNER_CHANGED);
  const limit = await hitAll(store.db, [{ key: `consent:ip:${client.ip}`, rule: RULES.consentPerIp }], now);
  if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
  const consentId =
    parseConsentCookie(client.previousCookie)?.consentId ?? randomBytes(16).toString("base64url");
  await store.db.insert(cookieConsents).values({
    consentId,
    bannerVersion: input.version,
    choices: categoriesOf(input.choice),
    createdAt: now,
  });
  return { choice: input.choice, version: input.version, consentId };
}
