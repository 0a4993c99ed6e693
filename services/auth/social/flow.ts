// The authorization-code flow of sign-in with Google or Facebook, with PKCE, state and (Google)
// nonce. The verifier and nonce stay in the store database, bound to the visitor's session and
// found by the state's hash; a flow is used once and lives ten minutes. Tokens are exchanged
// server-side and never reach the browser: the shopper ends with our own session cookie only.
import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import * as oidc from "openid-client";
import { languageOf } from "../../../core/language";
import { type SocialProblem, type SocialProvider, socialCallbackPath } from "../../../core/social-sign-in";
import { socialSignInFlows } from "../../../db/store/schema";
import type { StoreContext } from "../../context";
import { hitAll, RULES } from "../limits";
import { type IdentityOutcome, resolveIdentity } from "./identities";
import {
  credentialsFor,
  facebookProfile,
  googleProfile,
  ProviderDown,
  type ProviderProfile,
  providerClient,
  SCOPES,
} from "./provider-clients";

const FLOW_TTL_MS = 10 * 60 * 1000;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** What went wrong, for the login page, with the cause for the log. */
export class SocialFlowProblem extends Error {
  override name = "SocialFlowProblem";
  /** Where the sign-in was to end, once its flow is known: the login page follows its language. */
  readonly returnTo: string | null;
  constructor(
    readonly problem: SocialProblem,
    options?: { cause?: unknown; returnTo?: string | null },
  ) {
    super(problem, options);
    this.returnTo = options?.returnTo ?? null;
  }
}

const redirectUri = (origin: string, provider: SocialProvider) => `${origin}${socialCallbackPath(provider)}`;

/** Sorts a failure of the provider conversation into what the shopper is told. */
function problemOf(err: unknown): SocialProblem {
  if (err instanceof SocialFlowProblem) return err.problem;
  if (err instanceof ProviderDown) return "unavailable";
  if (err instanceof oidc.ResponseBodyError) {
    if (err.status >= 500) return "unavailable";
    // The code expired, was used already, or was made for another verifier.
    return err.error === "invalid_grant" ? "expired" : "failed";
  }
  // fetch: connection refused, DNS, the timeout's abort; a non-JSON answer of a proxy.
  if (err instanceof TypeError || (err instanceof Error && /abort|timeout/i.test(err.name)))
    return "unavailable";
  // An answer that is not OAuth's error shape: Facebook's own `{error: {message}}` on a spent code
  // (4xx), or a proxy's page (5xx).
  if (err instanceof oidc.ClientError && err.code === "OAUTH_RESPONSE_IS_NOT_CONFORM")
    return err.cause instanceof Response && err.cause.status < 500 ? "expired" : "unavailable";
  return "failed";
}

/** Where to send the shopper to sign in at the provider. Throws SocialFlowProblem. */
export async function startSocialSignIn(
  store: StoreContext,
  provider: SocialProvider,
  ctx: { sessionHash: string; origin: string; returnTo: string | null },
  now = new Date(),
): Promise<URL> {
  if (!store.settings.showSignin) throw new SocialFlowProblem("signin_off");
  const creds = credentialsFor(store.secrets, provider);
  if (!creds) throw new SocialFlowProblem("unavailable");
  let config: oidc.Configuration;
  try {
    config = await providerClient(provider, creds);
  } catch (err) {
    throw new SocialFlowProblem(problemOf(err), { cause: err });
  }
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  await store.db.delete(socialSignInFlows).where(lt(socialSignInFlows.expiresAt, now));
  await store.db.insert(socialSignInFlows).values({
    stateHash: sha256(state),
    sessionHash: ctx.sessionHash,
    provider,
    codeVerifier,
    nonce,
    returnTo: ctx.returnTo,
    expiresAt: new Date(now.getTime() + FLOW_TTL_MS),
    createdAt: now,
  });
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(ctx.origin, provider),
    scope: SCOPES[provider],
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    ...(provider === "google" ? { nonce } : {}),
  });
}

export type SocialFinish = IdentityOutcome & { returnTo: string | null };

/**
 * The provider sent the shopper back (`callback` is the URL as the shopper's browser addressed
 * it). The flow of the state must belong to this session and this provider; then the code is
 * exchanged, the ID token verified, and the identity resolved. Throws SocialFlowProblem.
 */
export async function finishSocialSignIn(
  store: StoreContext,
  provider: SocialProvider,
  ctx: { sessionHash: string; origin: string; callback: URL; ip: string },
  now = new Date(),
): Promise<SocialFinish> {
  const limit = await hitAll(
    store.db,
    [{ key: `social:ip:${ctx.ip}`, rule: RULES.socialCallbackPerIp }],
    now,
  );
  if (!limit.allowed) throw new SocialFlowProblem("rate_limited");
  if (!store.settings.showSignin) throw new SocialFlowProblem("signin_off");

  const state = ctx.callback.searchParams.get("state") ?? "";
  // Used once, whatever happens next: a replayed callback finds nothing.
  const taken = state
    ? await store.db
        .delete(socialSignInFlows)
        .where(and(eq(socialSignInFlows.stateHash, sha256(state)), eq(socialSignInFlows.provider, provider)))
        .returning()
    : [];
  const flow = taken[0];
  if (!flow || flow.sessionHash !== ctx.sessionHash || flow.expiresAt <= now)
    throw new SocialFlowProblem("expired");
  const { returnTo } = flow;
  const refused = ctx.callback.searchParams.get("error");
  if (refused)
    throw new SocialFlowProblem(refused === "access_denied" ? "cancelled" : "failed", { returnTo });

  const creds = credentialsFor(store.secrets, provider);
  if (!creds) throw new SocialFlowProblem("unavailable", { returnTo });
  let profile: ProviderProfile;
  try {
    const config = await providerClient(provider, creds);
    // The redirect URI sent with the code is this URL without its query: the exact one registered.
    const current = new URL(`${redirectUri(ctx.origin, provider)}${ctx.callback.search}`);
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: state,
      ...(provider === "google" ? { expectedNonce: flow.nonce, idTokenExpected: true } : {}),
    });
    if (provider === "google") {
      const claims = tokens.claims();
      if (!claims) throw new SocialFlowProblem("failed", { returnTo });
      profile = googleProfile(claims);
    } else {
      profile = await facebookProfile(config, creds, tokens.access_token);
    }
  } catch (err) {
    throw new SocialFlowProblem(problemOf(err), { cause: err, returnTo });
  }
  // The callback is no page: an account made now speaks the language of the page the sign-in
  // started on (where the shopper returns to), when the store offers it.
  const page = languageOf(store.config.languages, flow.returnTo ?? "/").lang;
  const started = { ...store, lang: store.config.languages.includes(page) ? page : store.lang };
  const outcome = await resolveIdentity(started, profile, ctx, now);
  return { ...outcome, returnTo: flow.returnTo };
}
