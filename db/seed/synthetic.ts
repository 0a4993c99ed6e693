// Bulk "synthetic" products for load tests (100k-product budgets of ARCHITECTURE.md 7).
// Set-based SQL: the database generates the rows from generate_series, so 100 000 products
// cost a handful of statements instead of 100 000 round trips. Each synthetic product copies
// a seeded "template" product (brand, categories, pictures, description) chosen from its
// series number, so data stays coherent: a coil never gets a bottle picture.
import { sql } from "drizzle-orm";
import type { DbHandle } from "../client";
import type * as storeSchema from "../store/schema";

const EDITIONS = [
  "Frost Edition",
  "Reserve",
  "Limited Run",
  "Signature",
  "Studio Series",
  "Nightfall",
  "Coastal",
  "Heritage",
  "Midnight",
  "Solstice",
  "Harbour",
  "Summit",
  "Velvet",
  "Ember",
  "Tidal",
  "Meridian",
  "Drift",
  "Canyon",
];
const SERIES = ["Mk II", "V2", "Pro", "Lite", "X", "Plus", "Max", "SE", "Mini", "Duo", "S", "Air", "One"];

/** Rows per statement: large enough to be set-based, small enough to keep memory flat. */
const BATCH = 25_000;

type Rows = { rows: Record<string, unknown>[] };

export async function seedSyntheticCatalogue(
  store: DbHandle<typeof storeSchema>,
  count: number,
  log?: (m: string) => void,
): Promise<void> {
  if (!Number.isInteger(count) || count <= 0) return;
  const started = performance.now();
  await store.db.transaction(async (tx) => {
    // generate_series joins are estimated millions of rows off; with JIT on, PostgreSQL then
    // spends seconds compiling a plan that runs in milliseconds. (Accepted, and moot, on PGlite.)
    await tx.execute(sql`set local jit = off`);
    const head = (await tx.execute(sql`
      select
        (select count(*)::int from products) as total,
        (select coalesce(max(id), 0) from products) as max_id,
        current_setting('is_superuser') = 'on' as superuser,
        (select count(*)::int from products where code not like 'SYN-%' and not deleted) as templates,
        (select coalesce(max(substring(code from 5)::int), 0) from products where code like 'SYN-%') as last
    `)) as unknown as Rows;
    const total = Number(head.rows[0]?.total ?? 0);
    const templates = Number(head.rows[0]?.templates ?? 0);
    const last = Number(head.rows[0]?.last ?? 0);
    const maxId = Number(head.rows[0]?.max_id ?? 0);
    const superuser = head.rows[0]?.superuser === true;
    if (templates === 0) {
      throw new Error("seedSyntheticCatalogue needs a seeded store (no template products found)");
    }

    // Keeping the full-text and trigram GIN indexes current row by row costs more than the rest
    // of the load together; rebuilding them once is several times faster when the load at least
    // doubles the catalogue. The definitions come from the catalogue itself, so the rebuilt
    // indexes are exactly the migrated ones. DROP INDEX locks the products table until commit.
    const gin =
      count >= total
        ? (
            (await tx.execute(sql`
            select indexname as name, indexdef as def from pg_indexes
             where schemaname = current_schema() and tablename = 'products' and indexdef ~* ' using gin '
          `)) as unknown as Rows
          ).rows.map((r) => ({ name: String(r.name), def: String(r.def) }))
        : [];
    for (const index of gin) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);

    // Per-row foreign-key triggers are the other big cost (on PGlite more than half the load).
    // Every referenced id below comes from a join inside the same statement, so the load skips
    // them the way pg_restore --disable-triggers does, and verifies the result set-based after.
    // Only a superuser may do this (PGlite always is); otherwise the triggers simply run.
    if (superuser) await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`set local maintenance_work_mem = '128MB'`);

    for (let from = last + 1; from <= last + count; from += BATCH) {
      const to = Math.min(from + BATCH - 1, last + count);
      await tx.execute(insertBatch(from, to));
      log?.(`synthetic: ${to - last}/${count} products`);
    }
    if (superuser) await tx.execute(sql`set local session_replication_role = origin`);
    // The listing cards (migration 0008) and the search vocabulary (0011) are kept by triggers,
    // off above: computed once here for the new products, set-based, in the same transaction.
    if (superuser) {
      await tx.execute(
        sql`select refresh_product_cards(array(select id from products where id > ${maxId}), '{}')`,
      );
      await tx.execute(
        sql`select search_words_change('{}', array(select search from products where id > ${maxId} and not deleted))`,
      );
      const check = (await tx.execute(sql`
        select
          (select count(*) from products p where p.id > ${maxId} and p.brand_id is not null
              and not exists (select 1 from brands b where b.id = p.brand_id))
        + (select count(*) from product_categories pc where pc.product_id > ${maxId}
              and (not exists (select 1 from categories c where c.id = pc.category_id)
                or not exists (select 1 from products p where p.id = pc.product_id)))
        + (select count(*) from product_images i where i.product_id > ${maxId}
              and not exists (select 1 from products p where p.id = i.product_id))
        + (select count(*) from stock st where st.product_id > ${maxId}
              and (not exists (select 1 from warehouses w where w.id = st.warehouse_id)
                or not exists (select 1 from products p where p.id = st.product_id))) as orphans
      `)) as unknown as Rows;
      const orphans = Number(check.rows[0]?.orphans ?? 0);
      if (orphans > 0)
        throw new Error(`synthetic load would leave ${orphans} dangling references; rolled back`);
    }
    const indexed = performance.now();
    // DDL text read from pg_indexes above, not from any input.
    for (const index of gin) await tx.execute(sql.raw(index.def));
    if (gin.length > 0) {
      log?.(
        `synthetic: rebuilt ${gin.length} search indexes in ${((performance.now() - indexed) / 1000).toFixed(1)} s`,
      );
    }
  });
  // Fresh statistics, or the planner keeps costing the catalogue as the small seeded one.
  await store.db.execute(
    sql`analyze products, product_images, product_categories, stock, product_cards, search_words`,
  );
  log?.(`synthetic: ${count} products added in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function insertBatch(from: number, to: number) {
  const editions = EDITIONS.join("|");
  const series = SERIES.join("|");
  // One statement: the data-modifying CTE `ins` feeds the category, image and stock inserts.
  return sql`
    with tpl as (
      select p.id, (row_number() over (order by p.id) - 1)::int as rn,
             split_part(p.name, ' - ', 1) as base, p.variant_label, p.slug, p.price_cents, p.brand_id, p.vat_rate, p.weight_grams, p.short_desc,
             coalesce(b.name, '') as brand_name,
             coalesce((select string_agg(c.description || ' ' || m.description, ' ' order by pc.seq)
                         from product_categories pc
                         join categories c on c.id = pc.category_id
                         join master_categories m on m.id = c.master_id
                        where pc.product_id = p.id), '') as cats
        from products p
        left join brands b on b.id = p.brand_id
       where p.code not like 'SYN-%' and not p.deleted
    ),
    n as (select count(*)::int as n from tpl),
    words as (
      select string_to_array(${editions}::text, '|') as ed, string_to_array(${series}::text, '|') as se
    ),
    src as (
      select g, t.id as tpl_id, t.slug as tpl_slug, t.brand_id, t.vat_rate, t.weight_grams, t.short_desc, t.brand_name, t.cats,
             'SYN-' || lpad(g::text, 6, '0') as code,
             t.base || ' ' || w.ed[1 + g % array_length(w.ed, 1)] || ' ' || w.se[1 + (g / 7) % array_length(w.se, 1)]
               || coalesce(' - ' || t.variant_label, '') as name,
             ((t.price_cents::bigint * (80 + (g * 37) % 50) / 100 / 100) * 100 + 99)::int as price
        from generate_series(${from}::int, ${to}::int) as g
        cross join n
        cross join words w
        join tpl t on t.rn = ((g::bigint * 7919) % n.n)::int
    ),
    ins as (
      insert into products (code, name, slug, price_cents, sale_price_cents, vat_rate, weight_grams, is_new, is_top, is_hot,
                            short_desc, ratings, review_count, brand_id, search_text, created_at, updated_at)
      select code, name, 'syn-' || g || '-' || tpl_slug, price,
             case when g % 5 = 0 then (price * 8 / 10 / 100) * 100 + 49 end,
             vat_rate, weight_grams, g % 7 = 0, g % 7 = 3, g % 7 = 5,
             short_desc, 3.5 + ((g * 13) % 16) / 10.0, 1 + (g * 31) % 150, brand_id,
             search_parts(search_fold(concat_ws(' ', name, code, brand_name, cats))),
             now() - (g % 720) * interval '1 hour', now()
        from src
      returning id, code
    ),
    map as (select ins.id, src.tpl_id, src.g from ins join src on src.code = ins.code),
    cats as (
      insert into product_categories (product_id, category_id, seq)
      select map.id, pc.category_id, pc.seq from map join product_categories pc on pc.product_id = map.tpl_id
    ),
    imgs as (
      insert into product_images (product_id, seq, url, width, height, sm_url)
      select map.id, pi.seq, pi.url, pi.width, pi.height, pi.sm_url
        from map join product_images pi on pi.product_id = map.tpl_id and pi.seq < 2
    )
    insert into stock (product_id, warehouse_id, qty)
    select map.id, w.id, case when map.g % 13 = 0 then 0 else 1 + (map.g * 7 + w.id * 13) % 60 end
      from map cross join warehouses w
  `;
}
