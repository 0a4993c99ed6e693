// A product is found by its code (whole, or the number after its hyphen) and by its name in every
// language, whichever way it was written: the ERP API, the back office, a catalogue file, the
// seed. Issue 38: "ZP-0042" written by the ERP was not found by "ZP-0042" or "0042" (to_tsvector
// reads "zp-0042" as "zp" and the number "-0042"), while "orb-liq-0001" happened to be.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProductCreateInput } from "../../core/admin/catalog";
import * as c from "../../db/control/schema";
import { seedSyntheticCatalogue } from "../../db/seed/synthetic";
import * as s from "../../db/store/schema";
import { createAdminProduct } from "../../services/admin/catalog";
import { forgetStore } from "../../services/cache";
import { listProducts } from "../../services/catalog";
import type { StoreContext } from "../../services/context";
import { importCatalogueText } from "../../services/integration/catalogue-import";
import { createPlatform, type Platform } from "../fixtures/platform";
import { ownerActor, signedInStaff } from "../helpers/admin";
import { driversFor } from "../helpers/databases";
import { erpClient, giveApiKey } from "../helpers/erp";

const HOST = "alpha.localhost";

describe.each(driversFor("both"))("search by code and name on %s", (driver) => {
  let p: Platform;
  let alpha: StoreContext;

  beforeAll(async () => {
    p = await createPlatform(driver, { seed: "minimal" });
    await giveApiKey(p, "alpha", "alpha-key");
    await p.registry.control.db
      .update(c.stores)
      .set({ languages: ["en", "el"] })
      .where(eq(c.stores.id, "alpha"));
    p.registry.invalidate();
    alpha = (await p.registry.byId("alpha", HOST)) as StoreContext;
  }, 600_000);
  afterAll(async () => p?.dispose());

  /** The codes the storefront's search finds for a term. */
  const found = async (term: string) => {
    forgetStore("store", "alpha");
    const out = await listProducts(alpha, { searchTerm: term, perPage: 50 }, null);
    const ids = out.products.map((x) => x.id);
    const { db } = await p.registry.storeHandle("alpha");
    const rows = await db.select({ id: s.products.id, code: s.products.code }).from(s.products);
    return rows.filter((r) => ids.includes(r.id)).map((r) => r.code);
  };

  it("the ERP API: by its code, the number in it, and its name in English and Greek", async () => {
    const r = await erpClient(p, HOST, "alpha-key")("PUT", "/products/ZP-0042", {
      name: "Zesty Plum Cloud",
      priceCents: 1200,
      translations: { el: { name: "Αφράτο Δαμάσκηνο" } },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    for (const term of ["ZP-0042", "zp-0042", "0042", "Zesty", "plum cloud", "Δαμάσκηνο", "αφρατο"])
      expect(await found(term), term).toEqual(["ZP-0042"]);
  });

  it("the back office", async () => {
    // The audit entry names a real member of staff.
    await signedInStaff(p, HOST, "alpha", { email: "search@example.test", role: "owner" });
    const { db } = await p.registry.storeHandle("alpha");
    const [member] = await db.select().from(s.staff).where(eq(s.staff.email, "search@example.test"));
    await createAdminProduct(
      alpha,
      { ...ownerActor("Search Tester", "search@example.test"), id: member?.id as number },
      ProductCreateInput.parse({
        code: "BO-0517",
        name: "Quiet Fig Mist",
        priceCents: 900,
        vatRate: 19,
        weightGrams: 40,
      }),
    );
    for (const term of ["BO-0517", "0517", "fig mist"]) expect(await found(term), term).toEqual(["BO-0517"]);
  });

  it("a catalogue file, with its Greek column", async () => {
    const text = "code,name,price,name_el\nCF-0733,Amber Pear Haze,9.50,Κεχριμπαρένιο Αχλάδι\n";
    const out = await importCatalogueText(alpha, { id: null, email: "csv", ip: null }, text);
    expect(out.status, JSON.stringify(out)).toBe("imported");
    for (const term of ["CF-0733", "0733", "pear haze", "αχλαδι"])
      expect(await found(term), term).toEqual(["CF-0733"]);
  });

  it("the seed's synthetic catalogue", async () => {
    await seedSyntheticCatalogue(await p.registry.storeHandle("alpha"), 3);
    expect(await found("SYN-000002")).toEqual(["SYN-000002"]);
    expect(await found("000003")).toEqual(["SYN-000003"]);
  });
});
