// What the card triggers keep (store migrations 0008 and 0011, db/sql/store/functions.sql), computed
// afresh from the products: each function lists what differs, so a test expects an empty list.
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import type { StoreDb } from "../../services/context";

/** Every difference between product_cards and the cards computed afresh from the products. */
export async function cardDifferences(db: StoreDb): Promise<unknown[]> {
  return queryRows(
    db,
    sql`
    with expected as (
      select q.id as product_id, q.variant_group, q.id = min(q.id) over w as head, q.brand_id, q.is_hot, q.is_new,
             coalesce(q.sale_price_cents < q.price_cents, false) and (q.vmin is null or q.vfollow) as on_sale,
             q.category_ids, q.master_ids, q.review_count, q.ratings::numeric(3,2) as ratings,
             max(q.created_at) over w as new_at, max(q.id) over w as new_id,
             min(coalesce(q.vmin, q.sale_price_cents, q.price_cents)) over w as price_min,
             max(coalesce(q.vmax, q.price_cents)) over w as price_max
        from (select p.*,
                     -- A colour/size row without its own price sells at the product's prices (0043).
                     (select min(coalesce(v.price_cents, p.sale_price_cents, p.price_cents)) from product_variants v
                       where v.product_id = p.id) as vmin,
                     (select max(coalesce(v.price_cents, p.price_cents)) from product_variants v
                       where v.product_id = p.id) as vmax,
                     exists (select 1 from product_variants v where v.product_id = p.id and v.price_cents is null) as vfollow,
                     array(select pc.category_id from product_categories pc where pc.product_id = p.id order by 1) as category_ids,
                     array(select distinct c.master_id from product_categories pc join categories c on c.id = pc.category_id
                            where pc.product_id = p.id order by 1) as master_ids
                from products p where not p.deleted) q
      window w as (partition by coalesce(q.variant_group, '#' || q.id))),
    actual as (
      select product_id, variant_group, head, brand_id, is_hot, is_new, on_sale, category_ids, master_ids,
             review_count, ratings, new_at, new_id, price_min, price_max from product_cards)
    (select 'missing' as diff, * from (select * from expected except select * from actual) a)
    union all
    (select 'extra' as diff, * from (select * from actual except select * from expected) b)
    limit 5`,
  );
}

/** Kept totals per key that differ from counting the cards (a group counts once, per key). */
export async function countDifferences(db: StoreDb): Promise<unknown[]> {
  return queryRows(
    db,
    sql`
    with expected as (
      select k.key, min(c.product_id) >> 10 as block
        from product_cards c
        cross join lateral unnest(
          array['all']
          || case when c.is_hot then array['hot'] else '{}'::text[] end
          || case when c.is_new then array['new'] else '{}'::text[] end
          || case when c.on_sale then array['sale'] else '{}'::text[] end
          || case when c.brand_id is not null then array['brand:' || c.brand_id] else '{}'::text[] end
          || array(select 'cat:' || x from unnest(c.category_ids) x)
          || array(select 'master:' || x from unnest(c.master_ids) x)) as k(key)
       group by coalesce(c.variant_group, '#' || c.product_id), k.key),
    e as (select key, block, count(*)::int as n from expected group by key, block),
    a as (select key, block, n from product_card_counts where n <> 0)
    (select 'missing' as diff, * from (select * from e except select * from a) x)
    union all
    (select 'extra' as diff, * from (select * from a except select * from e) y)
    limit 5`,
  );
}

/** Every difference between search_words and the words recomputed from the live products (0036's word rule). */
export async function vocabularyDifferences(db: StoreDb): Promise<unknown[]> {
  return queryRows(
    db,
    sql`
    with expected as (
      select x.lexeme as word, count(*)::int as n
        from products p cross join lateral unnest(p.search) as x
       where not p.deleted and length(x.lexeme) >= 3 and x.lexeme !~ '[0-9]'
       group by x.lexeme),
    actual as (select word, n from search_words)
    (select 'missing' as diff, * from (select * from expected except select * from actual) a)
    union all
    (select 'extra' as diff, * from (select * from actual except select * from expected) b)
    limit 5`,
  );
}
