// What the back office tells an owner whose shop promotes products the law restricts
// (core/advertising.ts, docs/decisions/0064): how many such products are on sale here.
import { and, count, eq, inArray } from "drizzle-orm";
import { ADVERTISING_RESTRICTED_CLASSES } from "../../core/regulatory";
import { products } from "../../db/store/schema";
import type { StoreContext } from "../context";

export async function restrictedProductCount(store: StoreContext): Promise<number> {
  const [row] = await store.db
    .select({ n: count() })
    .from(products)
    .where(
      and(
        eq(products.deleted, false),
        inArray(products.regulatoryClass, [...ADVERTISING_RESTRICTED_CLASSES]),
      ),
    );
  return Number(row?.n ?? 0);
}
