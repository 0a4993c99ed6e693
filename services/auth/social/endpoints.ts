// Where sign-in with Google and Facebook goes. Configurable (server/config.ts) so a test runs the
// real flow against a provider on loopback, and a shop behind an egress proxy can reach them.

export interface SocialEndpoints {
  /** OpenID Connect issuer; its /.well-known/openid-configuration names every other endpoint. */
  googleIssuer: string;
  /** Facebook's OAuth dialog (versioned), where the shopper consents. */
  facebookDialog: string;
  /** Facebook's Graph API (versioned): /oauth/access_token and /me below it. */
  facebookGraph: string;
}

export const SOCIAL_ENDPOINTS: Readonly<SocialEndpoints> = Object.freeze({
  googleIssuer: "https://accounts.google.com",
  facebookDialog: "https://www.facebook.com/v21.0/dialog/oauth",
  facebookGraph: "https://graph.facebook.com/v21.0",
});

/**
 * Where the login page's sign-in forms may lead: their post is answered with a redirect to the
 * provider, and the page's CSP `form-action` governs that redirect too.
 */
export function socialFormOrigins(e: SocialEndpoints): string[] {
  return [...new Set([new URL(e.googleIssuer).origin, new URL(e.facebookDialog).origin])];
}
