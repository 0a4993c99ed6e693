// The back office's list of stored products that break a limit of Directive 2014/40/EU art. 20(3)
// (docs/decisions/0058): every write path refuses such a product, but rows written before the
// rules (or straight into the database) stay; they are listed for the owner to fix, never deleted.
import { and, asc, eq, gt, or } from "drizzle-orm";
import { productState } from "../../core/admin/catalog";
import type { AdminComplianceBreach } from "../../core/api/admin/catalog";
import { complianceRecord, LIMITS, limitBreaches } from "../../core/regulatory";
import { products } from "../../db/store/schema";
import type { StoreContext } from "../context";

/** At most this many rows are listed (with the total). */
const MAX_LISTED = 500;

export async function listComplianceBreaches(
  store: StoreContext,
): Promise<{ items: AdminComplianceBreach[]; total: number }> {
  const rows = await store.db
    .select()
    .from(products)
    .where(
      or(
        gt(products.nicotineMgPerMl, LIMITS.nicotineMgPerMl),
        and(eq(products.regulatoryClass, "nicotine_liquid"), gt(products.volumeMl, LIMITS.refillVolumeMl)),
        gt(products.tankCapacityMl, LIMITS.tankCapacityMl),
      ),
    )
    .orderBy(asc(products.name), asc(products.id));
  const items = rows
    .map((row) => ({ row, issues: limitBreaches(complianceRecord(row)) }))
    .filter((x) => x.issues.length > 0);
  return {
    total: items.length,
    items: items.slice(0, MAX_LISTED).map(({ row, issues }) => ({
      id: row.id,
      code: row.code,
      name: row.name,
      state: productState(row),
      regulatoryClass: complianceRecord(row).regulatoryClass,
      issues: issues.map((i) => ({ field: i.path, message: i.message })),
    })),
  };
}
