// The newsletter's double opt-in (docs/decisions/0052): the consent text's version, the mailed
// links' addresses and what they tell the page they land on. Shared by the server and the pages.

/**
 * The version of the consent text a subscriber is shown (core/messages/<lang>/Subscription.json
 * `consentText`). Bump it whenever that text changes: each subscription stores the text and the
 * version it was given under. `tests/unit/consent.test.ts` fails when the text changes alone.
 */
export const NEWSLETTER_CONSENT_VERSION = 1;

/** The confirmation link (pages, in the mail's language): a GET shows one button, its POST confirms. */
export const NEWSLETTER_CONFIRM_PATH = "/newsletter/confirm";

/**
 * The unsubscribe link, also the List-Unsubscribe URI (RFC 2369, RFC 8058): a GET shows one
 * button; a POST unsubscribes, with no session or CSRF token (the signed token is the proof).
 */
export const NEWSLETTER_UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

/** What a link did, as the page that the POST redirects to says it (`?done=`). */
export const NEWSLETTER_OUTCOMES = ["confirmed", "unsubscribed", "expired"] as const;
export type NewsletterOutcome = (typeof NEWSLETTER_OUTCOMES)[number];

export function isNewsletterOutcome(value: string | null): value is NewsletterOutcome {
  return (NEWSLETTER_OUTCOMES as readonly string[]).includes(value ?? "");
}
