// One product as a pricing class sees it, and its details, kept per store in this process
// (services/catalog/product.ts, product-details.ts). What is kept is really kept (a write nobody
// announces is not seen), and it is forgotten the moment what it shows changes: a price or a stock
// level through the ERP, a stock change from an order, a description from the back office, a change
// another instance announces; for that store only, and each pricing class and language apart.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, settings, warehouses } from "../../db/store/schema";
import { forgetStore } from "../../services/cache";
import { getProduct } from "../../services/catalog";
import { afterStockChange } from "../../services/catalog/listing";
import type { StoreContext } from "../../services/context";
import { takeStock } from "../../services/orders/stock";
import { createPlatform, type Platform } from "../fixtures/platform";
import { driversFor } from "../helpers/databases";
import { erpClient, giveApiKey } from "../helpers/erp";

const HOST = "alpha.localhost";
const KEY = "alpha-erp-key-product-cache";

interface Shown {
  name: string;
  price: number;
  stock: number | null;
  description: string;
}

describe.each(driversFor("either"))("one product kept per store on %s", (driver) => {
  let p: Platform;
  let id: number;

  const db = async (store = "alpha") => (await p.registry.storeHandle(store)).db;
  /** What the product API (the reads the product page makes too) shows of ALPHA-1. */
  const shown = async (host = HOST, productId = id): Promise<Shown> => {
    const res = await p.request(host, `/api/v1/products/${productId}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      product: { name: string; priceCents: number; stock: number | null };
      details: { longDescHtml: string };
    };
    return {
      name: body.product.name,
      price: body.product.priceCents,
      stock: body.product.stock,
      description: body.details.longDescHtml,
    };
  };

  beforeAll(async () => {
    p = await createPlatform(driver, { seed: "minimal" });
    await giveApiKey(p, "alpha", KEY);
    // The ERP's stock goes to the store's web warehouse.
    const alpha = await db();
    const [web] = await alpha.insert(warehouses).values({ code: "WEB", webDescription: "Web" }).returning();
    await alpha.insert(settings).values({ key: "warehouse_id", value: String(web?.id) });
    p.registry.invalidate();
    const [row] = await alpha.select({ id: products.id }).from(products).where(eq(products.code, "ALPHA-1"));
    id = row.id;
    const erp = erpClient(p, HOST, KEY);
    expect(
      (await erp("PUT", "/products/ALPHA-1", { stock: 10, longDescriptionHtml: "<p>First words</p>" }))
        .status,
    ).toBe(200);
  });
  afterAll(async () => p?.dispose());

  it("is kept: a write nobody announces is not seen until the store is forgotten", async () => {
    const before = await shown();
    await (await db())
      .update(products)
      .set({ name: "Unannounced", longDescHtml: "<p>Unannounced</p>" })
      .where(eq(products.id, id));
    expect(await shown()).toEqual(before);
    forgetStore("store", "alpha");
    expect(await shown()).toMatchObject({ name: "Unannounced", description: "<p>Unannounced</p>" });
  });

  it("is forgotten when the ERP changes its price, its stock or its description", async () => {
    const erp = erpClient(p, HOST, KEY);
    await shown();
    expect((await erp("PUT", "/products/ALPHA-1", { priceCents: 2499 })).status).toBe(200);
    expect(await shown()).toMatchObject({ price: 2499 });
    expect((await erp("PUT", "/products/ALPHA-1", { stock: 4 })).status).toBe(200);
    expect(await shown()).toMatchObject({ stock: 4 });
    expect((await erp("PUT", "/products/ALPHA-1", { longDescriptionHtml: "<p>New words</p>" })).status).toBe(
      200,
    );
    expect(await shown()).toMatchObject({ description: "<p>New words</p>" });
  });

  it("is forgotten when an order takes stock", async () => {
    const store = (await p.registry.byId("alpha")) as StoreContext;
    const before = (await shown()).stock as number;
    await afterStockChange(
      store,
      store.db.transaction((tx) =>
        takeStock(tx, store.settings.warehouseId, [{ productId: id, qty: 1, description: "Alpha" }]),
      ),
    );
    expect((await shown()).stock).toBe(before - 1);
  });

  it("keeps each store apart: a change of one store leaves the other's kept product", async () => {
    const [beta] = await (await db("beta")).select({ id: products.id }).from(products).limit(1);
    const betaHost = "beta.localhost";
    const before = await shown(betaHost, beta.id);
    await (await db("beta"))
      .update(products)
      .set({ name: "Beta unannounced" })
      .where(eq(products.id, beta.id));
    forgetStore("store", "alpha");
    expect(await shown(betaHost, beta.id)).toEqual(before);
    forgetStore("store", "beta");
    expect((await shown(betaHost, beta.id)).name).toBe("Beta unannounced");
  });

  it("keeps each pricing class apart", async () => {
    const store = (await p.registry.byId("alpha")) as StoreContext;
    forgetStore("store", "alpha");
    const retail = await getProduct(store, id, null);
    const net = await getProduct(store, id, { priceListId: null, excludeVat: true });
    expect(net?.priceCents).toBeLessThan(retail?.priceCents ?? 0);
    expect((await getProduct(store, id, null))?.priceCents).toBe(retail?.priceCents);
  });
});
