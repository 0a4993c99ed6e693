// The HTTP composition root: health, tenancy, images, assets, /api/v1 and server rendering.
import { randomUUID } from "node:crypto";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { Logger } from "pino";
import { RouterContextProvider } from "react-router";
import { requestEnv } from "../app/context";
import { isLocalHost, normalizeHost, robotsFor } from "../core/host";
import { type Lang, languageOf, type PathLanguage, SOURCE_LANG } from "../core/language";
import { socialFormOrigins } from "../services/auth/social/endpoints";
import { onStoreChanged } from "../services/cache";
import { configureServices } from "../services/config";
import { configureOrderLinks } from "../services/orders/order-link";
import { createAdminApi } from "./admin/index";
import { provideControlDb } from "./admin/settings";
import { registerApiRoutes } from "./api/index";
import { createApiRouter } from "./api/router";
import { type AppConfig, loadConfig } from "./config";
import { ageGate } from "./http/age-gate";
import { cleanInput } from "./http/clean-input";
import { clientIp } from "./http/client";
import { compressResponses } from "./http/compress";
import { csrfMiddleware } from "./http/csrf";
import { registerEmailProof } from "./http/email-proof";
import type { AppEnv } from "./http/env";
import { answerUnexpectedError, respondError } from "./http/errors";
import { type Metrics, routeKind } from "./http/metrics";
import { registerNewsletterLinks } from "./http/newsletter-links";
import { keepPolicyOnNotModified, pageCache } from "./http/page-cache";
import { storePictures } from "./http/pictures";
import { type BodyLimitRule, requestBodyLimits } from "./http/request-limits";
import { sessionMiddleware, sessionSecretSource } from "./http/session";
import { registerSocialSignIn } from "./http/social-sign-in";
import { registerTestCheckout } from "./http/test-checkout";
import { refuseUnavailablePayments } from "./http/test-payments";
import { visitorOf } from "./http/visitor";
import { seoRoutes } from "./seo";
import type { SsrHandler } from "./ssr";
import { checkReadiness, type Readiness } from "./tenancy/readiness";
import type { StoreRegistry } from "./tenancy/registry";

export interface AppDeps {
  registry: StoreRegistry;
  ssr: SsrHandler;
  log: Logger;
  metrics: Metrics;
  /** The Vite client build folder (production), served under /assets. */
  clientDir?: string;
  /** Body limits for routes that need their own (uploads), over the defaults in http/request-limits. */
  bodyLimits?: BodyLimitRule[];
  /**
   * What the app and the services take from the environment. Unset: read from the environment now,
   * as in-process tests and the bench do after setting the variables they need.
   */
  config?: Pick<AppConfig, "trustProxy" | "visitorCountryHeader" | "sessionSecret" | "services">;
  /** What /readyz answers; unset: every registered store complete and reachable (server/tenancy/readiness.ts). */
  readiness?: () => Promise<Readiness>;
}

export function createApp({
  registry,
  ssr,
  log,
  metrics,
  clientDir,
  bodyLimits,
  config = loadConfig(),
  readiness = () => checkReadiness(registry, registry.control),
}: AppDeps) {
  configureServices(config.services);
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    c.set("trustProxy", config.trustProxy);
    c.set("visitorCountryHeader", config.visitorCountryHeader);
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || randomUUID();
    c.set("requestId", requestId);
    c.set("log", log.child({ requestId }));
    const started = performance.now();
    await next();
    const kind = routeKind(c.req.path);
    metrics.duration.labels(kind).observe((performance.now() - started) / 1000);
    metrics.requests.labels(c.var.store?.config.id ?? "-", kind, String(c.res.status)).inc();
  });

  // Before anything reads a body or a database: oversized bodies, NUL bytes and invalid UTF-8.
  app.use(requestBodyLimits(bodyLimits));
  app.use(cleanInput());

  app.onError(answerUnexpectedError);

  // A 304 keeps the policy of the copy the browser has (server/http/page-cache.ts).
  app.use(keepPolicyOnNotModified());
  // Every response carries the security headers: health, errors and unknown hosts included.
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // Google Analytics (GA4) only loads for stores with a measurement id, after consent.
        scriptSrc: ["'self'", NONCE, "https://www.googletagmanager.com"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        connectSrc: [
          "'self'",
          "https://*.google-analytics.com",
          "https://*.analytics.google.com",
          "https://*.googletagmanager.com",
        ],
        frameSrc: ["'self'", "https://www.youtube.com", "https://www.youtube-nocookie.com"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        // Sign-in with Google or Facebook posts to us and is redirected on to the provider.
        formAction: ["'self'", ...socialFormOrigins(config.services.social)],
        objectSrc: ["'none'"],
      },
      referrerPolicy: "strict-origin-when-cross-origin",
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(async (c, next) => {
    await next();
    const host = normalizeHost(c.req.header("host"));
    if (host && !isLocalHost(host))
      c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  });
  // For a load balancer on the shop port: up, and ready or not, without details; the operator
  // listener (server/operator) answers the same with what is wrong, and the metrics.
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    const { ready } = await readiness();
    return ready ? c.json({ status: "ready" }) : c.json({ status: "unavailable" }, 503);
  });

  // Tenancy: every other request belongs to exactly one store, chosen by Host.
  app.use(async (c, next) => {
    const host = normalizeHost(c.req.header("host"));
    const store = host ? await registry.resolve(host) : null;
    if (!store) {
      return respondError(c, 404, "unknown_store", "Store not found", "No shop is served at this address.");
    }
    if (store.config.paused && !c.req.path.startsWith("/admin") && !c.req.path.startsWith("/assets/")) {
      c.header("Retry-After", "3600");
      return respondError(
        c,
        503,
        "store_paused",
        `${store.config.name} is closed for a moment`,
        "The shop is closed for a moment. Please come back a little later.",
      );
    }
    c.set("store", {
      ...store,
      lang: contentLanguage(store.config.languages, c.req.path, c.req.query("lang")),
    });
    await next();
  });

  app.use(compressResponses());

  app.use("/images/*", storePictures());
  if (clientDir) {
    app.use(
      "/assets/*",
      async (c, next) => {
        await next();
        if (c.res.status === 200) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
      },
      // The build writes .br and .gz copies (scripts/precompress.ts); compress() leaves a
      // response that already has a Content-Encoding alone.
      serveStatic({ root: clientDir, precompressed: true }),
    );
  }

  // robots.txt and sitemap.xml per store host: no session cookie for crawlers.
  app.route("/", seoRoutes());

  const sessionSecret = sessionSecretSource(registry.control.db, config.sessionSecret);
  // Guest orders' signed links use the same server-side key (docs/decisions/0030).
  configureOrderLinks(sessionSecret);
  // The back office's API has a session of its own (cookie path /admin) and its own CSRF check.
  onStoreChanged(() => registry.invalidate());
  app.use("/admin/api/*", provideControlDb(registry.control.db));
  app.route("/admin/api", createAdminApi(sessionSecret));

  // Sessions and CSRF for pages and /api/v1 (not for images and assets above).
  app.use(sessionMiddleware(sessionSecret));
  app.use(csrfMiddleware());
  app.use(ageGate());
  app.use(refuseUnavailablePayments());

  const api = createApiRouter();
  registerApiRoutes(api);
  const docInfo = {
    openapi: "3.1.0",
    info: { title: "Storefront API", version: "1.0.0" },
    servers: [{ url: "/api/v1" }],
  };
  api.doc31("/openapi.json", docInfo);
  app.route("/api/v1", api);
  app.get("/api/docs", (c) => c.json(api.getOpenAPI31Document(docInfo)));
  app.all("/api/*", (c) => c.json({ error: "not_found", message: "No such API endpoint" }, 404));

  // Sign-in with Google and Facebook: browser navigations to and from the providers.
  registerSocialSignIn(app);
  // The mailed link that proves a customer's email.
  registerEmailProof(app);
  // The newsletter's confirmation and one-click unsubscribe (POST; their pages are routes).
  registerNewsletterLinks(app);

  // The `test` payment provider's hosted checkout page (demo stores, end-to-end tests).
  registerTestCheckout(app, { log });

  // Anonymous pages from the page cache (docs/decisions/0034); everything else renders.
  app.use(pageCache());
  app.all("*", async (c) => {
    const context = new RouterContextProvider();
    const store = c.var.store;
    const language = pageLanguage(store.config.languages, c.req.path);
    if (language.misplaced) {
      // /el/x where Greek is the default lives at /x; a language the store does not speak is not a page.
      const target = language.lang === store.config.languages[0] ? language.rest : "/pages/404";
      const query = new URL(c.req.url).search;
      return c.redirect(`${target}${target === language.rest ? query : ""}`, 301);
    }
    context.set(requestEnv, {
      store,
      nonce: c.var.secureHeadersNonce ?? "",
      robots: robotsFor(store.host),
      requestId: c.var.requestId,
      session: c.var.session,
      customer: c.var.customer,
      clientIp: clientIp(c),
      visitor: visitorOf(c),
      lang: language.lang,
      langPrefix: language.prefix,
    });
    const response = await ssr(c.req.raw, context);
    return response;
  });

  return app;
}

/** The page's language: from the path on the storefront, English in the back office (staff-facing). */
function pageLanguage(languages: readonly Lang[], path: string): PathLanguage {
  if (path === "/admin" || path.startsWith("/admin/"))
    return { lang: "en", prefix: "", rest: path, misplaced: false };
  return languageOf(languages, path);
}

/**
 * The language shop content is read in for this request: a page's from its path; the storefront
 * API's from its `lang` parameter (one the store offers, else English), which the browser's API
 * client sends from a page in another language; English everywhere else.
 */
function contentLanguage(languages: readonly Lang[], path: string, param: string | undefined): Lang {
  if (path.startsWith("/api/v1/")) return languages.find((l) => l === param) ?? SOURCE_LANG;
  if (path.startsWith("/api/") || path.startsWith("/images/") || path.startsWith("/assets/"))
    return SOURCE_LANG;
  return pageLanguage(languages, path).lang;
}
