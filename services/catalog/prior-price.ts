import { type SQL, sql } from "drizzle-orm";
import type { AnyColumn } from "drizzle-orm/column";

type Expr = SQL | AnyColumn;

/**
 * A product's prior price (prior_price_cents() of db/sql/store/functions.sql, decision 0048),
 * read only while its sale price is below its price: the one place that rule is written for the
 * catalogue's and the cart check's queries.
 */
export function priorPriceWhileReduced(p: {
  id: Expr;
  priceCents: Expr;
  salePriceCents: Expr;
}): SQL<number | null> {
  return sql<
    number | null
  >`case when ${p.salePriceCents} < ${p.priceCents} then prior_price_cents(${p.id}) end`;
}
