// The ERP webhook against a real HTTP receiver on loopback, on both drivers: a cash-on-delivery
// order placed and a card order paid are queued in the transaction that made the change and
// posted with the documented signature; a receiver answering 500 twice is retried with growing
// backoff and, once it answers 200, never posted to again; a store without a URL queues nothing;
// two workers racing post each event once; refused connections, timeouts and redirects are
// failures that are retried, never followed or dropped.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { webhookUrlProblem } from "../../core/api/admin/settings";
import type { CheckoutRequest } from "../../core/validation/checkout";
import { CheckoutRequestSchema } from "../../core/validation/checkout";
import * as s from "../../db/store/schema";
import type { StoreContext } from "../../services/context";
import { ServiceError } from "../../services/failure";
import { verifyWebhookSignature, webhookSignature } from "../../services/integration/webhook";
import { WebhookWorker, webhookBackoffMs } from "../../services/integration/webhook-worker";
import { listWebOrders, placeOrder } from "../../services/orders";
import { paymentSuccessView } from "../../services/orders/online-payment";
import { createTestProvider, type TestProvider } from "../../services/payments/test-provider";
import { type CheckoutFixture, seedCheckoutFixture, storeContextFor } from "../helpers/checkout-store";
import { createTestDatabase, driversFor, type TestDb } from "../helpers/databases";

const SECRET = "whsec_test_0123456789abcdef";
const silent = { info() {}, warn() {}, error() {} };

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** An HTTP receiver on 127.0.0.1 that answers each post with the next queued answer (200 when none). */
async function startReceiver() {
  const received: Received[] = [];
  const answers: (number | { status: number; location: string } | "hang")[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const answer = answers.shift() ?? 200;
      if (answer === "hang") return; // never answers: the worker's timeout ends it
      if (typeof answer === "object") {
        res.writeHead(answer.status, { location: answer.location }).end();
        return;
      }
      res
        .writeHead(answer, { "content-type": "text/plain" })
        .end(answer < 300 ? "ok" : "ERP is down for maintenance");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    answers,
    url: `http://127.0.0.1:${port}/hooks/orders`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function request(
  over: Partial<CheckoutRequest> & Pick<CheckoutRequest, "lines" | "shippingId" | "paymentMethod">,
): CheckoutRequest {
  return CheckoutRequestSchema.parse({ notes: "", redeemPointsCents: 0, ...over });
}

describe("webhook URL rule", () => {
  it("accepts https anywhere and http only to this machine, without credentials", () => {
    expect(webhookUrlProblem("https://erp.example.com/hooks/orders?shop=1")).toBeNull();
    expect(webhookUrlProblem("http://127.0.0.1:8080/hook")).toBeNull();
    expect(webhookUrlProblem("http://localhost:3000/hook")).toBeNull();
    expect(webhookUrlProblem("http://[::1]:3000/hook")).toBeNull();
    expect(webhookUrlProblem("http://erp.example.com/hook")).toMatch(/https/);
    expect(webhookUrlProblem("http://127.0.0.1.example.com/hook")).toMatch(/https/);
    expect(webhookUrlProblem("ftp://erp.example.com/")).toMatch(/https/);
    expect(webhookUrlProblem("https://user:pw@erp.example.com/")).toMatch(/password/);
    expect(webhookUrlProblem("erp.example.com/hook")).toMatch(/full address/);
  });

  it("backs off 30 s, 1 min, 2 min ... with jitter, capped at an hour", () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4].map((n) => webhookBackoffMs(n, mid))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(webhookBackoffMs(1, () => 0)).toBe(24_000);
    expect(webhookBackoffMs(1, () => 0.999)).toBeLessThan(36_000);
    for (const n of [8, 9, 20, 200]) expect(webhookBackoffMs(n, () => 0.999)).toBeLessThanOrEqual(3600_000);
    expect(webhookBackoffMs(200, () => 0)).toBe(0.8 * 3600_000);
  });
});

describe.each(driversFor("both"))("ERP webhook on %s", (driver) => {
  let tdb: TestDb<"store">;
  let fx: CheckoutFixture;
  let store: StoreContext;
  let provider: TestProvider;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let clock = new Date();
  const now = () => clock;

  beforeAll(async () => {
    tdb = await createTestDatabase(driver, "store");
    fx = await seedCheckoutFixture(tdb.handle.db);
    receiver = await startReceiver();
    store = await storeContextFor(tdb.handle.db, {
      secrets: { erpWebhookUrl: receiver.url, erpWebhookSecret: SECRET },
    });
    provider = createTestProvider(store.config.id, store.secrets);
  });
  afterAll(async () => {
    await receiver?.close();
    await tdb?.dispose();
  });
  afterEach(async () => {
    await tdb.handle.db.delete(s.webhookOutbox);
    receiver.received.length = 0;
    receiver.answers.length = 0;
  });

  const worker = (
    ctx: StoreContext = store,
    extra: Partial<ConstructorParameters<typeof WebhookWorker>[0]> = {},
  ) =>
    new WebhookWorker({
      stores: { storeIds: async () => [ctx.config.id], byId: async () => ctx },
      log: silent,
      now,
      ...extra,
    });

  const rows = () => tdb.handle.db.select().from(s.webhookOutbox).orderBy(s.webhookOutbox.id);

  /** Rows are due from the database's now(); put the test clock after it. */
  const clockAfterQueue = () => {
    clock = new Date(Date.now() + 1000);
  };

  const placeCod = (ctx: StoreContext = store) =>
    placeOrder(
      ctx,
      fx.customers.maria,
      request({
        lines: [{ id: fx.products.liquid, qty: 1 }],
        shippingId: fx.shipping.courierCy,
        paymentMethod: "cod",
      }),
    );

  it("posts a placed cash-on-delivery order, signed, with the order as the ERP's order list shows it", async () => {
    const placed = await placeCod();
    const queued = await rows();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      event: "order.placed",
      eventKey: `order.placed:${placed.code}`,
      attempts: 0,
      deliveredAt: null,
    });
    clockAfterQueue();
    expect(await worker().runOnce()).toEqual({ delivered: 1, failed: 0 });

    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0] as Received;
    expect(got.body).toBe(queued[0]?.body);
    expect(got.headers["content-type"]).toBe("application/json");
    expect(got.headers["x-webhook-event"]).toBe("order.placed");
    expect(got.headers["x-webhook-id"]).toBe(`order.placed:${placed.code}`);
    const timestamp = got.headers["x-webhook-timestamp"] as string;
    expect(timestamp).toBe(String(Math.floor(clock.getTime() / 1000)));
    const signature = got.headers["x-webhook-signature"] as string;
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    const nowSeconds = Math.floor(clock.getTime() / 1000);
    expect(verifyWebhookSignature(SECRET, { timestamp, signature }, got.body, nowSeconds)).toBe(true);
    expect(verifyWebhookSignature("whsec_another", { timestamp, signature }, got.body, nowSeconds)).toBe(
      false,
    );
    // Another body, or the same body with another timestamp (a replay made to look fresh), fails.
    expect(verifyWebhookSignature(SECRET, { timestamp, signature }, `${got.body} `, nowSeconds)).toBe(false);
    const later = String(Number(timestamp) + 60);
    expect(verifyWebhookSignature(SECRET, { timestamp: later, signature }, got.body, nowSeconds + 60)).toBe(
      false,
    );
    // A replay of the exact request an hour later is refused by its timestamp.
    expect(verifyWebhookSignature(SECRET, { timestamp, signature }, got.body, nowSeconds + 3600)).toBe(false);
    expect(signature).toBe(webhookSignature(SECRET, timestamp, got.body));

    const body = JSON.parse(got.body);
    expect(body).toMatchObject({
      event: "order.placed",
      id: `order.placed:${placed.code}`,
      store: store.config.id,
    });
    expect(new Date(body.occurredAt).toISOString()).toBe(body.occurredAt);
    const listed = (await listWebOrders(store, { statuses: ["placed"] })).find((o) => o.code === placed.code);
    expect(body.order).toEqual(JSON.parse(JSON.stringify(listed)));
    expect(body.order).toMatchObject({ code: placed.code, status: "placed", paymentMethod: "cod" });
    expect(body.order.lines).toHaveLength(1);

    const [done] = await rows();
    expect(done?.deliveredAt).not.toBeNull();
    expect(done).toMatchObject({ attempts: 1, lastStatus: 200, lastError: null, lockedUntil: null });
    clock = new Date(clock.getTime() + 24 * 3600_000);
    expect(await worker().runOnce()).toEqual({ delivered: 0, failed: 0 });
    expect(receiver.received).toHaveLength(1);
  });

  it("queues a card order only when it is paid, as order.paid, once however often the payment is confirmed", async () => {
    const placed = await placeOrder(
      store,
      fx.customers.maria,
      request({
        lines: [{ id: fx.products.pod, qty: 1 }],
        shippingId: fx.shipping.courierCy,
        paymentMethod: "card",
      }),
      { provider },
    );
    expect(placed.status).toBe("pending_payment");
    expect(await rows()).toHaveLength(0);

    const params = provider.readCheckout(new URL(placed.redirectUrl as string, "http://x").searchParams);
    if (!params) throw new Error("checkout link not valid");
    const t = provider.decide(params, true);
    const [first, second] = await Promise.all([
      paymentSuccessView(store, params.ref, t, undefined, provider),
      paymentSuccessView(store, params.ref, t, undefined, provider),
    ]);
    expect([first.kind, second.kind].sort()).toEqual(["already", "success"]);
    const queued = await rows();
    expect(queued.map((r) => r.eventKey)).toEqual([`order.paid:${placed.code}`]);

    clockAfterQueue();
    expect(await worker().runOnce()).toEqual({ delivered: 1, failed: 0 });
    const got = receiver.received[0] as Received;
    expect(got.headers["x-webhook-event"]).toBe("order.paid");
    expect(got.headers["x-webhook-id"]).toBe(`order.paid:${placed.code}`);
    const body = JSON.parse(got.body);
    expect(body.order).toMatchObject({ code: placed.code, status: "paid", paymentMethod: "card" });
    expect(body.order.paidAt).not.toBeNull();
    const listed = (await listWebOrders(store, { statuses: ["paid"] })).find((o) => o.code === placed.code);
    expect(body.order).toEqual(JSON.parse(JSON.stringify(listed)));
  });

  it("retries a receiver that answers 500 twice with growing backoff, then never posts again once it answers 200", async () => {
    await placeCod();
    receiver.answers.push(500, 500, 200);
    clockAfterQueue();
    const w = worker();

    expect(await w.runOnce()).toEqual({ delivered: 0, failed: 1 });
    const [afterOne] = await rows();
    expect(afterOne).toMatchObject({ attempts: 1, lastStatus: 500, deliveredAt: null, lockedUntil: null });
    expect(afterOne?.lastError).toBe("HTTP 500: ERP is down for maintenance");
    const wait1 = (afterOne?.nextAttemptAt.getTime() ?? 0) - clock.getTime();
    expect(wait1).toBeGreaterThanOrEqual(24_000);
    expect(wait1).toBeLessThanOrEqual(36_000);

    // Not due yet: nothing is posted.
    expect(await w.runOnce()).toEqual({ delivered: 0, failed: 0 });
    expect(receiver.received).toHaveLength(1);

    clock = new Date((afterOne?.nextAttemptAt.getTime() ?? 0) + 1);
    expect(await w.runOnce()).toEqual({ delivered: 0, failed: 1 });
    const [afterTwo] = await rows();
    expect(afterTwo).toMatchObject({ attempts: 2, lastStatus: 500, deliveredAt: null });
    const wait2 = (afterTwo?.nextAttemptAt.getTime() ?? 0) - clock.getTime();
    expect(wait2).toBeGreaterThanOrEqual(48_000);
    expect(wait2).toBeGreaterThan(wait1);
    expect(afterTwo?.nextAttemptAt.getTime()).toBeGreaterThan(afterOne?.nextAttemptAt.getTime() ?? 0);

    clock = new Date((afterTwo?.nextAttemptAt.getTime() ?? 0) + 1);
    expect(await w.runOnce()).toEqual({ delivered: 1, failed: 0 });
    const [done] = await rows();
    expect(done).toMatchObject({ attempts: 3, lastStatus: 200, lastError: null });
    expect(done?.deliveredAt?.getTime()).toBe(clock.getTime());

    // Every attempt posted the same bytes; each was signed for its own timestamp.
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    for (const r of receiver.received) {
      const timestamp = r.headers["x-webhook-timestamp"] as string;
      expect(r.headers["x-webhook-signature"]).toBe(webhookSignature(SECRET, timestamp, r.body));
    }

    for (const hours of [1, 6, 48]) {
      clock = new Date(clock.getTime() + hours * 3600_000);
      expect(await w.runOnce()).toEqual({ delivered: 0, failed: 0 });
    }
    expect(receiver.received).toHaveLength(3);
  });

  it("queues nothing for a store without a webhook URL", async () => {
    const noUrl = { ...store, secrets: { ...store.secrets, erpWebhookUrl: null } };
    await placeCod(noUrl);
    expect(await rows()).toHaveLength(0);
    clockAfterQueue();
    expect(await worker(noUrl).runOnce()).toEqual({ delivered: 0, failed: 0 });
    expect(receiver.received).toHaveLength(0);
  });

  it("queues nothing when placing the order fails: the row is written in the order's transaction", async () => {
    const [before] = await tdb.handle.db.select({ n: count() }).from(s.orders);
    await expect(
      placeOrder(
        store,
        fx.customers.maria,
        request({
          lines: [{ id: fx.products.coil, qty: 999 }],
          shippingId: fx.shipping.courierCy,
          paymentMethod: "cod",
        }),
      ),
    ).rejects.toBeInstanceOf(ServiceError);
    const [after] = await tdb.handle.db.select({ n: count() }).from(s.orders);
    expect(after?.n).toBe(before?.n);
    expect(await rows()).toHaveLength(0);
  });

  it("posts each event once when two workers race", async () => {
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) codes.push((await placeCod()).code);
    clockAfterQueue();
    const [a, b] = await Promise.all([
      worker(store, { batchSize: 2 }).runOnce(),
      worker(store, { batchSize: 2 }).runOnce(),
    ]);
    expect(a.delivered + b.delivered).toBe(5);
    expect(a.failed + b.failed).toBe(0);
    const ids = receiver.received.map((r) => r.headers["x-webhook-id"]);
    expect(ids.sort()).toEqual(codes.map((c) => `order.placed:${c}`).sort());
    const all = await rows();
    expect(all.every((r) => r.deliveredAt !== null && r.attempts === 1)).toBe(true);
  });

  it("records a refused connection, a timeout and a redirect as failures, retried later, never followed", async () => {
    const closed = await startReceiver();
    await closed.close();
    const refused = { ...store, secrets: { ...store.secrets, erpWebhookUrl: closed.url } };
    await placeCod(refused);
    clockAfterQueue();
    expect(await worker(refused).runOnce()).toEqual({ delivered: 0, failed: 1 });
    let [row] = await rows();
    expect(row).toMatchObject({ attempts: 1, lastStatus: null, deliveredAt: null });
    expect(row?.lastError).toMatch(/ECONNREFUSED|fetch failed/);

    // The same row, now to a receiver that never answers.
    receiver.answers.push("hang");
    clock = new Date((row?.nextAttemptAt.getTime() ?? 0) + 1);
    expect(await worker(store, { timeoutMs: 300 }).runOnce()).toEqual({ delivered: 0, failed: 1 });
    [row] = await rows();
    expect(row).toMatchObject({ attempts: 2, lastStatus: null, deliveredAt: null });
    expect(row?.lastError).toBe("No answer within 0.3 s");

    // A redirect to another host is not followed: that host never sees the order.
    const elsewhere = await startReceiver();
    try {
      receiver.answers.push({ status: 307, location: elsewhere.url });
      clock = new Date((row?.nextAttemptAt.getTime() ?? 0) + 1);
      expect(await worker().runOnce()).toEqual({ delivered: 0, failed: 1 });
      [row] = await rows();
      expect(row).toMatchObject({ attempts: 3, lastStatus: 307, deliveredAt: null });
      expect(row?.lastError).toBe(`HTTP 307: redirect to ${elsewhere.url} not followed`);
      expect(elsewhere.received).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }

    // Without a signing secret nothing is posted unsigned; it fails until one is made.
    const unsigned = { ...store, secrets: { ...store.secrets, erpWebhookSecret: null } };
    const seen = receiver.received.length;
    clock = new Date((row?.nextAttemptAt.getTime() ?? 0) + 1);
    expect(await worker(unsigned).runOnce()).toEqual({ delivered: 0, failed: 1 });
    [row] = await rows();
    expect(row?.lastError).toMatch(/No signing secret/);
    expect(receiver.received).toHaveLength(seen);

    // Then the ERP answers: delivered after four failed attempts.
    clock = new Date((row?.nextAttemptAt.getTime() ?? 0) + 1);
    expect(await worker().runOnce()).toEqual({ delivered: 1, failed: 0 });
    [row] = await rows();
    expect(row).toMatchObject({ attempts: 5, lastStatus: 200, lastError: null });
    expect(row?.deliveredAt).not.toBeNull();
  });

  it("takes a row back from a worker that died mid-post once its lease has passed", async () => {
    await placeCod();
    clockAfterQueue();
    // A claim whose worker never finished: leased, attempt counted, nothing recorded.
    await tdb.handle.db
      .update(s.webhookOutbox)
      .set({ lockedUntil: new Date(clock.getTime() + 60_000), attempts: 1 });
    expect(await worker().runOnce()).toEqual({ delivered: 0, failed: 0 });
    clock = new Date(clock.getTime() + 60_001);
    expect(await worker().runOnce()).toEqual({ delivered: 1, failed: 0 });
    const [row] = await rows();
    expect(row).toMatchObject({ attempts: 2, lastStatus: 200 });
    expect(receiver.received).toHaveLength(1);
    expect(
      await tdb.handle.db
        .select()
        .from(s.webhookOutbox)
        .where(eq(s.webhookOutbox.id, row?.id ?? 0)),
    ).toHaveLength(1);
  });
});
