// The OAuth clients of a store's sign-in providers, built with openid-client: it verifies the ID
// token (signature against the issuer's JWKS, issuer, audience, expiry, nonce), PKCE and state;
// nothing here reads a JWT by hand. Google is discovered from its issuer; Facebook is plain
// OAuth 2.0 with its endpoints named, and the profile comes from the Graph API.
import { createHmac } from "node:crypto";
import * as oidc from "openid-client";
import type { SocialProvider } from "../../../core/social-sign-in";
import { serviceConfig } from "../../config";
import type { StoreSecrets } from "../../context";

/** Seconds any one request to a provider may take before the sign-in gives up (provider down). */
const REQUEST_TIMEOUT_S = 10;
/** Discovery documents are reused this long; a failed discovery is not cached. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

export interface ProviderCredentials {
  clientId: string;
  clientSecret: string;
}

/** The store's credentials for `provider`, or null when the shop has not configured it. */
export function credentialsFor(secrets: StoreSecrets, provider: SocialProvider): ProviderCredentials | null {
  const [clientId, clientSecret] =
    provider === "google"
      ? [secrets.googleClientId, secrets.googleClientSecret]
      : [secrets.facebookAppId, secrets.facebookAppSecret];
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

/** Which buttons the login page shows: only providers the shop has configured. */
export function configuredProviders(secrets: StoreSecrets): Record<SocialProvider, boolean> {
  return {
    google: credentialsFor(secrets, "google") !== null,
    facebook: credentialsFor(secrets, "facebook") !== null,
  };
}

/** Plain http is allowed only where an operator pointed an endpoint at it (a local provider in tests). */
function options(url: string): oidc.DiscoveryRequestOptions {
  return {
    timeout: REQUEST_TIMEOUT_S,
    ...(url.startsWith("http:") ? { execute: [oidc.allowInsecureRequests] } : {}),
  };
}

const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

function googleClient(creds: ProviderCredentials): Promise<oidc.Configuration> {
  const issuer = serviceConfig().social.googleIssuer;
  const key = `${issuer}\n${creds.clientId}\n${creds.clientSecret}`;
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const config = oidc.discovery(
    new URL(issuer),
    creds.clientId,
    { client_secret: creds.clientSecret },
    oidc.ClientSecretPost(creds.clientSecret),
    options(issuer),
  );
  discovered.set(key, { at: Date.now(), config });
  config.catch(() => {
    if (discovered.get(key)?.config === config) discovered.delete(key);
  });
  return config;
}

function facebookClient(creds: ProviderCredentials): oidc.Configuration {
  const { facebookDialog, facebookGraph } = serviceConfig().social;
  const config = new oidc.Configuration(
    {
      issuer: new URL(facebookDialog).origin,
      authorization_endpoint: facebookDialog,
      token_endpoint: `${facebookGraph}/oauth/access_token`,
    },
    creds.clientId,
    { client_secret: creds.clientSecret },
    oidc.ClientSecretPost(creds.clientSecret),
  );
  config.timeout = REQUEST_TIMEOUT_S;
  if (facebookGraph.startsWith("http:") || facebookDialog.startsWith("http:"))
    oidc.allowInsecureRequests(config);
  return config;
}

export function providerClient(
  provider: SocialProvider,
  creds: ProviderCredentials,
): Promise<oidc.Configuration> {
  return provider === "google" ? googleClient(creds) : Promise.resolve(facebookClient(creds));
}

/** The scopes asked for: who the shopper is and a confirmed email, nothing more. */
export const SCOPES: Record<SocialProvider, string> = {
  google: "openid email profile",
  facebook: "email public_profile",
};

/** What a provider says about the shopper, once verified. */
export interface ProviderProfile {
  provider: SocialProvider;
  subject: string;
  /** Null when the provider did not share one, or did not say it is confirmed. */
  verifiedEmail: string | null;
  firstName: string;
  lastName: string;
}

/** Google's profile from the verified ID token's claims. */
export function googleProfile(claims: oidc.IDToken): ProviderProfile {
  const email = typeof claims.email === "string" ? claims.email : null;
  return {
    provider: "google",
    subject: claims.sub,
    verifiedEmail: email && claims.email_verified === true ? email : null,
    firstName: typeof claims.given_name === "string" ? claims.given_name : "",
    lastName: typeof claims.family_name === "string" ? claims.family_name : "",
  };
}

/**
 * Facebook's profile from the Graph API's /me, with the app secret proof Facebook asks of server
 * calls. Facebook returns only an email its user has confirmed, so one it returns counts as verified.
 */
export async function facebookProfile(
  config: oidc.Configuration,
  creds: ProviderCredentials,
  accessToken: string,
): Promise<ProviderProfile> {
  const url = new URL(`${serviceConfig().social.facebookGraph}/me`);
  url.searchParams.set("fields", "id,first_name,last_name,email");
  url.searchParams.set(
    "appsecret_proof",
    createHmac("sha256", creds.clientSecret).update(accessToken).digest("hex"),
  );
  const res = await oidc.fetchProtectedResource(config, accessToken, url, "GET");
  if (!res.ok) throw new ProviderDown(`Facebook's profile answered ${res.status}`);
  const me = (await res.json()) as Record<string, unknown>;
  if (typeof me.id !== "string" || me.id === "") throw new Error("Facebook's profile has no id");
  const text = (v: unknown) => (typeof v === "string" ? v.trim().slice(0, 100) : "");
  return {
    provider: "facebook",
    subject: me.id,
    verifiedEmail: text(me.email) || null,
    firstName: text(me.first_name),
    lastName: text(me.last_name),
  };
}

/** A provider that could not be reached or answered with a server error. */
export class ProviderDown extends Error {
  override name = "ProviderDown";
}
