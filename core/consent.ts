// The cookie banner's answer (docs/decisions/0052): what it asks, its version, and the cookie that
// keeps the answer. Shared by the server (root data, page cache, the record endpoint) and the
// browser (the banner).

/**
 * The banner's version. Bump it whenever what the banner says changes (its texts in
 * core/messages/<lang>/Consent.json or the categories below): every visitor is asked again, and
 * each record says which text the visitor answered. `tests/unit/consent.test.ts` fails when the
 * texts change and this number does not.
 */
export const CONSENT_BANNER_VERSION = 2;

export const CONSENT_COOKIE = "cookie_consent";

/** About six months, then we ask again. */
export const CONSENT_MAX_AGE_S = 180 * 24 * 3600;

export type ConsentChoice = "granted" | "denied";

/** Necessary storage is always on; analytics (GA4) only with consent. */
export interface ConsentCategories {
  necessary: true;
  analytics: boolean;
}

export const categoriesOf = (choice: ConsentChoice): ConsentCategories => ({
  necessary: true,
  analytics: choice === "granted",
});

export interface ConsentCookie {
  choice: ConsentChoice;
  version: number;
  consentId: string;
}

/** The cookie's value: `<choice>.<version>.<consent id>`, the id 128 random bits in base64url. */
export function consentCookieValue(c: ConsentCookie): string {
  return `${c.choice}.${c.version}.${c.consentId}`;
}

export function parseConsentCookie(value: string | null | undefined): ConsentCookie | null {
  const m = /^(granted|denied)\.(\d{1,6})\.([A-Za-z0-9_-]{22})$/.exec(value ?? "");
  if (!m) return null;
  return { choice: m[1] as ConsentChoice, version: Number(m[2]), consentId: m[3] as string };
}

/**
 * The visitor's answer to the banner as it is now, or null: never answered, answered an older
 * banner, or a cookie from before the answers were recorded (a bare `granted`/`denied`).
 */
export function currentConsent(value: string | null | undefined): ConsentChoice | null {
  const c = parseConsentCookie(value);
  return c && c.version === CONSENT_BANNER_VERSION ? c.choice : null;
}
