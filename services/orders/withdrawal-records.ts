// The withdrawals recorded for orders (docs/decisions/0050), as the order pages, the back office and
// the ERP (its orders, change feed and webhook) read them. Reads only: recording is withdrawal.ts.
import { asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { orderLines, withdrawalLines, withdrawals } from "../../db/store/schema";
import type { StoreDb } from "../context";

export interface WithdrawalRecord {
  id: number;
  createdAt: string;
  byKind: "customer" | "guest";
  byName: string;
  email: string | null;
  lines: { orderLineId: number; productId: number; description: string; qty: number }[];
}

/** The withdrawals of some orders, oldest first, with their lines. */
export async function withdrawalsOf(
  db: StoreDb | Tx,
  orderIds: number[],
): Promise<Map<number, WithdrawalRecord[]>> {
  const out = new Map<number, WithdrawalRecord[]>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select()
    .from(withdrawals)
    .where(inArray(withdrawals.orderId, orderIds))
    .orderBy(asc(withdrawals.id));
  if (rows.length === 0) return out;
  const lines = await db
    .select({
      withdrawalId: withdrawalLines.withdrawalId,
      orderLineId: withdrawalLines.orderLineId,
      productId: orderLines.productId,
      description: withdrawalLines.description,
      qty: withdrawalLines.qty,
    })
    .from(withdrawalLines)
    .innerJoin(orderLines, eq(orderLines.id, withdrawalLines.orderLineId))
    .where(
      inArray(
        withdrawalLines.withdrawalId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(withdrawalLines.id));
  for (const r of rows) {
    const list = out.get(r.orderId) ?? [];
    list.push({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      byKind: r.byKind === "guest" ? "guest" : "customer",
      byName: r.byName,
      email: r.email,
      lines: lines
        .filter((l) => l.withdrawalId === r.id)
        .map(({ orderLineId, productId, description, qty }) => ({
          orderLineId,
          productId,
          description,
          qty,
        })),
    });
    out.set(r.orderId, list);
  }
  return out;
}
