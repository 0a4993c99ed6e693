// A consumer's withdrawal from an order (Consumer Rights Directive art. 11a; docs/decisions/0050):
// what the order pages show (open or not, until when, which lines), and recording a confirmed
// withdrawal: the withdrawal and its lines, a step on the order's timeline, the order moved in the
// ERP's change feed, the ERP webhook and the acknowledgement mail, all in one transaction.
// A repeat of the same confirmation (its idempotency key) answers the first withdrawal again.
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { type Lang, SOURCE_LANG } from "../../core/language";
import {
  WITHDRAWAL_TEXT,
  type WithdrawalInput,
  type WithdrawalWindow,
  withdrawalLinesProblem,
  withdrawalWindow,
} from "../../core/withdrawal";
import type { Tx } from "../../db/client";
import { orderEvents, orderLines, orders, withdrawalLines, withdrawals } from "../../db/store/schema";
import type { StoreContext, StoreDb } from "../context";
import { ServiceError } from "../failure";
import { enqueueOrderWebhook } from "../integration/webhook";
import { buyerActor, recordOrderEvent } from "./events";
import { verifyOrderSignature } from "./order-link";
import { queueWithdrawalMail } from "./withdrawal-mail";
import { type WithdrawalRecord, withdrawalsOf } from "./withdrawal-records";

type OrderRow = typeof orders.$inferSelect;

/** What an order page needs to offer the withdrawal function. */
export interface WithdrawalView {
  window: WithdrawalWindow;
  days: number;
  withdrawals: WithdrawalRecord[];
}

/**
 * When the goods of an order count as delivered (docs/decisions/0050, 0055): the delivery staff or
 * the ERP recorded; for an order completed without one, when it was completed (its last `completed`
 * step); null before either.
 */
async function deliveredAt(db: StoreDb | Tx, order: OrderRow): Promise<Date | null> {
  if (order.deliveredAt) return order.deliveredAt;
  if (order.status !== "completed") return null;
  const [e] = await db
    .select({ at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, "completed")))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  // An order completed before the timeline was kept, with no step recorded: its last change.
  return e?.at ?? order.updatedAt;
}

async function viewIn(
  db: StoreDb | Tx,
  store: StoreContext,
  order: OrderRow,
  now: Date,
): Promise<WithdrawalView> {
  const [lines, done, delivered] = await Promise.all([
    db
      .select({ id: orderLines.id, description: orderLines.description, qty: orderLines.qty })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id)),
    withdrawalsOf(db, [order.id]),
    deliveredAt(db, order),
  ]);
  const records = done.get(order.id) ?? [];
  const withdrawn = new Map<number, number>();
  for (const w of records)
    for (const l of w.lines) withdrawn.set(l.orderLineId, (withdrawn.get(l.orderLineId) ?? 0) + l.qty);
  const window = withdrawalWindow({
    consumerSales: store.settings.consumerSales,
    status: order.status,
    deliveredAt: delivered,
    days: store.settings.withdrawalDays,
    now,
    lines: lines.map((l) => ({ ...l, withdrawnQty: withdrawn.get(l.id) ?? 0 })),
  });
  return { window, days: store.settings.withdrawalDays, withdrawals: records };
}

/** Where an order stands with the right of withdrawal, for its page. */
export function withdrawalView(
  store: StoreContext,
  order: OrderRow,
  now = new Date(),
): Promise<WithdrawalView> {
  return viewIn(store.db, store, order, now);
}

/** Who confirms: the signed-in customer (their own orders only) or a guest through the signed link. */
export type WithdrawingShopper = { kind: "customer"; customerId: number } | { kind: "guest"; sig: string };

const notFound = () => new ServiceError("not_found", "Order not found");

async function orderFor(store: StoreContext, who: WithdrawingShopper, code: string): Promise<OrderRow> {
  if (who.kind === "guest" && !(await verifyOrderSignature(store.config.id, code, who.sig))) throw notFound();
  const rows = await store.db
    .select()
    .from(orders)
    .where(
      who.kind === "customer"
        ? and(eq(orders.code, code), eq(orders.customerId, who.customerId))
        : eq(orders.code, code),
    )
    .limit(1);
  if (!rows[0]) throw notFound();
  return rows[0];
}

async function recordByKey(tx: Tx, orderId: number, key: string): Promise<WithdrawalRecord | null> {
  const [row] = await tx
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.orderId, orderId), eq(withdrawals.idempotencyKey, key)))
    .limit(1);
  if (!row) return null;
  return (await withdrawalsOf(tx, [orderId])).get(orderId)?.find((w) => w.id === row.id) ?? null;
}

export interface WithdrawOutcome {
  withdrawal: WithdrawalRecord;
  /** False when this was a repeat of a confirmation already recorded. */
  created: boolean;
  orderCode: string;
}

/**
 * Records a confirmed withdrawal. Refusals: not_found (another customer's order, another store's,
 * a wrong signature), invalid_state (outside the period, not a consumer shop, nothing left),
 * invalid (a line not open), invalid_quantity (more than is left).
 */
export async function withdrawFromOrder(
  store: StoreContext,
  who: WithdrawingShopper,
  code: string,
  input: WithdrawalInput,
  lang: Lang = SOURCE_LANG,
  now = new Date(),
): Promise<WithdrawOutcome> {
  const found = await orderFor(store, who, code);
  return store.db.transaction(async (tx) => {
    // Locked: two presses of one confirmation, or two withdrawals of the same lines, queue here,
    // so the second sees the first (its key, or what it left to withdraw).
    const [order] = await tx.select().from(orders).where(eq(orders.id, found.id)).for("update");
    if (!order) throw notFound();
    const again = await recordByKey(tx, order.id, input.idempotencyKey);
    if (again) return { withdrawal: again, created: false, orderCode: order.code };

    const view = await viewIn(tx, store, order, now);
    if (!view.window.open) throw new ServiceError("invalid_state", WITHDRAWAL_TEXT.notOpen);
    const withdrawnLines = new Set(view.withdrawals.flatMap((w) => w.lines.map((l) => l.orderLineId)));
    const problem = withdrawalLinesProblem(input.lines, view.window.lines, withdrawnLines);
    if (problem) {
      throw new ServiceError(problem === WITHDRAWAL_TEXT.tooMany ? "invalid_quantity" : "invalid", problem);
    }
    const actor = buyerActor(order);
    const email = order.customerEmail.includes("@") ? order.customerEmail : null;
    const [w] = await tx
      .insert(withdrawals)
      .values({
        orderId: order.id,
        idempotencyKey: input.idempotencyKey,
        byKind: who.kind,
        byName: order.customerName,
        email,
        lang,
        // Null before delivery: the period had not started.
        deadline: view.window.until,
        createdAt: now,
      })
      .returning();
    const byId = new Map(view.window.lines.map((l) => [l.id, l]));
    const lines = input.lines.map((c) => ({
      withdrawalId: w.id,
      orderLineId: c.lineId,
      description: byId.get(c.lineId)?.description ?? "",
      qty: c.qty,
    }));
    await tx.insert(withdrawalLines).values(lines);
    const products = new Map(
      (
        await tx
          .select({ id: orderLines.id, productId: orderLines.productId })
          .from(orderLines)
          .where(eq(orderLines.orderId, order.id))
      ).map((l) => [l.id, l.productId]),
    );
    await recordOrderEvent(tx, order.id, "withdrawn", actor, {
      body: lines
        .map((l) => `${l.qty} × ${l.description}`)
        .join("; ")
        .slice(0, 2000),
      at: now,
    });
    // Any change to the order row moves it in the ERP's change feed (track_change), where the
    // order now carries this withdrawal.
    const [touched] = await tx
      .update(orders)
      .set({ updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    const record: WithdrawalRecord = {
      id: w.id,
      createdAt: w.createdAt.toISOString(),
      byKind: who.kind,
      byName: w.byName,
      email,
      lines: lines.map(({ orderLineId, description, qty }) => ({
        orderLineId,
        productId: products.get(orderLineId) ?? 0,
        description,
        qty,
      })),
    };
    await enqueueOrderWebhook(tx, store, "order.withdrawn", touched ?? order, now, String(w.id));
    if (email) await queueWithdrawalMail(tx, store, order, { ...record, email }, lang);
    return { withdrawal: record, created: true, orderCode: order.code };
  });
}

/** The withdrawal views of some of this store's orders, by code (the order pages' loaders). */
export async function withdrawalViewsByCode(
  store: StoreContext,
  codes: string[],
  now = new Date(),
): Promise<Map<string, WithdrawalView>> {
  const out = new Map<string, WithdrawalView>();
  if (codes.length === 0) return out;
  const rows = await store.db.select().from(orders).where(inArray(orders.code, codes));
  for (const row of rows) out.set(row.code, await viewIn(store.db, store, row, now));
  return out;
}
