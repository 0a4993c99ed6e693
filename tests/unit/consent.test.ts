// The cookie banner's and the newsletter's consent versions (docs/decisions/0052): a record says
// which text was answered only if the version moves whenever the text does. Changing a text below
// fails here until its version is bumped and its fingerprint added. And the consent cookie's form.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  CONSENT_BANNER_VERSION,
  consentCookieValue,
  currentConsent,
  parseConsentCookie,
} from "../../core/consent";
import elConsent from "../../core/messages/el/Consent.json";
import elSubscription from "../../core/messages/el/Subscription.json";
import enConsent from "../../core/messages/en/Consent.json";
import enSubscription from "../../core/messages/en/Subscription.json";
import { NEWSLETTER_CONSENT_VERSION } from "../../core/newsletter";

const fingerprint = (o: unknown) => createHash("sha256").update(JSON.stringify(o)).digest("hex").slice(0, 16);

/** Each version's texts, English and Greek. Add a line when you bump a version; never edit one. */
const BANNER_TEXTS: Record<number, string> = { 2: "dddd923e5e919f4b" };
const NEWSLETTER_TEXTS: Record<number, string> = { 1: "31fb932dca74d34b" };

describe("consent versions follow their texts", () => {
  it("the cookie banner's texts are those of CONSENT_BANNER_VERSION", () => {
    expect(
      fingerprint({ en: enConsent, el: elConsent }),
      "Consent.json changed: bump CONSENT_BANNER_VERSION (core/consent.ts) and add its fingerprint here",
    ).toBe(BANNER_TEXTS[CONSENT_BANNER_VERSION]);
  });

  it("the newsletter's consent text is that of NEWSLETTER_CONSENT_VERSION", () => {
    expect(
      fingerprint({ en: enSubscription.consentText, el: elSubscription.consentText }),
      "Subscription.json consentText changed: bump NEWSLETTER_CONSENT_VERSION (core/newsletter.ts) and add its fingerprint here",
    ).toBe(NEWSLETTER_TEXTS[NEWSLETTER_CONSENT_VERSION]);
  });
});

describe("the consent cookie", () => {
  const id = "AbCdEfGhIjKlMnOpQrStUv";

  it("round-trips choice, version and id", () => {
    const value = consentCookieValue({ choice: "granted", version: CONSENT_BANNER_VERSION, consentId: id });
    expect(parseConsentCookie(value)).toEqual({
      choice: "granted",
      version: CONSENT_BANNER_VERSION,
      consentId: id,
    });
    expect(currentConsent(value)).toBe("granted");
  });

  it("asks again after the banner changed, and for a cookie from before answers were recorded", () => {
    expect(currentConsent(`denied.${CONSENT_BANNER_VERSION - 1}.${id}`)).toBeNull();
    expect(currentConsent("denied")).toBeNull();
    expect(currentConsent("granted")).toBeNull();
    expect(currentConsent(null)).toBeNull();
  });

  it("refuses a malformed id or choice", () => {
    expect(parseConsentCookie(`denied.${CONSENT_BANNER_VERSION}.short`)).toBeNull();
    expect(parseConsentCookie(`maybe.${CONSENT_BANNER_VERSION}.${id}`)).toBeNull();
    expect(parseConsentCookie(`denied.${CONSENT_BANNER_VERSION}.${id};x`)).toBeNull();
  });
});
