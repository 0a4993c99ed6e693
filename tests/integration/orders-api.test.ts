// Orders, payments and the ERP/POS integration API through the real Hono app on both drivers:
// sign-in and ownership, CSRF, the hosted test checkout page and its webhook, the payment race
// over HTTP, webhook verification, and API-key authentication.
import { createHash } from "node:crypto";
import { count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as controlSchema from "../../db/control/schema";
import * as s from "../../db/store/schema";
import { hashPassword } from "../../services/auth/password";
import type { StoreContext } from "../../services/context";
import { paymentFailedReturn, paymentSuccessView, sweepPayments } from "../../services/orders/online-payment";
import { testProviderFor } from "../../services/payments";
import { createPlatform, type Platform } from "../fixtures/platform";
import { type CheckoutFixture, seedCheckoutFixture, stockOf } from "../helpers/checkout-store";
import { driversFor } from "../helpers/databases";

const HOST = "alpha.localhost";
const PASSWORD = "Customer123!";

let nextIp = 1;

/** A browser-like client: keeps cookies, sends Origin and the CSRF token. */
class Client {
  cookies = new Map<string, string>();
  csrf = "";
  ip = `10.9.${Math.floor(nextIp / 250)}.${nextIp++ % 250}`;
  constructor(
    readonly p: Platform,
    readonly host = HOST,
  ) {}

  absorb(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const i = pair.indexOf("=");
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const token = res.headers.get("x-csrf-token");
    if (token) this.csrf = token;
  }

  async raw(
    method: string,
    path: string,
    init: { body?: BodyInit; headers?: Record<string, string>; csrf?: boolean } = {},
  ) {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      "x-forwarded-for": this.ip,
      ...init.headers,
    };
    if (method !== "GET") {
      headers.origin ??= `http://${this.host}`;
      if (init.csrf !== false && this.csrf && !headers["content-type"]?.startsWith("application/x-www-form"))
        headers["x-csrf-token"] = this.csrf;
    }
    const res = await this.p.request(this.host, path, {
      method,
      headers,
      body: init.body,
      redirect: "manual",
    });
    this.absorb(res);
    return res;
  }

  async json(method: string, path: string, body?: unknown, opts: { csrf?: boolean } = {}) {
    const res = await this.raw(method, path, {
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: {
        accept: "application/json",
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      csrf: opts.csrf,
    });
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: res.status, json, res };
  }

  async signIn(username: string) {
    const me = await this.json("GET", "/api/v1/auth/me");
    this.csrf = me.json.csrfToken as string;
    const r = await this.json("POST", "/api/v1/auth/login", {
      username,
      password: PASSWORD,
      remember: false,
    });
    expect(r.status).toBe(200);
    return this;
  }
}

async function until(check: () => Promise<boolean>, ms = 8000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe.each(driversFor("both"))("orders and payments API on %s", (driver) => {
  let p: Platform;
  let fx: CheckoutFixture;
  let db: StoreContext["db"];
  let store: StoreContext;
  let maria: Client;

  beforeAll(async () => {
    p = await createPlatform(driver, { seed: "minimal" });
    db = (await p.registry.storeHandle("alpha")).db;
    fx = await seedCheckoutFixture(db);
    const hash = await hashPassword(PASSWORD);
    await db.update(s.customers).set({ passwordHash: hash });
    await p.registry.control.db
      .update(controlSchema.stores)
      .set({ apiKeyHash: createHash("sha256").update("alpha-erp-key").digest("hex") })
      .where(eq(controlSchema.stores.id, "alpha"));
    await p.registry.control.db
      .update(controlSchema.stores)
      .set({ apiKeyHash: createHash("sha256").update("beta-erp-key").digest("hex") })
      .where(eq(controlSchema.stores.id, "beta"));
    p.registry.invalidate();
    store = (await p.registry.resolve(HOST)) as StoreContext;
    maria = await new Client(p).signIn("maria@example.com");
  });
  afterAll(async () => p?.dispose());

  const codOrder = (c: Client, extra: Record<string, unknown> = {}) =>
    c.json("POST", "/api/v1/orders", {
      lines: [{ id: fx.products.liquid, qty: 1 }],
      shippingId: fx.shipping.courierCy,
      paymentMethod: "cod",
      ...extra,
    });

  it("asks a visitor to sign in", async () => {
    const visitor = new Client(p);
    const me = await visitor.json("GET", "/api/v1/auth/me");
    visitor.csrf = me.json.csrfToken as string;
    const r = await codOrder(visitor);
    expect(r.status).toBe(401);
    expect(r.json.error).toBe("not_signed_in");
    expect(
      (await visitor.json("POST", "/api/v1/orders/quote", { lines: [{ id: fx.products.pod, qty: 1 }] }))
        .status,
    ).toBe(401);
    expect((await visitor.json("GET", "/api/v1/orders")).status).toBe(401);
  });

  it("quotes with billing details prefilled, places an order, and shows it only to its owner", async () => {
    const q = await maria.json("POST", "/api/v1/orders/quote", {
      lines: [{ id: fx.products.pod, qty: 2 }],
      shippingId: fx.shipping.courierCy,
    });
    expect(q.status).toBe(200);
    expect(q.json).toMatchObject({
      billing: {
        name: "Maria",
        surname: "Georgiou",
        email: "maria@example.com",
        city: "Limassol",
        country: "CY",
        phone: "99111222",
      },
      totals: { goodsTotalCents: 5998, shippingCostCents: 0, freeShipping: true, vatText: "*VAT Included" },
      freeDeliveryTotalCents: 5000,
      paymentMethods: ["cod", "card", "bank"],
      pointsEnabled: true,
    });

    const placed = await codOrder(maria, { notes: "Leave at the door" });
    expect(placed.status).toBe(201);
    const code = placed.json.code as string;
    expect(placed.json).toMatchObject({ status: "placed", paymentMethod: "cod", redirectUrl: null });

    const mine = await maria.json("GET", `/api/v1/orders/${code}`);
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({
      code,
      status: "placed",
      notes: "Leave at the door",
      lines: [{ description: "Mango Ice 10 ml", qty: 1 }],
    });
    const list = await maria.json("GET", "/api/v1/orders");
    expect((list.json.orders as { code: string }[]).map((o) => o.code)).toContain(code);

    const other = await new Client(p).signIn("trade@example.com");
    expect((await other.json("GET", `/api/v1/orders/${code}`)).status).toBe(404);
    expect((await other.json("GET", "/api/v1/orders")).json.orders).toEqual([]);
  });

  it("validates the body, refuses a request without the CSRF token, and answers 409 Out of Stock", async () => {
    expect(
      (await maria.json("POST", "/api/v1/orders", { lines: [], shippingId: 1, paymentMethod: "cod" })).status,
    ).toBe(400);
    expect((await codOrder(maria, { notes: "x".repeat(1001) })).status).toBe(400);
    expect((await codOrder(maria, { paymentMethod: "cheque" })).status).toBe(400);
    expect((await codOrder(maria, {})).status).toBe(201);
    const noToken = await maria.json(
      "POST",
      "/api/v1/orders",
      {
        lines: [{ id: fx.products.liquid, qty: 1 }],
        shippingId: fx.shipping.courierCy,
        paymentMethod: "cod",
      },
      { csrf: false },
    );
    expect(noToken.status).toBe(403);
    const short = await codOrder(maria, { lines: [{ id: fx.products.coil, qty: 99 }] });
    expect(short.status).toBe(409);
    expect(short.json).toMatchObject({
      error: "out_of_stock",
      title: "Out of Stock",
      message: "Available stock: 3",
    });
  });

  it("card: the hosted test checkout page approves, redirects back with s and t, and its webhook marks the order paid", async () => {
    const placed = await maria.json("POST", "/api/v1/orders", {
      lines: [{ id: fx.products.pod, qty: 1 }],
      shippingId: fx.shipping.courierCy,
      paymentMethod: "card",
    });
    expect(placed.status).toBe(201);
    const redirectUrl = placed.json.redirectUrl as string;
    expect(redirectUrl).toMatch(/^\/payments\/test-checkout\?/);
    const page = await maria.raw("GET", redirectUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Test payment provider.");
    expect(html).toContain("€34.49");
    expect(html).toContain("Approve payment of €34.49");
    expect(html).toContain("Decline payment");

    // A tampered amount is refused.
    const params = new URL(redirectUrl, "http://x").searchParams;
    const form = (over: Record<string, string>) =>
      new URLSearchParams({
        csrf: maria.csrf,
        ...Object.fromEntries(params),
        desc: params.get("desc") ?? "",
        decision: "approve",
        ...over,
      }).toString();
    const formHeaders = { "content-type": "application/x-www-form-urlencoded", accept: "text/html" };
    const tampered = await maria.raw("POST", "/payments/test-checkout", {
      body: form({ amount: "1" }),
      headers: formHeaders,
    });
    expect(tampered.status).toBe(400);

    const approved = await maria.raw("POST", "/payments/test-checkout", {
      body: form({}),
      headers: formHeaders,
    });
    expect(approved.status).toBe(303);
    const back = new URL(approved.headers.get("location") as string, "http://x");
    expect(back.pathname).toBe("/payment-success");
    const ref = back.searchParams.get("s") as string;
    expect(ref).toBe(params.get("ref"));
    expect(back.searchParams.get("t")).toMatch(/^tp_/);

    // The shopper closes the tab here: the provider's webhook alone records the payment.
    const code = placed.json.code as string;
    const paid = await until(
      async () => (await db.select().from(s.orders).where(eq(s.orders.code, code)))[0].status === "paid",
    );
    expect(paid).toBe(true);
    const mails = await db.select().from(s.outbox).where(eq(s.outbox.kind, "order-customer"));
    expect(mails.filter((m) => m.dedupeKey === `order:${code}:customer`)).toHaveLength(1);
    // Coming back later still shows the congratulations once.
    expect(await paymentSuccessView(store, ref, back.searchParams.get("t"))).toMatchObject({
      kind: "success",
      orderCode: code,
    });
  });

  it("declined on the test page: redirect to /payment-failed with s and t", async () => {
    const placed = await maria.json("POST", "/api/v1/orders", {
      lines: [{ id: fx.products.pod, qty: 1 }],
      shippingId: fx.shipping.courierCy,
      paymentMethod: "card",
    });
    const params = new URL(placed.json.redirectUrl as string, "http://x").searchParams;
    const body = new URLSearchParams({
      csrf: maria.csrf,
      ...Object.fromEntries(params),
      decision: "decline",
    }).toString();
    const res = await maria.raw("POST", "/payments/test-checkout", {
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get("location") as string, "http://x");
    expect(back.pathname).toBe("/payment-failed");
    expect(back.searchParams.get("s")).toBe(params.get("ref"));
    // Without the CSRF token the page refuses the post.
    const noCsrf = new URLSearchParams({ ...Object.fromEntries(params), decision: "approve" }).toString();
    const refused = await maria.raw("POST", "/payments/test-checkout", {
      body: noCsrf,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(refused.status).toBe(403);
  });

  it("payment race over HTTP: return verification, webhook and success page at once -> one paid order, one mail pair", async () => {
    const placed = await maria.json("POST", "/api/v1/orders", {
      lines: [{ id: fx.products.pod, qty: 1 }],
      shippingId: fx.shipping.pickupCy,
      paymentMethod: "card",
    });
    const code = placed.json.code as string;
    const provider = testProviderFor(store);
    if (!provider) throw new Error("alpha should use the test provider");
    const checkout = provider.readCheckout(
      new URL(placed.json.redirectUrl as string, "http://x").searchParams,
    );
    if (!checkout) throw new Error("bad link");
    const t = provider.decide(checkout, true);
    const hookBody = JSON.stringify({
      EventTypeId: 1796,
      EventData: { TransactionId: t, OrderCode: checkout.ref, StatusId: "F" },
    });
    const postHook = () =>
      p.request(HOST, "/api/v1/payments/webhook/test", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: hookBody,
      });
    const [a, b, c, d, e] = await Promise.all([
      postHook(),
      maria.json("GET", `/api/v1/payments/verify?s=${checkout.ref}&t=${encodeURIComponent(t)}`),
      paymentSuccessView(store, checkout.ref, t),
      postHook(),
      new Client(p).json("GET", `/api/v1/payments/verify?s=${checkout.ref}&t=${encodeURIComponent(t)}`),
    ]);
    expect(a.status).toBe(200);
    expect(d.status).toBe(200);
    expect(b.json.status === "paid" || b.json.status === "already_paid").toBe(true);
    expect(e.json.orderCode).toBe(code);
    expect(c.kind).toBe("success");
    const [o] = await db.select().from(s.orders).where(eq(s.orders.code, code));
    expect(o.status).toBe("paid");
    const [n] = await db
      .select({ n: count() })
      .from(s.outbox)
      .where(eq(s.outbox.dedupeKey, `order:${code}:company`));
    const [m] = await db
      .select({ n: count() })
      .from(s.outbox)
      .where(eq(s.outbox.dedupeKey, `order:${code}:customer`));
    expect([Number(n.n), Number(m.n)]).toEqual([1, 1]);
    const payments = await db.select().from(s.payments).where(eq(s.payments.orderId, o.id));
    expect(payments.map((x) => x.status)).toEqual(["paid"]);
  });

  it("webhook URL verification and bad webhook bodies", async () => {
    const key = await p.request(HOST, "/api/v1/payments/webhook/test");
    expect(key.status).toBe(200);
    expect((await key.json()).Key).toMatch(/^[A-Z0-9_-]{40}$/i);
    expect((await p.request(HOST, "/api/v1/payments/webhook/viva")).status).toBe(404);
    const bad = await p.request(HOST, "/api/v1/payments/webhook/test", {
      method: "POST",
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
    const odd = await p.request(HOST, "/api/v1/payments/webhook/test", {
      method: "POST",
      body: JSON.stringify({
        EventTypeId: 1796,
        EventData: { TransactionId: "tp_forged.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" },
      }),
      headers: { "content-type": "application/json" },
    });
    expect(odd.status).toBe(200);
    expect((await odd.json()).status).toBe("ignored");
  });

  it("restarts the payment of a pending order, and refuses it for other orders", async () => {
    const placed = await maria.json("POST", "/api/v1/orders", {
      lines: [{ id: fx.products.liquid, qty: 1 }],
      shippingId: fx.shipping.courierCy,
      paymentMethod: "card",
    });
    const again = await maria.json("POST", "/api/v1/payments/start", { orderCode: placed.json.code });
    expect(again.status).toBe(200);
    expect(again.json.redirectUrl).toMatch(/^\/payments\/test-checkout\?ref=\d{16}/);
    const cod = await codOrder(maria);
    expect((await maria.json("POST", "/api/v1/payments/start", { orderCode: cod.json.code })).status).toBe(
      409,
    );
    const other = await new Client(p).signIn("eleni@example.gr");
    expect((await other.json("POST", "/api/v1/payments/start", { orderCode: placed.json.code })).status).toBe(
      404,
    );
  });

  const cardOrder = (c: Client, extra: Record<string, unknown> = {}) =>
    c.json("POST", "/api/v1/orders", {
      lines: [{ id: fx.products.pod, qty: 1 }],
      shippingId: fx.shipping.courierCy,
      paymentMethod: "card",
      ...extra,
    });

  /** The shopper presses Approve or Decline on the hosted test page: the return URL's s and t. */
  async function decide(c: Client, redirectUrl: string, decision: "approve" | "decline" = "approve") {
    const params = new URL(redirectUrl, "http://x").searchParams;
    const res = await c.raw("POST", "/payments/test-checkout", {
      body: new URLSearchParams({ csrf: c.csrf, ...Object.fromEntries(params), decision }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get("location") as string, "http://x");
    return { s: back.searchParams.get("s") as string, t: back.searchParams.get("t") as string };
  }

  const orderRow = async (code: string) =>
    (await db.select().from(s.orders).where(eq(s.orders.code, code)))[0];
  const pointsOf = async (id: number) =>
    (
      await db
        .select({ balance: s.customers.pointsBalanceCents, onHold: s.customers.pointsOnHoldCents })
        .from(s.customers)
        .where(eq(s.customers.id, id))
    )[0];

  it("shows available, on-hold and pending points; completing an order credits its pending points", async () => {
    expect((await new Client(p).json("GET", "/api/v1/points")).status).toBe(401);
    const petros = await new Client(p).signIn("poor@example.com");
    const first = await petros.json("GET", "/api/v1/points");
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ availableCents: 100, onHoldCents: 200, pendingCents: 0 });
    const placed = await codOrder(petros, { lines: [{ id: fx.products.coil, qty: 1 }] });
    expect(placed.status).toBe(201);
    // €11.90 of goods at 5%: €0.59, pending until the shop completes the order.
    expect((await petros.json("GET", "/api/v1/points")).json).toEqual({
      availableCents: 100,
      onHoldCents: 200,
      pendingCents: 59,
    });
    const done = await p.request(HOST, `/api/v1/integration/orders/${placed.json.code}/complete`, {
      method: "POST",
      headers: { "x-api-key": "alpha-erp-key" },
    });
    expect(done.status).toBe(200);
    expect((await petros.json("GET", "/api/v1/points")).json).toEqual({
      availableCents: 159,
      onHoldCents: 200,
      pendingCents: 0,
    });
    // The ERP cancels the completed order: its points are still free, so all of them go back.
    const cancelled = await p.request(HOST, `/api/v1/integration/orders/${placed.json.code}/cancel`, {
      method: "POST",
      headers: { "x-api-key": "alpha-erp-key" },
    });
    expect(await cancelled.json()).toEqual({
      code: placed.json.code,
      status: "cancelled",
      pointsUnrecoveredCents: 0,
    });
    expect((await petros.json("GET", "/api/v1/points")).json).toEqual({
      availableCents: 100,
      onHoldCents: 200,
      pendingCents: 0,
    });
  });

  it("pay now: an abandoned card order gets a new payment order, is paid once, and the earlier payment order cannot pay it twice", async () => {
    const placed = await cardOrder(maria, { redeemPointsCents: 50 });
    expect(placed.status).toBe(201);
    const code = placed.json.code as string;
    const firstUrl = placed.json.redirectUrl as string;
    const mine = await maria.json("GET", `/api/v1/orders/${code}`);
    expect(mine.json).toMatchObject({ status: "pending_payment" });
    expect(Date.parse(mine.json.payableUntil as string)).toBeGreaterThan(Date.now() + 20 * 60_000);

    // Only the owner, only with the CSRF token.
    const eleni = await new Client(p).signIn("eleni@example.gr");
    const foreign = await eleni.json("POST", `/api/v1/orders/${code}/pay`);
    expect(foreign.status).toBe(404);
    expect((await maria.json("POST", `/api/v1/orders/${code}/pay`, undefined, { csrf: false })).status).toBe(
      403,
    );
    const again = await maria.json("POST", `/api/v1/orders/${code}/pay`);
    expect(again.status).toBe(200);
    const secondUrl = again.json.redirectUrl as string;
    expect(secondUrl).toMatch(/^\/payments\/test-checkout\?ref=\d{16}&amount=\d+&/);
    expect(again.json.paymentCode).not.toBe(new URL(firstUrl, "http://x").searchParams.get("ref"));
    expect((await orderRow(code)).paymentReference).toBe(`Test Payments ${again.json.paymentCode}`);

    // The first payment page, still open in another tab, is declined: the newer payment order
    // is still open, so the reservation stays.
    const declined = await decide(maria, firstUrl, "decline");
    expect(await paymentFailedReturn(store, declined.s, declined.t)).toBe("kept");
    expect((await orderRow(code)).status).toBe("pending_payment");

    const paid = await decide(maria, secondUrl);
    expect(paid.s).toBe(again.json.paymentCode);
    expect(await paymentSuccessView(store, paid.s, paid.t)).toMatchObject({
      kind: "success",
      orderCode: code,
    });
    const row = await orderRow(code);
    expect(row.status).toBe("paid");

    // The first page approved after all: the money is recorded for a refund, the order is not
    // paid again and no second mail pair goes out.
    const late = await decide(maria, firstUrl);
    expect(await paymentSuccessView(store, late.s, late.t)).toEqual({ kind: "already" });
    const after = await orderRow(code);
    expect(after.status).toBe("paid");
    expect(after.paidAt?.getTime()).toBe(row.paidAt?.getTime());
    const payments = await db
      .select()
      .from(s.payments)
      .where(eq(s.payments.orderId, row.id))
      .orderBy(s.payments.id);
    expect(payments.map((x) => x.status)).toEqual(["paid", "paid"]);
    expect(payments[0].raw).toMatchObject({ refundDue: "order already paid" });
    expect(payments[1].raw).not.toHaveProperty("refundDue");
    const mails = await db
      .select()
      .from(s.outbox)
      .where(like(s.outbox.dedupeKey, `order:${code}:%`));
    expect(mails).toHaveLength(2);

    const refused = await maria.json("POST", `/api/v1/orders/${code}/pay`);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ error: "invalid_state", message: `Order ${code} is already paid.` });
    expect((await maria.json("POST", `/api/v1/orders/${code}/cancel`)).status).toBe(409);
    const cod = await codOrder(maria);
    expect((await maria.json("POST", `/api/v1/orders/${cod.json.code}/pay`)).status).toBe(409);
  });

  it("cancel: the shopper cancels their own unpaid order; stock and held points come back in one go", async () => {
    const before = await pointsOf(fx.customers.maria);
    const stock = await stockOf(db, fx.products.coil, fx.warehouseId);
    const placed = await cardOrder(maria, {
      lines: [{ id: fx.products.coil, qty: 2 }],
      redeemPointsCents: 100,
    });
    const code = placed.json.code as string;
    expect(await stockOf(db, fx.products.coil, fx.warehouseId)).toBe(stock - 2);
    expect(await pointsOf(fx.customers.maria)).toEqual({ ...before, onHold: before.onHold + 100 });

    const eleni = await new Client(p).signIn("eleni@example.gr");
    expect((await eleni.json("POST", `/api/v1/orders/${code}/cancel`)).status).toBe(404);
    expect(
      (await maria.json("POST", `/api/v1/orders/${code}/cancel`, undefined, { csrf: false })).status,
    ).toBe(403);
    expect((await orderRow(code)).status).toBe("pending_payment");

    const cancelled = await maria.json("POST", `/api/v1/orders/${code}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ code, status: "cancelled" });
    expect(await stockOf(db, fx.products.coil, fx.warehouseId)).toBe(stock);
    expect(await pointsOf(fx.customers.maria)).toEqual(before);
    const again = await maria.json("POST", `/api/v1/orders/${code}/cancel`);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(`Order ${code} is already cancelled.`);
    expect((await maria.json("POST", `/api/v1/orders/${code}/pay`)).status).toBe(409);

    // A payment made afterwards on the still-open page pays nothing: the order stays cancelled.
    const late = await decide(maria, placed.json.redirectUrl as string);
    expect(await paymentSuccessView(store, late.s, late.t)).toMatchObject({
      kind: "error",
      text: "Order not saved.Contact the shop",
    });
    expect((await orderRow(code)).status).toBe("cancelled");
    expect(await stockOf(db, fx.products.coil, fx.warehouseId)).toBe(stock);

    // A placed cash order is the shop's to cancel, not the shopper's.
    const cod = await codOrder(maria);
    const codCancel = await maria.json("POST", `/api/v1/orders/${cod.json.code}/cancel`);
    expect(codCancel.status).toBe(409);
    expect((await maria.json("POST", "/api/v1/orders/WNOSUCHORDER1/cancel")).status).toBe(404);
  });

  it("expiry: once the reservation ends the sweep cancels the order and releases stock and points; pay now and cancel answer 409", async () => {
    const before = await pointsOf(fx.customers.maria);
    const stock = await stockOf(db, fx.products.pod, fx.warehouseId);
    const placed = await cardOrder(maria, { redeemPointsCents: 30 });
    const code = placed.json.code as string;

    // Less payment time left than a new payment order needs: Pay now is no longer offered.
    await db
      .update(s.orders)
      .set({ reservedUntil: new Date(Date.now() + 6 * 60_000) })
      .where(eq(s.orders.code, code));
    expect((await maria.json("GET", `/api/v1/orders/${code}`)).json.payableUntil).toBeNull();
    const late = await maria.json("POST", `/api/v1/orders/${code}/pay`);
    expect(late.status).toBe(409);
    expect(late.json.message).toBe(`The reservation of order ${code} has ended.`);

    const r = await sweepPayments(store, new Date(Date.now() + 7 * 60_000));
    expect(r.expired).toBeGreaterThanOrEqual(1);
    const row = await orderRow(code);
    expect(row).toMatchObject({ status: "expired", reservedUntil: null });
    expect(await stockOf(db, fx.products.pod, fx.warehouseId)).toBe(stock);
    expect(await pointsOf(fx.customers.maria)).toEqual(before);
    expect((await maria.json("GET", `/api/v1/orders/${code}`)).json).toMatchObject({
      status: "expired",
      payableUntil: null,
    });
    expect((await maria.json("POST", `/api/v1/orders/${code}/pay`)).status).toBe(409);
    expect((await maria.json("POST", `/api/v1/orders/${code}/cancel`)).status).toBe(409);
  });

  it("integration API: API key per store, new web orders, complete, cancel and stock", async () => {
    const erp = (path: string, init: RequestInit & { key?: string } = {}) => {
      const headers = new Headers(init.headers);
      if (init.key !== undefined) headers.set("x-api-key", init.key);
      if (init.body) headers.set("content-type", "application/json");
      return p.request(HOST, `/api/v1/integration${path}`, { ...init, headers });
    };
    expect((await erp("/orders")).status).toBe(401);
    expect((await erp("/orders", { key: "wrong" })).status).toBe(401);
    expect((await erp("/orders", { key: "beta-erp-key" })).status).toBe(401);

    const placed = await codOrder(maria, { lines: [{ id: fx.products.coil, qty: 1 }] });
    const code = placed.json.code as string;
    const list = await erp("/orders", { key: "alpha-erp-key" });
    expect(list.status).toBe(200);
    const orders = (await list.json()).orders as {
      code: string;
      showOnPos: boolean;
      lines: unknown[];
      customer: { name: string };
    }[];
    const mine = orders.find((o) => o.code === code);
    expect(mine).toMatchObject({
      showOnPos: true,
      customer: { name: "Maria Georgiou" },
      lines: [{ description: "Mesh Coil 0.8", qty: 1 }],
    });
    expect(
      orders.every((o) => ["placed", "paid"].includes((o as unknown as { status: string }).status)),
    ).toBe(true);

    const stockBefore = await stockOf(db, fx.products.coil, fx.warehouseId);
    expect((await erp(`/orders/${code}/cancel`, { method: "POST", key: "alpha-erp-key" })).status).toBe(200);
    expect(await stockOf(db, fx.products.coil, fx.warehouseId)).toBe(stockBefore + 1);
    expect((await erp(`/orders/${code}/complete`, { method: "POST", key: "alpha-erp-key" })).status).toBe(
      409,
    );
    expect(
      (await erp("/orders/WNOSUCHORDER1/complete", { method: "POST", key: "alpha-erp-key" })).status,
    ).toBe(404);

    const second = await codOrder(maria);
    expect(
      (await erp(`/orders/${second.json.code}/complete`, { method: "POST", key: "alpha-erp-key" })).status,
    ).toBe(200);
    const done = await (await erp("/orders?status=completed", { key: "alpha-erp-key" })).json();
    expect(done.orders.map((o: { code: string }) => o.code)).toContain(second.json.code);

    const put = await erp("/stock", {
      method: "PUT",
      key: "alpha-erp-key",
      body: JSON.stringify({
        items: [
          { productCode: "COIL", qty: 42 },
          { productId: fx.products.pod, qty: 7, warehouseId: fx.otherWarehouseId },
        ],
      }),
    });
    expect(put.status).toBe(200);
    expect(await stockOf(db, fx.products.coil, fx.warehouseId)).toBe(42);
    expect(await stockOf(db, fx.products.pod, fx.otherWarehouseId)).toBe(7);
    const unknown = await erp("/stock", {
      method: "PUT",
      key: "alpha-erp-key",
      body: JSON.stringify({ items: [{ productCode: "NOPE", qty: 1 }] }),
    });
    expect(unknown.status).toBe(400);
    const badWarehouse = await erp("/stock", {
      method: "PUT",
      key: "alpha-erp-key",
      body: JSON.stringify({ items: [{ productCode: "COIL", qty: 1, warehouseId: 99999 }] }),
    });
    expect(badWarehouse.status).toBe(400);
    expect(await stockOf(db, fx.products.coil, fx.warehouseId)).toBe(42);
  });
});
