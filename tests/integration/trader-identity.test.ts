// The trader's identity (docs/decisions/0049) on both drivers: owners only read and save it in the
// back office; each kind of bad value answers 400 naming its field (the VAT number by its country's
// prefix and format); a save on an older version answers 409 and writes nothing; a save is audited
// with what changed, reaches the storefront's settings and the public store API on the next request;
// and every shopper's mail carries it in its footer, in the mail's language.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "../../core/language";
import { TRADER_SETTING_KEY } from "../../core/trader";
import { CheckoutRequestSchema } from "../../core/validation/checkout";
import * as s from "../../db/store/schema";
import type { StoreContext } from "../../services/context";
import { placeOrder } from "../../services/orders";
import { createPlatform, type Platform } from "../fixtures/platform";
import { type AdminClient, signedInStaff } from "../helpers/admin";
import { FIXTURE_SETTINGS, seedCheckoutFixture, storeContextFor } from "../helpers/checkout-store";
import { createTestDatabase, driversFor, type TestDb } from "../helpers/databases";

const HOST = "alpha.localhost";

const IDENTITY = {
  legalName: "Alpha Vapes Demo Ltd",
  addressLine1: "Makariou Avenue 12",
  addressLine2: "Office 3",
  postcode: "1065",
  city: "Nicosia",
  country: "CY",
  email: "info@alpha.test",
  phone: "+357 22 000 111",
  vatNumber: "cy 1000 0000 x",
  registrationNumber: "HE 123456",
  registerName: "Registrar of Companies, Cyprus",
};

interface View {
  version: string;
  identity: Record<string, string> | null;
}

describe.each(driversFor("both"))("the trader's identity in the back office on %s", (driver) => {
  let p: Platform;
  let owner: AdminClient;

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    owner = await signedInStaff(p, HOST, "alpha", { email: "owner@alpha.test", role: "owner" });
  });
  afterAll(async () => {
    await p?.dispose();
  });

  const read = async () => {
    const r = await owner.req<View>("GET", "/settings/trader");
    expect(r.status, r.text).toBe(200);
    return r.json;
  };

  it("has none until one is saved, and the shop shows none", async () => {
    expect((await read()).identity).toBeNull();
    expect((await p.registry.byId("alpha"))?.settings.trader).toBeNull();
  });

  it("answers each kind of bad value with 400 and a message on the field, writing nothing", async () => {
    const v = await read();
    const cases: [Record<string, string>, string][] = [
      [{ legalName: "" }, "identity.legalName"],
      [{ addressLine1: " " }, "identity.addressLine1"],
      [{ postcode: "" }, "identity.postcode"],
      [{ country: "Cyprus" }, "identity.country"],
      [{ email: "info-at-alpha" }, "identity.email"],
      [{ phone: "ring us" }, "identity.phone"],
      [{ vatNumber: "CY1000000" }, "identity.vatNumber"],
      [{ vatNumber: "EL123456789" }, "identity.vatNumber"],
      [{ country: "GR", vatNumber: "GR123456789" }, "identity.vatNumber"],
      [{ registerName: "" }, "identity.registerName"],
      [{ city: "Nicosia\nStrovolos" }, "identity.city"],
    ];
    for (const [change, field] of cases) {
      const r = await owner.req("PUT", "/settings/trader", {
        version: v.version,
        identity: { ...IDENTITY, ...change },
      });
      expect(r.status, `${field}: ${r.text}`).toBe(400);
      const fields = (r.json.details as { fields: Record<string, string> }).fields;
      expect(Object.keys(fields), r.text).toContain(field);
    }
    expect((await read()).identity).toBeNull();
    const db = (await p.registry.storeHandle("alpha")).db;
    expect(await db.select().from(s.auditLog).where(eq(s.auditLog.action, "settings.trader"))).toEqual([]);
  });

  it("saves: audited with what changed, in the storefront's settings and the store API on the next request", async () => {
    const v = await read();
    const r = await owner.req<View>("PUT", "/settings/trader", { version: v.version, identity: IDENTITY });
    expect(r.status, r.text).toBe(200);
    expect(r.json.identity).toMatchObject({ legalName: "Alpha Vapes Demo Ltd", vatNumber: "CY10000000X" });
    expect(r.json.version).not.toBe(v.version);

    const ctx = await p.registry.byId("alpha");
    expect(ctx?.settings.trader).toMatchObject({ legalName: "Alpha Vapes Demo Ltd", city: "Nicosia" });
    const info = await p.request(HOST, "/api/v1/store", { headers: { accept: "application/json" } });
    const body = (await info.json()) as { trader: Record<string, string> | null };
    expect(body.trader).toMatchObject({ legalName: "Alpha Vapes Demo Ltd", vatNumber: "CY10000000X" });
    // Another store's settings stay as they were.
    expect((await p.registry.byId("beta"))?.settings.trader).toBeNull();

    const second = await owner.req<View>("PUT", "/settings/trader", {
      version: r.json.version,
      identity: { ...IDENTITY, phone: "+357 22 000 222" },
    });
    expect(second.status, second.text).toBe(200);
    const db = (await p.registry.storeHandle("alpha")).db;
    const entries = await db.select().from(s.auditLog).where(eq(s.auditLog.action, "settings.trader"));
    expect(entries).toHaveLength(2);
    expect(entries[0]?.staffEmail).toBe("owner@alpha.test");
    expect(entries[0]?.before).toBeNull();
    expect(entries[1]?.summary).toBe("Changed the trader's identity: Telephone");
    expect(entries[1]?.before).toEqual({ phone: "+357 22 000 111" });
    expect(entries[1]?.after).toEqual({ phone: "+357 22 000 222" });
  });

  it("refuses a save made on an older version with 409, writing nothing", async () => {
    const v = await read();
    const first = await owner.req("PUT", "/settings/trader", {
      version: v.version,
      identity: { ...IDENTITY, city: "Strovolos" },
    });
    expect(first.status, first.text).toBe(200);
    const second = await owner.req("PUT", "/settings/trader", {
      version: v.version,
      identity: { ...IDENTITY, city: "Lakatamia" },
    });
    expect(second.status).toBe(409);
    expect(second.json.error).toBe("edit_conflict");
    expect((await read()).identity?.city).toBe("Strovolos");
  });

  it("lets only owners read or change it", async () => {
    const manager = await signedInStaff(p, HOST, "alpha", { email: "manager@alpha.test", role: "manager" });
    expect((await manager.req("GET", "/settings/trader")).status).toBe(403);
    const v = await read();
    expect(
      (await manager.req("PUT", "/settings/trader", { version: v.version, identity: IDENTITY })).status,
    ).toBe(403);
  });
});

describe.each(driversFor("both"))("the trader's identity in every mail on %s", (driver) => {
  let tdb: TestDb<"store">;
  let fx: Awaited<ReturnType<typeof seedCheckoutFixture>>;
  let inLang: (lang: Lang) => StoreContext;

  beforeAll(async () => {
    tdb = await createTestDatabase(driver, "store");
    fx = await seedCheckoutFixture(tdb.handle.db, {
      ...FIXTURE_SETTINGS,
      [TRADER_SETTING_KEY]: JSON.stringify({ ...IDENTITY, vatNumber: "CY10000000X" }),
    });
    const base = await storeContextFor(tdb.handle.db);
    inLang = (lang) => ({ ...base, config: { ...base.config, languages: ["en", "el"] }, lang });
  });
  afterAll(async () => tdb?.dispose());

  const customerMail = async (code: string) => {
    const [row] = await tdb.handle.db
      .select()
      .from(s.outbox)
      .where(and(eq(s.outbox.dedupeKey, `order:${code}:customer`)));
    if (!row) throw new Error(`no mail for ${code}`);
    return row;
  };
  const order = (store: StoreContext) =>
    placeOrder(
      store,
      fx.customers.maria,
      CheckoutRequestSchema.parse({
        notes: "",
        redeemPointsCents: 0,
        paymentMethod: "cod",
        lines: [{ id: fx.products.liquid, qty: 1 }],
        shippingId: fx.shipping.courierCy,
      }),
    );

  it("an English order's mail ends with the identity in English, text and HTML", async () => {
    const placed = await order(inLang("en"));
    const mail = await customerMail(placed.code);
    const lines = mail.text.split("\n");
    expect(lines).toContain("Alpha Vapes Demo Ltd, Makariou Avenue 12, Office 3, 1065 Nicosia, Cyprus");
    expect(lines).toContain(
      "Telephone: +357 22 000 111 · Email: info@alpha.test · VAT number: CY10000000X · Registration number HE 123456 (Registrar of Companies, Cyprus)",
    );
    expect(mail.html).toContain("Alpha Vapes Demo Ltd, Makariou Avenue 12, Office 3, 1065 Nicosia, Cyprus");
    expect(mail.html).toContain("VAT number: CY10000000X");
  });

  it("a Greek order's mail carries it in Greek", async () => {
    const placed = await order(inLang("el"));
    const mail = await customerMail(placed.code);
    const lines = mail.text.split("\n");
    expect(lines).toContain("Alpha Vapes Demo Ltd, Makariou Avenue 12, Office 3, 1065 Nicosia, Κύπρος");
    expect(lines).toContain(
      "Τηλέφωνο: +357 22 000 111 · Email: info@alpha.test · Αριθμός μητρώου ΦΠΑ: CY10000000X · Αριθμός εγγραφής HE 123456 (Registrar of Companies, Cyprus)",
    );
    expect(mail.html).toContain("Αριθμός μητρώου ΦΠΑ: CY10000000X");
    expect(mail.text).not.toContain("VAT number:");
  });
});
