// Restricted advertising (issue 41 §4, docs/decisions/0064) on both databases, on the demo catalogue:
// a store without the setting starts restricted; the demo store shows every promotion until the
// owner turns the setting on in the back office (audited), and then its restricted products announce
// no reduction on any read (listing, one product, cart check), leave the Hot deals and the pop-up ad,
// while accessories keep theirs; each part's switch acts alone; the dashboard and the settings page
// say why while restricted products are still promoted.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAdvertisingRestricted, NO_RESTRICTIONS } from "../../core/advertising";
import { ADVERTISING_RESTRICTED_CLASSES } from "../../core/regulatory";
import * as s from "../../db/store/schema";
import { checkCart } from "../../services/cart-check";
import { listProducts, popupAdProduct } from "../../services/catalog";
import type { StoreContext } from "../../services/context";
import { createPlatform, type Platform } from "../fixtures/platform";
import { type AdminClient, signedInStaff } from "../helpers/admin";
import { driversFor } from "../helpers/databases";

const HOST = "localhost";

interface View {
  version: string;
  values: Record<string, unknown>;
  store: Record<string, unknown>;
  restrictedProducts: number;
}

describe.each(driversFor("both"))("restricted advertising on %s", (driver) => {
  let p: Platform;
  let owner: AdminClient;
  const main = async () => (await p.registry.byId("main")) as StoreContext;

  async function save(values: Record<string, boolean>) {
    const v = (await owner.req<View>("GET", "/settings")).json;
    const r = await owner.req<View>("PUT", "/settings", { version: v.version, values, store: v.store });
    expect(r.status, r.text).toBe(200);
    return r.json;
  }

  /** Reduced products of the demo, each with its class. */
  async function reduced(store: StoreContext) {
    const { products } = await listProducts(store, { onSale: true, perPage: 48 }, null);
    const classes = new Map(
      (
        await store.db
          .select({ id: s.products.id, cls: s.products.regulatoryClass })
          .from(s.products)
          .where(
            inArray(
              s.products.id,
              products.map((x) => x.id),
            ),
          )
      ).map((r) => [r.id, r.cls]),
    );
    return products.map((x) => ({ ...x, cls: classes.get(x.id) ?? "" }));
  }

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "demo" });
    owner = await signedInStaff(p, HOST, "main", { email: "ads-owner@main.test", role: "owner" });
  });
  afterAll(async () => {
    await p?.dispose();
  });

  it("a store with nothing stored starts restricted; the demo store shows every promotion", async () => {
    const store = await main();
    expect(store.settings.advertising).toEqual(NO_RESTRICTIONS);
    await store.db
      .delete(s.settings)
      .where(
        inArray(s.settings.key, [
          "restricted_advertising",
          "restrict_ad_cube",
          "restrict_hot_deals",
          "restrict_sale_marks",
          "restrict_hero_prices",
          "restrict_newsletter_promo",
        ]),
      );
    const fresh = (await owner.req<View>("GET", "/settings")).json;
    expect(fresh.values.restricted_advertising).toBe(true);
    expect(fresh.values.restrict_sale_marks).toBe(true);
    expect(fresh.restrictedProducts).toBeGreaterThan(10);
    await save({ restricted_advertising: false });
  });

  it("off: restricted products on sale announce their reduction; the dashboard says why it matters", async () => {
    const store = await main();
    const list = await reduced(store);
    const nicotine = list.filter((x) => isAdvertisingRestricted(x.cls));
    expect(nicotine.length).toBeGreaterThan(0);
    for (const x of nicotine) expect(x.priorPriceCents, x.code).not.toBeNull();

    const dash = await owner.req<{
      advertising: { restrictedProducts: number; unrestricted: string[] } | null;
    }>("GET", "/dashboard");
    expect(dash.status, dash.text).toBe(200);
    expect(dash.json.advertising?.restrictedProducts).toBeGreaterThan(10);
    expect(dash.json.advertising?.unrestricted).toEqual([
      "adCube",
      "hotDeals",
      "saleMarks",
      "heroPrices",
      "newsletterPromo",
    ]);
  });

  it("on: no reduction announced for restricted products on any read, accessories keep theirs; no hot deal, no pop-up ad of theirs", async () => {
    const before = (await owner.req<View>("GET", "/settings")).json;
    const after = await save({ restricted_advertising: true });
    expect(after.values.restricted_advertising).toBe(true);
    const audit = await (await main()).db
      .select({ before: s.auditLog.before, after: s.auditLog.after })
      .from(s.auditLog)
      .where(eq(s.auditLog.action, "settings.update"));
    expect(JSON.stringify(audit.at(-1))).toContain("restricted_advertising");
    expect(before.version).not.toBe(after.version);

    const store = await main();
    expect(store.settings.advertising.saleMarks).toBe(true);
    const list = await reduced(store);
    const restricted = list.filter((x) => isAdvertisingRestricted(x.cls));
    const others = list.filter((x) => !isAdvertisingRestricted(x.cls));
    expect(restricted.length).toBeGreaterThan(0);
    for (const x of restricted) {
      expect(x.priorPriceCents, x.code).toBeNull();
      // Still sold at the sale price: only the announcement goes.
      expect(x.salePriceCents, x.code).not.toBeNull();
    }
    // An accessory on sale keeps its announced reduction (the demo reduces at least one).
    expect(others.length).toBeGreaterThan(0);
    expect(others.some((x) => x.priorPriceCents !== null)).toBe(true);

    // The cart check: the same product, no prior price either.
    const one = restricted[0] as (typeof restricted)[number];
    const cart = await checkCart(store, [{ id: one.id, qty: 1 }], null);
    const line = cart.lines.find((l) => l.id === one.id);
    expect(line?.prior_price).toBeNull();
    expect(line?.unitPrice).toBe(one.salePriceCents);

    // Hot deals leave restricted products out; the pop-up ad is never a restricted product.
    const deals = await listProducts(
      store,
      { hot: true, onSale: true, promotableOnly: true, perPage: 48 },
      null,
    );
    const dealClasses = await store.db
      .select({ cls: s.products.regulatoryClass })
      .from(s.products)
      .where(
        inArray(
          s.products.id,
          deals.products.map((x) => x.id),
        ),
      );
    for (const d of dealClasses) expect(ADVERTISING_RESTRICTED_CLASSES).not.toContain(d.cls);
    expect(deals.total).toBe(deals.products.length);
    const ad = await popupAdProduct(store, null);
    if (ad) {
      const [row] = await store.db
        .select({ cls: s.products.regulatoryClass })
        .from(s.products)
        .where(eq(s.products.id, ad.id));
      expect(isAdvertisingRestricted(row?.cls)).toBe(false);
    }

    const dash = await owner.req<{ advertising: unknown }>("GET", "/dashboard");
    expect(dash.json.advertising).toBeNull();
  });

  it("each part is a switch of its own: sale marks back on leaves the rest restricted and the notice names it", async () => {
    await save({ restrict_sale_marks: false });
    const store = await main();
    expect(store.settings.advertising).toEqual({
      adCube: true,
      hotDeals: true,
      saleMarks: false,
      heroPrices: true,
      newsletterPromo: true,
    });
    const list = await reduced(store);
    for (const x of list.filter((y) => isAdvertisingRestricted(y.cls)))
      expect(x.priorPriceCents, x.code).not.toBeNull();
    const dash = await owner.req<{ advertising: { unrestricted: string[] } | null }>("GET", "/dashboard");
    expect(dash.json.advertising?.unrestricted).toEqual(["saleMarks"]);
    await save({ restrict_sale_marks: true });
  });
});
