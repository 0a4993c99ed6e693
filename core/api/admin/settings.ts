// The back office's settings endpoints (contract): the shop's settings (section 9 of the spec)
// with its registry fields, the write-only credentials (payment provider, ERP API key, Google
// Places) and the ERP webhook (URL, signing secret, deliveries). The settings body is checked field
// by field by the service with the schema of core/admin/settings.ts, so a bad value answers 400
// with details.fields naming the field.
import { z } from "zod";
import { errorResponse } from "../common";
import { json, jsonBody } from "../endpoint";
import { adminEndpoint } from "./endpoint";
import { settingsRoutes as routes } from "./settings.routes";

const Value = z.union([z.string().max(5000), z.number(), z.boolean(), z.null()]);

const StoreFields = z.object({
  name: z.string(),
  url: z.string(),
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
  workingHours: z.array(z.object({ day: z.number().int(), open: z.string(), close: z.string() })),
});

export const SettingsViewSchema = z.object({
  /** Send it back with the save: a change by someone else in between answers 409. */
  version: z.string(),
  values: z.record(z.string(), Value),
  store: StoreFields,
  warehouses: z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string() })),
  /** Products whose advertising the law restricts (core/advertising.ts). */
  restrictedProducts: z.number().int(),
});

export const SettingsSaveInput = z.object({
  version: z.string().min(1).max(64),
  values: z.record(z.string().max(64), Value),
  store: z.object({
    name: z.unknown(),
    url: z.unknown(),
    countries: z.unknown(),
    workingHours: z.unknown(),
  }),
});

/** The write-only secrets a staff member types (each a registry column of the same name). */
export const SECRET_NAMES = [
  "paymentAuth",
  "paymentSourceCode",
  "paymentAltAuth",
  "googlePlacesKey",
  "googleClientSecret",
  "facebookAppSecret",
] as const;
/** The secrets, and the ERP API key the server makes and shows once. */
export const CREDENTIAL_NAMES = [...SECRET_NAMES, "apiKey"] as const;
export type CredentialName = (typeof CREDENTIAL_NAMES)[number];

export const CredentialsViewSchema = z.object({
  paymentProvider: z.enum(["test", "viva"]),
  googlePlaceId: z.string().nullable(),
  /** Sign-in with Google and Facebook: the public ids (their secrets are items, write-only). */
  googleClientId: z.string().nullable(),
  facebookAppId: z.string().nullable(),
  items: z.array(
    z.object({
      name: z.enum(CREDENTIAL_NAMES),
      label: z.string(),
      help: z.string(),
      /** Whether a value is stored; the value itself is never sent. */
      set: z.boolean(),
      /** When it was last set (ISO), if known. */
      setAt: z.string().nullable(),
    }),
  ),
});

const secret = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${label}, or clear it.`)
    .max(500, "Use at most 500 characters.")
    .nullable()
    .optional();

export const CredentialsInput = z.object({
  paymentProvider: z.enum(["test", "viva"], { error: "Choose test or Viva." }).optional(),
  /** A new value sets it, null clears it, absent leaves it as it is. */
  paymentAuth: secret("payment auth"),
  paymentSourceCode: secret("payment source code"),
  paymentAltAuth: secret("alternate payment auth"),
  googlePlacesKey: secret("Google Places key"),
  googleClientSecret: secret("Google client secret"),
  facebookAppSecret: secret("Facebook app secret"),
  googleClientId: z
    .string()
    .trim()
    .max(300, "Use at most 300 characters.")
    .regex(/^[\w.-]*$/, "A Google client id has only letters, digits, dots, - and _.")
    .nullable()
    .optional(),
  facebookAppId: z
    .string()
    .trim()
    .max(40, "Use at most 40 digits.")
    .regex(/^\d*$/, "A Facebook app id has only digits.")
    .nullable()
    .optional(),
  googlePlaceId: z
    .string()
    .trim()
    .max(300, "Use at most 300 characters.")
    .regex(/^[\w-]*$/, "A place id has only letters, digits, - and _.")
    .nullable()
    .optional(),
});

export const get = adminEndpoint(routes.get, {
  permission: "settings.read",
  tags: ["admin"],
  summary: "The shop's settings, its registry fields and the warehouses to choose from",
  responses: { 200: json(SettingsViewSchema, "The settings and their version") },
});

export const save = adminEndpoint(routes.save, {
  permission: "settings.write",
  tags: ["admin"],
  summary: "Save the settings and registry fields (one transaction per database, audited)",
  request: { body: jsonBody(SettingsSaveInput) },
  responses: {
    200: json(SettingsViewSchema, "Saved: the settings as they are now"),
    400: errorResponse("A value is not valid: details.fields names each field"),
    409: errorResponse("edit_conflict: someone else saved the settings since they were read"),
  },
});

export const credentials = adminEndpoint(routes.credentials, {
  permission: "settings.write",
  tags: ["admin"],
  summary: "Which credentials are set and since when (never their values)",
  responses: { 200: json(CredentialsViewSchema, "The credentials' state") },
});

export const saveCredentials = adminEndpoint(routes.saveCredentials, {
  permission: "settings.write",
  tags: ["admin"],
  summary:
    "Set or clear payment, Google and Facebook credentials (secrets write-only, audited as set/cleared)",
  request: { body: jsonBody(CredentialsInput) },
  responses: {
    200: json(CredentialsViewSchema, "Saved"),
    400: errorResponse("A value is not valid"),
  },
});

export const rotateApiKey = adminEndpoint(routes.rotateApiKey, {
  permission: "settings.write",
  tags: ["admin"],
  summary: "Make a new ERP API key: shown once in this answer, only its sha256 is kept",
  responses: {
    200: json(
      z.object({ apiKey: z.string(), setAt: z.string() }),
      "The new key: copy it now, it is never shown again; the old key stops working",
    ),
  },
});

export const clearApiKey = adminEndpoint(routes.clearApiKey, {
  permission: "settings.write",
  tags: ["admin"],
  summary: "Remove the ERP API key: the integration API refuses every call until a new one is made",
  responses: { 200: json(CredentialsViewSchema, "Removed") },
});

// ---------------------------------------------------------------- ERP webhook

const isLoopbackHost = (host: string) =>
  host === "localhost" ||
  host.endsWith(".localhost") ||
  host === "[::1]" ||
  /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

/**
 * Why a webhook URL cannot be used, or null: it must be https (plain http only to this machine,
 * for tests and a local relay), without a user name or password in it.
 */
export function webhookUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Enter a full address, e.g. https://erp.example.com/hooks/orders.";
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname)))
    return "Use an https:// address (http:// only for this machine).";
  if (url.username || url.password) return "Leave the user name and password out of the address.";
  if (url.hash) return "Leave the #part out of the address.";
  return null;
}

export const WebhookUrl = z
  .string()
  .trim()
  .min(1, "Enter the address, or clear it.")
  .max(2000, "Use at most 2000 characters.")
  .superRefine((value, ctx) => {
    const problem = webhookUrlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const WebhookViewSchema = z.object({
  /** Where placed and paid orders are posted; null: no webhook, nothing is queued. */
  url: z.string().nullable(),
  /** Whether a signing secret is stored; the secret itself is shown only when made. */
  secretSet: z.boolean(),
  secretSetAt: z.string().nullable(),
  deliveries: z.object({
    /** Queued, not tried yet. */
    pending: z.number().int(),
    /** Tried and not acknowledged yet: retried with backoff until the ERP answers 2xx. */
    failing: z.number().int(),
    /** Acknowledged in the last 24 hours. */
    delivered24h: z.number().int(),
    /** When the oldest order still waiting was queued. */
    oldestWaitingAt: z.string().nullable(),
    /** The newest delivery that is failing, with what went wrong on its last attempt. */
    lastError: z
      .object({
        id: z.string(),
        attempts: z.number().int(),
        status: z.number().int().nullable(),
        message: z.string(),
        nextAttemptAt: z.string(),
      })
      .nullable(),
  }),
});

export const webhook = adminEndpoint(routes.webhook, {
  permission: "settings.read",
  tags: ["admin"],
  summary: "The ERP webhook: its URL, whether a signing secret is set, and how deliveries are going",
  responses: { 200: json(WebhookViewSchema, "The webhook and its deliveries") },
});

export const saveWebhook = adminEndpoint(routes.saveWebhook, {
  permission: "settings.write",
  tags: ["admin"],
  summary:
    "Set or clear the ERP webhook URL (audited). Setting it when no signing secret exists makes one, shown once in this answer",
  request: { body: jsonBody(z.object({ url: WebhookUrl.nullable() })) },
  responses: {
    200: json(
      WebhookViewSchema.extend({
        secret: z
          .string()
          .nullable()
          .meta({ description: "A signing secret made by this call: copy it now, it is never shown again" }),
      }),
      "Saved",
    ),
    400: errorResponse("The URL is not valid"),
  },
});

export const rotateWebhookSecret = adminEndpoint(routes.rotateWebhookSecret, {
  permission: "settings.write",
  tags: ["admin"],
  summary:
    "Make a new webhook signing secret: shown once in this answer; the old one stops signing at once (audited)",
  responses: {
    200: json(
      z.object({ secret: z.string(), setAt: z.string() }),
      "The new secret: copy it now, it is never shown again",
    ),
  },
});

// ---------------------------------------------------------------- trader identity

const TraderIdentityView = z.object({
  legalName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  email: z.string(),
  phone: z.string(),
  vatNumber: z.string(),
  registrationNumber: z.string(),
  registerName: z.string(),
});

export const TraderViewSchema = z.object({
  /** Send it back with the save: a change by someone else in between answers 409. */
  version: z.string(),
  /** null: none saved yet, and the shop shows none. */
  identity: TraderIdentityView.nullable(),
});

export const trader = adminEndpoint(routes.trader, {
  permission: "settings.read",
  tags: ["admin"],
  summary:
    "The trader's identity (legal name, geographic address, email, telephone, VAT number, trade register) shown in the footer, on the contact and terms pages and in every mail",
  responses: { 200: json(TraderViewSchema, "The identity and its version") },
});

export const saveTrader = adminEndpoint(routes.saveTrader, {
  permission: "settings.write",
  tags: ["admin"],
  summary: "Save the trader's identity (checked whole by core/trader-schema.ts, audited)",
  request: {
    body: jsonBody(
      z.object({
        version: z.string().min(1).max(64),
        /** Checked field by field by the service, so a bad value names its field (details.fields). */
        identity: z.record(z.string().max(64), z.string().max(500)),
      }),
    ),
  },
  responses: {
    200: json(TraderViewSchema, "Saved: the identity as it is now"),
    400: errorResponse("A value is not valid: details.fields names each field"),
    409: errorResponse("edit_conflict: someone else saved the identity since it was read"),
  },
});
