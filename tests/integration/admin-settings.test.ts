// The back office's settings: every kind of bad value answers 400 with a field message, a save
// changes what the storefront derives on the next request, a concurrent save answers 409, the
// registry fields land in the control database, and credentials are write-only: never in a GET
// or an audit entry; the ERP API key rotates and works with the integration API; the ERP webhook's
// URL is validated, its signing secret shown once, and its deliveries counted.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTING_FIELDS } from "../../core/admin/settings";
import { SETTING_KEYS } from "../../core/settings";
import * as controlSchema from "../../db/control/schema";
import { auditLog, warehouses, webhookOutbox } from "../../db/store/schema";
import { createPlatform, type Platform, secretOf } from "../fixtures/platform";
import { type AdminClient, signedInStaff } from "../helpers/admin";
import { driversFor } from "../helpers/databases";

const HOST = "alpha.localhost";

interface View {
  version: string;
  values: Record<string, unknown>;
  store: { name: string; url: string; countries: { code: string; name: string }[]; workingHours: unknown[] };
  warehouses: { id: number; name: string }[];
}

describe("the settings field table", () => {
  it("covers every stored setting once, each with an explanation", () => {
    expect(SETTING_FIELDS.map((f) => f.key).sort()).toEqual([...SETTING_KEYS].sort());
    for (const f of SETTING_FIELDS) expect(f.help.length, f.key).toBeGreaterThan(10);
  });
});

describe.each(driversFor("either"))("back-office settings on %s", (driver) => {
  let p: Platform;
  let owner: AdminClient;
  let warehouseId: number;

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    owner = await signedInStaff(p, HOST, "alpha", { email: "owner@alpha.test", role: "owner" });
    const db = (await p.registry.storeHandle("alpha")).db;
    const rows = await db
      .insert(warehouses)
      .values({ code: "LIM", webDescription: "Limassol shop" })
      .returning({ id: warehouses.id });
    warehouseId = rows[0]?.id ?? 0;
  });
  afterAll(async () => {
    await p?.dispose();
  });

  const read = async () => {
    const r = await owner.req<View>("GET", "/settings");
    expect(r.status, r.text).toBe(200);
    return r.json;
  };

  it("shows every setting typed, the registry fields and the warehouses", async () => {
    const v = await read();
    expect(v.values.show_stock).toBe(true);
    expect(v.values.points_percentage).toBe(5);
    expect(v.values.default_vat_rate).toBe(19);
    expect(v.values.free_delivery_total).toBeNull();
    expect(v.store.name).toBe("Alpha Vapes");
    expect(v.store.countries).toEqual([{ code: "CY", name: "Cyprus" }]);
    expect(v.warehouses.map((w) => w.name)).toContain("Limassol shop");
  });

  it("answers each kind of bad value with 400 and a message on the field", async () => {
    const v = await read();
    const cases: [Record<string, unknown>, string][] = [
      [{ free_delivery_total: -5 }, "values.free_delivery_total"],
      [{ free_delivery_total: 12.345 }, "values.free_delivery_total"],
      [{ points_percentage: 250 }, "values.points_percentage"],
      [{ show_stock: "maybe" }, "values.show_stock"],
      [{ email: "not-an-email" }, "values.email"],
      [{ facebook: "javascript:alert(1)" }, "values.facebook"],
      [{ categories_link: "shop" }, "values.categories_link"],
      [{ company_name: "" }, "values.company_name"],
      [{ session_expire: 1 }, "values.session_expire"],
      [{ client_latitude: 91 }, "values.client_latitude"],
      [{ warehouse_id: 999999 }, "values.warehouse_id"],
      [{ no_such_setting: "x" }, "values.no_such_setting"],
    ];
    for (const [values, field] of cases) {
      const r = await owner.req("PUT", "/settings", { version: v.version, values, store: v.store });
      expect(r.status, `${field}: ${r.text}`).toBe(400);
      const fields = (r.json.details as { fields: Record<string, string> }).fields;
      expect(Object.keys(fields), r.text).toContain(field);
      expect(fields[field]?.length).toBeGreaterThan(5);
    }
    const badStore: [Record<string, unknown>, string][] = [
      [{ ...v.store, name: "" }, "store.name"],
      [{ ...v.store, url: "ftp://x" }, "store.url"],
      [{ ...v.store, countries: [] }, "store.countries"],
      [{ ...v.store, countries: [{ code: "Cyprus", name: "Cyprus" }] }, "store.countries.0.code"],
      [
        { ...v.store, workingHours: [{ day: 1, open: "18:00", close: "09:00" }] },
        "store.workingHours.0.close",
      ],
    ];
    for (const [store, field] of badStore) {
      const r = await owner.req("PUT", "/settings", { version: v.version, values: {}, store });
      expect(r.status, `${field}: ${r.text}`).toBe(400);
      expect(Object.keys((r.json.details as { fields: Record<string, string> }).fields)).toContain(field);
    }
    // Nothing was written by any of them.
    expect((await read()).version).toBe(v.version);
  });

  it("saves: the storefront's derived settings change on the next request, audited with before and after", async () => {
    const v = await read();
    const r = await owner.req<View>("PUT", "/settings", {
      version: v.version,
      values: { free_delivery_total: 45.5, show_stock: false, warehouse_id: warehouseId },
      store: {
        ...v.store,
        name: "Alpha Vapes Nicosia",
        countries: [
          { code: "cy", name: "Cyprus" },
          { code: "GR", name: "Greece" },
        ],
        workingHours: [{ day: 1, open: "09:00", close: "18:00" }],
      },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json.values.free_delivery_total).toBe(45.5);
    expect(r.json.version).not.toBe(v.version);

    const ctx = await p.registry.byId("alpha");
    expect(ctx?.settings.freeDeliveryTotalCents).toBe(4550);
    expect(ctx?.settings.showStock).toBe(false);
    expect(ctx?.settings.warehouseId).toBe(warehouseId);
    expect(ctx?.config.name).toBe("Alpha Vapes Nicosia");
    expect(ctx?.config.countries.map((c) => c.code)).toEqual(["CY", "GR"]);
    const info = await p.request(HOST, "/api/v1/store", { headers: { accept: "application/json" } });
    expect(await info.text()).toContain("Alpha Vapes Nicosia");

    const db = (await p.registry.storeHandle("alpha")).db;
    const entries = await db.select().from(auditLog).where(eq(auditLog.action, "settings.update"));
    const last = entries.at(-1);
    expect(last?.staffEmail).toBe("owner@alpha.test");
    expect(last?.summary).toBe(
      "Changed Free delivery from, Shipping warehouse, Show stock, Shop name and 2 more",
    );
    expect(last?.before).toMatchObject({
      free_delivery_total: "",
      show_stock: "1",
      "store.name": "Alpha Vapes",
    });
    expect(last?.after).toMatchObject({
      free_delivery_total: "45.50",
      show_stock: "false",
      "store.name": "Alpha Vapes Nicosia",
    });
    // Only what changed is in the entry.
    expect(Object.keys(last?.after as object)).not.toContain("company_name");
  });

  it("refuses a save made on an older version with 409, writing nothing", async () => {
    const v = await read();
    const first = await owner.req("PUT", "/settings", {
      version: v.version,
      values: { points_percentage: 7 },
      store: v.store,
    });
    expect(first.status, first.text).toBe(200);
    const second = await owner.req("PUT", "/settings", {
      version: v.version,
      values: { points_percentage: 9 },
      store: v.store,
    });
    expect(second.status).toBe(409);
    expect(second.json.error).toBe("edit_conflict");
    expect((await read()).values.points_percentage).toBe(7);
  });

  it("lets only owners read or change settings", async () => {
    const manager = await signedInStaff(p, HOST, "alpha", { email: "manager@alpha.test", role: "manager" });
    expect((await manager.req("GET", "/settings")).status).toBe(403);
    expect((await manager.req("GET", "/settings/credentials")).status).toBe(403);
    expect((await manager.req("POST", "/settings/api-key")).status).toBe(403);
  });

  it("keeps credentials write-only: set and cleared, never shown in a GET or the audit log", async () => {
    const before = await owner.req("GET", "/settings/credentials");
    expect(before.status).toBe(200);
    for (const secret of Object.values(secretOf("alpha"))) expect(before.text).not.toContain(secret);
    const items = before.json.items as { name: string; set: boolean; setAt: string | null }[];
    expect(items.find((i) => i.name === "paymentAuth")?.set).toBe(true);

    const newSecret = "viva-live-secret-7f3a9c21";
    const saved = await owner.req("PUT", "/settings/credentials", {
      paymentProvider: "viva",
      paymentAuth: newSecret,
      paymentAltAuth: null,
      googlePlacesKey: "places-key-0b9e44",
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.text).not.toContain(newSecret);
    const after = saved.json.items as { name: string; set: boolean; setAt: string | null }[];
    expect(after.find((i) => i.name === "paymentAuth")?.setAt).toMatch(/^\d{4}-/);
    expect(after.find((i) => i.name === "paymentAltAuth")).toMatchObject({ set: false, setAt: null });
    expect(saved.json.paymentProvider).toBe("viva");

    const ctx = await p.registry.byId("alpha");
    expect(ctx?.secrets.paymentAuth).toBe(newSecret);
    expect(ctx?.secrets.paymentAltAuth).toBeNull();
    expect(ctx?.secrets.paymentProvider).toBe("viva");

    const bad = await owner.req("PUT", "/settings/credentials", {
      paymentAuth: "",
      paymentProvider: "paypal",
    });
    expect(bad.status).toBe(400);

    const everything = [
      (await owner.req("GET", "/settings")).text,
      (await owner.req("GET", "/settings/credentials")).text,
      (await owner.req("GET", "/audit?limit=100")).text,
    ].join("\n");
    for (const secret of [newSecret, "places-key-0b9e44", ...Object.values(secretOf("alpha"))])
      expect(everything).not.toContain(secret);
    const db = (await p.registry.storeHandle("alpha")).db;
    const entry = (await db.select().from(auditLog).where(eq(auditLog.action, "credentials.update"))).at(-1);
    expect(entry?.after).toMatchObject({
      paymentAuth: "set",
      paymentAltAuth: "cleared",
      paymentProvider: "viva",
    });
  });

  it("rotates the ERP API key: shown once, the new one opens the integration API and the old one stops", async () => {
    const call = (key: string) =>
      p.request(HOST, "/api/v1/integration/orders", {
        headers: { "x-api-key": key, accept: "application/json" },
      });
    const first = await owner.req<{ apiKey: string; setAt: string }>("POST", "/settings/api-key");
    expect(first.status, first.text).toBe(200);
    expect(first.json.apiKey.length).toBeGreaterThan(30);
    expect((await call(first.json.apiKey)).status).toBe(200);

    const second = await owner.req<{ apiKey: string }>("POST", "/settings/api-key");
    expect(second.json.apiKey).not.toBe(first.json.apiKey);
    expect((await call(first.json.apiKey)).status).toBe(401);
    expect((await call(second.json.apiKey)).status).toBe(200);

    const state = await owner.req("GET", "/settings/credentials");
    expect(state.text).not.toContain(second.json.apiKey);
    expect(
      (state.json.items as { name: string; setAt: string | null }[]).find((i) => i.name === "apiKey")?.setAt,
    ).toMatch(/^\d{4}-/);
    const audit = await owner.req("GET", "/audit?entity=credentials&limit=100");
    expect(audit.text).not.toContain(second.json.apiKey);
    expect(audit.text).not.toContain(first.json.apiKey);
    const control = p.registry.control.db;
    const row = (
      await control.select().from(controlSchema.stores).where(eq(controlSchema.stores.id, "alpha"))
    )[0];
    expect(row?.apiKeyHash).toMatch(/^[0-9a-f]{64}$/);

    const cleared = await owner.req("DELETE", "/settings/api-key");
    expect(cleared.status).toBe(200);
    expect((await call(second.json.apiKey)).status).toBe(401);
  });
  it("sets the ERP webhook: https only, a signing secret shown once, audited without secrets, deliveries counted", async () => {
    interface Hook {
      url: string | null;
      secretSet: boolean;
      secretSetAt: string | null;
      secret?: string | null;
      deliveries: {
        pending: number;
        failing: number;
        delivered24h: number;
        oldestWaitingAt: string | null;
        lastError: { id: string; attempts: number; status: number | null; message: string } | null;
      };
    }
    const empty = await owner.req<Hook>("GET", "/settings/webhook");
    expect(empty.status, empty.text).toBe(200);
    expect(empty.json).toMatchObject({ url: null, secretSet: false, secretSetAt: null });
    expect(empty.json.deliveries).toEqual({
      pending: 0,
      failing: 0,
      delivered24h: 0,
      oldestWaitingAt: null,
      lastError: null,
    });

    for (const url of ["http://erp.example.com/hook", "erp.example.com", "https://u:p@erp.example.com/"]) {
      const bad = await owner.req("PUT", "/settings/webhook", { url });
      expect(bad.status, `${url}: ${bad.text}`).toBe(400);
      expect(bad.json.error).toBe("invalid_request");
      expect(String(bad.json.message)).toMatch(/^url: /);
    }
    expect((await owner.req("PUT", "/settings/webhook", {})).status).toBe(400);

    const url = "https://erp.example.com/hooks/orders";
    const set = await owner.req<Hook>("PUT", "/settings/webhook", { url });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toMatchObject({ url, secretSet: true });
    const secret = set.json.secret as string;
    expect(secret).toMatch(/^whsec_[\w-]{40,}$/);
    let ctx = await p.registry.byId("alpha");
    expect(ctx?.secrets.erpWebhookUrl).toBe(url);
    expect(ctx?.secrets.erpWebhookSecret).toBe(secret);

    // Saving the same URL again changes nothing and shows no secret.
    const again = await owner.req<Hook>("PUT", "/settings/webhook", { url: `  ${url} ` });
    expect(again.json.secret).toBeNull();
    const moved = await owner.req<Hook>("PUT", "/settings/webhook", { url: "http://127.0.0.1:9/erp" });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.secret).toBeNull();

    const rotated = await owner.req<{ secret: string; setAt: string }>("POST", "/settings/webhook/secret");
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.json.secret).not.toBe(secret);
    ctx = await p.registry.byId("alpha");
    expect(ctx?.secrets.erpWebhookSecret).toBe(rotated.json.secret);

    const shown = await owner.req<Hook>("GET", "/settings/webhook");
    expect(shown.json).toMatchObject({ url: "http://127.0.0.1:9/erp", secretSet: true });
    expect(shown.json.secretSetAt).toBe(rotated.json.setAt);
    const audit = await owner.req("GET", "/audit?entity=credentials&limit=100");
    for (const text of [shown.text, audit.text, (await owner.req("GET", "/settings/credentials")).text]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(rotated.json.secret);
    }
    const db = (await p.registry.storeHandle("alpha")).db;
    const entries = await db.select().from(auditLog).where(eq(auditLog.action, "credentials.webhook"));
    expect(entries.map((e) => e.summary)).toEqual([
      "ERP webhook URL set and a signing secret made",
      "ERP webhook URL changed",
      "ERP webhook signing secret replaced; the old one no longer signs",
    ]);
    expect(entries[0]?.staffEmail).toBe("owner@alpha.test");
    expect(entries[0]?.after).toEqual({ erpWebhookUrl: url, erpWebhookSecret: "set" });

    // The deliveries panel: one waiting, one failing (its error shown), one acknowledged today,
    // one acknowledged two days ago (not counted).
    const hour = 3600_000;
    await db.insert(webhookOutbox).values([
      {
        event: "order.placed",
        eventKey: "order.placed:W1",
        body: "{}",
        createdAt: new Date(Date.now() - hour),
      },
      {
        event: "order.paid",
        eventKey: "order.paid:W2",
        body: "{}",
        attempts: 3,
        lastStatus: 503,
        lastError: "HTTP 503: busy",
        nextAttemptAt: new Date(Date.now() + 2 * 60_000),
      },
      {
        event: "order.placed",
        eventKey: "order.placed:W3",
        body: "{}",
        attempts: 1,
        deliveredAt: new Date(),
      },
      {
        event: "order.placed",
        eventKey: "order.placed:W4",
        body: "{}",
        attempts: 1,
        deliveredAt: new Date(Date.now() - 48 * hour),
      },
    ]);
    const counted = await owner.req<Hook>("GET", "/settings/webhook");
    expect(counted.json.deliveries).toMatchObject({ pending: 1, failing: 1, delivered24h: 1 });
    expect(Date.parse(counted.json.deliveries.oldestWaitingAt ?? "")).toBeLessThan(Date.now() - hour + 5000);
    expect(counted.json.deliveries.lastError).toMatchObject({
      id: "order.paid:W2",
      attempts: 3,
      status: 503,
      message: "HTTP 503: busy",
    });

    const cleared = await owner.req<Hook>("PUT", "/settings/webhook", { url: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.json).toMatchObject({ url: null, secretSet: true, secret: null });
    expect((await p.registry.byId("alpha"))?.secrets.erpWebhookUrl).toBeNull();

    const manager = await signedInStaff(p, HOST, "alpha", { email: "hooks@alpha.test", role: "manager" });
    expect((await manager.req("GET", "/settings/webhook")).status).toBe(403);
    expect((await manager.req("PUT", "/settings/webhook", { url })).status).toBe(403);
    expect((await manager.req("POST", "/settings/webhook/secret")).status).toBe(403);
  });
});
