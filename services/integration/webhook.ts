// The ERP webhook's outbox and signature (issue 22, "Outbound"; docs/integration.md, "Webhook").
//
// When a store has an ERP webhook URL, each order that becomes placed (cash on delivery, bank
// transfer) or paid (online payment confirmed) is queued in webhook_outbox by the transaction
// that made the change, so an order is queued exactly when the change commits. The body is built
// once and stored as text: every retry posts, and signs, the same bytes. The event key
// `<event>:<order code>` is unique, so the same event is never queued twice.
//
// Signature: `X-Webhook-Signature: sha256=<hex HMAC-SHA256("<timestamp>.<body>", secret)>`, where
// `<timestamp>` is the `X-Webhook-Timestamp` header (Unix seconds of this attempt) and `<body>`
// the exact bytes of the request body. A receiver recomputes it, compares in constant time and
// refuses a timestamp far from its clock (a replay).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Tx } from "../../db/client";
import type { orders } from "../../db/store/schema";
import { webhookOutbox } from "../../db/store/schema";
import type { StoreContext } from "../context";
import { type WebOrder, webOrderIn } from "../orders/queries";

// order.withdrawn: a consumer withdrew from the order (docs/decisions/0050); its body's order
// carries every withdrawal so far, and its key names the withdrawal, as one order may have several.
// order.shipped: one shipment left (docs/decisions/0055), keyed by the shipment's id; order.delivered:
// the order was delivered (once per order).
export const WEBHOOK_EVENTS = [
  "order.placed",
  "order.paid",
  "order.withdrawn",
  "order.shipped",
  "order.delivered",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What is posted: the same JSON on every attempt. */
export interface WebhookBody {
  event: WebhookEvent;
  /** The event key, `<event>:<order code>`: the same on every retry, so a receiver can dedupe. */
  id: string;
  occurredAt: string;
  /** The store's id in the registry. */
  store: string;
  /** The order as GET /api/v1/integration/orders shows it. */
  order: WebOrder;
}

export const webhookEventKey = (event: WebhookEvent, orderCode: string, suffix?: string) =>
  suffix ? `${event}:${orderCode}:${suffix}` : `${event}:${orderCode}`;

/**
 * Queues the order's event for the ERP in the caller's transaction, when the store has a webhook
 * URL; returns whether a row was queued (false: no URL, or this event was queued before).
 */
export async function enqueueOrderWebhook(
  tx: Tx,
  store: StoreContext,
  event: WebhookEvent,
  order: typeof orders.$inferSelect,
  occurredAt: Date,
  /** Names one of several events of the kind on the order (a withdrawal's id). */
  suffix?: string,
): Promise<boolean> {
  if (!store.secrets.erpWebhookUrl) return false;
  const id = webhookEventKey(event, order.code, suffix);
  const body: WebhookBody = {
    event,
    id,
    occurredAt: occurredAt.toISOString(),
    store: store.config.id,
    order: await webOrderIn(tx, order),
  };
  const inserted = await tx
    .insert(webhookOutbox)
    .values({ event, eventKey: id, body: JSON.stringify(body) })
    .onConflictDoNothing({ target: webhookOutbox.eventKey })
    .returning({ id: webhookOutbox.id });
  return inserted.length > 0;
}

/** `sha256=<hex>`: HMAC-SHA256 of `<timestamp>.<body>` with the store's secret. */
export function webhookSignature(secret: string, timestamp: number | string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/**
 * What a receiver does (and what the tests do): recompute the signature in constant time and
 * refuse a timestamp more than `toleranceSeconds` from its clock.
 */
export function verifyWebhookSignature(
  secret: string,
  headers: { timestamp: string | null; signature: string | null },
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): boolean {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;
  const expected = Buffer.from(webhookSignature(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A new signing secret: 32 random bytes, shown to the owner once. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}
