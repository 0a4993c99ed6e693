// Sign-in with Google and Facebook, as browser navigations (docs/decisions/0031):
// - POST /auth/{provider}/start (the login page's button; CSRF-checked like every form post)
//   sends the shopper to the provider;
// - GET /auth/{provider}/callback is where the provider sends them back: signed in, asked to prove
//   an existing account, or back on the login page with what went wrong, never a 500;
// - GET /auth/link?token= is the mailed link that proves an existing account.
import type { Context, Hono } from "hono";
import { languageOf, localizedPath, withPrefix } from "../../core/language";
import { safeRedirect } from "../../core/safe-redirect";
import {
  isSocialProvider,
  SOCIAL_DONE_PARAM,
  SOCIAL_ERROR_PARAM,
  SOCIAL_LINK_PATH,
  type SocialProblem,
  type SocialProvider,
} from "../../core/social-sign-in";
import { finishSocialSignIn, SocialFlowProblem, startSocialSignIn } from "../../services/auth/social/flow";
import { redeemMailedLink } from "../../services/auth/social/identities";
import { clientIp, publicOrigin } from "./client";
import type { AppEnv } from "./env";
import { signIn } from "./session";

const LOGIN_PATH = "/pages/login";
const DASHBOARD_PATH = "/shop/dashboard";

/**
 * A path in the language the sign-in started in: the button sends where to go afterwards
 * (a page of that language), and the login page and dashboard follow its prefix.
 */
function inLanguageOf(c: Context<AppEnv>, returnTo: string | null | undefined, path: string): string {
  return withPrefix(languageOf(c.var.store.config.languages, returnTo ?? "/").prefix, path);
}

/** `path` (a safe same-origin path, perhaps with a #fragment) with one more query parameter. */
function withParam(path: string, key: string, value: string): string {
  const url = new URL(path, "http://x.invalid");
  url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

function toLogin(
  c: Context<AppEnv>,
  provider: SocialProvider,
  problem: SocialProblem,
  returnTo: string | null = null,
) {
  const url = `${inLanguageOf(c, returnTo, LOGIN_PATH)}?${SOCIAL_ERROR_PARAM}=${problem}&provider=${provider}`;
  return c.redirect(url, 303);
}

/** Signed in: on to where the sign-in started (or the dashboard), telling the page who signed it in. */
function toSignedIn(c: Context<AppEnv>, provider: SocialProvider, returnTo: string | null) {
  const to = safeRedirect(returnTo) ?? inLanguageOf(c, returnTo, DASHBOARD_PATH);
  return c.redirect(withParam(to, SOCIAL_DONE_PARAM, provider), 303);
}

function logProblem(c: Context<AppEnv>, provider: SocialProvider, err: unknown) {
  const cause = err instanceof SocialFlowProblem ? err.cause : err;
  const problem = err instanceof SocialFlowProblem ? err.problem : "failed";
  const detail = cause instanceof Error ? { name: cause.name, message: cause.message } : undefined;
  // The shopper cancelling or coming back late is everyday; the rest an operator may need to see.
  const level = problem === "cancelled" || problem === "expired" ? "info" : "warn";
  c.var.log[level]({ provider, problem, cause: detail }, "social sign-in did not complete");
}

export function registerSocialSignIn(app: Hono<AppEnv>) {
  app.post("/auth/:provider/start", async (c) => {
    const provider = c.req.param("provider");
    if (!isSocialProvider(provider)) return c.notFound();
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const returnTo = safeRedirect(typeof form.redirectTo === "string" ? form.redirectTo : null);
    try {
      const url = await startSocialSignIn(c.var.store, provider, {
        sessionHash: c.var.session.tokenHash,
        origin: publicOrigin(c),
        returnTo,
      });
      return c.redirect(url.href, 303);
    } catch (err) {
      logProblem(c, provider, err);
      return toLogin(c, provider, err instanceof SocialFlowProblem ? err.problem : "failed", returnTo);
    }
  });

  app.get("/auth/:provider/callback", async (c) => {
    const provider = c.req.param("provider");
    if (!isSocialProvider(provider)) return c.notFound();
    try {
      const done = await finishSocialSignIn(c.var.store, provider, {
        sessionHash: c.var.session.tokenHash,
        origin: publicOrigin(c),
        callback: new URL(c.req.url),
        ip: clientIp(c),
      });
      if (done.kind === "problem") return toLogin(c, provider, done.problem, done.returnTo);
      if (done.kind === "link_required") {
        // The login page finds the waiting identity by this session and asks for the proof.
        const back = done.returnTo ? `&redirectTo=${encodeURIComponent(done.returnTo)}` : "";
        return c.redirect(`${inLanguageOf(c, done.returnTo, LOGIN_PATH)}?link=${provider}${back}`, 303);
      }
      await signIn(c, done.customer, false);
      return toSignedIn(c, provider, done.returnTo);
    } catch (err) {
      logProblem(c, provider, err);
      const problem = err instanceof SocialFlowProblem ? err : null;
      return toLogin(c, provider, problem?.problem ?? "failed", problem?.returnTo);
    }
  });

  app.get(SOCIAL_LINK_PATH, async (c) => {
    try {
      const linked = await redeemMailedLink(c.var.store, c.req.query("token") ?? "");
      if (!linked) return c.redirect(`${LOGIN_PATH}?${SOCIAL_ERROR_PARAM}=link_expired`, 303);
      await signIn(c, linked.customer, false);
      return toSignedIn(
        c,
        linked.provider,
        localizedPath(c.var.store.config.languages, linked.lang, DASHBOARD_PATH),
      );
    } catch (err) {
      c.var.log.error({ err }, "social sign-in: mailed link failed");
      return c.redirect(`${LOGIN_PATH}?${SOCIAL_ERROR_PARAM}=failed`, 303);
    }
  });
}
