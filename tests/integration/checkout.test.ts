// Placing orders against a real database on both drivers: prices, shipping, points and stock
// arithmetic, the race for the last units, online payments confirmed exactly once, reservation
// expiry, completion and cancellation.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_TEXT } from "../../core/checkout";
import type { CheckoutRequest } from "../../core/validation/checkout";
import { CheckoutRequestSchema } from "../../core/validation/checkout";
import * as s from "../../db/store/schema";
import type { StoreContext } from "../../services/context";
import { ServiceError } from "../../services/failure";
import { cancelOrder, completeOrder, customerPoints, placeOrder, quoteCheckout } from "../../services/orders";
import {
  handlePaymentWebhook,
  paymentFailedReturn,
  paymentSuccessView,
  sweepPayments,
  verifyPayment,
} from "../../services/orders/online-payment";
import { PaymentProviderError } from "../../services/payments/provider";
import { createTestProvider, type TestProvider } from "../../services/payments/test-provider";
import {
  type CheckoutFixture,
  pointsOf,
  seedCheckoutFixture,
  stockOf,
  storeContextFor,
} from "../helpers/checkout-store";
import { createTestDatabase, driversFor, type TestDb } from "../helpers/databases";

function request(
  over: Partial<CheckoutRequest> & Pick<CheckoutRequest, "lines" | "shippingId" | "paymentMethod">,
): CheckoutRequest {
  return CheckoutRequestSchema.parse({ notes: "", redeemPointsCents: 0, ...over });
}

async function counts(db: TestDb<"store">["handle"]["db"]) {
  const [o] = await db.select({ n: count() }).from(s.orders);
  const [l] = await db.select({ n: count() }).from(s.orderLines);
  const [m] = await db.select({ n: count() }).from(s.outbox);
  return { orders: Number(o.n), lines: Number(l.n), mails: Number(m.n) };
}

async function orderByCode(db: TestDb<"store">["handle"]["db"], code: string) {
  const [o] = await db.select().from(s.orders).where(eq(s.orders.code, code));
  return o;
}

function approveLink(provider: TestProvider, redirectUrl: string, approve = true) {
  const params = provider.readCheckout(new URL(redirectUrl, "http://x").searchParams);
  if (!params) throw new Error("checkout link not valid");
  return { ref: params.ref, t: provider.decide(params, approve), amount: params.amount };
}

describe.each(driversFor("both"))("checkout on %s", (driver) => {
  let tdb: TestDb<"store">;
  let fx: CheckoutFixture;
  let store: StoreContext;
  let provider: TestProvider;

  beforeAll(async () => {
    tdb = await createTestDatabase(driver, "store");
    fx = await seedCheckoutFixture(tdb.handle.db);
    store = await storeContextFor(tdb.handle.db);
    provider = createTestProvider(store.config.id, store.secrets);
  });
  afterAll(async () => tdb?.dispose());

  it("prices a retail checkout: sale prices, shipping, free delivery threshold, points earned and redeemable", async () => {
    const q = await quoteCheckout(store, fx.customers.maria, {
      lines: [
        { id: fx.products.pod, qty: 1 },
        { id: fx.products.liquid, qty: 2 },
      ],
      shippingId: fx.shipping.courierCy,
      redeemPointsCents: 99_999,
    });
    expect(q.lines.map((l) => [l.description, l.unitPriceCents, l.lineTotalCents])).toEqual([
      ["Aurora Pod Kit", 2999, 2999],
      ["Mango Ice 10 ml", 500, 1000],
    ]);
    expect(q.shippingMethods.map((m) => m.description)).toEqual(["Courier Cyprus", "Store pickup"]);
    expect(q.totals).toEqual({
      goodsTotalCents: 3999,
      shippingCostCents: 450,
      freeShipping: false,
      maxRedeemCents: 1250,
      pointsRedeemedCents: 1250,
      pointsEarnedCents: 199,
      totalCents: 3999 + 450 - 1250,
      vatText: "*VAT Included",
    });
    expect(q.paymentMethods).toEqual(["cod", "card", "bank"]);

    const free = await quoteCheckout(store, fx.customers.maria, {
      lines: [{ id: fx.products.pod, qty: 2 }],
      shippingId: fx.shipping.courierCy,
    });
    expect(free.totals).toMatchObject({
      goodsTotalCents: 5998,
      shippingCostCents: 0,
      freeShipping: true,
      totalCents: 5998,
    });
  });

  it("prices a trade customer from the price list, net of VAT, with variants at their own price", async () => {
    const q = await quoteCheckout(store, fx.customers.trade, {
      lines: [
        { id: fx.products.pod, qty: 1 },
        { id: fx.products.liquid, qty: 1 },
        { id: fx.products.pod, qty: 1, variantId: fx.variants.podRed },
      ],
      shippingId: fx.shipping.pickupCy,
    });
    expect(q.lines.map((l) => [l.description, l.unitPriceCents])).toEqual([
      ["Aurora Pod Kit", 2000], // list 23.80 gross -> 20.00 net
      ["Mango Ice 10 ml", 420], // no list line: sale 5.00 gross -> 4.20 net
      ["Aurora Pod Kit - Red, Standard", 2688], // variant 31.99 gross -> 26.88 net
    ]);
    expect(q.totals.vatText).toBe("*VAT NOT Included");
    expect(q.totals.goodsTotalCents).toBe(2000 + 420 + 2688);
    expect(q.shortages).toEqual([]);
  });

  it("offers only the shipping methods of the customer's country and refuses another's", async () => {
    const q = await quoteCheckout(store, fx.customers.greek, { lines: [{ id: fx.products.coil, qty: 1 }] });
    expect(q.shippingMethods.map((m) => m.description)).toEqual(["Courier Greece"]);
    const err = await placeOrder(
      store,
      fx.customers.greek,
      request({
        lines: [{ id: fx.products.coil, qty: 1 }],
        shippingId: fx.shipping.courierCy,
        paymentMethod: "cod",
      }),
    ).catch((e) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect(err.code).toBe("shipping_unavailable");
  });

  it("refuses disabled payment methods, deleted products and a total that moved", async () => {
    const base = { lines: [{ id: fx.products.coil, qty: 1 }], shippingId: fx.shipping.pickupCy };
    const before = await counts(tdb.handle.db);
    await expect(
      placeOrder(store, fx.customers.maria, request({ ...base, paymentMethod: "wallet" })),
    ).rejects.toMatchObject({
      code: "payment_method_unavailable",
    });
    await expect(
      placeOrder(
        store,
        fx.customers.maria,
        request({ ...base, lines: [{ id: fx.products.gone, qty: 1 }], paymentMethod: "cod" }),
      ),
    ).rejects.toMatchObject({ code: "unknown_product" });
    await expect(
      placeOrder(
        store,
        fx.customers.maria,
        request({ ...base, paymentMethod: "cod", expectedTotalCents: 1 }),
      ),
    ).rejects.toMatchObject({ code: "price_changed" });
    expect(await counts(tdb.handle.db)).toEqual(before);
    expect(await stockOf(tdb.handle.db, fx.products.coil, fx.warehouseId)).toBe(3);
  });

  it("places a cash-on-delivery order: one transaction writes order, lines, stock, points and the mail pair", async () => {
    const before = await pointsOf(tdb.handle.db, fx.customers.maria);
    const placed = await placeOrder(
      store,
      fx.customers.maria,
      request({
        lines: [
          { id: fx.products.pod, qty: 1 },
          { id: fx.products.liquid, qty: 2 },
        ],
        shippingId: fx.shipping.courierCy,
        paymentMethod: "cod",
        redeemPointsCents: 1250,
        notes: "  Ring twice please  ",
        expectedTotalCents: 3199,
      }),
    );
    expect(placed).toMatchObject({
      status: "placed",
      paymentMethod: "cod",
      redirectUrl: null,
      bankDetails: null,
    });
    expect(placed.totals.totalCents).toBe(3199);
    const order = await orderByCode(tdb.handle.db, placed.code);
    expect(order).toMatchObject({
      status: "placed",
      isWeb: true,
      showOnPos: true,
      notes: "Ring twice please",
      goodsTotalCents: 3999,
      shippingCostCents: 450,
      pointsRedeemedCents: 1250,
      pointsEarnedCents: 199,
      totalCents: 3199,
      shippingDescription: "Courier Cyprus",
      customerName: "Maria Georgiou",
      customerEmail: "maria@example.com",
      shipAddress: "Main Street 1 3036",
      shipCity: "Limassol",
      shipCountry: "CY",
      paymentMethod: "cod",
    });
    expect(placed.code).toMatch(/^W[2-9A-HJKMNP-Z]{12}$/);
    expect(await stockOf(tdb.handle.db, fx.products.pod, fx.warehouseId)).toBe(19);
    expect(await stockOf(tdb.handle.db, fx.products.liquid, fx.warehouseId)).toBe(98);
    // Earned points stay pending until the order is completed; redeemed ones go on hold.
    expect(await pointsOf(tdb.handle.db, fx.customers.maria)).toEqual({
      balance: before.balance,
      onHold: before.onHold + 1250,
    });
    const mails = await tdb.handle.db
      .select()
      .from(s.outbox)
      .where(eq(s.outbox.dedupeKey, `order:${placed.code}:customer`));
    expect(mails).toHaveLength(1);
    expect(mails[0].toAddress).toBe("maria@example.com");
    expect(mails[0].text).toContain("Aurora Pod Kit");
    expect(mails[0].text).toContain("€31.99");
    expect(mails[0].html).toContain("#123456");
    const company = await tdb.handle.db
      .select()
      .from(s.outbox)
      .where(eq(s.outbox.dedupeKey, `order:${placed.code}:company`));
    expect(company.map((m) => m.toAddress)).toEqual(["shop@checkout.test"]);
    expect(company[0].text).toContain("Ring twice please");

    // Completing: the earned points are credited, the redeemed ones leave the balance and the hold.
    await completeOrder(store, placed.code);
    expect(await pointsOf(tdb.handle.db, fx.customers.maria)).toEqual({
      balance: before.balance + 199 - 1250,
      onHold: before.onHold,
    });
    await expect(completeOrder(store, placed.code)).rejects.toMatchObject({ code: "invalid_state" });
  });

  it("bank transfer shows the store's bank details; cancelling returns stock and held points and credits nothing", async () => {
    const before = await pointsOf(tdb.handle.db, fx.customers.maria);
    const placed = await placeOrder(
      store,
      fx.customers.maria,
      request({
        lines: [{ id: fx.products.coil, qty: 2 }],
        shippingId: fx.shipping.pickupCy,
        paymentMethod: "bank",
        redeemPointsCents: 100,
      }),
    );
    expect(placed.bankDetails).toBe("IBAN: CY00 TEST 0000 0000\nReference: your order code");
    expect(placed.totals).toMatchObject({ goodsTotalCents: 2380, pointsEarnedCents: 119, totalCents: 2280 });
    expect(await stockOf(tdb.handle.db, fx.products.coil, fx.warehouseId)).toBe(1);
    const mail = await tdb.handle.db
      .select()
      .from(s.outbox)
      .where(eq(s.outbox.dedupeKey, `order:${placed.code}:customer`));
    expect(mail[0].text).toContain("IBAN: CY00 TEST 0000 0000");

    await cancelOrder(store, placed.code);
    expect(await stockOf(tdb.handle.db, fx.products.coil, fx.warehouseId)).toBe(3);
    expect(await pointsOf(tdb.handle.db, fx.customers.maria)).toEqual(before);
    expect((await orderByCode(tdb.handle.db, placed.code)).status).toBe("cancelled");
    await expect(cancelOrder(store, placed.code)).rejects.toMatchObject({ code: "invalid_state" });
  });

  /** A customer of its own, with no points, so each test can count them from zero. */
  async function newCustomer(tag: string): Promise<number> {
    const [c] = await tdb.handle.db
      .insert(s.customers)
      .values({
        username: `${tag}@points.test`,
        passwordHash: "x",
        name: "Points",
        surname: tag,
        mobilePhone: `97${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`,
        email: `${tag}@points.test`,
        street: "Main Street 1",
        postcode: "3036",
        city: "Limassol",
        country: "CY",
      })
      .returning();
    return c.id;
  }

  it("earned points stay pending until completion: a free order paid with them is refused, and cancelling credits nothing", async () => {
    const id = await newCustomer("pending");
    // €100.00 of goods at 5%: €5.00 earned.
    const first = await placeOrder(
      store,
      id,
      request({
        lines: [{ id: fx.products.liquid, qty: 20 }],
        shippingId: fx.shipping.pickupCy,
        paymentMethod: "cod",
      }),
    );
    expect(first.totals.pointsEarnedCents).toBe(500);
    expect(await pointsOf(tdb.handle.db, id)).toEqual({ balance: 0, onHold: 0 });
    expect(await customerPoints(store, id)).toEqual({ availableCents: 0, onHoldCents: 0, pendingCents: 500 });

    // The exploit: a €5.00 order paid entirely with those points, then the first one cancelled.
    const q = await quoteCheckout(store, id, {
      lines: [{ id: fx.products.liquid, qty: 1 }],
      shippingId: fx.shipping.pickupCy,
      redeemPointsCents: 500,
    });
    expect(q.availablePointsCents).toBe(0);
    const before = await counts(tdb.handle.db);
    const refused = await placeOrder(
      store,
      id,
      request({
        lines: [{ id: fx.products.liquid, qty: 1 }],
        shippingId: fx.shipping.pickupCy,
        paymentMethod: "cod",
        redeemPointsCents: 500,
        expectedTotalCents: 0,
      }),
    ).catch((e) => e);
    expect(refused).toMatchObject({ code: "points_unavailable" });
    expect(await counts(tdb.handle.db)).toEqual(before);

    const cancelled = await cancelOrder(store, first.code);
    expect(cancelled).toMatchObject({ status: "cancelled", pointsUnrecoveredCents: 0 });
    expect(await pointsOf(tdb.handle.db, id)).toEqual({ balance: 0, onHold: 0 });
    expect(await customerPoints(store, id)).toEqual({ availableCents: 0, onHoldCents: 0, pendingCents: 0 });
  });

  it("completing credits the earned points; cancelling a completed order takes back what is free and records the rest", async () => {
    const id = await newCustomer("completed");
    const first = await placeOrder(
      store,
      id,
      request({
        lines: [{ id: fx.products.liquid, qty: 20 }],
        shippingId: fx.shipping.pickupCy,
        paymentMethod: "cod",
      }),
    );
    await completeOrder(store, first.code);
    expect(await pointsOf(tdb.handle.db, id)).toEqual({ balance: 500, onHold: 0 });
    expect(await customerPoints(store, id)).toEqual({ availableCents: 500, onHoldCents: 0, pendingCents: 0 });

    // €3.00 spent on a completed order, €1.00 on hold for an open one: €1.00 is still free.
    const spent = await placeOrder(
      store,
      id,
      request({
        lines: [{ id: fx.products.liquid, qty: 1 }],
        shippingId: fx.shipping.pickupCy,
        paymentMethod: "cod",
        redeemPointsCents: 300,
      }),
    );
    await completeOrder(store, spent.code);
    const open = await placeOrder(
      store,
      id,
      request({
        lines: [{ id: fx.products.liquid, qty: 1 }],
        shippingId: fx.shipping.pickupCy,
        paymentMethod: "cod",
        redeemPointsCents: 100,
      }),
    );
    // 500 - 300 spent + 25 earned by the completed small order; the open one's 25 is pending.
    expect(await pointsOf(tdb.handle.db, id)).toEqual({ balance: 225, onHold: 100 });

    const stock = await stockOf(tdb.handle.db, fx.products.liquid, fx.warehouseId);
    const cancelled = await cancelOrder(store, first.code);
    // Free: 225 - 100 on hold = 125 taken back; 500 - 125 = 375 could not be.
    expect(cancelled).toMatchObject({ status: "cancelled", pointsUnrecoveredCents: 375 });
    expect((await orderByCode(tdb.handle.db, first.code)).pointsUnrecoveredCents).toBe(375);
    expect(await pointsOf(tdb.handle.db, id)).toEqual({ balance: 100, onHold: 100 });
    // The goods of a completed order have left the shop: its stock is the ERP's to set.
    expect(await stockOf(tdb.handle.db, fx.products.liquid, fx.warehouseId)).toBe(stock);
    await expect(cancelOrder(store, first.code)).rejects.toMatchObject({ code: "invalid_state" });

    // The open order still completes from its hold, and the balance never goes below zero.
    await completeOrder(store, open.code);
    expect(await pointsOf(tdb.handle.db, id)).toEqual({ balance: 25, onHold: 0 });
    await cancelOrder(store, spent.code);
    // Cancelling the completed order that spent €3.00 gives them back and takes its €0.25.
    expect(await pointsOf(tdb.handle.db, id)).toEqual({ balance: 300, onHold: 0 });
  });

  it("never redeems more than available (balance - on hold) and refuses an order short of stock, writing nothing", async () => {
    const q = await quoteCheckout(store, fx.customers.poor, {
      lines: [{ id: fx.products.coil, qty: 1 }],
      shippingId: fx.shipping.pickupCy,
      redeemPointsCents: 5000,
    });
    expect(q.availablePointsCents).toBe(100);
    expect(q.totals.pointsRedeemedCents).toBe(100);

    const before = await counts(tdb.handle.db);
    const err = await placeOrder(
      store,
      fx.customers.poor,
      request({
        lines: [{ id: fx.products.coil, qty: 4 }],
        shippingId: fx.shipping.pickupCy,
        paymentMethod: "cod",
        redeemPointsCents: 100,
      }),
    ).catch((e) => e);
    expect(err).toMatchObject({ code: "out_of_stock", message: "Available stock: 3" });
    expect(err.title).toBe(CHECKOUT_TEXT.outOfStockTitle);
    expect(await counts(tdb.handle.db)).toEqual(before);
    expect(await pointsOf(tdb.handle.db, fx.customers.poor)).toEqual({ balance: 300, onHold: 200 });
  });

  it("50 simultaneous orders for the last 5 units: exactly 5 orders, stock 0, nothing else written", async () => {
    const shoppers = await tdb.handle.db
      .insert(s.customers)
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          username: `race${i}@example.com`,
          name: "Race",
          surname: String(i),
          passwordHash: "x",
          mobilePhone: `9950${String(i).padStart(4, "0")}`,
          email: `race${i}@example.com`,
          // An order needs the phone, street, town and country (core/account.ts missingOrderDetails).
          street: "Makariou 1",
          city: "Nicosia",
          country: "CY",
          pointsBalanceCents: 100,
        })),
      )
      .returning({ id: s.customers.id });
    const before = await counts(tdb.handle.db);
    const results = await Promise.allSettled(
      shoppers.map((c) =>
        placeOrder(
          store,
          c.id,
          request({
            lines: [{ id: fx.products.last, qty: 1 }],
            shippingId: fx.shipping.courierCy,
            paymentMethod: "cod",
            redeemPointsCents: 50,
          }),
        ),
      ),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(5);
    expect(lost).toHaveLength(45);
    for (const r of lost)
      expect(r.reason).toMatchObject({ code: "out_of_stock", message: "Available stock: 0" });
    expect(await stockOf(tdb.handle.db, fx.products.last, fx.warehouseId)).toBe(0);
    expect(await stockOf(tdb.handle.db, fx.products.last, fx.otherWarehouseId)).toBe(50);
    expect(await counts(tdb.handle.db)).toEqual({
      orders: before.orders + 5,
      lines: before.lines + 5,
      mails: before.mails + 10,
    });
    const held = await tdb.handle.db
      .select({ onHold: s.customers.pointsOnHoldCents })
      .from(s.customers)
      .where(eq(s.customers.name, "Race"));
    expect(held.filter((h) => h.onHold === 50)).toHaveLength(5);
    expect(held.filter((h) => h.onHold === 0)).toHaveLength(45);
  });

  it("card payment: pending with stock reserved; redirect, webhook, verification and sweep at once mark it paid once", async () => {
    const before = await pointsOf(tdb.handle.db, fx.customers.maria);
    const placed = await placeOrder(
      store,
      fx.customers.maria,
      request({
        lines: [{ id: fx.products.pod, qty: 1 }],
        shippingId: fx.shipping.courierCy,
        paymentMethod: "card",
        redeemPointsCents: 99,
      }),
    );
    expect(placed.status).toBe("pending_payment");
    expect(placed.redirectUrl).toMatch(/^\/payments\/test-checkout\?ref=\d{16}&amount=3350&/);
    const pending = await orderByCode(tdb.handle.db, placed.code);
    expect(pending.status).toBe("pending_payment");
    expect(pending.reservedUntil?.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    const stockAfterPlace = await stockOf(tdb.handle.db, fx.products.pod, fx.warehouseId);
    expect(await pointsOf(tdb.handle.db, fx.customers.maria)).toEqual({
      balance: before.balance,
      onHold: before.onHold + 99,
    });

    const { ref, t, amount } = approveLink(provider, placed.redirectUrl as string);
    expect(amount).toBe(3350);
    expect(pending.paymentReference).toBe(`Test Payments ${ref}`);
    const webhook = {
      EventTypeId: 1796,
      EventData: { TransactionId: t, OrderCode: ref, StatusId: "F", Amount: 33.5 },
    };
    const mailsBefore = (await counts(tdb.handle.db)).mails;
    const [view, hook, verify, sweep, hook2] = await Promise.all([
      paymentSuccessView(store, ref, t, undefined, provider),
      handlePaymentWebhook(store, "test", webhook, undefined, provider),
      verifyPayment(store, { providerOrderCode: ref, transactionId: t }, undefined, provider),
      sweepPayments(store, new Date(Date.now() + 5 * 60_000)),
      handlePaymentWebhook(store, "test", webhook, undefined, provider),
    ]);
    expect(view).toEqual({
      kind: "success",
      paymentCode: ref,
      orderCode: placed.code,
      totalCents: 3350,
      paymentMethod: "card",
      orderUrl: null,
    });
    expect(hook.status).toBe("processed");
    expect(hook2.status).toBe("processed");
    expect(verify.kind).toBe("paid");
    expect(sweep.expired).toBe(0);
    const freshMarks =
      [hook.detail, hook2.detail].filter((d) => d === "order paid").length +
      (verify.kind === "paid" && verify.outcome.kind === "paid" ? 1 : 0) +
      sweep.paid;
    expect(freshMarks).toBeLessThanOrEqual(1);

    const paid = await orderByCode(tdb.handle.db, placed.code);
    expect(paid.status).toBe("paid");
    expect(paid.paidAt).not.toBeNull();
    expect(paid.paymentReference).toBe(`Test Payments ${ref}`);
    expect((await counts(tdb.handle.db)).mails).toBe(mailsBefore + 2);
    const [payment] = await tdb.handle.db
      .select()
      .from(s.payments)
      .where(eq(s.payments.providerOrderCode, ref));
    expect(payment).toMatchObject({ status: "paid", transactionId: t, amountCents: 3350, provider: "test" });
    // Paying credits nothing yet (earned points wait for completion); redeemed points stay on hold.
    expect(await pointsOf(tdb.handle.db, fx.customers.maria)).toEqual({
      balance: before.balance,
      onHold: before.onHold + 99,
    });
    expect(await stockOf(tdb.handle.db, fx.products.pod, fx.warehouseId)).toBe(stockAfterPlace);

    // A second visit, or the same code again: 'Order already send successfully!'.
    expect(await paymentSuccessView(store, ref, t, undefined, provider)).toEqual({ kind: "already" });
    expect(await paymentSuccessView(store, ref, null, undefined, provider)).toEqual({ kind: "already" });
  });

  it("success page errors: no id, unknown code, forged or foreign transaction ids", async () => {
    expect(await paymentSuccessView(store, null, null)).toEqual({
      kind: "error",
      title: "Something went wrong!",
      text: "No payment id",
    });
    expect(await paymentSuccessView(store, "  ", "x")).toMatchObject({ text: "No payment id" });
    const notSaved = {
      kind: "error",
      title: "Something went wrong!",
      text: "Order not saved.Contact the shop",
    };
    expect(await paymentSuccessView(store, "1234567890123456", null, undefined, provider)).toEqual(notSaved);

    const a = await placeOrder(
      store,
      fx.customers.maria,
      request({
        lines: [{ id: fx.products.liquid, qty: 1 }],
        shippingId: fx.shipping.courierCy,
        paymentMethod: "card",
      }),
    );
    const b = await placeOrder(
      store,
      fx.customers.maria,
      request({
        lines: [{ id: fx.products.liquid, qty: 3 }],
        shippingId: fx.shipping.courierCy,
        paymentMethod: "card",
      }),
    );
    const la = approveLink(provider, a.redirectUrl as string);
    const lb = approveLink(provider, b.redirectUrl as string);
    // b's approval does not pay a; a forged id pays nothing; a declined id pays nothing.
    expect(await paymentSuccessView(store, la.ref, lb.t, undefined, provider)).toEqual(notSaved);
    expect(await paymentSuccessView(store, la.ref, `${la.t.slice(0, -2)}xx`, undefined, provider)).toEqual(
      notSaved,
    );
    expect(
      await paymentSuccessView(
        store,
        la.ref,
        approveLink(provider, a.redirectUrl as string, false).t,
        undefined,
        provider,
      ),
    ).toEqual(notSaved);
    // Another store's test provider cannot approve this store's payments.
    const foreign = createTestProvider("another-store", store.secrets);
    const params = provider.readCheckout(new URL(a.redirectUrl as string, "http://x").searchParams);
    expect(params).not.toBeNull();
    const forged = foreign.decide(params as NonNullable<typeof params>, true);
    expect(await paymentSuccessView(store, la.ref, forged, undefined, provider)).toEqual(notSaved);
    expect((await orderByCode(tdb.handle.db, a.code)).status).toBe("pending_payment");
    // The real ones work.
    expect((await paymentSuccessView(store, la.ref, la.t, undefined, provider)).kind).toBe("success");
    expect((await paymentSuccessView(store, lb.ref, lb.t, undefined, provider)).kind).toBe("success");
  });

  it("a declined payment releases the reservation; a late approval still records the paid order", async () => {
    const stock0 = await stockOf(tdb.handle.db, fx.products.coil, fx.warehouseId);
    const placed = await placeOrder(
      store,
      fx.customers.maria,
      request({
        lines: [{ id: fx.products.coil, qty: 2 }],
        shippingId: fx.shipping.courierCy,
        paymentMethod: "card",
      }),
    );
    expect(await stockOf(tdb.handle.db, fx.products.coil, fx.warehouseId)).toBe(stock0 - 2);
    const declined = approveLink(provider, placed.redirectUrl as string, false);
    // Without proof of a decline nothing is released.
    expect(await paymentFailedReturn(store, declined.ref, null, undefined, provider)).toBe("kept");
    expect(await paymentFailedReturn(store, declined.ref, declined.t, undefined, provider)).toBe("released");
    expect((await orderByCode(tdb.handle.db, placed.code)).status).toBe("expired");
    expect(await stockOf(tdb.handle.db, fx.products.coil, fx.warehouseId)).toBe(stock0);
    expect(await paymentFailedReturn(store, declined.ref, declined.t, undefined, provider)).toBe("kept");

    // The shopper tried again on the provider's page and paid after all.
    const approved = approveLink(provider, placed.redirectUrl as string, true);
    const view = await paymentSuccessView(store, approved.ref, approved.t, undefined, provider);
    expect(view.kind).toBe("success");
    expect((await orderByCode(tdb.handle.db, placed.code)).status).toBe("paid");
    expect(await stockOf(tdb.handle.db, fx.products.coil, fx.warehouseId)).toBe(stock0 - 2);
  });

  it("unpaid reservations expire in the sweep and give back stock and held points", async () => {
    const before = await pointsOf(tdb.handle.db, fx.customers.maria);
    const stock0 = await stockOf(tdb.handle.db, fx.products.pod, fx.warehouseId);
    const placed = await placeOrder(
      store,
      fx.customers.maria,
      request({
        lines: [{ id: fx.products.pod, qty: 3 }],
        shippingId: fx.shipping.courierCy,
        paymentMethod: "card",
        redeemPointsCents: 10,
      }),
    );
    expect(await stockOf(tdb.handle.db, fx.products.pod, fx.warehouseId)).toBe(stock0 - 3);
    const early = await sweepPayments(store, new Date(Date.now() + 10 * 60_000));
    expect(early.expired).toBe(0);
    expect((await orderByCode(tdb.handle.db, placed.code)).status).toBe("pending_payment");

    const late = await sweepPayments(store, new Date(Date.now() + 36 * 60_000));
    expect(late.expired).toBeGreaterThanOrEqual(1);
    const order = await orderByCode(tdb.handle.db, placed.code);
    expect(order.status).toBe("expired");
    expect(order.reservedUntil).toBeNull();
    expect(await stockOf(tdb.handle.db, fx.products.pod, fx.warehouseId)).toBe(stock0);
    expect(await pointsOf(tdb.handle.db, fx.customers.maria)).toEqual(before);
    const [payment] = await tdb.handle.db.select().from(s.payments).where(eq(s.payments.orderId, order.id));
    expect(payment.status).toBe("failed");
  });

  it("a provider that gives no payment order code: 'Something bad happened; please try again later.' and nothing stays reserved", async () => {
    const failing = {
      ...provider,
      createOrder: async () => {
        throw new PaymentProviderError("connect ECONNREFUSED");
      },
    };
    const stock0 = await stockOf(tdb.handle.db, fx.products.liquid, fx.warehouseId);
    const err = await placeOrder(
      store,
      fx.customers.maria,
      request({
        lines: [{ id: fx.products.liquid, qty: 1 }],
        shippingId: fx.shipping.courierCy,
        paymentMethod: "card",
      }),
      { provider: failing },
    ).catch((e) => e);
    expect(err).toMatchObject({
      code: "payment_unavailable",
      message: "Something bad happened; please try again later.",
    });
    expect(await stockOf(tdb.handle.db, fx.products.liquid, fx.warehouseId)).toBe(stock0);
    const [latest] = await tdb.handle.db
      .select()
      .from(s.orders)
      .orderBy(s.orders.id)
      .limit(1)
      .offset((await counts(tdb.handle.db)).orders - 1);
    expect(latest.status).toBe("expired");
  });
});
