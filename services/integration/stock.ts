// The ERP's stock counts (PUT /api/v1/integration/stock): every quantity of the call set in one
// transaction through services/stock.ts (back-in-stock mails follow), and one audit entry per
// product whose stock changed, as the back office's stock edit records it (`product.stock`).
import { and, eq, inArray } from "drizzle-orm";
import { products, stock } from "../../db/store/schema";
import { type AuditActor, recordAudit } from "../admin/audit";
import type { StoreContext } from "../context";
import { setStock } from "../stock";

interface StockCount {
  productId: number;
  warehouseId: number;
  qty: number;
}

export async function setErpStock(store: StoreContext, actor: AuditActor, counts: StockCount[]) {
  return store.db.transaction(async (tx) => {
    const ids = [...new Set(counts.map((c) => c.productId))];
    const codes = new Map(
      (
        await tx
          .select({ id: products.id, code: products.code })
          .from(products)
          .where(inArray(products.id, ids))
      ).map((p) => [p.id, p.code]),
    );
    const results = [];
    const changes = new Map<number, { warehouseId: number; from: number; to: number }[]>();
    for (const count of counts) {
      const [had] = await tx
        .select({ qty: stock.qty })
        .from(stock)
        .where(and(eq(stock.productId, count.productId), eq(stock.warehouseId, count.warehouseId)))
        .for("update");
      const res = await setStock(store, count, tx);
      results.push({ ...count, qty: res.qty, notified: res.notified });
      const from = had?.qty ?? 0;
      if (from !== res.qty) {
        const list = changes.get(count.productId) ?? [];
        list.push({ warehouseId: count.warehouseId, from, to: res.qty });
        changes.set(count.productId, list);
      }
    }
    for (const [productId, list] of changes) {
      await recordAudit(tx, actor, {
        action: "product.stock",
        entity: "product",
        entityId: productId,
        summary: `${codes.get(productId) ?? productId}: stock ${list.map((c) => `warehouse ${c.warehouseId} ${c.from} → ${c.to}`).join(", ")} (ERP stock count)`,
        before: Object.fromEntries(list.map((c) => [c.warehouseId, c.from])),
        after: Object.fromEntries(list.map((c) => [c.warehouseId, c.to])),
      });
    }
    return results;
  });
}
