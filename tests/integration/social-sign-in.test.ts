// Sign-in with Google and Facebook on both drivers (issue 25, docs/decisions/0031), against a real
// OpenID Provider and a Facebook stand-in on loopback (tests/fixtures/social-providers.ts): the
// whole code flow with PKCE, state and nonce; accounts made, found by subject, and linked to an
// existing account only after its password or mailed link; and every way it can go wrong.
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SocialProvider, socialCallbackPath } from "../../core/social-sign-in";
import { CheckoutRequestSchema } from "../../core/validation/checkout";
import * as s from "../../db/store/schema";
import { authenticate } from "../../services/auth/login";
import { hashPassword } from "../../services/auth/password";
import { registerCustomer } from "../../services/auth/register";
import { finishSocialSignIn, SocialFlowProblem, startSocialSignIn } from "../../services/auth/social/flow";
import {
  linkAfterPassword,
  mailLinkRequest,
  pendingLink,
  redeemMailedLink,
} from "../../services/auth/social/identities";
import { configureServices, DEFAULT_SERVICE_CONFIG, serviceConfig } from "../../services/config";
import type { StoreContext } from "../../services/context";
import { placeOrder } from "../../services/orders";
import { loadSession, rotateSession } from "../../services/sessions";
import {
  startFacebookStandIn,
  startOidcProvider,
  TEST_FACEBOOK,
  TEST_GOOGLE,
} from "../fixtures/social-providers";
import {
  type CheckoutFixture,
  FIXTURE_SETTINGS,
  seedCheckoutFixture,
  storeContextFor,
} from "../helpers/checkout-store";
import { createTestDatabase, driversFor, type TestDb } from "../helpers/databases";

const ORIGIN = "http://checkout.localhost:3000";
const IP = "203.0.113.9";
const sha = (v: string) => createHash("sha256").update(v).digest("hex");

/** A browser's cookie jar, enough to walk a provider's pages. */
function browser() {
  const jar = new Map<string, string>();
  return async (url: string, init: RequestInit = {}) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers ?? {}), cookie },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ""] = c.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
}

const form = (body: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(body).toString(),
});

/** Walks the provider's pages as the shopper: signs in as `login`, consents; returns the callback URL. */
async function consentAt(
  provider: SocialProvider,
  authUrl: URL,
  login: string,
  decision = "allow",
): Promise<URL> {
  const go = browser();
  if (provider === "facebook") {
    const page = await go(authUrl.href);
    expect(page.status).toBe(200);
    const q = authUrl.searchParams;
    const back = await go(
      authUrl.href.split("?")[0] ?? "",
      form({
        redirect_uri: q.get("redirect_uri") ?? "",
        state: q.get("state") ?? "",
        code_challenge: q.get("code_challenge") ?? "",
        email: login,
        decision,
      }),
    );
    return new URL(back.headers.get("location") ?? "");
  }
  let res = await go(authUrl.href);
  for (let step = 0; step < 10; step++) {
    const location = res.headers.get("location");
    if (location?.startsWith(ORIGIN)) return new URL(location);
    if (location) {
      res = await go(new URL(location, authUrl).href);
      continue;
    }
    const html = await res.text();
    const action = /action="([^"]+)"/.exec(html)?.[1] ?? "";
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1] ?? "";
    res = await go(action, form(prompt === "login" ? { prompt, login, password: "any" } : { prompt }));
  }
  throw new Error("the provider never sent the shopper back");
}

describe.each(driversFor("either"))("social sign-in on %s", (driver) => {
  let tdb: TestDb<"store">;
  let fx: CheckoutFixture;
  let store: StoreContext;
  let closeProviders: () => Promise<void>;

  beforeAll(async () => {
    const google = await startOidcProvider({ redirectUris: [`${ORIGIN}${socialCallbackPath("google")}`] });
    const facebook = await startFacebookStandIn();
    closeProviders = async () => {
      await google.close();
      await facebook.close();
    };
    configureServices({
      ...DEFAULT_SERVICE_CONFIG,
      social: {
        googleIssuer: google.issuer,
        facebookDialog: facebook.dialogUrl,
        facebookGraph: facebook.graphUrl,
      },
    });
    tdb = await createTestDatabase(driver, "store");
    fx = await seedCheckoutFixture(tdb.handle.db, { ...FIXTURE_SETTINGS, show_sign_up: "true" });
    store = await storeContextFor(tdb.handle.db, {
      secrets: {
        googleClientId: TEST_GOOGLE.clientId,
        googleClientSecret: TEST_GOOGLE.clientSecret,
        facebookAppId: TEST_FACEBOOK.appId,
        facebookAppSecret: TEST_FACEBOOK.appSecret,
      },
    });
  });
  afterAll(async () => {
    configureServices(DEFAULT_SERVICE_CONFIG);
    await closeProviders?.();
    await tdb?.dispose();
  });

  /** One whole sign-in from the button to the callback, in the session `session`. */
  async function signInWith(provider: SocialProvider, login: string, session = `session-${login}`) {
    const sessionHash = sha(session);
    const url = await startSocialSignIn(store, provider, {
      sessionHash,
      origin: ORIGIN,
      returnTo: "/shop/cart#checkout",
    });
    const callback = await consentAt(provider, url, login);
    return finishSocialSignIn(store, provider, { sessionHash, origin: ORIGIN, callback, ip: IP });
  }

  async function problemOf(p: Promise<unknown>): Promise<string> {
    try {
      await p;
    } catch (err) {
      if (err instanceof SocialFlowProblem) return err.problem;
      throw err;
    }
    throw new Error("expected a problem");
  }

  it("sends the shopper to Google with PKCE (S256), state and nonce, and keeps none of them in the URL's reach", async () => {
    const url = await startSocialSignIn(store, "google", {
      sessionHash: sha("a"),
      origin: ORIGIN,
      returnTo: null,
    });
    const q = url.searchParams;
    expect(q.get("client_id")).toBe(TEST_GOOGLE.clientId);
    expect(q.get("redirect_uri")).toBe(`${ORIGIN}/auth/google/callback`);
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("scope")).toBe("openid email profile");
    expect(q.get("state")?.length).toBeGreaterThanOrEqual(32);
    const [flow] = await tdb.handle.db
      .select()
      .from(s.socialSignInFlows)
      .where(eq(s.socialSignInFlows.stateHash, sha(q.get("state") ?? "")));
    // The state is kept only as its hash; the verifier stays on the server, only its challenge travels.
    expect(flow?.sessionHash).toBe(sha("a"));
    expect(q.get("nonce")).toBe(flow?.nonce);
    expect(url.href).not.toContain(flow?.codeVerifier ?? "?");
  });

  it("makes a new customer from a verified Google identity, then signs the same one in by its subject", async () => {
    const first = await signInWith("google", "nikos.georgiou@example.com");
    expect(first).toMatchObject({ kind: "signed_in", created: true, returnTo: "/shop/cart#checkout" });
    if (first.kind !== "signed_in") throw new Error("not signed in");
    expect(first.customer).toMatchObject({
      email: "nikos.georgiou@example.com",
      name: "Nikos",
      surname: "Georgiou",
    });
    // What Google does not give is asked before the first order.
    expect(first.customer).toMatchObject({ mobilePhone: "", country: "" });
    const again = await signInWith("google", "nikos.georgiou@example.com", "another-browser");
    expect(again).toMatchObject({ kind: "signed_in", created: false });
    if (again.kind === "signed_in") expect(again.customer.id).toBe(first.customer.id);
    const ids = await tdb.handle.db
      .select()
      .from(s.customerIdentities)
      .where(eq(s.customerIdentities.customerId, first.customer.id));
    expect(ids.map((i) => [i.provider, i.subject])).toEqual([["google", "nikos.georgiou@example.com"]]);
    // The first order waits for the phone and address Google did not give.
    const order = placeOrder(
      store,
      first.customer.id,
      CheckoutRequestSchema.parse({
        lines: [{ id: fx.products.coil, qty: 1 }],
        shippingId: fx.shipping.courierCy,
        paymentMethod: "cod",
        notes: "",
        redeemPointsCents: 0,
      }),
    );
    await expect(order).rejects.toMatchObject({
      code: "details_missing",
      message:
        "Please add your mobile phone, street address, town or city, and country in My Account before you order.",
    });
  });

  it("signs in with Facebook: code exchanged with the app secret and PKCE, profile from the Graph API", async () => {
    const done = await signInWith("facebook", "sofia.ch@example.com");
    expect(done).toMatchObject({ kind: "signed_in", created: true });
    if (done.kind !== "signed_in") throw new Error("not signed in");
    const [identity] = await tdb.handle.db
      .select()
      .from(s.customerIdentities)
      .where(eq(s.customerIdentities.customerId, done.customer.id));
    expect(identity?.provider).toBe("facebook");
    expect(identity?.subject).toMatch(/^\d+$/);
  });

  it("makes the account in the language of the page the sign-in started on, and mails its link in the page's", async () => {
    // The callback is no page (English); the Greek page the shopper returns to decides.
    const bilingual: StoreContext = { ...store, config: { ...store.config, languages: ["en", "el"] } };
    const langOf = async (id: number) =>
      (
        await tdb.handle.db.select({ lang: s.customers.lang }).from(s.customers).where(eq(s.customers.id, id))
      )[0]?.lang;
    const signUp = async (returnTo: string, login: string) => {
      const sessionHash = sha(`lang-${login}`);
      const url = await startSocialSignIn(bilingual, "google", { sessionHash, origin: ORIGIN, returnTo });
      const callback = await consentAt("google", url, login);
      const done = await finishSocialSignIn(bilingual, "google", {
        sessionHash,
        origin: ORIGIN,
        callback,
        ip: IP,
      });
      if (done.kind !== "signed_in") throw new Error("not signed in");
      return done.customer.id;
    };
    expect(await langOf(await signUp("/el/shop/cart", "greek.page@example.com"))).toBe("el");
    expect(await langOf(await signUp("/shop/cart", "english.page@example.com"))).toBe("en");

    await signInWith("google", "trade@example.com", "trade-browser");
    await mailLinkRequest({ ...bilingual, lang: "el" }, sha("trade-browser"), { ip: IP, origin: ORIGIN });
    const [mail] = await tdb.handle.db
      .select()
      .from(s.outbox)
      .where(and(eq(s.outbox.kind, "social-link"), eq(s.outbox.toAddress, "trade@example.com")));
    expect(mail?.subject).toBe("Σύνδεση με Google | Checkout Test Vapes Ltd");
    expect(mail?.html).toContain('<html lang="el">');
  });

  it("never takes over an existing account: its email waits for the password, and only that account's", async () => {
    const done = await signInWith("google", "maria@example.com", "maria-browser");
    expect(done).toMatchObject({ kind: "link_required", email: "maria@example.com" });
    const identities = await tdb.handle.db
      .select()
      .from(s.customerIdentities)
      .where(eq(s.customerIdentities.customerId, fx.customers.maria));
    expect(identities).toHaveLength(0);
    expect(await pendingLink(store, sha("maria-browser"))).toEqual({
      provider: "google",
      email: "maria@example.com",
    });
    expect(await pendingLink(store, sha("someone-else"))).toBeNull();
    // A password sign-in to another account in that browser links nothing, and drops the wait.
    expect(await linkAfterPassword(store, sha("maria-browser"), fx.customers.trade)).toBeNull();
    expect(await pendingLink(store, sha("maria-browser"))).toBeNull();
    // Again, and this time Maria's own password: linked, and Google signs her in from now on.
    await signInWith("google", "maria@example.com", "maria-browser");
    expect(await linkAfterPassword(store, sha("maria-browser"), fx.customers.maria)).toBe("google");
    const later = await signInWith("google", "maria@example.com", "maria-phone");
    expect(later).toMatchObject({ kind: "signed_in", created: false });
    if (later.kind === "signed_in") expect(later.customer.id).toBe(fx.customers.maria);
  });

  it("links through a mailed link that works once", async () => {
    await signInWith("facebook", "eleni@example.gr", "eleni-browser");
    await mailLinkRequest(store, sha("eleni-browser"), { ip: IP, origin: ORIGIN });
    const [mail] = await tdb.handle.db
      .select()
      .from(s.outbox)
      .where(and(eq(s.outbox.kind, "social-link"), eq(s.outbox.toAddress, "eleni@example.gr")));
    const token = /\/auth\/link\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(token).not.toBe("");
    expect(await redeemMailedLink(store, "not-the-token")).toBeNull();
    const linked = await redeemMailedLink(store, token);
    expect(linked?.provider).toBe("facebook");
    expect(linked?.customer.id).toBe(fx.customers.greek);
    expect(await redeemMailedLink(store, token)).toBeNull();
    // No waiting identity in a session: nothing to mail.
    await expect(mailLinkRequest(store, sha("nobody"), { ip: IP, origin: ORIGIN })).rejects.toMatchObject({
      code: "token_expired",
    });
  });

  it("a pre-registered account of someone else's email: the mailed link ends its password and sessions (issue 38, item 3)", async () => {
    const victim = "victim@example.org";
    const password = "Quiet-Orchard-Lantern-58";
    // The attacker registers with the victim's address and stays signed in.
    const planted = await registerCustomer(
      store,
      {
        firstName: "Not",
        lastName: "Victim",
        company: "",
        country: "CY",
        street: "Ledras 1",
        city: "Nicosia",
        postcode: "1011",
        phone: "99123777",
        email: victim,
        password,
        privacy: true,
      },
      { ip: IP, origin: ORIGIN },
    );
    const attackerSession = await rotateSession(store, null, {
      customerId: planted.id,
      data: {},
      csrfToken: () => "csrf",
    });
    // Nothing proved the address: it is unproven, and its owner was asked to prove it.
    const row = async () =>
      (await tdb.handle.db.select().from(s.customers).where(eq(s.customers.id, planted.id)))[0];
    expect((await row())?.emailVerifiedAt).toBeNull();
    const [proofMail] = await tdb.handle.db
      .select()
      .from(s.outbox)
      .where(and(eq(s.outbox.kind, "email-proof"), eq(s.outbox.toAddress, victim)));
    expect(proofMail?.text).toMatch(/\/auth\/email\?token=\d+\.\d+\.[\w-]{22}/);

    // The victim signs in with Google and follows the mailed link.
    const done = await signInWith("google", victim, "victim-browser");
    expect(done).toMatchObject({ kind: "link_required" });
    await mailLinkRequest(store, sha("victim-browser"), { ip: IP, origin: ORIGIN });
    const [mail] = await tdb.handle.db
      .select()
      .from(s.outbox)
      .where(and(eq(s.outbox.kind, "social-link"), eq(s.outbox.toAddress, victim)));
    const token = /\/auth\/link\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    const linked = await redeemMailedLink(store, token);
    expect(linked?.customer.id).toBe(planted.id);

    // The attacker's password and session are gone; the address is proven from now on.
    await expect(
      authenticate(store, { username: victim, password }, { ip: "198.51.100.7" }),
    ).rejects.toMatchObject({
      code: "invalid_credentials",
    });
    expect(await loadSession(store, attackerSession)).toBeNull();
    expect((await row())?.emailVerifiedAt).not.toBeNull();
    // The mailbox's owner signs in with Google from now on.
    const again = await signInWith("google", victim, "victim-phone");
    expect(again).toMatchObject({ kind: "signed_in", created: false });

    // An account its mailbox's owner proved keeps its password through the same link.
    await tdb.handle.db
      .update(s.customers)
      .set({ emailVerifiedAt: new Date(), passwordHash: await hashPassword(password) })
      .where(eq(s.customers.id, fx.customers.poor));
    const [poor] = await tdb.handle.db
      .select()
      .from(s.customers)
      .where(eq(s.customers.id, fx.customers.poor));
    await signInWith("google", poor?.email ?? "", "poor-browser");
    await mailLinkRequest(store, sha("poor-browser"), { ip: IP, origin: ORIGIN });
    const [poorMail] = await tdb.handle.db
      .select()
      .from(s.outbox)
      .where(and(eq(s.outbox.kind, "social-link"), eq(s.outbox.toAddress, poor?.email ?? "")));
    const poorToken = /\/auth\/link\?token=([\w-]+)/.exec(poorMail?.text ?? "")?.[1] ?? "";
    expect((await redeemMailedLink(store, poorToken))?.customer.id).toBe(fx.customers.poor);
    const signedIn = await authenticate(
      store,
      { username: poor?.username ?? "", password },
      { ip: "198.51.100.8" },
    );
    expect(signedIn.customer.id).toBe(fx.customers.poor);
  });

  it("refuses a replayed, foreign or forged state, a cancel, and a code already used", async () => {
    const sessionHash = sha("replay");
    const url = await startSocialSignIn(store, "google", { sessionHash, origin: ORIGIN, returnTo: null });
    const callback = await consentAt("google", url, "replay.test@example.com");
    // Another browser cannot finish this shopper's flow (login CSRF).
    expect(
      await problemOf(
        finishSocialSignIn(store, "google", { sessionHash: sha("thief"), origin: ORIGIN, callback, ip: IP }),
      ),
    ).toBe("expired");
    // ...and the flow is spent by that attempt: the real browser must start again.
    expect(
      await problemOf(finishSocialSignIn(store, "google", { sessionHash, origin: ORIGIN, callback, ip: IP })),
    ).toBe("expired");
    const forged = new URL(`${ORIGIN}/auth/google/callback?code=abc&state=made-up`);
    expect(
      await problemOf(
        finishSocialSignIn(store, "google", { sessionHash, origin: ORIGIN, callback: forged, ip: IP }),
      ),
    ).toBe("expired");

    // The shopper cancels at Facebook.
    const fbSession = sha("cancel");
    const fbUrl = await startSocialSignIn(store, "facebook", {
      sessionHash: fbSession,
      origin: ORIGIN,
      returnTo: null,
    });
    const cancelled = await consentAt("facebook", fbUrl, "x@example.com", "deny");
    expect(
      await problemOf(
        finishSocialSignIn(store, "facebook", {
          sessionHash: fbSession,
          origin: ORIGIN,
          callback: cancelled,
          ip: IP,
        }),
      ),
    ).toBe("cancelled");

    // A code someone already exchanged (an expired one answers the same: invalid_grant).
    const used = sha("used-code");
    const usedUrl = await startSocialSignIn(store, "google", {
      sessionHash: used,
      origin: ORIGIN,
      returnTo: null,
    });
    const usedCallback = await consentAt("google", usedUrl, "used.code@example.com");
    const [flow] = await tdb.handle.db
      .select()
      .from(s.socialSignInFlows)
      .where(eq(s.socialSignInFlows.sessionHash, used));
    const config = await oidc.discovery(
      new URL(usedUrl.origin),
      TEST_GOOGLE.clientId,
      TEST_GOOGLE.clientSecret,
      oidc.ClientSecretPost(TEST_GOOGLE.clientSecret),
      { execute: [oidc.allowInsecureRequests] },
    );
    await oidc.authorizationCodeGrant(
      config,
      new URL(`${ORIGIN}/auth/google/callback${usedCallback.search}`),
      {
        pkceCodeVerifier: flow?.codeVerifier ?? "",
        expectedState: usedCallback.searchParams.get("state") ?? "",
        expectedNonce: flow?.nonce ?? "",
      },
    );
    expect(
      await problemOf(
        finishSocialSignIn(store, "google", {
          sessionHash: used,
          origin: ORIGIN,
          callback: usedCallback,
          ip: IP,
        }),
      ),
    ).toBe("expired");
  });

  it("says a spent Facebook code expired (Facebook answers in its own error shape)", async () => {
    const sessionHash = sha("fb-used");
    const url = await startSocialSignIn(store, "facebook", { sessionHash, origin: ORIGIN, returnTo: null });
    const callback = await consentAt("facebook", url, "fb.used@example.com");
    const [flow] = await tdb.handle.db
      .select()
      .from(s.socialSignInFlows)
      .where(eq(s.socialSignInFlows.sessionHash, sessionHash));
    // Someone exchanged the code first.
    const spent = await fetch(`${serviceConfig().social.facebookGraph}/oauth/access_token`, {
      method: "POST",
      body: new URLSearchParams({
        client_id: TEST_FACEBOOK.appId,
        client_secret: TEST_FACEBOOK.appSecret,
        code: callback.searchParams.get("code") ?? "",
        redirect_uri: `${ORIGIN}/auth/facebook/callback`,
        code_verifier: flow?.codeVerifier ?? "",
      }),
    });
    expect(spent.status).toBe(200);
    expect(
      await problemOf(
        finishSocialSignIn(store, "facebook", { sessionHash, origin: ORIGIN, callback, ip: IP }),
      ),
    ).toBe("expired");
  });

  it("needs a confirmed email, follows the store's sign-up switch, and says when a provider is down", async () => {
    expect(await signInWith("google", "unverified.person@example.com")).toMatchObject({
      kind: "problem",
      problem: "no_email",
    });
    const closed = { ...store, settings: { ...store.settings, showSignup: false } };
    const sessionHash = sha("closed-shop");
    const url = await startSocialSignIn(closed, "google", { sessionHash, origin: ORIGIN, returnTo: null });
    const callback = await consentAt("google", url, "new.person@example.com");
    expect(
      await finishSocialSignIn(closed, "google", { sessionHash, origin: ORIGIN, callback, ip: IP }),
    ).toMatchObject({
      kind: "problem",
      problem: "signup_off",
    });

    const unconfigured = { ...store, secrets: { ...store.secrets, facebookAppSecret: null } };
    expect(
      await problemOf(
        startSocialSignIn(unconfigured, "facebook", { sessionHash, origin: ORIGIN, returnTo: null }),
      ),
    ).toBe("unavailable");

    const before = serviceConfig();
    configureServices({
      ...DEFAULT_SERVICE_CONFIG,
      // Nothing listens on port 9 of loopback: Google is down.
      social: {
        googleIssuer: "http://127.0.0.1:9",
        facebookDialog: "http://127.0.0.1:9/d",
        facebookGraph: "http://127.0.0.1:9/g",
      },
    });
    try {
      expect(
        await problemOf(startSocialSignIn(store, "google", { sessionHash, origin: ORIGIN, returnTo: null })),
      ).toBe("unavailable");
    } finally {
      configureServices(before);
    }
  });
});
