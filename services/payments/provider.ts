// The card/wallet payment provider seam (ARCHITECTURE section 6). A provider creates a payment
// order for an amount and sends the shopper to its hosted checkout; afterwards we only ever
// believe what the provider's own API says about a transaction id, whatever a redirect or a
// webhook body claims.

export type ProviderId = "viva" | "test";

export interface PaymentCustomer {
  email: string;
  fullName: string;
  phone: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
}

export interface CreatePaymentInput {
  amountCents: number;
  /** Our ORDERCODE, so the provider's records point back to the order. */
  merchantReference: string;
  /** What the shopper sees on the provider's page. */
  description: string;
  customer: PaymentCustomer;
  method: "card" | "wallet";
  /** How long the provider accepts payment for this order. */
  timeoutSeconds: number;
  /** The store's name as a hosted page shows it. */
  merchantName: string;
  requestLang?: string;
}

export interface CreatedPayment {
  /** The provider's payment order code: the `s` the shopper comes back with. */
  providerOrderCode: string;
  /** Where to send the shopper (absolute, or a path on our own server for the test provider). */
  redirectUrl: string;
}

export type TransactionStatus = "paid" | "pending" | "failed";

export interface VerifiedTransaction {
  transactionId: string;
  providerOrderCode: string;
  amountCents: number;
  status: TransactionStatus;
  raw: unknown;
}

/** What a webhook body asks us to look at; never trusted beyond the ids in it. */
export type WebhookNotice =
  | {
      kind: "transaction";
      transactionId: string;
      providerOrderCode: string | null;
      event: "payment" | "failed";
    }
  | { kind: "ignored"; reason: string };

export interface RefundRequest {
  /** The paid transaction the money goes back from. */
  transactionId: string;
  amountCents: number;
  /** The same key for every attempt of one refund: the provider refunds it at most once. */
  idempotencyKey: string;
  /** Our reference for the provider's records (the order code and refund number). */
  merchantReference: string;
}

export type RefundOutcome =
  /** The provider refunded (or had already refunded under this key). */
  | { kind: "refunded"; refundTransactionId: string; raw: unknown }
  /** The provider answered and refused it: nothing was refunded. */
  | { kind: "refused"; message: string };

export interface PaymentProvider {
  readonly id: ProviderId;
  /** Names the provider in the order's payment reference: `<displayName> <payment id>`. */
  readonly displayName: string;
  createOrder(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** The provider's record of a transaction, or null when it has none under that id. */
  verifyTransaction(transactionId: string): Promise<VerifiedTransaction | null>;
  /** Every transaction the provider holds against a payment order (the sweep's safety net). */
  findTransactions(providerOrderCode: string): Promise<VerifiedTransaction[]>;
  /** The key a webhook URL must answer a verification GET with. */
  webhookVerificationKey(): Promise<string>;
  parseWebhook(body: unknown): WebhookNotice;
  /**
   * Gives money back on a paid transaction, fully or in part. Throws PaymentProviderError when
   * the outcome is unknown (unreachable, timed out, a server error): ask again with the same key.
   */
  refund(request: RefundRequest): Promise<RefundOutcome>;
}

/** The provider could not be reached or refused the request. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}

/** Viva-style webhook bodies (`EventTypeId`, `EventData`), shared by both providers. */
export function parseVivaStyleWebhook(body: unknown): WebhookNotice {
  if (!body || typeof body !== "object") return { kind: "ignored", reason: "not an object" };
  const b = body as Record<string, unknown>;
  const type = Number(b.EventTypeId);
  const data = (b.EventData ?? {}) as Record<string, unknown>;
  const tx = typeof data.TransactionId === "string" ? data.TransactionId : null;
  const code = data.OrderCode !== undefined && data.OrderCode !== null ? String(data.OrderCode) : null;
  // 1796: Transaction Payment Created, 1798: Transaction Failed (Viva's event type ids).
  if (type !== 1796 && type !== 1798) return { kind: "ignored", reason: `event type ${b.EventTypeId}` };
  if (!tx) return { kind: "ignored", reason: "no transaction id" };
  return {
    kind: "transaction",
    transactionId: tx,
    providerOrderCode: code,
    event: type === 1796 ? "payment" : "failed",
  };
}

/**
 * JSON.parse that keeps long integer fields (Viva's 16-digit order codes exceed 2^53) as text.
 */
export function parseJsonKeepingBigInts(text: string): unknown {
  return JSON.parse(text.replace(/("(?:orderCode|OrderCode)"\s*:\s*)(\d{15,})/g, '$1"$2"'));
}
