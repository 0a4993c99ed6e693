// The shop's settings in the back office: the key/value rows of the store database (spec
// section 9) and the registry fields of the control database (name, address, countries,
// working hours), read together under one version and saved in one transaction per database;
// and the write-only credentials of the registry row, of which only "set on <date>" is shown;
// the ERP webhook's URL and signing secret (shown once, when made) and how its deliveries go.

import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import {
  fieldMessages,
  SETTING_FIELDS,
  SettingsFormSchema,
  type SettingValue,
  type StoreFields,
  toFormValue,
  toStoredValue,
} from "../../core/admin/settings";
import { type CredentialName, SECRET_NAMES, webhookUrlProblem } from "../../core/api/admin/settings";
import { SETTING_KEYS, type SettingKey } from "../../core/settings";
import { type Db, queryRows, type Tx } from "../../db/client";
import type * as controlSchema from "../../db/control/schema";
import { stores } from "../../db/control/schema";
import { settings, warehouses, webhookOutbox } from "../../db/store/schema";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { newWebhookSecret } from "../integration/webhook";
import { restrictedProductCount } from "./advertising";
import { assertVersion, recordAudit, type StaffActor, versionOf } from "./audit";

/** The control database (the store registry), as the server hands it to these services. */
export type ControlDb = Db<typeof controlSchema>;

type StoreRow = typeof stores.$inferSelect;

function registryFields(row: StoreRow): StoreFields {
  return {
    name: row.name,
    url: row.url,
    countries: row.countries.map((c) => ({ code: c.code, name: c.name })),
    workingHours: [...row.workingHours]
      .map((h) => ({ day: h.day, open: h.open, close: h.close }))
      .sort((a, b) => a.day - b.day),
  };
}

function rawOf(rows: { key: string; value: string }[]): Record<SettingKey, string> {
  const raw = Object.fromEntries(SETTING_KEYS.map((k) => [k, ""])) as Record<SettingKey, string>;
  for (const r of rows)
    if ((SETTING_KEYS as readonly string[]).includes(r.key)) raw[r.key as SettingKey] = r.value;
  return raw;
}

const versionFor = (raw: Record<SettingKey, string>, store: StoreFields) => versionOf({ raw, store });

async function registryRow(
  db: ControlDb | Tx<typeof controlSchema>,
  storeId: string,
  lock = false,
): Promise<StoreRow> {
  const q = db.select().from(stores).where(eq(stores.id, storeId));
  const rows = lock ? await q.for("update") : await q;
  const row = rows[0];
  if (!row) throw new ServiceError("not_found", "This shop is not in the registry any more.");
  return row;
}

function settingsView(
  raw: Record<SettingKey, string>,
  store: StoreFields,
  whs: { id: number; code: string; webDescription: string }[],
  restrictedProducts: number,
) {
  const values: Record<string, SettingValue> = {};
  for (const f of SETTING_FIELDS) values[f.key] = toFormValue(f, raw[f.key]);
  return {
    version: versionFor(raw, store),
    values,
    store,
    warehouses: whs.map((w) => ({ id: w.id, code: w.code, name: w.webDescription || w.code })),
    /** Products whose advertising the law restricts: the form warns while a restriction is off. */
    restrictedProducts,
  };
}

export type SettingsView = ReturnType<typeof settingsView>;

async function warehouseList(store: StoreContext) {
  return store.db
    .select({ id: warehouses.id, code: warehouses.code, webDescription: warehouses.webDescription })
    .from(warehouses)
    .orderBy(asc(warehouses.id));
}

export async function getSettings(store: StoreContext, control: ControlDb): Promise<SettingsView> {
  const [rows, row, whs, restricted] = await Promise.all([
    store.db.select().from(settings),
    registryRow(control, store.config.id),
    warehouseList(store),
    restrictedProductCount(store),
  ]);
  return settingsView(rawOf(rows), registryFields(row), whs, restricted);
}

export interface SettingsSave {
  version: string;
  values: Record<string, unknown>;
  store: Record<string, unknown>;
}

function invalidFields(fields: Record<string, string>): ServiceError {
  const first = Object.entries(fields)[0];
  const label = first ? labelOf(first[0]) : "";
  return new ServiceError(
    "invalid",
    first ? `${label ? `${label}: ` : ""}${first[1]}` : "Some values are not valid.",
    { details: { fields } },
  );
}

function labelOf(path: string): string {
  const [head, key] = path.split(".");
  if (head === "values") return SETTING_FIELDS.find((f) => f.key === key)?.label ?? key ?? "";
  if (head === "store")
    return (
      { name: "Shop name", url: "Shop address", countries: "Countries", workingHours: "Working hours" }[
        key ?? ""
      ] ?? ""
    );
  return "";
}

/**
 * Saves the settings and the registry fields. Each database has its own transaction: the
 * registry row and the settings rows are locked, the version checked against both, and the
 * audit entry (changed keys only, before and after) written with the settings.
 */
export async function saveSettings(
  store: StoreContext,
  control: ControlDb,
  actor: StaffActor,
  input: SettingsSave,
): Promise<SettingsView> {
  const unknownKey = Object.keys(input.values).find((k) => !SETTING_FIELDS.some((f) => f.key === k));
  if (unknownKey) throw invalidFields({ [`values.${unknownKey}`]: "This is not a setting of the shop." });
  const [whs, restricted] = await Promise.all([warehouseList(store), restrictedProductCount(store)]);

  return control.transaction(async (ctl) => {
    const regRow = await registryRow(ctl, store.config.id, true);
    return store.db.transaction(async (tx) => {
      const rows = await tx.select().from(settings).for("update");
      const raw = rawOf(rows);
      const before = registryFields(regRow);
      assertVersion({ raw, store: before }, input.version);

      // Every field validated again with the stored value where the form sent none.
      const merged: Record<string, unknown> = {};
      for (const f of SETTING_FIELDS)
        merged[f.key] = f.key in input.values ? input.values[f.key] : toFormValue(f, raw[f.key]);
      const full = SettingsFormSchema.safeParse({ values: merged, store: input.store });
      if (!full.success) throw invalidFields(fieldMessages(full.error.issues));
      const { values, store: fields } = full.data;
      const wh = values.warehouse_id;
      if (typeof wh === "number" && !whs.some((w) => w.id === wh))
        throw invalidFields({ "values.warehouse_id": "Choose one of the shop's warehouses." });

      const changedBefore: Record<string, unknown> = {};
      const changedAfter: Record<string, unknown> = {};
      const next: Record<string, string> = {};
      for (const f of SETTING_FIELDS) {
        const stored = toStoredValue(f, values[f.key] ?? null);
        // Equal meanings are not a change ("50" and "50.00", "1" and "true").
        if (JSON.stringify(toFormValue(f, stored)) === JSON.stringify(toFormValue(f, raw[f.key]))) continue;
        next[f.key] = stored;
        changedBefore[f.key] = raw[f.key];
        changedAfter[f.key] = stored;
      }
      const after: StoreFields = {
        name: fields.name,
        url: fields.url.replace(/\/+$/, ""),
        countries: fields.countries.map((c) => ({ code: c.code.toUpperCase(), name: c.name })),
        workingHours: [...fields.workingHours].sort((a, b) => a.day - b.day),
      };
      for (const k of ["name", "url", "countries", "workingHours"] as const) {
        if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
          changedBefore[`store.${k}`] = before[k];
          changedAfter[`store.${k}`] = after[k];
        }
      }
      const changed = Object.keys(changedAfter);
      if (changed.length === 0) return settingsView(raw, before, whs, restricted);

      for (const [key, value] of Object.entries(next)) {
        await tx
          .insert(settings)
          .values({ key, value })
          .onConflictDoUpdate({ target: settings.key, set: { value } });
      }
      const registryChanged = changed.some((k) => k.startsWith("store."));
      if (registryChanged) {
        await ctl
          .update(stores)
          .set({
            name: after.name,
            url: after.url,
            countries: after.countries,
            workingHours: after.workingHours as typeof regRow.workingHours,
          })
          .where(eq(stores.id, store.config.id));
      }
      const labels = changed.map((k) => labelOf(k.startsWith("store.") ? k : `values.${k}`)).filter(Boolean);
      await recordAudit(tx, actor, {
        action: "settings.update",
        entity: "settings",
        entityId: store.config.id,
        summary: `Changed ${labels.length <= 4 ? labels.join(", ") : `${labels.slice(0, 4).join(", ")} and ${labels.length - 4} more`}`,
        before: changedBefore,
        after: changedAfter,
      });
      const nextRaw = { ...raw, ...next };
      return settingsView(nextRaw, registryChanged ? after : before, whs, restricted);
    });
  });
}

// ---------------------------------------------------------------- credentials

const CREDENTIALS: { name: CredentialName; label: string; help: string }[] = [
  {
    name: "paymentAuth",
    label: "Payment auth",
    help: "The payment provider's API credentials for card payments.",
  },
  {
    name: "paymentSourceCode",
    label: "Payment source code",
    help: "The provider's source code that names this shop's checkout.",
  },
  {
    name: "paymentAltAuth",
    label: "Alternate payment auth",
    help: "The provider's second credentials (used to check payments).",
  },
  {
    name: "googlePlacesKey",
    label: "Google Places key",
    help: "Lets the shop show its Google reviews.",
  },
  {
    name: "googleClientSecret",
    label: "Google client secret",
    help: "With the Google client id, shows 'Login With Google' on the login page.",
  },
  {
    name: "facebookAppSecret",
    label: "Facebook app secret",
    help: "With the Facebook app id, shows 'Login With Facebook' on the login page.",
  },
  {
    name: "apiKey",
    label: "ERP API key",
    help: "The key the ERP or till system sends to fetch and complete web orders.",
  },
];

function isSet(row: StoreRow, name: CredentialName): boolean {
  return Boolean(name === "apiKey" ? row.apiKeyHash : row[name]);
}

function credentialsView(row: StoreRow) {
  const setAt = row.credentialsSetAt ?? {};
  return {
    paymentProvider: row.paymentProvider === "viva" ? ("viva" as const) : ("test" as const),
    googlePlaceId: row.googlePlaceId,
    googleClientId: row.googleClientId,
    facebookAppId: row.facebookAppId,
    items: CREDENTIALS.map((c) => {
      const set = isSet(row, c.name);
      return { ...c, set, setAt: set ? (setAt[c.name] ?? null) : null };
    }),
  };
}

export type CredentialsView = ReturnType<typeof credentialsView>;

export async function getCredentials(store: StoreContext, control: ControlDb): Promise<CredentialsView> {
  return credentialsView(await registryRow(control, store.config.id));
}

export interface CredentialsInput {
  paymentProvider?: "test" | "viva" | undefined;
  paymentAuth?: string | null | undefined;
  paymentSourceCode?: string | null | undefined;
  paymentAltAuth?: string | null | undefined;
  googlePlacesKey?: string | null | undefined;
  googleClientSecret?: string | null | undefined;
  facebookAppSecret?: string | null | undefined;
  googlePlaceId?: string | null | undefined;
  googleClientId?: string | null | undefined;
  facebookAppId?: string | null | undefined;
}

/** Writes to the registry row with the audit entry in the store database: control first, then the store. */
async function writeRegistry(
  store: StoreContext,
  control: ControlDb,
  actor: StaffActor,
  change: (
    row: StoreRow,
    now: Date,
  ) => {
    set: Partial<typeof stores.$inferInsert>;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    summary: string;
    action: string;
  } | null,
): Promise<StoreRow> {
  const now = new Date();
  return control.transaction(async (ctl) => {
    const row = await registryRow(ctl, store.config.id, true);
    const plan = change(row, now);
    if (!plan) return row;
    const updated = await ctl.update(stores).set(plan.set).where(eq(stores.id, store.config.id)).returning();
    await store.db.transaction(async (tx) => {
      await recordAudit(tx, actor, {
        action: plan.action,
        entity: "credentials",
        entityId: store.config.id,
        summary: plan.summary,
        before: plan.before,
        after: plan.after,
      });
    });
    return updated[0] ?? row;
  });
}

export async function saveCredentials(
  store: StoreContext,
  control: ControlDb,
  actor: StaffActor,
  input: CredentialsInput,
): Promise<CredentialsView> {
  const row = await writeRegistry(store, control, actor, (row, now) => {
    const set: Partial<typeof stores.$inferInsert> = {};
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const setAt = { ...(row.credentialsSetAt ?? {}) };
    const words: string[] = [];
    if (input.paymentProvider && input.paymentProvider !== row.paymentProvider) {
      set.paymentProvider = input.paymentProvider;
      before.paymentProvider = row.paymentProvider;
      after.paymentProvider = input.paymentProvider;
      words.push(`payment provider ${input.paymentProvider === "viva" ? "Viva" : "test"}`);
    }
    for (const name of SECRET_NAMES) {
      const value = input[name];
      if (value === undefined) continue;
      const label = CREDENTIALS.find((c) => c.name === name)?.label ?? name;
      const was = isSet(row, name) ? "set" : "not set";
      if (value === null || value === "") {
        if (!isSet(row, name)) continue;
        set[name] = null;
        delete setAt[name];
        before[name] = was;
        after[name] = "cleared";
        words.push(`${label} cleared`);
      } else {
        set[name] = value;
        setAt[name] = now.toISOString();
        before[name] = was;
        after[name] = "set";
        words.push(`${label} set`);
      }
    }
    const publicIds = [
      ["googlePlaceId", "Google place id"],
      ["googleClientId", "Google client id"],
      ["facebookAppId", "Facebook app id"],
    ] as const;
    for (const [name, label] of publicIds) {
      if (input[name] === undefined) continue;
      const value = input[name] || null;
      if (value === row[name]) continue;
      set[name] = value;
      before[name] = row[name];
      after[name] = value;
      words.push(value ? `${label} changed` : `${label} cleared`);
    }
    if (words.length === 0) return null;
    set.credentialsSetAt = setAt;
    const text = words.join(", ");
    return {
      set,
      before,
      after,
      summary: text[0]?.toUpperCase() + text.slice(1),
      action: "credentials.update",
    };
  });
  return credentialsView(row);
}

export const sha256Hex = (value: string) => createHash("sha256").update(value).digest("hex");

/** A new ERP API key: the answer is the only place it is ever shown; the registry keeps its sha256. */
export async function rotateApiKey(
  store: StoreContext,
  control: ControlDb,
  actor: StaffActor,
): Promise<{ apiKey: string; setAt: string }> {
  const apiKey = `sk_${randomBytes(32).toString("base64url")}`;
  const now = new Date();
  await writeRegistry(store, control, actor, (row) => ({
    set: {
      apiKeyHash: sha256Hex(apiKey),
      credentialsSetAt: { ...(row.credentialsSetAt ?? {}), apiKey: now.toISOString() },
    },
    before: { apiKey: row.apiKeyHash ? "set" : "not set" },
    after: { apiKey: "set" },
    summary: row.apiKeyHash ? "ERP API key replaced; the old key stopped working" : "ERP API key set",
    action: "credentials.api_key",
  }));
  return { apiKey, setAt: now.toISOString() };
}

export async function clearApiKey(
  store: StoreContext,
  control: ControlDb,
  actor: StaffActor,
): Promise<CredentialsView> {
  const row = await writeRegistry(store, control, actor, (row) => {
    if (!row.apiKeyHash) return null;
    const setAt = { ...(row.credentialsSetAt ?? {}) };
    delete setAt.apiKey;
    return {
      set: { apiKeyHash: null, credentialsSetAt: setAt },
      before: { apiKey: "set" },
      after: { apiKey: "cleared" },
      summary: "ERP API key removed",
      action: "credentials.api_key",
    };
  });
  return credentialsView(row);
}

// ---------------------------------------------------------------- ERP webhook

/** How the store's ERP webhook deliveries are going (the back office's "Webhook deliveries"). */
export async function webhookDeliveries(store: StoreContext, now = new Date()) {
  const since = new Date(now.getTime() - 24 * 3600_000).toISOString();
  const [counts] = await queryRows<{
    pending: number | string;
    failing: number | string;
    delivered: number | string;
    oldest: Date | string | null;
  }>(
    store.db,
    sql`select
      count(*) filter (where delivered_at is null and attempts = 0) as pending,
      count(*) filter (where delivered_at is null and attempts > 0) as failing,
      count(*) filter (where delivered_at >= ${since}) as delivered,
      min(created_at) filter (where delivered_at is null) as oldest
    from webhook_outbox`,
  );
  const [failing] = await store.db
    .select()
    .from(webhookOutbox)
    .where(and(isNull(webhookOutbox.deliveredAt), isNotNull(webhookOutbox.lastError)))
    .orderBy(desc(webhookOutbox.id))
    .limit(1);
  return {
    pending: Number(counts?.pending ?? 0),
    failing: Number(counts?.failing ?? 0),
    delivered24h: Number(counts?.delivered ?? 0),
    oldestWaitingAt: counts?.oldest ? new Date(counts.oldest).toISOString() : null,
    lastError: failing
      ? {
          id: failing.eventKey,
          attempts: failing.attempts,
          status: failing.lastStatus,
          message: failing.lastError ?? "",
          nextAttemptAt: failing.nextAttemptAt.toISOString(),
        }
      : null,
  };
}

function webhookView(row: StoreRow, deliveries: Awaited<ReturnType<typeof webhookDeliveries>>) {
  const secretSet = Boolean(row.erpWebhookSecret);
  return {
    url: row.erpWebhookUrl,
    secretSet,
    secretSetAt: secretSet ? (row.credentialsSetAt?.erpWebhookSecret ?? null) : null,
    deliveries,
  };
}

export type WebhookView = ReturnType<typeof webhookView>;

export async function getWebhook(store: StoreContext, control: ControlDb): Promise<WebhookView> {
  const [row, deliveries] = await Promise.all([
    registryRow(control, store.config.id),
    webhookDeliveries(store),
  ]);
  return webhookView(row, deliveries);
}

/**
 * Sets (a valid https URL, or http to this machine) or clears the ERP webhook URL, audited with
 * the URL before and after. Setting one while no signing secret exists makes the secret, which
 * this answer shows once. Orders already queued are posted to the URL set when they are tried.
 */
export async function saveWebhook(
  store: StoreContext,
  control: ControlDb,
  actor: StaffActor,
  input: { url: string | null },
): Promise<WebhookView & { secret: string | null }> {
  const url = input.url?.trim() || null;
  const problem = url ? webhookUrlProblem(url) : null;
  if (problem)
    throw new ServiceError("invalid", `ERP webhook URL: ${problem}`, {
      details: { fields: { url: problem } },
    });
  let secret: string | null = null;
  const row = await writeRegistry(store, control, actor, (row, now) => {
    if (url === row.erpWebhookUrl) return null;
    const set: Partial<typeof stores.$inferInsert> = { erpWebhookUrl: url };
    const before: Record<string, unknown> = { erpWebhookUrl: row.erpWebhookUrl };
    const after: Record<string, unknown> = { erpWebhookUrl: url };
    const setAt = { ...(row.credentialsSetAt ?? {}) };
    if (url) setAt.erpWebhookUrl = now.toISOString();
    else delete setAt.erpWebhookUrl;
    if (url && !row.erpWebhookSecret) {
      secret = newWebhookSecret();
      set.erpWebhookSecret = secret;
      setAt.erpWebhookSecret = now.toISOString();
      before.erpWebhookSecret = "not set";
      after.erpWebhookSecret = "set";
    }
    set.credentialsSetAt = setAt;
    return {
      set,
      before,
      after,
      summary: url
        ? `ERP webhook URL ${row.erpWebhookUrl ? "changed" : "set"}${secret ? " and a signing secret made" : ""}`
        : "ERP webhook URL cleared: no more orders are queued for it",
      action: "credentials.webhook",
    };
  });
  return { ...webhookView(row, await webhookDeliveries(store)), secret };
}

/** A new webhook signing secret: the answer is the only place it is ever shown. */
export async function rotateWebhookSecret(
  store: StoreContext,
  control: ControlDb,
  actor: StaffActor,
): Promise<{ secret: string; setAt: string }> {
  const secret = newWebhookSecret();
  const now = new Date();
  await writeRegistry(store, control, actor, (row) => ({
    set: {
      erpWebhookSecret: secret,
      credentialsSetAt: { ...(row.credentialsSetAt ?? {}), erpWebhookSecret: now.toISOString() },
    },
    before: { erpWebhookSecret: row.erpWebhookSecret ? "set" : "not set" },
    after: { erpWebhookSecret: "set" },
    summary: row.erpWebhookSecret
      ? "ERP webhook signing secret replaced; the old one no longer signs"
      : "ERP webhook signing secret made",
    action: "credentials.webhook",
  }));
  return { secret, setAt: now.toISOString() };
}
