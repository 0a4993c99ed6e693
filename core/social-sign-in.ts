// Sign-in with Google and Facebook (docs/decisions/0031): the providers, the addresses of the
// flow and every message the shopper can meet on the way. Shared by the server (which redirects
// with a problem code) and the login page (which says it).

export const SOCIAL_PROVIDERS = ["google", "facebook"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const PROVIDER_LABEL: Record<SocialProvider, string> = { google: "Google", facebook: "Facebook" };

export function isSocialProvider(value: string | undefined | null): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value ?? "");
}

/** Where the login page's button posts, and where the provider sends the shopper back. */
export const socialStartPath = (provider: SocialProvider) => `/auth/${provider}/start`;
export const socialCallbackPath = (provider: SocialProvider) => `/auth/${provider}/callback`;
/** The mailed link that proves an existing account before an identity is linked to it. */
export const SOCIAL_LINK_PATH = "/auth/link";

/** The login page's query parameters: a problem of the flow, and an identity waiting for proof. */
export const SOCIAL_ERROR_PARAM = "social_error";
/** Added to the address the flow lands on, so the page runs what a sign-in runs in the browser. */
export const SOCIAL_DONE_PARAM = "signed_in_with";

export const SOCIAL_PROBLEMS = [
  "cancelled",
  "expired",
  "unavailable",
  "failed",
  "no_email",
  "signup_off",
  "signin_off",
  "rate_limited",
  "link_expired",
] as const;
export type SocialProblem = (typeof SOCIAL_PROBLEMS)[number];

export function isSocialProblem(value: string | null): value is SocialProblem {
  return (SOCIAL_PROBLEMS as readonly string[]).includes(value ?? "");
}

/** What the login page says for each problem; `p` is the provider's name. */
export function socialProblemText(problem: SocialProblem, p: string): string {
  switch (problem) {
    case "cancelled":
      return `Signing in with ${p} was cancelled. You can try again, or sign in with your email and password.`;
    case "expired":
      return `That sign-in with ${p} expired or was already used. Please try again.`;
    case "unavailable":
      return `${p} could not be reached. Please try again in a few minutes, or sign in with your email and password.`;
    case "failed":
      return `${p} did not confirm who you are. Please try again, or sign in with your email and password.`;
    case "no_email":
      return `${p} did not share a confirmed email address, which your account needs. Please register with your email instead.`;
    case "signup_off":
      return `No account of this shop uses your ${p} email address, and new accounts cannot be made here. Please sign in with your email and password.`;
    case "signin_off":
      return "Sign in is not available in this shop.";
    case "rate_limited":
      return "Too many sign-in attempts. Please wait a few minutes and try again.";
    case "link_expired":
      return "That link expired or was already used. Please sign in again to link your account.";
  }
}

/** The login page's notice while an identity waits for the account's password or mailed link. */
export function linkPendingText(p: string, email: string): string {
  return `An account with ${email} already exists. Sign in with its password to link your ${p} account to it, or we can email you a link.`;
}

export const LINK_MAIL_SENT = "We sent you a link. Open it to link your account and sign in.";
