CREATE TABLE "product_card_counts" (
	"key" text NOT NULL,
	"block" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "product_card_counts_pk" PRIMARY KEY("key","block")
);
--> statement-breakpoint
CREATE TABLE "product_cards" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"variant_group" text,
	"head" boolean NOT NULL,
	"brand_id" integer,
	"is_hot" boolean NOT NULL,
	"is_new" boolean NOT NULL,
	"on_sale" boolean NOT NULL,
	"category_ids" integer[] NOT NULL,
	"master_ids" integer[] NOT NULL,
	"review_count" integer NOT NULL,
	"ratings" numeric(3, 2) NOT NULL,
	"new_at" timestamp with time zone NOT NULL,
	"new_id" integer NOT NULL,
	"price_min" integer NOT NULL,
	"price_max" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_cards_head_idx" ON "product_cards" USING btree ("product_id") WHERE "product_cards"."head";--> statement-breakpoint
CREATE INDEX "product_cards_group_idx" ON "product_cards" USING btree ("variant_group","product_id");--> statement-breakpoint
CREATE INDEX "product_cards_featured_idx" ON "product_cards" USING btree ("review_count" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "product_cards_rating_idx" ON "product_cards" USING btree ("ratings" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "product_cards_new_idx" ON "product_cards" USING btree ("new_at" DESC NULLS LAST,"new_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_cards_price_asc_idx" ON "product_cards" USING btree ("price_min","product_id");--> statement-breakpoint
CREATE INDEX "product_cards_price_desc_idx" ON "product_cards" USING btree ("price_max" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "product_cards_brand_idx" ON "product_cards" USING btree ("brand_id","product_id");--> statement-breakpoint
CREATE INDEX "product_cards_categories_idx" ON "product_cards" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "product_cards_masters_idx" ON "product_cards" USING gin ("master_ids");--> statement-breakpoint
-- product_card_counts: how many cards each listing filter shows, per block of 1,024 product ids.
-- A card under a filter is the first product of its group that matches it.
CREATE FUNCTION "product_card_count_delta"(sign integer, ids integer[], gs text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_card_counts ("key", "block", "n")
  SELECT g.key, g.block, sign * count(*)::int FROM (
    SELECT k.key, min(c.product_id) >> 10 AS block
      FROM product_cards c
      CROSS JOIN LATERAL unnest(
        array['all']
        || CASE WHEN c.is_hot THEN array['hot'] ELSE '{}'::text[] END
        || CASE WHEN c.is_new THEN array['new'] ELSE '{}'::text[] END
        || CASE WHEN c.on_sale THEN array['sale'] ELSE '{}'::text[] END
        || CASE WHEN c.brand_id IS NOT NULL THEN array['brand:' || c.brand_id] ELSE '{}'::text[] END
        || array(SELECT 'cat:' || x FROM unnest(c.category_ids) x)
        || array(SELECT 'master:' || x FROM unnest(c.master_ids) x)) AS k(key)
     WHERE c.product_id = ANY(ids) OR c.variant_group = ANY(gs)
     GROUP BY coalesce(c.variant_group, '#' || c.product_id), k.key
  ) g
  GROUP BY g.key, g.block
  ORDER BY g.key, g.block
  ON CONFLICT ("key", "block") DO UPDATE SET "n" = product_card_counts."n" + excluded."n";
$$;--> statement-breakpoint
-- The cards of the given products and of every product in their variant groups (now or before:
-- `groups` names groups the products have left or been deleted from) are computed afresh. Run by
-- the triggers below in the writing transaction; a lock per group keeps two concurrent writers to
-- one group from each computing its head from a snapshot without the other's change.
CREATE FUNCTION "refresh_product_cards"(ids integer[], groups text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  gs text[];
BEGIN
  SELECT coalesce(array_agg(DISTINCT g ORDER BY g), '{}') INTO gs FROM (
    SELECT unnest(groups) AS g
    UNION ALL SELECT variant_group FROM products WHERE id = ANY(ids) AND variant_group IS NOT NULL
    UNION ALL SELECT variant_group FROM product_cards WHERE product_id = ANY(ids) AND variant_group IS NOT NULL
  ) x WHERE g IS NOT NULL;
  PERFORM pg_advisory_xact_lock(hashtext('product_cards:' || g)) FROM unnest(gs) AS g;
  PERFORM product_card_count_delta(-1, ids, gs);
  DELETE FROM product_cards WHERE product_id = ANY(ids) OR variant_group = ANY(gs);
  INSERT INTO product_cards ("product_id", "variant_group", "head", "brand_id", "is_hot", "is_new", "on_sale",
                             "category_ids", "master_ids", "review_count", "ratings", "new_at", "new_id",
                             "price_min", "price_max")
  SELECT q.id, q.variant_group,
         q.id = min(q.id) OVER w,
         q.brand_id, q.is_hot, q.is_new,
         coalesce(q.sale_price_cents < q.price_cents, false) AND q.vmin IS NULL,
         q.category_ids, q.master_ids, q.review_count, q.ratings,
         max(q.created_at) OVER w,
         max(q.id) OVER w,
         min(coalesce(q.vmin, q.sale_price_cents, q.price_cents)) OVER w,
         max(coalesce(q.vmax, q.price_cents)) OVER w
    FROM (
      SELECT p.*,
             (SELECT min(v.price_cents) FROM product_variants v WHERE v.product_id = p.id) AS vmin,
             (SELECT max(v.price_cents) FROM product_variants v WHERE v.product_id = p.id) AS vmax,
             array(SELECT pc.category_id FROM product_categories pc WHERE pc.product_id = p.id
                    ORDER BY pc.category_id) AS category_ids,
             array(SELECT DISTINCT c.master_id FROM product_categories pc JOIN categories c ON c.id = pc.category_id
                    WHERE pc.product_id = p.id ORDER BY c.master_id) AS master_ids
        FROM products p
       WHERE NOT p.deleted AND (p.id = ANY(ids) OR p.variant_group = ANY(gs))
    ) q
  WINDOW w AS (PARTITION BY coalesce(q.variant_group, '#' || q.id));
  PERFORM product_card_count_delta(1, ids, gs);
END $$;--> statement-breakpoint
CREATE FUNCTION "product_cards_from_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_product_cards(array(SELECT id FROM new_rows), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_product_cards(array(SELECT id FROM old_rows), '{}');
  ELSE
    -- Only what a card reads; a change of description, pictures' order or updated_at costs nothing.
    PERFORM refresh_product_cards(
      array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE (n.deleted, n.variant_group, n.brand_id, n.is_hot, n.is_new, n.price_cents, n.sale_price_cents,
                    n.review_count, n.ratings, n.created_at)
                   IS DISTINCT FROM
                   (o.deleted, o.variant_group, o.brand_id, o.is_hot, o.is_new, o.price_cents, o.sale_price_cents,
                    o.review_count, o.ratings, o.created_at)),
      array(SELECT DISTINCT o.variant_group FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE o.variant_group IS NOT NULL AND (o.variant_group IS DISTINCT FROM n.variant_group OR n.deleted <> o.deleted)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_cards_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_from_products"();--> statement-breakpoint
CREATE TRIGGER "products_cards_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_from_products"();--> statement-breakpoint
CREATE TRIGGER "products_cards_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_from_products"();--> statement-breakpoint
-- Categories and colour/size variants change a card through their product.
CREATE FUNCTION "product_cards_from_children"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_product_cards(array(SELECT DISTINCT product_id FROM new_rows), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_product_cards(array(SELECT DISTINCT product_id FROM old_rows), '{}');
  ELSE
    PERFORM refresh_product_cards(
      array(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows), '{}');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_categories_cards_insert" AFTER INSERT ON "product_categories"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_from_children"();--> statement-breakpoint
CREATE TRIGGER "product_categories_cards_update" AFTER UPDATE ON "product_categories"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_from_children"();--> statement-breakpoint
CREATE TRIGGER "product_categories_cards_delete" AFTER DELETE ON "product_categories"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_from_children"();--> statement-breakpoint
CREATE TRIGGER "product_variants_cards_insert" AFTER INSERT ON "product_variants"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_from_children"();--> statement-breakpoint
CREATE TRIGGER "product_variants_cards_update" AFTER UPDATE ON "product_variants"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_from_children"();--> statement-breakpoint
CREATE TRIGGER "product_variants_cards_delete" AFTER DELETE ON "product_variants"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_from_children"();--> statement-breakpoint
-- A sub-category moved to another master category moves its products' cards with it.
CREATE FUNCTION "product_cards_from_categories"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_product_cards(
    array(SELECT DISTINCT pc.product_id FROM product_categories pc
            JOIN new_rows n ON n.id = pc.category_id JOIN old_rows o ON o.id = n.id
           WHERE n.master_id <> o.master_id), '{}');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "categories_cards_update" AFTER UPDATE ON "categories"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_from_categories"();--> statement-breakpoint
SELECT refresh_product_cards(array(SELECT id FROM products), '{}');
