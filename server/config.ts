// Every environment variable the product reads, validated once at start (docs/decisions/0026).
// The schema is the list: each variable has its type, default, what is allowed and one line of
// description, and the README table is checked against it (tests/unit/config.test.ts). A bad
// value stops the start with a message naming the variable, its problem and what is allowed.
import { resolve } from "node:path";
import { z } from "zod";
import { DEFAULT_SERVICE_CONFIG, type ServiceConfig } from "../services/config";
import { vivaEndpoints } from "../services/payments/viva";
import type { BucketConfig, PictureBackend } from "../services/pictures/store";

export interface VariableDoc {
  /** What the variable does: the README table's third column. */
  description: string;
  /** What a value must be, for the error message. */
  allowed: string;
  /** What leaving it unset means, when that is not simply the default value. */
  unset?: string;
  /** Never echo the value (credentials). */
  secret?: boolean;
}

/** The documentation of each variable's schema (EnvSchema.shape), read by messages and the README test. */
export const variableDocs = z.registry<VariableDoc>();

/** Surrounding blanks are dropped, and a blank value counts as unset (`PORT= npm start`). */
function variable<T extends z.ZodType>(schema: T, doc: VariableDoc) {
  const wrapped = z.preprocess((v) => {
    if (typeof v !== "string") return v;
    const trimmed = v.trim();
    return trimmed === "" ? undefined : trimmed;
  }, schema);
  variableDocs.add(wrapped, doc);
  return wrapped;
}

const wholeNumber = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const between = (min: number, max: number) => `a whole number from ${min} to ${max}`;
const DAY_MS = 86_400_000;

/** `1` on, `0` off. */
const flag = z.enum(["0", "1"]).transform((v) => v === "1");

function urlOf(protocols: string[]) {
  return z.string().refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  });
}
const httpUrl = urlOf(["http:", "https:"]);

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
const NODE_ENVS = ["production", "development", "test"] as const;
const VIVA_ENVS = ["demo", "production"] as const;
const PICTURE_STORES = ["folder", "s3"] as const;

export const EnvSchema = z.object({
  NODE_ENV: variable(z.enum(NODE_ENVS).default("production"), {
    description:
      "`development` serves through Vite with hot reload; `production` (and `test`) serve the build",
    allowed: `one of ${NODE_ENVS.join(", ")}`,
  }),
  PORT: variable(wholeNumber(0, 65535).default(3000), {
    description: "HTTP port (0: any free port)",
    allowed: between(0, 65535),
  }),
  HOST: variable(z.string().default("0.0.0.0"), {
    description: "address the HTTP server listens on",
    allowed: "an address or host name",
  }),
  OPERATOR_PORT: variable(wholeNumber(0, 65535).default(9464), {
    description:
      "port of the operator listener: `/metrics`, `/healthz`, `/readyz` and the `npm run store` commands, never on the shop port (0: any free port; docs/decisions/0029)",
    allowed: between(0, 65535),
  }),
  OPERATOR_HOST: variable(z.string().default("127.0.0.1"), {
    description:
      "address the operator listener binds to; keep it on loopback or a private network, the store commands need `OPERATOR_TOKEN` anyway",
    allowed: "an address or host name",
  }),
  OPERATOR_ALLOWED_HOSTS: variable(
    z
      .string()
      .transform((v) => v.split(",").map((name) => name.trim().toLowerCase()))
      .refine((names) => names.every((name) => /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/.test(name)))
      .optional(),
    {
      description:
        "further host names the operator listener answers to, comma-separated (a private network name, a proxy's); it always answers loopback names and `OPERATOR_HOST`, and any other `Host` gets 421 (against DNS rebinding)",
      allowed: "host names or addresses without a port, comma-separated",
      unset: "(none)",
    },
  ),
  OPERATOR_TOKEN: variable(z.string().min(24).optional(), {
    description:
      "bearer token of the operator listener's store commands; unset: one is generated per start (with the embedded database written to `DATA_DIR/run/operator.json`, mode 0600, where `npm run store` finds it)",
    allowed: "at least 24 characters",
    unset: "(generated)",
    secret: true,
  }),
  DATA_DIR: variable(z.string().default("./data"), {
    description: "embedded databases, store images, mail written as `.eml` when no SMTP is set",
    allowed: "a folder path",
  }),
  DATABASE_URL: variable(urlOf(["postgres:", "postgresql:"]).optional(), {
    description:
      "control database as `postgres://...`; demo store databases then go beside it as `<db>_<store>`",
    allowed: "a postgres:// or postgresql:// URL",
    unset: "(embedded)",
    secret: true,
  }),
  SMTP_URL: variable(urlOf(["smtp:", "smtps:"]).optional(), {
    description: "e.g. `smtp://user:pass@mail.example.com:587`; unset: mail lands in `DATA_DIR/mail/`",
    allowed: "an smtp:// or smtps:// URL",
    unset: "(none)",
    secret: true,
  }),
  MAIL_FROM: variable(z.string().optional(), {
    description: 'sender of every outgoing mail (e.g. `"Shop" <no-reply@shop.example>`)',
    allowed: "a sender address",
    unset: "store name + its `email` setting",
  }),
  SESSION_SECRET: variable(z.string().min(16).optional(), {
    description:
      "key of the CSRF tokens' and guest order links' HMAC; unset: one is generated once and kept in the control database, so every instance shares it (changing it invalidates guest order links already mailed)",
    allowed: "at least 16 characters",
    unset: "(generated)",
    secret: true,
  }),
  TRUST_PROXY: variable(flag.default(false), {
    description:
      "`1`: take the client address from the last `X-Forwarded-For` entry (rate limits), the one the proxy you run in front of the server wrote",
    allowed: "1 (on) or 0 (off)",
    unset: "(off)",
  }),
  VISITOR_COUNTRY_HEADER: variable(
    z
      .string()
      .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/)
      .default("CF-IPCountry"),
    {
      description:
        "request header in which the proxy or CDN in front names the visitor's country (two letters); the country preselected in registration, checkout and the shipping estimate is that one when the store sells there, else the browser language's (unless the store's home country speaks that language too), else the store's `home_country` setting, else its first (docs/decisions/0032, 0044)",
      allowed: "an HTTP header name",
    },
  ),
  RATE_LIMIT_FACTOR: variable(wholeNumber(1, 10_000).default(DEFAULT_SERVICE_CONFIG.rateLimitFactor), {
    description:
      "multiplies the per-address and per-account request limits (the end-to-end suite, whose browsers share one address, sets 50); the sign-in lockout per name is not scaled",
    allowed: between(1, 10_000),
  }),
  LOG_LEVEL: variable(z.enum(LOG_LEVELS).default("info"), {
    description: "pino JSON log level",
    allowed: `one of ${LOG_LEVELS.join(", ")}`,
  }),
  STORE_CACHE_MS: variable(wholeNumber(0, DAY_MS).default(30_000), {
    description: "how long store registry rows and settings are cached",
    allowed: between(0, DAY_MS),
  }),
  LISTING_CACHE_MS: variable(wholeNumber(0, DAY_MS).default(DEFAULT_SERVICE_CONFIG.listingCacheMs), {
    description: "how long a page of listing card ids and its total are reused (0: off; docs/decisions/0013)",
    allowed: between(0, DAY_MS),
  }),
  LISTING_RESULT_CACHE_MS: variable(
    wholeNumber(0, DAY_MS).default(DEFAULT_SERVICE_CONFIG.listingResultCacheMs),
    {
      description:
        "how long whole listing results (prices per pricing class, stock) are reused; any stock change made by the process clears them",
      allowed: between(0, DAY_MS),
    },
  ),
  PAGE_CACHE_MS: variable(wholeNumber(0, DAY_MS).default(DEFAULT_SERVICE_CONFIG.pageCacheMs), {
    description:
      "how long an anonymous page (home, listings, products, content pages) is served from the page cache; every change to what it shows forgets it at once on every instance, this bounds a missed announcement (0: off; docs/decisions/0034)",
    allowed: between(0, DAY_MS),
  }),
  REQUEST_TIMEOUT_MS: variable(wholeNumber(1_000, 600_000).default(30_000), {
    description:
      "a client must send its whole request within this (headers within 15 s); body limits: 64 KB, 1 MB for payment webhooks and the ERP API (docs/decisions/0020)",
    allowed: between(1_000, 600_000),
  }),
  VIVA_ENV: variable(
    z.preprocess((v) => (typeof v === "string" ? v.toLowerCase() : v), z.enum(VIVA_ENVS).default("demo")),
    {
      description: "which Viva Wallet hosts card payments go to (docs/decisions/0010)",
      allowed: `one of ${VIVA_ENVS.join(", ")}`,
    },
  ),
  VIVA_ACCOUNTS_URL: variable(httpUrl.optional(), {
    description: "Viva's OAuth2 token host, instead of the one of `VIVA_ENV` (a proxy, a local fake)",
    allowed: "an http:// or https:// URL",
    unset: "(of `VIVA_ENV`)",
  }),
  VIVA_API_URL: variable(httpUrl.optional(), {
    description: "Viva's API host, instead of the one of `VIVA_ENV`",
    allowed: "an http:// or https:// URL",
    unset: "(of `VIVA_ENV`)",
  }),
  VIVA_CHECKOUT_URL: variable(httpUrl.optional(), {
    description: "Viva's checkout host (where shoppers pay), instead of the one of `VIVA_ENV`",
    allowed: "an http:// or https:// URL",
    unset: "(of `VIVA_ENV`)",
  }),
  GOOGLE_PLACES_BASE_URL: variable(httpUrl.default(DEFAULT_SERVICE_CONFIG.googlePlacesBaseUrl), {
    description: "Places API (New) endpoint for Google reviews (tests point it at a fake)",
    allowed: "an http:// or https:// URL",
  }),
  GOOGLE_ISSUER_URL: variable(httpUrl.default(DEFAULT_SERVICE_CONFIG.social.googleIssuer), {
    description:
      "the OpenID Connect issuer of sign-in with Google; its discovery document names every endpoint (tests point it at a local provider)",
    allowed: "an http:// or https:// URL",
  }),
  FACEBOOK_DIALOG_URL: variable(httpUrl.default(DEFAULT_SERVICE_CONFIG.social.facebookDialog), {
    description: "Facebook's OAuth dialog, where shoppers consent to sign in with Facebook",
    allowed: "an http:// or https:// URL",
  }),
  FACEBOOK_GRAPH_URL: variable(httpUrl.default(DEFAULT_SERVICE_CONFIG.social.facebookGraph), {
    description:
      "Facebook's Graph API with its version: the code is exchanged at `/oauth/access_token`, the profile read from `/me`",
    allowed: "an http:// or https:// URL",
  }),
  PICTURE_FETCH_PRIVATE: variable(flag.default(false), {
    description:
      "`1` lets the integration API fetch product pictures from loopback and private addresses (tests, an ERP's picture server on the shop's own network); off, only public addresses are fetched",
    allowed: "1 (on) or 0 (off)",
    unset: "(off)",
  }),
  UPLOAD_QUOTA_MB: variable(wholeNumber(1, 10_000_000).default(DEFAULT_SERVICE_CONFIG.uploadQuotaMb), {
    description:
      "how many MB of pictures each store's image folder may hold; an upload or ERP picture that would go over it is refused with 409",
    allowed: between(1, 10_000_000),
  }),
  PICTURE_STORE: variable(z.enum(PICTURE_STORES).default("folder"), {
    description:
      "where pictures are kept: `folder` under `DATA_DIR/images/<store>/` (one instance, or a shared volume), `s3` in the S3-compatible bucket `S3_BUCKET`, which every instance reads (docs/decisions/0061; move a store's pictures with `npm run pictures`)",
    allowed: `one of ${PICTURE_STORES.join(", ")}`,
  }),
  S3_BUCKET: variable(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
      .optional(),
    {
      description: "the bucket of `PICTURE_STORE=s3` (and of `npm run pictures`); required with `s3`",
      allowed: "a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens",
      unset: "(none)",
    },
  ),
  S3_REGION: variable(
    z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .default("us-east-1"),
    {
      description: "the bucket's region (most S3-compatible services take any, or `auto`)",
      allowed: "a region name",
    },
  ),
  S3_ENDPOINT: variable(httpUrl.optional(), {
    description:
      "the S3-compatible service's address (e.g. `https://<account>.r2.cloudflarestorage.com`, `http://minio:9000`); unset: AWS S3 of `S3_REGION`",
    allowed: "an http:// or https:// URL",
    unset: "(AWS S3)",
  }),
  S3_FORCE_PATH_STYLE: variable(flag.optional(), {
    description:
      "`1` addresses objects as `<endpoint>/<bucket>/<key>` (most S3-compatible services), `0` as `<bucket>.<endpoint>/<key>`",
    allowed: "1 (on) or 0 (off)",
    unset: "1 with `S3_ENDPOINT`, else 0",
  }),
  S3_ACCESS_KEY_ID: variable(z.string().min(1).optional(), {
    description:
      "the bucket's access key; unset: the AWS SDK's own chain (`AWS_ACCESS_KEY_ID`, a shared profile, an instance role)",
    allowed: "an access key id",
    unset: "(the SDK's chain)",
    secret: true,
  }),
  S3_SECRET_ACCESS_KEY: variable(z.string().min(1).optional(), {
    description: "the secret of `S3_ACCESS_KEY_ID`",
    allowed: "a secret access key",
    unset: "(the SDK's chain)",
    secret: true,
  }),
  S3_PREFIX: variable(
    z
      .string()
      .regex(/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*\/?$/)
      .optional(),
    {
      description:
        "put before every store's folder in the object keys (e.g. `shop/`), for a bucket shared with other things; each store's pictures are at `<prefix><img_folder>/<key>`",
      allowed: "a key prefix of letters, digits, `_.-` and `/`",
      unset: "(none)",
    },
  ),
  BUILD_DIR: variable(z.string().default("build"), {
    description: "where `npm run build` puts the app and the server serves it from",
    allowed: "a folder path",
  }),
  BUILD_ON_START: variable(flag.default(true), {
    description:
      "`0` serves the build in BUILD_DIR as it is; on, the server first rebuilds it when it is missing or older than the sources. The test suites build once and start their servers with `0`: servers started side by side would otherwise build into one folder at once",
    allowed: "1 (on) or 0 (off)",
    unset: "1 (on)",
  }),
  NO_MINIFY: variable(flag.default(false), {
    description: "build only: `1` leaves the JavaScript unminified (for CPU profiles, docs/decisions/0016)",
    allowed: "1 (on) or 0 (off)",
    unset: "(off)",
  }),
  SOURCEMAP: variable(flag.default(false), {
    description: "build only: `1` writes source maps",
    allowed: "1 (on) or 0 (off)",
    unset: "(off)",
  }),
});

export type Env = z.infer<typeof EnvSchema>;
export type VariableName = keyof Env;

/** The environment has values the schema refuses; the message lists each, one a line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Invalid environment (the table in README.md lists every variable):\n${problems.map((p) => `  ${p}`).join("\n")}`,
    );
    this.name = "ConfigError";
  }
}

function problemOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.expected === "int" ? "is not a whole number" : "is not a number";
    case "too_small":
      return issue.origin === "string" ? "is too short" : "is below the minimum";
    case "too_big":
      return "is above the maximum";
    case "invalid_value":
      return "is not one of the allowed values";
    default:
      return "is not valid";
  }
}

function describeProblem(name: string, value: unknown, issue: z.core.$ZodIssue): string {
  const doc = variableDocs.get(EnvSchema.shape[name as VariableName]);
  const shown = doc?.secret ? "(value not shown)" : JSON.stringify(String(value).slice(0, 80));
  return `${name}=${shown} ${problemOf(issue)}: ${name} takes ${doc?.allowed ?? "another value"}.`;
}

function check<T>(result: z.ZodSafeParseResult<T>, env: NodeJS.ProcessEnv): T {
  if (result.success) return result.data;
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const issue of result.error.issues) {
    const name = String(issue.path[0]);
    if (seen.has(name)) continue;
    seen.add(name);
    problems.push(describeProblem(name, env[name], issue));
  }
  throw new ConfigError(problems);
}

/** Every variable, parsed and checked. Throws ConfigError. */
function parseEnv(env: NodeJS.ProcessEnv): Env {
  const e = check(EnvSchema.safeParse(env), env);
  if (e.PICTURE_STORE === "s3" && !e.S3_BUCKET)
    throw new ConfigError(['PICTURE_STORE="s3" needs S3_BUCKET: name the bucket the pictures go to.']);
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new ConfigError(["S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither."]);
  return e;
}

/** The bucket the S3_* variables name, or null when S3_BUCKET is unset. */
export function bucketConfigOf(e: Env): BucketConfig | null {
  if (!e.S3_BUCKET) return null;
  const prefix = e.S3_PREFIX ? e.S3_PREFIX.replace(/\/?$/, "/") : "";
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT ?? null,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
    accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
    prefix,
  };
}

function pictureBackendOf(e: Env): PictureBackend {
  const bucket = bucketConfigOf(e);
  return e.PICTURE_STORE === "s3" && bucket ? { kind: "bucket", ...bucket } : { kind: "folder" };
}

/**
 * One variable, for what must read it before (or without) the whole configuration: the build
 * tools (vite.config.ts, react-router.config.ts) and server/ssr.ts, which tests and the bench
 * import after setting BUILD_DIR. Throws ConfigError.
 */
export function readVariable<K extends VariableName>(name: K, env: NodeJS.ProcessEnv = process.env): Env[K] {
  const one = EnvSchema.pick({ [name]: true } as Record<VariableName, true>);
  return (check(one.safeParse(env), env) as Env)[name];
}

export interface AppConfig {
  env: Env["NODE_ENV"];
  dev: boolean;
  /** Rebuild a missing or stale build before serving (server/build.ts). */
  buildOnStart: boolean;
  port: number;
  host: string;
  /** The operator listener (server/operator): metrics, health and store commands. */
  operator: { port: number; host: string; token: string | null; allowedHosts: string[] };
  dataDir: string;
  controlTarget: string;
  smtpUrl: string | null;
  mailFrom: string | null;
  logLevel: Env["LOG_LEVEL"];
  storeCacheMs: number;
  requestTimeoutMs: number;
  /** The CSRF key; null: generated and kept in the control database (server/http/session.ts). */
  sessionSecret: string | null;
  /** Believe X-Forwarded-For for the client address (server/http/client.ts). */
  trustProxy: boolean;
  /** The request header naming the visitor's country (server/http/visitor.ts). */
  visitorCountryHeader: string;
  /** The S3_* bucket, set or not whichever PICTURE_STORE is (the move command reads it). */
  bucket: BucketConfig | null;
  /** Handed to the services at boot (services/config.ts). */
  services: ServiceConfig;
}

/** Throws ConfigError; entry points use loadConfigOrExit. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = parseEnv(env);
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    dev: e.NODE_ENV === "development",
    buildOnStart: e.BUILD_ON_START,
    port: e.PORT,
    host: e.HOST,
    operator: {
      port: e.OPERATOR_PORT,
      host: e.OPERATOR_HOST,
      token: e.OPERATOR_TOKEN ?? null,
      allowedHosts: e.OPERATOR_ALLOWED_HOSTS ?? [],
    },
    dataDir,
    controlTarget: e.DATABASE_URL ?? resolve(dataDir, "control"),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? null,
    logLevel: e.LOG_LEVEL,
    storeCacheMs: e.STORE_CACHE_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    sessionSecret: e.SESSION_SECRET ?? null,
    trustProxy: e.TRUST_PROXY,
    visitorCountryHeader: e.VISITOR_COUNTRY_HEADER,
    bucket: bucketConfigOf(e),
    services: {
      rateLimitFactor: e.RATE_LIMIT_FACTOR,
      listingCacheMs: e.LISTING_CACHE_MS,
      listingResultCacheMs: e.LISTING_RESULT_CACHE_MS,
      pageCacheMs: e.PAGE_CACHE_MS,
      viva: vivaEndpoints(e.VIVA_ENV, {
        accountsUrl: e.VIVA_ACCOUNTS_URL,
        apiUrl: e.VIVA_API_URL,
        checkoutUrl: e.VIVA_CHECKOUT_URL,
      }),
      googlePlacesBaseUrl: e.GOOGLE_PLACES_BASE_URL,
      pictureFetchPrivate: e.PICTURE_FETCH_PRIVATE,
      uploadQuotaMb: e.UPLOAD_QUOTA_MB,
      pictures: pictureBackendOf(e),
      social: {
        googleIssuer: e.GOOGLE_ISSUER_URL,
        facebookDialog: e.FACEBOOK_DIALOG_URL,
        facebookGraph: e.FACEBOOK_GRAPH_URL,
      },
    },
  };
}

/** For `npm start` and the CLIs: a bad value prints what is wrong (no stack trace) and exits 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}
