// Delivery priced by weight on both drivers (docs/decisions/0057): the checkout's quote and the
// cart's estimate by the basket's weight at a band's edges, a method too small refused, no method
// at all said before payment, and the price read again when the order is placed.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHIPPING_WEIGHT_TEXT } from "../../core/shipping-weight";
import { CheckoutRequestSchema } from "../../core/validation/checkout";
import * as s from "../../db/store/schema";
import { checkCart } from "../../services/cart-check";
import type { StoreContext } from "../../services/context";
import { placeOrder, quoteCheckout } from "../../services/orders";
import { type CheckoutFixture, seedCheckoutFixture, storeContextFor } from "../helpers/checkout-store";
import { createTestDatabase, driversFor, type TestDb } from "../helpers/databases";

describe.each(driversFor("both"))("delivery by weight on %s", (driver) => {
  let tdb: TestDb<"store">;
  let fx: CheckoutFixture;
  let store: StoreContext;

  beforeAll(async () => {
    tdb = await createTestDatabase(driver, "store");
    fx = await seedCheckoutFixture(tdb.handle.db);
    store = await storeContextFor(tdb.handle.db);
    const db = tdb.handle.db;
    // A liquid is light, a kit heavier; the coil weighs one gram to step over a limit.
    await db.update(s.products).set({ weightGrams: 100 }).where(eq(s.products.id, fx.products.liquid));
    await db.update(s.products).set({ weightGrams: 2000 }).where(eq(s.products.id, fx.products.pod));
    await db.update(s.products).set({ weightGrams: 1 }).where(eq(s.products.id, fx.products.coil));
    await db
      .update(s.shippingMethods)
      .set({
        weightBands: [
          { upToGrams: 500, costCents: 350 },
          { upToGrams: 2000, costCents: 590 },
        ],
      })
      .where(eq(s.shippingMethods.id, fx.shipping.courierCy));
    await db
      .update(s.shippingMethods)
      .set({ weightBands: [{ upToGrams: 1000, costCents: 0 }] })
      .where(eq(s.shippingMethods.id, fx.shipping.pickupCy));
  });
  afterAll(async () => tdb?.dispose());

  const quote = (lines: { id: number; qty: number }[], shippingId: number | null = fx.shipping.courierCy) =>
    quoteCheckout(store, fx.customers.maria, { lines, shippingId });

  it("prices a basket exactly at a band's limit in that band and one gram over in the next", async () => {
    const at = await quote([{ id: fx.products.liquid, qty: 5 }]);
    expect(at.weightGrams).toBe(500);
    expect(at.shipping?.costCents).toBe(350);
    expect(at.totals.shippingCostCents).toBe(350);
    const over = await quote([
      { id: fx.products.liquid, qty: 5 },
      { id: fx.products.coil, qty: 1 },
    ]);
    expect(over.weightGrams).toBe(501);
    expect(over.totals.shippingCostCents).toBe(590);
    expect(over.overweightMethods).toEqual([]);
  });

  it("leaves out a method too small for the basket and names its limit", async () => {
    const q = await quote([{ id: fx.products.pod, qty: 1 }], fx.shipping.pickupCy);
    expect(q.weightGrams).toBe(2000);
    expect(q.shippingMethods.map((m) => [m.id, m.costCents])).toEqual([[fx.shipping.courierCy, 590]]);
    expect(q.overweightMethods).toMatchObject([{ id: fx.shipping.pickupCy, maxGrams: 1000 }]);
    expect(q.shipping).toBeNull();
  });

  it("keeps free delivery at the free-delivery total, without lifting a weight limit", async () => {
    // 2 x 29.99 reaches the 50 EUR threshold, but 4 kg is more than any method carries.
    const q = await quote([{ id: fx.products.pod, qty: 2 }]);
    expect(q.shippingMethods).toEqual([]);
    expect(q.overweightMethods.map((m) => m.id).sort()).toEqual(
      [fx.shipping.courierCy, fx.shipping.pickupCy].sort(),
    );
    // 10 liquids: 50 EUR, 1 kg: the courier's second band, free.
    const free = await quote([{ id: fx.products.liquid, qty: 10 }]);
    expect(free.shipping?.costCents).toBe(590);
    expect(free.totals).toMatchObject({ freeShipping: true, shippingCostCents: 0 });
  });

  it("the cart's estimate quotes the same way: cheapest method, and too heavy for every one", async () => {
    const light = await checkCart(store, [{ id: fx.products.liquid, qty: 5 }], null, "CY");
    expect(light.shipping).toMatchObject({
      weightGrams: 500,
      country: "CY",
      cheapestCents: 0,
      tooHeavy: false,
    });
    // Every method with its band's price, so a band change shows beside a free pickup.
    expect(light.shipping?.methods.map((m) => [m.id, m.costCents])).toEqual([
      [fx.shipping.courierCy, 350],
      [fx.shipping.pickupCy, 0],
    ]);
    const kit = await checkCart(store, [{ id: fx.products.pod, qty: 1 }], null, "CY");
    expect(kit.shipping).toMatchObject({ weightGrams: 2000, cheapestCents: 590, tooHeavy: false });
    expect(kit.shipping?.methods.map((m) => [m.id, m.costCents])).toEqual([[fx.shipping.courierCy, 590]]);
    const heavy = await checkCart(store, [{ id: fx.products.pod, qty: 2 }], null, "CY");
    expect(heavy.shipping).toMatchObject({
      weightGrams: 4000,
      cheapestCents: null,
      tooHeavy: true,
      methods: [],
    });
    // An empty basket weighs nothing and goes in the first band.
    const empty = await checkCart(store, [], null, "CY");
    expect(empty.shipping).toMatchObject({ weightGrams: 0, cheapestCents: 0 });
  });

  const order = (lines: { id: number; qty: number }[], shippingId: number) =>
    placeOrder(
      store,
      fx.customers.maria,
      CheckoutRequestSchema.parse({
        lines,
        shippingId,
        paymentMethod: "cod",
        notes: "",
        redeemPointsCents: 0,
      }),
    );

  it("refuses an order by a method too small, and one no method can carry, before any payment", async () => {
    await expect(order([{ id: fx.products.pod, qty: 1 }], fx.shipping.pickupCy)).rejects.toMatchObject({
      code: "shipping_overweight",
      message: SHIPPING_WEIGHT_TEXT.methodTooHeavy,
    });
    await expect(order([{ id: fx.products.pod, qty: 2 }], fx.shipping.courierCy)).rejects.toMatchObject({
      code: "shipping_overweight",
      message: SHIPPING_WEIGHT_TEXT.noneCarries,
    });
    expect(await tdb.handle.db.select({ id: s.orders.id }).from(s.orders)).toEqual([]);
  });

  it("reads the weights again when the order is placed: the price of the band the basket is in", async () => {
    const placed = await order(
      [
        { id: fx.products.liquid, qty: 5 },
        { id: fx.products.coil, qty: 1 },
      ],
      fx.shipping.courierCy,
    );
    const [row] = await tdb.handle.db.select().from(s.orders).where(eq(s.orders.code, placed.code));
    expect(row?.shippingCostCents).toBe(590);
  });
});
