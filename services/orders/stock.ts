// Stock moves of orders in the store's warehouse. Taking stock is one conditional UPDATE per
// product (`qty >= n`), so two orders racing for the last units can never both succeed and the
// row never goes below zero; the loser's transaction is rolled back whole.
import { and, eq, gte, sql } from "drizzle-orm";
import { CHECKOUT_TEXT } from "../../core/checkout";
import type { Tx } from "../../db/client";
import { stock } from "../../db/store/schema";
import { ServiceError } from "../failure";

export interface StockLine {
  productId: number;
  qty: number;
  description: string;
}

/** Quantities per product, sorted by product id so concurrent orders lock rows in one order. */
export function stockMoves(lines: readonly StockLine[]): StockLine[] {
  const byProduct = new Map<number, StockLine>();
  for (const l of lines) {
    const prev = byProduct.get(l.productId);
    byProduct.set(l.productId, prev ? { ...prev, qty: prev.qty + l.qty } : { ...l });
  }
  return [...byProduct.values()].sort((a, b) => a.productId - b.productId);
}

/** Takes the lines' stock or throws 'Out of Stock' naming the first product that is short. */
export async function takeStock(
  tx: Tx,
  warehouseId: number | null,
  lines: readonly StockLine[],
): Promise<void> {
  for (const move of stockMoves(lines)) {
    const taken =
      warehouseId === null
        ? []
        : await tx
            .update(stock)
            .set({ qty: sql`${stock.qty} - ${move.qty}`, updatedAt: new Date() })
            .where(
              and(
                eq(stock.productId, move.productId),
                eq(stock.warehouseId, warehouseId),
                gte(stock.qty, move.qty),
              ),
            )
            .returning({ qty: stock.qty });
    if (taken.length === 0) {
      const left =
        warehouseId === null
          ? []
          : await tx
              .select({ qty: stock.qty })
              .from(stock)
              .where(and(eq(stock.productId, move.productId), eq(stock.warehouseId, warehouseId)));
      const available = Math.max(0, left[0]?.qty ?? 0);
      throw new ServiceError("out_of_stock", CHECKOUT_TEXT.availableStock(available), {
        title: CHECKOUT_TEXT.outOfStockTitle,
        details: { productId: move.productId, description: move.description, available },
      });
    }
  }
}

/**
 * Takes what is there without failing (a payment that arrived after its reservation expired must
 * still be recorded); returns the products that could not be taken in full.
 */
export async function retakeStock(
  tx: Tx,
  warehouseId: number | null,
  lines: readonly StockLine[],
): Promise<number[]> {
  const short: number[] = [];
  if (warehouseId === null) return stockMoves(lines).map((m) => m.productId);
  for (const move of stockMoves(lines)) {
    const taken = await tx
      .update(stock)
      .set({ qty: sql`${stock.qty} - ${move.qty}`, updatedAt: new Date() })
      .where(
        and(
          eq(stock.productId, move.productId),
          eq(stock.warehouseId, warehouseId),
          gte(stock.qty, move.qty),
        ),
      )
      .returning({ qty: stock.qty });
    if (taken.length === 0) short.push(move.productId);
  }
  return short;
}
