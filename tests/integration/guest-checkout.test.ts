// Guest checkout on both drivers (issue 24, item 1; docs/decisions/0030): a signed-out shopper
// orders where the store allows it, with the register form's rules for the contact; the order
// has no customer and is reached through a signed link; an account made from it (only from that
// link) takes the order and its points.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CheckoutRequest, CheckoutRequestSchema } from "../../core/validation/checkout";
import * as s from "../../db/store/schema";
import type { StoreContext } from "../../services/context";
import { ServiceError } from "../../services/failure";
import {
  claimGuestOrder,
  completeOrder,
  guestOrderView,
  orderPath,
  placeOrder,
  quoteCheckout,
} from "../../services/orders";
import { guestBuyer } from "../../services/orders/pricing";
import {
  type CheckoutFixture,
  FIXTURE_SETTINGS,
  pointsOf,
  seedCheckoutFixture,
  stockOf,
  storeContextFor,
} from "../helpers/checkout-store";
import { createTestDatabase, driversFor, type TestDb } from "../helpers/databases";

const GUEST = {
  firstName: "Anna Maria",
  lastName: "Ioannou",
  country: "GR",
  street: "Ermou 5",
  city: "Athens",
  postcode: "10563",
  phone: "6912345678",
  email: "anna.guest@example.gr",
};

function request(over: Partial<CheckoutRequest>): CheckoutRequest {
  return CheckoutRequestSchema.parse({
    notes: "",
    redeemPointsCents: 0,
    paymentMethod: "cod",
    ...over,
  });
}

async function failure(p: Promise<unknown>): Promise<ServiceError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ServiceError) return err;
    throw err;
  }
  throw new Error("expected a refusal");
}

const fieldsOf = (err: ServiceError) =>
  ((err.details as { fields?: { field: string }[] } | undefined)?.fields ?? []).map((f) => f.field);

describe.each(driversFor("either"))("guest checkout on %s", (driver) => {
  let tdb: TestDb<"store">;
  let fx: CheckoutFixture;
  let store: StoreContext;
  let closed: StoreContext;

  beforeAll(async () => {
    tdb = await createTestDatabase(driver, "store");
    fx = await seedCheckoutFixture(tdb.handle.db, {
      ...FIXTURE_SETTINGS,
      guest_checkout: "true",
      show_sign_up: "true",
    });
    store = await storeContextFor(tdb.handle.db);
    closed = { ...store, settings: { ...store.settings, guestCheckout: false } };
  });
  afterAll(async () => tdb?.dispose());

  it("is refused where the store does not allow guests, and without details", async () => {
    const lines = [{ id: fx.products.coil, qty: 1 }];
    const off = await failure(
      placeOrder(closed, null, request({ lines, shippingId: fx.shipping.courierCy, guest: GUEST })),
    );
    expect(off.code).toBe("not_signed_in");
    const none = await failure(
      placeOrder(store, null, request({ lines, shippingId: fx.shipping.courierCy })),
    );
    expect(none.code).toBe("invalid");
    expect(await stockOf(tdb.handle.db, fx.products.coil, fx.warehouseId)).toBe(3);
  });

  it("names every invalid field with the register rules and writes nothing", async () => {
    const err = await failure(
      placeOrder(
        store,
        null,
        request({
          lines: [{ id: fx.products.coil, qty: 1 }],
          shippingId: fx.shipping.courierCy,
          guest: { ...GUEST, email: "no-at-sign", phone: "99 12 34", city: " ", country: "FR" },
        }),
      ),
    );
    expect(err.code).toBe("invalid");
    expect(err.title).toBe("Please fill all required fields *");
    expect(fieldsOf(err).sort()).toEqual(["city", "country", "email", "phone"]);
    const orders = await tdb.handle.db.select().from(s.orders);
    expect(orders).toHaveLength(0);
  });

  it("prices a guest at retail with VAT, ships to the chosen country, and offers no points", async () => {
    const q = await quoteCheckout(store, guestBuyer({ ...GUEST, country: "GR" }), {
      lines: [{ id: fx.products.liquid, qty: 2 }],
      shippingId: fx.shipping.greece,
      redeemPointsCents: 500,
    });
    expect(q.shippingMethods.map((m) => m.description)).toEqual(["Courier Greece"]);
    expect(q.totals).toMatchObject({
      goodsTotalCents: 1000,
      shippingCostCents: 790,
      pointsRedeemedCents: 0,
      pointsEarnedCents: 0,
      totalCents: 1790,
    });
    expect(q.pointsEnabled).toBe(false);
    const redeem = await failure(
      placeOrder(
        store,
        null,
        request({
          lines: [{ id: fx.products.liquid, qty: 1 }],
          shippingId: fx.shipping.greece,
          redeemPointsCents: 100,
          guest: GUEST,
        }),
      ),
    );
    expect(redeem.code).toBe("points_unavailable");
  });

  it("places the order without a customer; its mail links to the signed page, which only the signature opens", async () => {
    const placed = await placeOrder(
      store,
      null,
      request({
        lines: [{ id: fx.products.pod, qty: 1 }],
        shippingId: fx.shipping.greece,
        guest: GUEST,
      }),
    );
    expect(placed.status).toBe("placed");
    expect(placed.orderUrl).toBe(await orderPath(store.config.id, placed.code));
    expect(placed.orderUrl).toMatch(new RegExp(`^/shop/order/${placed.code}\\?k=[\\w-]{22}$`));
    const [row] = await tdb.handle.db.select().from(s.orders).where(eq(s.orders.code, placed.code));
    expect(row).toMatchObject({
      customerId: null,
      customerName: "Anna Maria Ioannou",
      customerEmail: GUEST.email,
      customerPhone: GUEST.phone,
      shipCountry: "GR",
      shipCity: "Athens",
      pointsEarnedCents: 0,
    });
    expect(await stockOf(tdb.handle.db, fx.products.pod, fx.warehouseId)).toBe(19);
    const mails = await tdb.handle.db.select().from(s.outbox).where(eq(s.outbox.toAddress, GUEST.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].html).toContain(`https://checkout.test${placed.orderUrl}`);
    expect(mails[0].text).toContain(`https://checkout.test${placed.orderUrl}`);
    expect(mails[0].text).not.toContain("/shop/dashboard");

    const sig = new URL(placed.orderUrl as string, "http://x").searchParams.get("k") as string;
    const view = await guestOrderView(store, placed.code, sig);
    expect(view?.claimable).toBe(true);
    expect(view?.order.lines.map((l) => [l.description, l.qty])).toEqual([["Aurora Pod Kit", 1]]);
    expect(await guestOrderView(store, placed.code, "x".repeat(22))).toBeNull();
    expect(await guestOrderView(store, placed.code, sig.slice(1))).toBeNull();
    // Another store's link to the same code does not open it.
    const other = { ...store, config: { ...store.config, id: "another" } };
    expect(await guestOrderView(other, placed.code, sig)).toBeNull();
  });

  it("makes an account from the order through its link: the order joins it, points follow completion", async () => {
    const placed = await placeOrder(
      store,
      null,
      request({
        lines: [{ id: fx.products.liquid, qty: 4 }],
        shippingId: fx.shipping.courierCy,
        guest: { ...GUEST, email: "nikos.guest@example.com", phone: "99777111", country: "CY" },
      }),
    );
    const sig = new URL(placed.orderUrl as string, "http://x").searchParams.get("k") as string;
    const claim = {
      sig,
      password: "Sunflower-Harbour-42",
      privacy: true,
      firstName: "Anna Maria",
      postcode: "10563",
    };

    const badSig = await failure(
      claimGuestOrder(store, placed.code, { ...claim, sig: "y".repeat(22) }, { ip: "1" }),
    );
    expect(badSig.code).toBe("not_found");
    const noPrivacy = await failure(
      claimGuestOrder(store, placed.code, { ...claim, privacy: false }, { ip: "1" }),
    );
    expect(fieldsOf(noPrivacy)).toEqual(["privacy"]);

    const customer = await claimGuestOrder(store, placed.code, claim, { ip: "1" });
    expect(customer).toMatchObject({
      name: "Anna Maria",
      surname: "Ioannou",
      email: "nikos.guest@example.com",
      mobilePhone: "99777111",
      street: "Ermou 5",
      postcode: "10563",
      city: "Athens",
      country: "CY",
    });
    const [row] = await tdb.handle.db.select().from(s.orders).where(eq(s.orders.code, placed.code));
    expect(row.customerId).toBe(customer.id);
    // 4 x 5.00 = 20.00 of goods at 5%: 1.00 of points, pending until the order completes.
    expect(row.pointsEarnedCents).toBe(100);
    expect(await pointsOf(tdb.handle.db, customer.id)).toEqual({ balance: 0, onHold: 0 });
    await completeOrder(store, placed.code);
    expect(await pointsOf(tdb.handle.db, customer.id)).toEqual({ balance: 100, onHold: 0 });

    const again = await failure(claimGuestOrder(store, placed.code, claim, { ip: "1" }));
    expect(again.code).toBe("invalid_state");
    expect((await guestOrderView(store, placed.code, sig))?.claimable).toBe(false);
  });

  it("credits at once when the order was already completed, and never takes over an existing account", async () => {
    const done = await placeOrder(
      store,
      null,
      request({
        lines: [{ id: fx.products.liquid, qty: 2 }],
        shippingId: fx.shipping.courierCy,
        guest: { ...GUEST, email: "late.claim@example.com", phone: "99777222", country: "CY" },
      }),
    );
    await completeOrder(store, done.code);
    const sig = (u: string | null) => new URL(u as string, "http://x").searchParams.get("k") as string;
    const customer = await claimGuestOrder(
      store,
      done.code,
      {
        sig: sig(done.orderUrl),
        password: "Sunflower-Harbour-42",
        privacy: true,
        firstName: "",
        postcode: "",
      },
      { ip: "2" },
    );
    expect(await pointsOf(tdb.handle.db, customer.id)).toEqual({ balance: 50, onHold: 0 });

    // A guest order typed with a member's email: the link cannot make a second account for it,
    // and the member's account does not receive the order either.
    const taken = await placeOrder(
      store,
      null,
      request({
        lines: [{ id: fx.products.liquid, qty: 1 }],
        shippingId: fx.shipping.courierCy,
        guest: { ...GUEST, email: "MARIA@example.com", phone: "99777333", country: "CY" },
      }),
    );
    const dup = await failure(
      claimGuestOrder(
        store,
        taken.code,
        {
          sig: sig(taken.orderUrl),
          password: "Sunflower-Harbour-42",
          privacy: true,
          firstName: "",
          postcode: "",
        },
        { ip: "3" },
      ),
    );
    expect(dup.code).toBe("duplicate");
    expect(fieldsOf(dup)).toEqual(["email"]);
    const [row] = await tdb.handle.db.select().from(s.orders).where(eq(s.orders.code, taken.code));
    expect(row.customerId).toBeNull();
  });
});
