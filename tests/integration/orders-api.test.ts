// Orders, payments and the ERP/POS integration API through the real Hono app on both drivers:
// sign-in and ownership, CSRF, the hosted test checkout page and its webhook, the payment race
// over HTTP, webhook verification, and API-key authentication.
import { createHash } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as controlSchema from "../../db/control/schema";
import * as s from "../../db/store/schema";
import { hashPassword } from "../../services/auth/password";
import type { StoreContext } from "../../services/context";
import { paymentSuccessView, testProviderFor } from "../../services/payments";
import { createPlatform, type Platform } from "../fixtures/platform";
import { type CheckoutFixture, seedCheckoutFixture, stockOf } from "../helpers/checkout-store";
import { drivers } from "../helpers/databases";

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

describe.each(drivers)("orders and payments API on %s", (driver) => {
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
