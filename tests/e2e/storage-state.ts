// The browser state every end-to-end test starts from: an adult visitor who has already answered
// the 18+ gate and hidden the newsletter modal on the three demo stores, so those blocking
// dialogs do not cover the pages other tests look at. Tests of the gate and the modal start
// from an empty state instead: test.use({ storageState: FRESH_VISITOR }).
import { CONSENT_BANNER_VERSION, consentCookieValue } from "../../core/consent";

/** The consent cookie of a visitor who declined analytics on the current banner (core/consent.ts). */
export const DECLINED_CONSENT = consentCookieValue({
  choice: "denied",
  version: CONSENT_BANNER_VERSION,
  consentId: "e2e-visitor-0000000000",
});

const HOSTS = [
  { host: "localhost", storeId: "main" },
  { host: "cy.localhost", storeId: "cy" },
  { host: "wholesale.localhost", storeId: "wholesale" },
] as const;

const cookie = (name: string, value: string, domain: string) => ({
  name,
  value,
  domain,
  path: "/",
  expires: -1,
  httpOnly: false,
  secure: false,
  sameSite: "Lax" as const,
});

export const ADULT_VISITOR = {
  cookies: HOSTS.flatMap(({ host, storeId }) => [
    cookie("age_verified", "yes", host),
    cookie(`hideNewsletter-${storeId}`, "true", host),
    // The cookie banner answered (no analytics); tests of the banner start from FRESH_VISITOR.
    cookie("cookie_consent", DECLINED_CONSENT, host),
  ]),
  origins: [],
};

export const FRESH_VISITOR = { cookies: [], origins: [] };
