// Direct access to a store database of a data folder, for preparing and checking scenarios
// while no server holds it (an embedded database has one process at a time).
import { and, eq, sql } from "drizzle-orm";
import { type DbHandle, openDatabase } from "../../../db/client";
import { embeddedStoreTarget } from "../../../db/control/store-target";
import * as s from "../../../db/store/schema";
import { hashPassword } from "../../../services/auth/password";

export type StoreHandle = DbHandle<typeof s>;

export function openStore(dataDirOrUrl: string, storeId = "main"): Promise<StoreHandle> {
  const target = /^postgres(ql)?:\/\//.test(dataDirOrUrl)
    ? dataDirOrUrl
    : embeddedStoreTarget(dataDirOrUrl, storeId);
  return openDatabase(target, s, { poolSize: 4 });
}

export async function rows<T>(h: StoreHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await h.db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface ShopFixture {
  warehouseId: number;
  shippingId: number;
  /** Products with a known stock in the store's warehouse. */
  products: { id: number; name: string }[];
  customers: { id: number; username: string; password: string }[];
}

/**
 * Customers who can sign in (same password), products given `stockEach` units in the selling
 * warehouse, and a shipping method that delivers to Cyprus.
 */
export async function prepareShop(
  h: StoreHandle,
  opts: { customers: number; products: number; stockEach: number; prefix: string },
): Promise<ShopFixture> {
  const [wh] = await rows<{ value: string }>(h, sql`select value from settings where key = 'warehouse_id'`);
  const warehouseId = Number(wh?.value);
  if (!Number.isInteger(warehouseId)) throw new Error("store has no warehouse_id setting");
  const ships = await h.db.select().from(s.shippingMethods).where(eq(s.shippingMethods.active, true));
  const ship = ships.find((m) => !m.countries || m.countries.includes("CY"));
  if (!ship) throw new Error("no shipping method to CY");
  const products = await rows<{ id: number; name: string }>(
    h,
    sql`select p.id, p.name from products p join stock st on st.product_id = p.id and st.warehouse_id = ${warehouseId}
        where not p.deleted and p.price_cents > 0 order by p.id limit ${opts.products}`,
  );
  for (const p of products) {
    await h.db
      .update(s.stock)
      .set({ qty: opts.stockEach })
      .where(and(eq(s.stock.productId, p.id), eq(s.stock.warehouseId, warehouseId)));
  }
  const password = "Resilient123!";
  const passwordHash = await hashPassword(password);
  const customers: ShopFixture["customers"] = [];
  for (let i = 0; i < opts.customers; i++) {
    const username = `${opts.prefix}${i}@resilience.test`;
    const [c] = await h.db
      .insert(s.customers)
      .values({
        username,
        name: "Res",
        surname: `Tester ${i}`,
        passwordHash,
        mobilePhone: `9${String(7000000 + i).padStart(7, "0")}`,
        email: username,
        street: "Test street 1",
        postcode: "3000",
        city: "Limassol",
        country: "CY",
      })
      .returning({ id: s.customers.id });
    customers.push({ id: c.id, username, password });
  }
  return {
    warehouseId,
    shippingId: ship.id,
    products: products.map((p) => ({ id: Number(p.id), name: p.name })),
    customers,
  };
}
