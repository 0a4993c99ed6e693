// The `test` provider: a hosted checkout page on our own server (/payments/test-checkout) that
// approves or declines, for the demo stores and the end-to-end tests. It behaves like Viva from
// the shop's side: a payment order code, a redirect, a return with s and t, a webhook, and a
// transaction that can be verified by id. It keeps no state of its own: the checkout link and
// every transaction id carry their facts signed with a key derived from the store's secrets, so
// nobody can forge an approval and verification needs no table.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { StoreSecrets } from "../context";
import {
  type CreatedPayment,
  type CreatePaymentInput,
  type PaymentProvider,
  parseVivaStyleWebhook,
  type RefundOutcome,
  type RefundRequest,
  type VerifiedTransaction,
} from "./provider";

export const TEST_CHECKOUT_PATH = "/payments/test-checkout";

export interface TestCheckoutParams {
  ref: string;
  amount: number;
  merchant: string;
  description: string;
  email: string;
  name: string;
}

interface TxPayload {
  /** provider order code */
  o: string;
  /** amount in cents */
  a: number;
  /** 'F' paid, 'E' declined (Viva's status letters) */
  s: "F" | "E";
  /** when */
  t: string;
  n: string;
}

function sign(key: Buffer, data: string): string {
  return createHmac("sha256", key).update(data).digest("base64url");
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function checkoutData(p: TestCheckoutParams): string {
  return ["checkout", p.ref, p.amount, p.merchant, p.description, p.email, p.name].join("\u001f");
}

/** 16 digits, like Viva's payment order codes. */
function orderCode(): string {
  let s = String(randomInt(1, 10));
  for (let i = 0; i < 15; i++) s += String(randomInt(0, 10));
  return s;
}

export interface TestProvider extends PaymentProvider {
  /** Checks a checkout link's signature; returns its facts or null. */
  readCheckout(query: URLSearchParams): TestCheckoutParams | null;
  /** The shopper pressed Approve or Decline: a signed transaction id for the return URLs. */
  decide(params: TestCheckoutParams, approve: boolean): string;
}

export function testProviderKey(
  storeId: string,
  secrets: Pick<StoreSecrets, "paymentAuth" | "paymentSourceCode">,
): Buffer {
  return createHmac("sha256", "storefront-test-payments")
    .update([storeId, secrets.paymentAuth ?? "", secrets.paymentSourceCode ?? ""].join("\u001f"))
    .digest();
}

export function createTestProvider(
  storeId: string,
  secrets: Pick<StoreSecrets, "paymentAuth" | "paymentSourceCode">,
): TestProvider {
  const key = testProviderKey(storeId, secrets);

  function readTransaction(id: string): TxPayload | null {
    const m = /^tp_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(id);
    if (!m) return null;
    if (!same(sign(key, `tx\u001f${m[1]}`), m[2])) return null;
    try {
      const p = JSON.parse(Buffer.from(m[1], "base64url").toString("utf8")) as TxPayload;
      if (typeof p.o !== "string" || !Number.isInteger(p.a) || (p.s !== "F" && p.s !== "E")) return null;
      return p;
    } catch {
      return null;
    }
  }

  return {
    id: "test",
    displayName: "Test Payments",

    async createOrder(input: CreatePaymentInput): Promise<CreatedPayment> {
      const params: TestCheckoutParams = {
        ref: orderCode(),
        amount: input.amountCents,
        merchant: input.merchantName,
        description: input.description.slice(0, 200),
        email: input.customer.email,
        name: input.customer.fullName,
      };
      const q = new URLSearchParams({
        ref: params.ref,
        amount: String(params.amount),
        merchant: params.merchant,
        desc: params.description,
        email: params.email,
        name: params.name,
        sig: sign(key, checkoutData(params)),
      });
      return { providerOrderCode: params.ref, redirectUrl: `${TEST_CHECKOUT_PATH}?${q.toString()}` };
    },

    readCheckout(query: URLSearchParams): TestCheckoutParams | null {
      const amount = Number(query.get("amount"));
      const p: TestCheckoutParams = {
        ref: query.get("ref") ?? "",
        amount,
        merchant: query.get("merchant") ?? "",
        description: query.get("desc") ?? "",
        email: query.get("email") ?? "",
        name: query.get("name") ?? "",
      };
      if (!/^\d{16}$/.test(p.ref) || !Number.isInteger(amount) || amount < 0) return null;
      const sig = query.get("sig") ?? "";
      return same(sign(key, checkoutData(p)), sig) ? p : null;
    },

    decide(params: TestCheckoutParams, approve: boolean): string {
      const payload: TxPayload = {
        o: params.ref,
        a: params.amount,
        s: approve ? "F" : "E",
        t: new Date().toISOString(),
        n: randomBytes(6).toString("base64url"),
      };
      const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
      return `tp_${body}.${sign(key, `tx\u001f${body}`)}`;
    },

    async verifyTransaction(transactionId: string): Promise<VerifiedTransaction | null> {
      const p = readTransaction(transactionId);
      if (!p) return null;
      return {
        transactionId,
        providerOrderCode: p.o,
        amountCents: p.a,
        status: p.s === "F" ? "paid" : "failed",
        raw: p,
      };
    },

    // Stateless: the test provider only knows what a transaction id tells it.
    async findTransactions(): Promise<VerifiedTransaction[]> {
      return [];
    },

    async webhookVerificationKey(): Promise<string> {
      return sign(key, "webhook-key").slice(0, 40).toUpperCase();
    },

    parseWebhook: parseVivaStyleWebhook,

    // Refunds as Viva's cancel-transaction call answers them: a paid transaction of ours, an
    // amount of at least 1 cent and at most the payment's. Stateless like the rest: the refund id
    // is signed from the transaction, the amount and the idempotency key, so asking again with
    // the same key answers the same refund. What was refunded in total is the shop's to hold.
    async refund(request: RefundRequest): Promise<RefundOutcome> {
      const p = readTransaction(request.transactionId);
      if (p?.s !== "F") return { kind: "refused", message: "Transaction not found or not paid" };
      if (!Number.isInteger(request.amountCents) || request.amountCents < 1)
        return { kind: "refused", message: "Amount is invalid" };
      if (request.amountCents > p.a)
        return { kind: "refused", message: "The amount exceeds the amount of the original payment" };
      const body = Buffer.from(
        JSON.stringify({ o: p.o, a: request.amountCents, k: request.idempotencyKey }),
      ).toString("base64url");
      const id = `tpr_${body}.${sign(key, `refund\u001f${request.transactionId}\u001f${body}`)}`;
      return { kind: "refunded", refundTransactionId: id, raw: { o: p.o, a: request.amountCents } };
    },
  };
}
