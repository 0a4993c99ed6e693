// The Viva Smart Checkout adapter against a fake Viva on loopback that follows the documented
// requests and responses; then a whole card payment of a store set to `viva`, on both drivers.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CheckoutRequestSchema } from "../../core/validation/checkout";
import * as s from "../../db/store/schema";
import { loadConfig } from "../../server/config";
import { configureServices, serviceConfig } from "../../services/config";
import type { StoreContext } from "../../services/context";
import { cancelUnpaid, payNow, placeOrder } from "../../services/orders";
import {
  handlePaymentWebhook,
  paymentFailedReturn,
  paymentSuccessView,
  sweepPayments,
} from "../../services/orders/online-payment";
import { PaymentProviderError, parseJsonKeepingBigInts } from "../../services/payments/provider";
import { clearVivaTokenCache, createVivaProvider } from "../../services/payments/viva";
import { seedCheckoutFixture, storeContextFor } from "../helpers/checkout-store";
import { createTestDatabase, driversFor, type TestDb } from "../helpers/databases";
import { FakeViva } from "../helpers/fake-viva";

const CREDS = {
  clientId: "smart-client.apps.vivapayments.com",
  clientSecret: "s3cr3t",
  merchantId: "0f2e-merchant",
  apiKey: "api-key-77",
  sourceCode: "4693",
};
const SECRETS = {
  paymentAuth: `${CREDS.clientId}:${CREDS.clientSecret}`,
  paymentSourceCode: CREDS.sourceCode,
  paymentAltAuth: `${CREDS.merchantId}:${CREDS.apiKey}`,
};

let viva: FakeViva;
beforeAll(async () => {
  viva = await new FakeViva(CREDS).start();
});
afterAll(async () => viva?.stop());
beforeEach(() => {
  clearVivaTokenCache();
  viva.failWith = null;
});

const endpoints = () => ({ accountsUrl: viva.url, apiUrl: viva.url, checkoutUrl: viva.url });
const input = {
  amountCents: 3350,
  merchantReference: "W23456789ABCD",
  description: "Order W23456789ABCD at Vape Haven",
  customer: { email: "maria@example.com", fullName: "Maria Georgiou", phone: "99111222", countryCode: "CY" },
  method: "card" as const,
  timeoutSeconds: 1800,
  merchantName: "Vape Haven",
};

describe("viva adapter", () => {
  it("gets an OAuth2 client-credentials token once and creates a payment order as documented", async () => {
    const provider = createVivaProvider(SECRETS, endpoints());
    const created = await provider.createOrder(input);
    const again = await provider.createOrder({ ...input, merchantReference: "W3333333333333" });
    expect(created.providerOrderCode).toBe("9876543210987654");
    expect(again.providerOrderCode).toBe("9876543210987655");
    expect(created.redirectUrl).toBe(`${viva.url}/web/checkout?ref=9876543210987654`);
    expect(viva.count("/connect/token")).toBe(1);

    const tokenReq = viva.requests.find((r) => r.path === "/connect/token");
    expect(tokenReq?.body).toBe("grant_type=client_credentials");
    const orderReq = viva.requests.find((r) => r.path === "/checkout/v2/orders");
    expect(orderReq?.headers.authorization).toMatch(/^Bearer eyJ/);
    expect(orderReq?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(orderReq?.body ?? "{}")).toMatchObject({
      amount: 3350,
      customerTrns: "Order W23456789ABCD at Vape Haven",
      customer: {
        email: "maria@example.com",
        fullName: "Maria Georgiou",
        phone: "99111222",
        countryCode: "CY",
        requestLang: "en-GB",
      },
      paymentTimeout: 1800,
      sourceCode: "4693",
      merchantTrns: "W23456789ABCD",
      paymentNotification: true,
    });
  });

  it("verifies a transaction by id with its amount in cents and keeps 16-digit order codes exact", async () => {
    const provider = createVivaProvider(SECRETS, endpoints());
    const { providerOrderCode } = await provider.createOrder(input);
    expect(providerOrderCode).toMatch(/^98765432109876\d\d$/);
    const paid = viva.pay(providerOrderCode, "F");
    const failed = viva.pay(providerOrderCode, "E");
    await expect(provider.verifyTransaction(paid)).resolves.toMatchObject({
      transactionId: paid,
      providerOrderCode,
      amountCents: 3350,
      status: "paid",
    });
    await expect(provider.verifyTransaction(failed)).resolves.toMatchObject({ status: "failed" });
    await expect(provider.verifyTransaction("1b0a1c9e-0000-4000-8000-000000000000")).resolves.toBeNull();
    const before = viva.requests.length;
    await expect(provider.verifyTransaction("../../etc/passwd")).resolves.toBeNull();
    expect(viva.requests.length).toBe(before);
    const found = await provider.findTransactions(providerOrderCode);
    expect(found.map((t) => [t.transactionId, t.status, t.amountCents, t.providerOrderCode])).toEqual([
      [paid, "paid", 3350, providerOrderCode],
      [failed, "failed", 3350, providerOrderCode],
    ]);
    const legacy = viva.requests.find((r) => r.path === "/api/transactions");
    expect(legacy?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${CREDS.merchantId}:${CREDS.apiKey}`).toString("base64")}`,
    );
  });

  it("answers the webhook verification key from Viva and parses webhook bodies", async () => {
    const provider = createVivaProvider(SECRETS, endpoints());
    await expect(provider.webhookVerificationKey()).resolves.toBe("B3248222FDCD1885AEAFE51CCC1B5607F00903F6");
    const { providerOrderCode } = await provider.createOrder(input);
    const t = viva.pay(providerOrderCode);
    expect(provider.parseWebhook(parseJsonKeepingBigInts(viva.webhookBody(t)))).toEqual({
      kind: "transaction",
      transactionId: t,
      providerOrderCode,
      event: "payment",
    });
    expect(provider.parseWebhook({ EventTypeId: 1797, EventData: {} })).toMatchObject({ kind: "ignored" });
    expect(provider.parseWebhook("nonsense")).toMatchObject({ kind: "ignored" });
  });

  it("fails clearly: wrong credentials, a wrong source code, an outage, missing secrets", async () => {
    const wrong = createVivaProvider({ ...SECRETS, paymentAuth: "someone:else" }, endpoints());
    await expect(wrong.createOrder(input)).rejects.toBeInstanceOf(PaymentProviderError);
    const wrongSource = createVivaProvider({ ...SECRETS, paymentSourceCode: "0000" }, endpoints());
    await expect(wrongSource.createOrder(input)).rejects.toThrow(/HTTP 403/);
    const noSecrets = createVivaProvider(
      { paymentAuth: null, paymentSourceCode: null, paymentAltAuth: null },
      endpoints(),
    );
    await expect(noSecrets.createOrder(input)).rejects.toThrow(/not configured/);
    await expect(noSecrets.webhookVerificationKey()).rejects.toThrow(/not configured/);
    viva.failWith = 503;
    const down = createVivaProvider(SECRETS, endpoints());
    await expect(down.createOrder(input)).rejects.toThrow(/HTTP 503/);
    const unreachable = createVivaProvider(SECRETS, {
      accountsUrl: "http://127.0.0.1:1",
      apiUrl: "http://127.0.0.1:1",
      checkoutUrl: "http://127.0.0.1:1",
    });
    await expect(unreachable.createOrder(input)).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it("refunds through Viva's cancel-transaction call: in part, once per idempotency key, never beyond the payment", async () => {
    const provider = createVivaProvider(SECRETS, endpoints());
    const { providerOrderCode } = await provider.createOrder(input);
    const paid = viva.pay(providerOrderCode, "F", 3350);
    const request = {
      transactionId: paid,
      amountCents: 1200,
      idempotencyKey: "refund-key-0001",
      merchantReference: "W23456789ABCD refund 1",
    };

    const first = await provider.refund(request);
    expect(first.kind).toBe("refunded");
    const call = viva.requests.filter((r) => r.path === `/acquiring/v1/transactions/${paid}`);
    expect(call).toHaveLength(1);
    expect(call[0]?.method).toBe("DELETE");
    expect(call[0]?.headers.authorization).toMatch(/^Bearer eyJ/);
    expect(Object.fromEntries(new URLSearchParams(call[0]?.query))).toEqual({
      amount: "1200",
      sourceCode: CREDS.sourceCode,
      merchantTrns: "W23456789ABCD refund 1",
      idempotencyKey: "refund-key-0001",
    });

    // The same key again (a retry after a lost answer) answers the first refund: no second one.
    const again = await provider.refund(request);
    expect(again.kind === "refunded" && first.kind === "refunded").toBe(true);
    if (again.kind === "refunded" && first.kind === "refunded")
      expect(again.refundTransactionId).toBe(first.refundTransactionId);
    expect([...viva.refunds.values()].filter((r) => r.parent === paid)).toHaveLength(1);

    // Viva refuses more than is left of the payment: nothing refunded, told apart from an outage.
    const beyond = await provider.refund({
      ...request,
      amountCents: 2151,
      idempotencyKey: "refund-key-0002",
    });
    expect(beyond.kind).toBe("refused");
    const rest = await provider.refund({ ...request, amountCents: 2150, idempotencyKey: "refund-key-0003" });
    expect(rest.kind).toBe("refunded");
    expect([...viva.refunds.values()].filter((r) => r.parent === paid).map((r) => r.amountCents)).toEqual([
      1200, 2150,
    ]);

    // A transaction Viva does not know is refused; a failed payment has nothing to refund.
    const unknown = await provider.refund({
      ...request,
      transactionId: "6cbd5a3e-0000-4000-8000-000000000000",
      idempotencyKey: "refund-key-0004",
    });
    expect(unknown.kind).toBe("refused");
    const failed = viva.pay(providerOrderCode, "E", 3350);
    expect(
      (await provider.refund({ ...request, transactionId: failed, idempotencyKey: "refund-key-0005" })).kind,
    ).toBe("refused");
    // Not a Viva id at all: refused without asking.
    const before = viva.requests.length;
    expect(
      (await provider.refund({ ...request, transactionId: "T-123", idempotencyKey: "refund-key-0006" })).kind,
    ).toBe("refused");
    expect(viva.requests.length).toBe(before);

    // An outage is not a refusal: the caller keeps the refund pending and asks again later.
    viva.failWith = 503;
    await expect(provider.refund({ ...request, idempotencyKey: "refund-key-0007" })).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
  });

  it("reads demo, production and overridden base URLs from the environment", () => {
    const vivaOf = (env: NodeJS.ProcessEnv) => loadConfig(env).services.viva;
    expect(vivaOf({})).toEqual({
      accountsUrl: "https://demo-accounts.vivapayments.com",
      apiUrl: "https://demo-api.vivapayments.com",
      checkoutUrl: "https://demo.vivapayments.com",
    });
    expect(vivaOf({ VIVA_ENV: "production" }).apiUrl).toBe("https://api.vivapayments.com");
    expect(vivaOf({ VIVA_ENV: "production", VIVA_API_URL: "http://127.0.0.1:9/" }).apiUrl).toBe(
      "http://127.0.0.1:9",
    );
  });
});

describe.each(driversFor("either"))("a viva store on %s", (driver) => {
  let tdb: TestDb<"store">;
  let store: StoreContext;
  let fx: Awaited<ReturnType<typeof seedCheckoutFixture>>;
  const saved = serviceConfig();

  beforeAll(async () => {
    configureServices({ ...saved, viva: { accountsUrl: viva.url, apiUrl: viva.url, checkoutUrl: viva.url } });
    tdb = await createTestDatabase(driver, "store");
    fx = await seedCheckoutFixture(tdb.handle.db);
    store = await storeContextFor(tdb.handle.db, { provider: "viva", secrets: SECRETS });
  });
  afterAll(async () => {
    configureServices(saved);
    await tdb?.dispose();
  });

  const cardOrder = () =>
    placeOrder(
      store,
      fx.customers.maria,
      CheckoutRequestSchema.parse({
        lines: [{ id: fx.products.pod, qty: 1 }],
        shippingId: fx.shipping.courierCy,
        paymentMethod: "card",
      }),
    );

  it("card payment: Viva order before the redirect, webhook first, then the shopper's return", async () => {
    const placed = await cardOrder();
    expect(placed.redirectUrl).toMatch(new RegExp(`^${viva.url}/web/checkout\\?ref=\\d{16}$`));
    const ref = new URL(placed.redirectUrl as string).searchParams.get("ref") as string;
    const [order] = await tdb.handle.db.select().from(s.orders).where(eq(s.orders.code, placed.code));
    expect(order.paymentReference).toBe(`Viva Wallet ${ref}`);
    const t = viva.pay(ref);
    const hook = await handlePaymentWebhook(store, "viva", parseJsonKeepingBigInts(viva.webhookBody(t)));
    expect(hook).toEqual({ status: "processed", detail: "order paid" });
    expect(await paymentSuccessView(store, ref, t)).toMatchObject({
      kind: "success",
      paymentCode: ref,
      orderCode: placed.code,
    });
    expect(await paymentSuccessView(store, ref, t)).toEqual({ kind: "already" });
    const mails = await tdb.handle.db.select().from(s.outbox);
    expect(mails.filter((m) => m.dedupeKey?.startsWith(`order:${placed.code}:`))).toHaveLength(2);
  });

  it("a webhook claiming a payment Viva does not confirm changes nothing; an amount mismatch is refused", async () => {
    const placed = await cardOrder();
    const ref = new URL(placed.redirectUrl as string).searchParams.get("ref") as string;
    const fake = {
      EventTypeId: 1796,
      EventData: { TransactionId: "0b7a1c9e-0000-4000-8000-00000000beef", OrderCode: ref, StatusId: "F" },
    };
    expect((await handlePaymentWebhook(store, "viva", fake)).status).toBe("ignored");
    const cheap = viva.pay(ref, "F", 100);
    expect(
      (await handlePaymentWebhook(store, "viva", parseJsonKeepingBigInts(viva.webhookBody(cheap)))).status,
    ).toBe("ignored");
    const [order] = await tdb.handle.db.select().from(s.orders).where(eq(s.orders.code, placed.code));
    expect(order.status).toBe("pending_payment");
  });

  it("the sweep finds a payment whose shopper closed the tab and whose webhook never came", async () => {
    const placed = await cardOrder();
    const ref = new URL(placed.redirectUrl as string).searchParams.get("ref") as string;
    viva.pay(ref, "E");
    viva.pay(ref, "F");
    const r = await sweepPayments(store, new Date(Date.now() + 2 * 60_000));
    expect(r.paid).toBeGreaterThanOrEqual(1);
    const [order] = await tdb.handle.db.select().from(s.orders).where(eq(s.orders.code, placed.code));
    expect(order.status).toBe("paid");
  });

  const refOf = (url: string | null) => new URL(url as string).searchParams.get("ref") as string;
  const statusOf = async (code: string) =>
    (await tdb.handle.db.select().from(s.orders).where(eq(s.orders.code, code)))[0].status;

  it("pay now: a new Viva payment order whose window ends with the reservation; an earlier one paid at Viva (webhook lost) is found first", async () => {
    const placed = await cardOrder();
    const first = refOf(placed.redirectUrl);
    const tenMinutesOn = new Date(Date.now() + 10 * 60_000);
    const again = await payNow(store, fx.customers.maria, placed.code, { now: tenMinutesOn });
    expect(again.providerOrderCode).not.toBe(first);
    // 35 minutes of reservation, 10 gone, 5 kept as the margin: 20 minutes to pay.
    const timeout = Number(viva.orders.get(again.providerOrderCode)?.body.paymentTimeout);
    expect(timeout).toBeGreaterThan(19 * 60);
    expect(timeout).toBeLessThanOrEqual(20 * 60);

    // The first payment page was paid after all and its webhook never came: asking for yet
    // another payment order finds it instead of letting the shopper pay twice.
    viva.pay(first);
    const created = viva.count("/checkout/v2/orders");
    await expect(payNow(store, fx.customers.maria, placed.code)).rejects.toMatchObject({
      code: "invalid_state",
      message: `Order ${placed.code} is already paid.`,
    });
    expect(viva.count("/checkout/v2/orders")).toBe(created);
    expect(await statusOf(placed.code)).toBe("paid");
  });

  it("the sweep asks about every payment order of an order before it releases the reservation", async () => {
    const placed = await cardOrder();
    const again = await payNow(store, fx.customers.maria, placed.code);
    viva.pay(again.providerOrderCode);
    // Earlier tests' unpaid orders expire in this sweep too; this one must not, even for a moment.
    const others = (await tdb.handle.db.select().from(s.orders).where(eq(s.orders.status, "pending_payment")))
      .length;
    const r = await sweepPayments(store, new Date(Date.now() + 40 * 60_000));
    expect(r).toEqual({ paid: 1, expired: others - 1 });
    expect(await statusOf(placed.code)).toBe("paid");
  });

  it("cancelling asks Viva first: an order paid there is not cancelled", async () => {
    const placed = await cardOrder();
    viva.pay(refOf(placed.redirectUrl));
    await expect(cancelUnpaid(store, fx.customers.maria, placed.code)).rejects.toMatchObject({
      code: "invalid_state",
      message: `Order ${placed.code} is already paid.`,
    });
    expect(await statusOf(placed.code)).toBe("paid");
  });

  it("the failed page releases the reservation only when Viva shows no payment; an outage keeps it", async () => {
    const placed = await cardOrder();
    const ref = new URL(placed.redirectUrl as string).searchParams.get("ref") as string;
    const t = viva.pay(ref, "E");
    viva.failWith = 503;
    expect(await paymentFailedReturn(store, ref, t)).toBe("kept");
    expect((await sweepPayments(store, new Date(Date.now() + 40 * 60_000))).expired).toBe(0);
    viva.failWith = null;
    expect(await paymentFailedReturn(store, ref, t)).toBe("released");
    const [order] = await tdb.handle.db.select().from(s.orders).where(eq(s.orders.code, placed.code));
    expect(order.status).toBe("expired");
  });
});
