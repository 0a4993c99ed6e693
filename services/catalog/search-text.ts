// products.search_text, what shop search reads: written only by the database's
// refresh_search_text() (store migration 0010), from the product's names in every language, its
// code, brand and categories, folded like core/search-fold.ts folds the query.
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";

/**
 * Rebuilds search_text for the products `which` selects (a subquery of ids, or a list of them),
 * in the caller's transaction.
 */
export async function refreshSearchText(tx: Tx, which: SQL): Promise<void> {
  await tx.execute(
    sql`select refresh_search_text(array(select p.id from products p where p.id in (${which})))`,
  );
}
