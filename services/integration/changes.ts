// The change feed the ERP pulls (GET /integration/changes): orders and customers in the order of
// their (change_xid, change_seq), which the `track_change` trigger sets on every insert and real
// change (migration 0005). Only rows whose transaction id is below the snapshot's xmin are read:
// every transaction older than that has finished, so no row committed later can land behind the
// cursor. A full page ends at its last row; a shorter page ends at (xmin, 0), past everything
// the reader could see and before anything still running. Transaction ids are the cluster's, so
// a long transaction in any database of the cluster delays the feed (never loses a change).
import { inArray, sql } from "drizzle-orm";
import { type ChangeCursor, encodeCursor } from "../../core/api/integration/changes";
import { queryRows } from "../../db/client";
import { orders } from "../../db/store/schema";
import type { StoreContext } from "../context";
import { type WebOrder, webOrders } from "../orders/queries";
import { type IntegrationCustomer, integrationCustomersByIds } from "./customers";

export type Change = { type: "order"; record: WebOrder } | { type: "customer"; record: IntegrationCustomer };

export interface ChangePage {
  changes: Change[];
  next: string;
  hasMore: boolean;
}

interface FeedRow {
  xmin: string;
  type: "order" | "customer" | null;
  id: number | null;
  xid: string | null;
  seq: string | null;
}

export async function readChanges(
  store: StoreContext,
  since: ChangeCursor | null,
  limit: number,
): Promise<ChangePage> {
  const from = since ?? { xid: 0n, seq: 0n };
  const x = from.xid.toString();
  const s = from.seq.toString();
  // One statement, so the xmin and the rows come from the same snapshot. Each table gives at
  // most limit + 1 rows through its (change_xid, change_seq) index; the merge keeps limit + 1.
  const rows = await queryRows<FeedRow>(
    store.db,
    sql`
    with snap as materialized (
      select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as xmin
    ),
    page as (
      select * from (
        (select 'order' as type, o.id, o.change_xid, o.change_seq from orders o
          where (o.change_xid, o.change_seq) > (${x}::bigint, ${s}::bigint)
            and o.change_xid < (select xmin from snap)
          order by o.change_xid, o.change_seq limit ${limit + 1})
        union all
        (select 'customer' as type, c.id, c.change_xid, c.change_seq from customers c
          where (c.change_xid, c.change_seq) > (${x}::bigint, ${s}::bigint)
            and c.change_xid < (select xmin from snap)
          order by c.change_xid, c.change_seq limit ${limit + 1})
      ) both_tables
      order by change_xid, change_seq
      limit ${limit + 1}
    )
    select snap.xmin::text as xmin, page.type, page.id, page.change_xid::text as xid, page.change_seq::text as seq
    from snap left join page on true
    order by page.change_xid, page.change_seq`,
  );
  const xmin = BigInt(rows[0]?.xmin ?? "0");
  const found = rows.filter((r) => r.type !== null && r.id !== null);
  const hasMore = found.length > limit;
  const shown = found.slice(0, limit);

  const orderIds = shown.filter((r) => r.type === "order").map((r) => Number(r.id));
  const customerIds = shown.filter((r) => r.type === "customer").map((r) => Number(r.id));
  const [orderRows, customerViews] = await Promise.all([
    orderIds.length > 0 ? store.db.select().from(orders).where(inArray(orders.id, orderIds)) : [],
    integrationCustomersByIds(store.db, customerIds),
  ]);
  const orderViews = await webOrders(store.db, orderRows);
  const orderById = new Map(orderViews.map((o) => [o.id, o]));
  const customerById = new Map(customerViews.map((c) => [c.id, c]));

  const changes: Change[] = [];
  for (const r of shown) {
    // Read after the page: a record changed in between shows as it is now (and again later).
    if (r.type === "order") {
      const record = orderById.get(Number(r.id));
      if (record) changes.push({ type: "order", record });
    } else {
      const record = customerById.get(Number(r.id));
      if (record) changes.push({ type: "customer", record });
    }
  }

  let next: ChangeCursor;
  const last = shown[shown.length - 1];
  if (hasMore && last) next = { xid: BigInt(last.xid as string), seq: BigInt(last.seq as string) };
  else {
    // Past everything seen; never behind where the reader already was.
    const end = { xid: xmin, seq: 0n };
    next = end.xid > from.xid || (end.xid === from.xid && end.seq > from.seq) ? end : from;
  }
  return { changes, next: encodeCursor(next), hasMore };
}
