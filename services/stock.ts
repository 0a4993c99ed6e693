// The one way to change a product's stock outside an order's own take/return: the ERP/POS API,
// back-office corrections, cancelled orders. Every change runs in a transaction and, when the
// product has stock again, answers its back-in-stock requests in that same transaction.
import { and, eq, gte, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { stock } from "../db/store/schema";
import { afterStockChange } from "./catalog";
import type { StoreContext } from "./context";
import { ServiceError } from "./failure";
import { notifyBackInStock } from "./notify";

export interface StockChange {
  productId: number;
  /** Defaults to the store's warehouse (`warehouse id` setting). */
  warehouseId?: number | null;
}

export interface StockResult {
  qty: number;
  /** Back-in-stock mails queued by this change. */
  notified: number;
}

function warehouseOf(store: StoreContext, change: StockChange): number {
  const id = change.warehouseId ?? store.settings.warehouseId;
  if (id === null || id === undefined) throw new ServiceError("no_warehouse", "The store has no warehouse");
  return id;
}

/** Runs a stock change; listings that show this store's stock are read afresh afterwards. */
function inTransaction<T>(store: StoreContext, tx: Tx | undefined, run: (tx: Tx) => Promise<T>): Promise<T> {
  return afterStockChange(store, tx ? run(tx) : store.db.transaction(run));
}

/** Sets the quantity in a warehouse (e.g. a stock count from the ERP). */
export function setStock(
  store: StoreContext,
  change: StockChange & { qty: number },
  tx?: Tx,
): Promise<StockResult> {
  if (!Number.isInteger(change.qty) || change.qty < 0) {
    return Promise.reject(new ServiceError("invalid_quantity", "Stock must be a whole number of 0 or more"));
  }
  const warehouseId = warehouseOf(store, change);
  return inTransaction(store, tx, async (t) => {
    const [row] = await t
      .insert(stock)
      .values({ productId: change.productId, warehouseId, qty: change.qty })
      .onConflictDoUpdate({
        target: [stock.productId, stock.warehouseId],
        set: { qty: change.qty, updatedAt: new Date() },
      })
      .returning({ qty: stock.qty });
    const notified = await notifyBackInStock(t, store, [change.productId]);
    return { qty: row.qty, notified };
  });
}

/**
 * Adds `delta` (negative: removes). Never goes below zero: a removal larger than the stock
 * throws ServiceError('insufficient_stock') and changes nothing.
 */
export function adjustStock(
  store: StoreContext,
  change: StockChange & { delta: number },
  tx?: Tx,
): Promise<StockResult> {
  if (!Number.isInteger(change.delta)) {
    return Promise.reject(new ServiceError("invalid_quantity", "A stock change must be a whole number"));
  }
  const warehouseId = warehouseOf(store, change);
  return inTransaction(store, tx, async (t) => {
    let qty: number;
    if (change.delta >= 0) {
      const [row] = await t
        .insert(stock)
        .values({ productId: change.productId, warehouseId, qty: change.delta })
        .onConflictDoUpdate({
          target: [stock.productId, stock.warehouseId],
          set: { qty: sql`${stock.qty} + ${change.delta}`, updatedAt: new Date() },
        })
        .returning({ qty: stock.qty });
      qty = row.qty;
    } else {
      const take = -change.delta;
      const [row] = await t
        .update(stock)
        .set({ qty: sql`${stock.qty} - ${take}`, updatedAt: new Date() })
        .where(
          and(
            eq(stock.productId, change.productId),
            eq(stock.warehouseId, warehouseId),
            gte(stock.qty, take),
          ),
        )
        .returning({ qty: stock.qty });
      if (!row) {
        const [left] = await t
          .select({ qty: stock.qty })
          .from(stock)
          .where(and(eq(stock.productId, change.productId), eq(stock.warehouseId, warehouseId)));
        throw new ServiceError("insufficient_stock", `Available stock: ${left?.qty ?? 0}`);
      }
      qty = row.qty;
    }
    const notified = change.delta > 0 ? await notifyBackInStock(t, store, [change.productId]) : 0;
    return { qty, notified };
  });
}
