// Back-in-stock by every path that raises stock, on both drivers: an order that took the last
// units is cancelled (stock returns through services/stock.ts), and the ERP sets a count.
// One mail per waiting request, each request answered once.
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CheckoutRequestSchema } from "../../core/validation/checkout";
import * as s from "../../db/store/schema";
import type { StoreContext } from "../../services/context";
import { requestBackInStock } from "../../services/notify";
import { cancelOrder } from "../../services/orders/lifecycle";
import { placeOrder } from "../../services/orders/place";
import { setStock } from "../../services/stock";
import { type CheckoutFixture, seedCheckoutFixture, storeContextFor } from "../helpers/checkout-store";
import { createTestDatabase, driversFor, type TestDb } from "../helpers/databases";

describe.each(driversFor("both"))("back in stock through orders and stock counts on %s", (driver) => {
  let tdb: TestDb<"store">;
  let store: StoreContext;
  let fx: CheckoutFixture;

  beforeAll(async () => {
    tdb = await createTestDatabase(driver, "store");
    fx = await seedCheckoutFixture(tdb.handle.db);
    store = await storeContextFor(tdb.handle.db);
  });
  afterAll(async () => tdb?.dispose());

  const stockOf = async (productId: number) => {
    const [row] = await tdb.handle.db
      .select({ qty: s.stock.qty })
      .from(s.stock)
      .where(and(eq(s.stock.productId, productId), eq(s.stock.warehouseId, fx.warehouseId)));
    return row?.qty ?? 0;
  };
  const mailsTo = async (to: string) =>
    (await tdb.handle.db.select().from(s.outbox).where(eq(s.outbox.kind, "back-in-stock"))).filter(
      (m) => m.toAddress === to,
    );
  const pending = () =>
    tdb.handle.db.select().from(s.notifyRequests).where(isNull(s.notifyRequests.notifiedAt));

  it("mails the waiting shoppers once when a cancelled order returns the last units", async () => {
    const coil = fx.products.coil;
    expect(await stockOf(coil)).toBe(3);
    const order = await placeOrder(
      store,
      fx.customers.maria,
      CheckoutRequestSchema.parse({
        lines: [{ id: coil, qty: 3 }],
        shippingId: fx.shipping.courierCy,
        paymentMethod: "cod",
        notes: "",
        redeemPointsCents: 0,
      }),
    );
    expect(await stockOf(coil)).toBe(0);

    expect(await requestBackInStock(store, { productId: coil, email: "waiting@example.com" })).toBe("stored");
    expect(await requestBackInStock(store, { productId: coil, email: "second@example.com" })).toBe("stored");
    expect(await mailsTo("waiting@example.com")).toHaveLength(0);

    await cancelOrder(store, order.code);
    expect(await stockOf(coil)).toBe(3);
    const mails = [...(await mailsTo("waiting@example.com")), ...(await mailsTo("second@example.com"))];
    expect(mails).toHaveLength(2);
    expect(mails[0].subject).toContain("Mesh Coil 0.8 is available again");
    expect(mails[0].text).toContain(`/product/default/${coil}`);
    expect(await pending()).toHaveLength(0);
  });

  it("mails the waiting shoppers once when the ERP sets a count above zero", async () => {
    const pod = fx.products.pod;
    await setStock(store, { productId: pod, qty: 0 });
    await requestBackInStock(store, { productId: pod, email: "erp@example.com" });
    // A count in another warehouse is not what the shop sells from: nothing is sent.
    expect(await setStock(store, { productId: pod, qty: 7, warehouseId: fx.otherWarehouseId })).toMatchObject(
      {
        notified: 0,
      },
    );
    expect(await mailsTo("erp@example.com")).toHaveLength(0);
    expect(await setStock(store, { productId: pod, qty: 2 })).toEqual({ qty: 2, notified: 1 });
    expect(await setStock(store, { productId: pod, qty: 6 })).toEqual({ qty: 6, notified: 0 });
    expect(await mailsTo("erp@example.com")).toHaveLength(1);
  });
});
