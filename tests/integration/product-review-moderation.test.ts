// Product reviews on both drivers (docs/decisions/0053): only a buyer of a paid or completed order
// writes a customer review, once per product; it waits as pending and shows nothing until staff
// publish it; "Verified purchase" only on a customer's review of a purchase (and gone once the
// order is cancelled); a staff-entered review never carries it, which the database itself holds;
// the product's rating counts only published reviews; the HTTP route wants a session, the CSRF
// token and stays under its rate limit; every write is audited.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVIEW_RATE_LIMIT } from "../../core/reviews";
import * as s from "../../db/store/schema";
import type { StaffActor } from "../../services/admin/audit";
import {
  createStaffReview,
  listProductReviewsForModeration,
  publishReview,
  rejectReview,
} from "../../services/admin/product-reviews";
import { hashPassword } from "../../services/auth/password";
import { listProductReviews } from "../../services/catalog/product-details";
import type { StoreContext } from "../../services/context";
import { lineReviewStates, submitReview } from "../../services/product-reviews";
import { createPlatform, type Platform } from "../fixtures/platform";
import { addStaff } from "../helpers/admin";
import { type CheckoutFixture, seedCheckoutFixture } from "../helpers/checkout-store";
import { driversFor } from "../helpers/databases";

const HOST = "alpha.localhost";
const PASSWORD = "Customer123!";
const TEXT = { rating: 4, title: "Good", body: "Smooth draw, the pods last a week." };

describe.each(driversFor("both"))("product review moderation on %s", (driver) => {
  let p: Platform;
  let fx: CheckoutFixture;
  let db: StoreContext["db"];
  let store: StoreContext;
  let owner: StaffActor;
  let seq = 0;

  /** An order of `customerId` with one line of `productId`, in `status`; answers code and line id. */
  async function order(customerId: number | null, productId: number, status: string) {
    const code = `RV${driver}${++seq}`;
    const [o] = await db
      .insert(s.orders)
      .values({
        code,
        customerId,
        status,
        goodsTotalCents: 1000,
        totalCents: 1000,
        paymentMethod: "cod",
        customerName: "Maria Georgiou",
        customerEmail: "maria@example.com",
      })
      .returning({ id: s.orders.id });
    const [l] = await db
      .insert(s.orderLines)
      .values({
        orderId: o.id,
        productId,
        description: "A product",
        qty: 1,
        unitPriceCents: 1000,
        vatRate: 19,
        lineTotalCents: 1000,
      })
      .returning({ id: s.orderLines.id });
    return { code, orderId: o.id, lineId: l.id };
  }

  const rating = async (productId: number) => {
    const [r] = await db
      .select({ ratings: s.products.ratings, count: s.products.reviewCount })
      .from(s.products)
      .where(eq(s.products.id, productId));
    return { ratings: Number(r.ratings), count: r.count };
  };

  beforeAll(async () => {
    p = await createPlatform(driver, { seed: "minimal" });
    db = (await p.registry.storeHandle("alpha")).db;
    fx = await seedCheckoutFixture(db);
    await db.update(s.customers).set({ passwordHash: await hashPassword(PASSWORD) });
    p.registry.invalidate();
    store = (await p.registry.resolve(HOST)) as StoreContext;
    const id = await addStaff(p, "alpha", { email: "mod@example.com", role: "manager", name: "Mona" });
    owner = { id, name: "Mona", role: "manager", email: "mod@example.com", ip: null };
  });
  afterAll(async () => p?.dispose());

  it("keeps one review per product when the same customer submits several at once", async () => {
    // Two orders of one product, and the first line sent twice: three submissions at the same time.
    const first = await order(fx.customers.poor, fx.products.last, "paid");
    const second = await order(fx.customers.poor, fx.products.last, "completed");
    const results = await Promise.allSettled([
      submitReview(store, fx.customers.poor, first.code, first.lineId, TEXT, null),
      submitReview(store, fx.customers.poor, first.code, first.lineId, TEXT, null),
      submitReview(store, fx.customers.poor, second.code, second.lineId, TEXT, null),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results)
      if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "duplicate" });
    const rows = await db
      .select({ id: s.productReviews.id })
      .from(s.productReviews)
      .where(
        and(
          eq(s.productReviews.customerId, fx.customers.poor),
          eq(s.productReviews.productId, fx.products.last),
        ),
      );
    expect(rows).toHaveLength(1);
  });

  it("lets only the buyer of a paid or completed order review its line, once per product", async () => {
    const placed = await order(fx.customers.maria, fx.products.pod, "placed");
    await expect(
      submitReview(store, fx.customers.maria, placed.code, placed.lineId, TEXT, null),
    ).rejects.toMatchObject({
      code: "invalid_state",
    });
    const cancelled = await order(fx.customers.maria, fx.products.pod, "cancelled");
    await expect(
      submitReview(store, fx.customers.maria, cancelled.code, cancelled.lineId, TEXT, null),
    ).rejects.toMatchObject({ code: "invalid_state" });

    const paid = await order(fx.customers.maria, fx.products.pod, "paid");
    // Someone else's order, or a line of another order under this code: not found.
    await expect(
      submitReview(store, fx.customers.trade, paid.code, paid.lineId, TEXT, null),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      submitReview(store, fx.customers.maria, placed.code, paid.lineId, TEXT, null),
    ).rejects.toMatchObject({ code: "not_found" });

    const states = await lineReviewStates(store, fx.customers.maria, [
      { id: placed.lineId, productId: fx.products.pod, orderStatus: "placed" },
      { id: paid.lineId, productId: fx.products.pod, orderStatus: "paid" },
    ]);
    expect(states.get(placed.lineId)).toEqual({ status: null, canReview: false });
    expect(states.get(paid.lineId)).toEqual({ status: null, canReview: true });

    const saved = await submitReview(store, fx.customers.maria, paid.code, paid.lineId, TEXT, "10.0.0.7");
    expect(saved.status).toBe("pending");
    const [row] = await db.select().from(s.productReviews).where(eq(s.productReviews.id, saved.id));
    expect(row).toMatchObject({
      source: "customer",
      status: "pending",
      customerId: fx.customers.maria,
      orderLineId: paid.lineId,
      authorName: "Maria G.",
    });

    // The same line again, or the same product from another completed order: one review.
    await expect(
      submitReview(store, fx.customers.maria, paid.code, paid.lineId, TEXT, null),
    ).rejects.toMatchObject({
      code: "duplicate",
    });
    const again = await order(fx.customers.maria, fx.products.pod, "completed");
    await expect(
      submitReview(store, fx.customers.maria, again.code, again.lineId, TEXT, null),
    ).rejects.toMatchObject({
      code: "duplicate",
    });
    expect(
      (
        await lineReviewStates(store, fx.customers.maria, [
          { id: again.lineId, productId: fx.products.pod, orderStatus: "completed" },
        ])
      ).get(again.lineId),
    ).toEqual({ status: "pending", canReview: false });

    const [audit] = await db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.action, "review.submit"), eq(s.auditLog.entityId, String(saved.id))));
    expect(audit).toMatchObject({
      staffId: null,
      staffEmail: `customer:${fx.customers.maria}`,
      ip: "10.0.0.7",
    });
  });

  it("shows and counts a review only once published, with 'Verified purchase' only on a purchase", async () => {
    const product = fx.products.liquid;
    const done = await order(fx.customers.trade, product, "completed");
    const { id } = await submitReview(
      store,
      fx.customers.trade,
      done.code,
      done.lineId,
      { ...TEXT, rating: 2 },
      null,
    );

    expect((await listProductReviews(store, product)).total).toBe(0);
    expect(await rating(product)).toEqual({ ratings: 0, count: 0 });

    const published = await publishReview(store, owner, id);
    expect(published).toMatchObject({
      status: "published",
      verified: true,
      source: "customer",
      moderatedBy: "Mona",
    });
    const shown = await listProductReviews(store, product);
    expect(shown.total).toBe(1);
    expect(shown.reviews[0]).toMatchObject({ id, verified: true, source: "customer", rating: 2 });
    expect(await rating(product)).toEqual({ ratings: 2, count: 1 });
    await expect(publishReview(store, owner, id)).rejects.toMatchObject({ code: "invalid_state" });

    // A staff-entered review shows, counts, is marked as the shop's, and is never verified.
    const staffReview = await createStaffReview(store, owner, {
      productCode: "liq",
      authorName: "Anna K.",
      rating: 5,
      title: "",
      body: "Sent to us by mail: lovely flavour.",
    });
    expect(staffReview).toMatchObject({
      source: "staff",
      status: "published",
      verified: false,
      orderCode: null,
    });
    const both = await listProductReviews(store, product);
    expect(both.reviews.map((r) => [r.source, r.verified])).toEqual(
      expect.arrayContaining([
        ["customer", true],
        ["staff", false],
      ]),
    );
    expect(await rating(product)).toEqual({ ratings: 3.5, count: 2 });

    // The database refuses a staff review tied to a customer or an order line.
    await expect(
      db.insert(s.productReviews).values({
        productId: product,
        source: "staff",
        status: "published",
        customerId: fx.customers.maria,
        orderLineId: done.lineId,
        authorName: "Fake",
        rating: 5,
        body: "Claims a purchase it never made.",
      }),
    ).rejects.toThrow();
    await expect(
      createStaffReview(store, owner, {
        productCode: "NOPE",
        authorName: "X",
        rating: 5,
        title: "",
        body: "0123456789",
      }),
    ).rejects.toMatchObject({ code: "invalid" });

    // Cancelling the order takes the badge away, though the review stays shown.
    await db.update(s.orders).set({ status: "cancelled" }).where(eq(s.orders.id, done.orderId));
    expect((await listProductReviews(store, product)).reviews.find((r) => r.id === id)?.verified).toBe(false);
    await db.update(s.orders).set({ status: "completed" }).where(eq(s.orders.id, done.orderId));

    // Rejecting takes it out of the page and of the rating, with its reason audited.
    const rejected = await rejectReview(store, owner, id, "offensive");
    expect(rejected).toMatchObject({ status: "rejected", rejectReason: "offensive" });
    expect((await listProductReviews(store, product)).reviews.map((r) => r.id)).not.toContain(id);
    expect(await rating(product)).toEqual({ ratings: 5, count: 1 });
    const actions = await db
      .select({ action: s.auditLog.action, staffId: s.auditLog.staffId })
      .from(s.auditLog)
      .where(eq(s.auditLog.entity, "review"));
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: "review.publish", staffId: owner.id },
        { action: "review.create", staffId: owner.id },
        { action: "review.reject", staffId: owner.id },
      ]),
    );

    const pending = await listProductReviewsForModeration(store, {
      page: 1,
      limit: 25,
      status: "pending",
      source: "all",
    });
    expect(pending.items.every((r) => r.status === "pending")).toBe(true);
    const staffOnly = await listProductReviewsForModeration(store, {
      page: 1,
      limit: 25,
      status: "all",
      source: "staff",
    });
    expect(staffOnly.items.map((r) => r.id)).toEqual([staffReview.id]);
  });

  it("takes reviews over HTTP only from a signed-in customer with the CSRF token, within the rate limit", async () => {
    const cookies = new Map<string, string>();
    let csrf = "";
    const call = async (method: string, path: string, body?: unknown, withCsrf = true) => {
      const res = await p.request(HOST, path, {
        method,
        headers: {
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
          accept: "application/json",
          "x-forwarded-for": `10.77.${driver === "pg" ? 1 : 2}.9`,
          ...(method !== "GET" ? { origin: `http://${HOST}` } : {}),
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
          ...(method !== "GET" && withCsrf && csrf ? { "x-csrf-token": csrf } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: "manual",
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(";");
        cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
      }
      const token = res.headers.get("x-csrf-token");
      if (token) csrf = token;
      return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
    };
    const me = await call("GET", "/api/v1/auth/me");
    csrf = me.json.csrfToken as string;
    const line = await order(fx.customers.greek, fx.products.coil, "completed");
    const path = `/api/v1/orders/${line.code}/lines/${line.lineId}/review`;

    expect((await call("POST", path, TEXT)).status).toBe(401);
    expect(
      (
        await call("POST", "/api/v1/auth/login", {
          username: "eleni@example.gr",
          password: PASSWORD,
          remember: false,
        })
      ).status,
    ).toBe(200);
    expect((await call("POST", path, TEXT, false)).status).toBe(403);
    const bad = await call("POST", path, { rating: 6, body: "short" });
    expect(bad.status).toBe(400);
    const ok = await call("POST", path, TEXT);
    expect(ok.status).toBe(201);
    expect(ok.json).toMatchObject({ status: "pending" });
    expect((await call("POST", path, TEXT)).json.error).toBe("duplicate");

    // The limit counts every attempt of the customer in the window (RATE_LIMIT_FACTOR stays 1 here).
    let last = 0;
    for (let i = 0; i < REVIEW_RATE_LIMIT.limit; i++) last = (await call("POST", path, TEXT)).status;
    expect(last).toBe(429);
  });
});
