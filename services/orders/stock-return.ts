// Stock that comes back from an order (cancelled, or an unpaid reservation that expired) goes
// through services/stock.ts, so a product that is available again answers its back-in-stock
// requests in the same transaction.
import type { Tx } from "../../db/client";
import type { StoreContext } from "../context";
import { adjustStock } from "../stock";
import { stockMoves } from "./stock";

export async function returnOrderStock(
  tx: Tx,
  store: StoreContext,
  lines: readonly { productId: number; qty: number; description: string }[],
): Promise<void> {
  if (store.settings.warehouseId === null) return;
  for (const move of stockMoves(lines)) {
    await adjustStock(store, { productId: move.productId, delta: move.qty }, tx);
  }
}
