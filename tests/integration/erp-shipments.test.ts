// The ERP ships and delivers orders through the integration API on both drivers (docs/decisions/0055,
// docs/integration.md "Shipments and delivery"): the key is required, bad input names the field, a
// repeated key answers the first shipment, more than ordered and a second delivery are refused, and
// the order the ERP reads carries its shipments and delivery.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../../db/store/schema";
import type { StoreContext } from "../../services/context";
import { placeOrder } from "../../services/orders";
import { createPlatform, type Platform } from "../fixtures/platform";
import { type CheckoutFixture, seedCheckoutFixture } from "../helpers/checkout-store";
import { driversFor } from "../helpers/databases";
import { erpClient, giveApiKey } from "../helpers/erp";

const HOST = "alpha.localhost";
const KEY = "alpha-erp-key-5h1p5";

describe.each(driversFor("both"))("integration API: shipments on %s", (driver) => {
  let p: Platform;
  let fx: CheckoutFixture;
  let store: StoreContext;
  let carrierId: number;

  beforeAll(async () => {
    p = await createPlatform(driver, { seed: "minimal" });
    const db = (await p.registry.storeHandle("alpha")).db;
    fx = await seedCheckoutFixture(db);
    await db.update(s.stock).set({ qty: 1000 });
    await giveApiKey(p, "alpha", KEY);
    store = (await p.registry.resolve(HOST)) as StoreContext;
    const [acs] = await db.select().from(s.carriers).where(eq(s.carriers.name, "ACS Courier"));
    carrierId = acs.id;
  });
  afterAll(async () => p?.dispose());

  it("ships, answers a repeat with the first shipment, refuses bad input and over-shipping, and delivers", async () => {
    const placed = await placeOrder(store, fx.customers.maria, {
      lines: [{ id: fx.products.coil, qty: 2 }],
      shippingId: fx.shipping.courierCy,
      paymentMethod: "cod",
      redeemPointsCents: 0,
      notes: "",
    });
    const db = (await p.registry.storeHandle("alpha")).db;
    const [line] = await db
      .select()
      .from(s.orderLines)
      .innerJoin(s.orders, eq(s.orders.id, s.orderLines.orderId))
      .where(eq(s.orders.code, placed.code));
    const lineId = line.order_lines.id;
    const erp = erpClient(p, HOST, KEY);
    const path = `/orders/${placed.code}/shipments`;
    const body = {
      idempotencyKey: "erp-ship-0000001",
      carrierId,
      trackingNumber: "7209",
      lines: [{ orderLineId: lineId, qty: 1 }],
    };

    expect((await erpClient(p, HOST, null)("POST", path, body)).status).toBe(401);
    const bad = await erp<{ issues?: { path: string }[] }>("POST", path, {
      ...body,
      carrierId: undefined,
      lines: [{ orderLineId: lineId, qty: 0 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.issues?.map((i) => i.path)).toEqual(expect.arrayContaining(["carrierId", "lines.0.qty"]));
    expect((await erp("POST", "/orders/NOPE123/shipments", body)).status).toBe(404);

    const first = await erp<{
      created: boolean;
      status: string;
      shipment: { trackingUrl: string; lines: unknown[] };
    }>("POST", path, body);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ created: true, status: "placed" });
    expect(first.json.shipment.trackingUrl).toBe(
      "https://www.acscourier.net/el/track-and-trace/?tracking=7209",
    );
    expect(first.json.shipment.lines).toEqual([
      { orderLineId: lineId, productId: fx.products.coil, description: expect.any(String), qty: 1 },
    ]);
    const repeat = await erp<{ created: boolean }>("POST", path, body);
    expect(repeat.json.created).toBe(false);
    const over = await erp<{ message: string }>("POST", path, {
      ...body,
      idempotencyKey: "erp-ship-0000002",
      lines: [{ orderLineId: lineId, qty: 2 }],
    });
    expect(over.status).toBe(400);
    expect(over.json.message).toContain("only 1 of 2 is left to ship");

    const early = await erp("POST", `/orders/${placed.code}/delivered`);
    expect(early.status).toBe(409);
    const rest = await erp<{ status: string }>("POST", path, { ...body, idempotencyKey: "erp-ship-0000003" });
    expect(rest.json.status).toBe("shipped");
    const delivered = await erp<{ status: string; deliveredAt: string }>(
      "POST",
      `/orders/${placed.code}/delivered`,
    );
    expect(delivered.status).toBe(200);
    expect(delivered.json.status).toBe("delivered");
    expect((await erp("POST", `/orders/${placed.code}/delivered`)).status).toBe(409);

    const list = await erp<{ orders: { code: string; shipments: unknown[]; deliveredAt: string }[] }>(
      "GET",
      "/orders?status=delivered",
    );
    const mine = list.json.orders.find((o) => o.code === placed.code);
    expect(mine?.shipments).toHaveLength(2);
    expect(mine?.deliveredAt).toBe(delivered.json.deliveredAt);
  });
});
