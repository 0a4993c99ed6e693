-- Deep pages of every sort (docs/decisions/0037). A listing's marks are every 1,024th card of one
-- sort of one kept key (product_card_counts' keys), taken in one statement with the version of the
-- cards they were read from; a deep page seeks from the mark at or before its offset and skips
-- fewer than 1,024 cards. refresh_product_cards bumps the version, so marks of changed cards are
-- never used and are taken again by the next deep page that needs them.
CREATE TABLE "product_card_marks" (
	"key" text NOT NULL,
	"sort" text NOT NULL,
	"pos" integer NOT NULL,
	"version" bigint NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "product_card_marks_key_sort_pos_pk" PRIMARY KEY("key","sort","pos")
);
--> statement-breakpoint
CREATE TABLE "product_card_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_card_version_one_row" CHECK ("product_card_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "product_card_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- The descending sorts as one ascending key, so a seek from a mark is one row comparison on an index.
DROP INDEX "product_cards_featured_idx";--> statement-breakpoint
DROP INDEX "product_cards_rating_idx";--> statement-breakpoint
DROP INDEX "product_cards_price_desc_idx";--> statement-breakpoint
CREATE INDEX "product_cards_featured_idx" ON "product_cards" USING btree ((-"review_count"),"product_id");--> statement-breakpoint
CREATE INDEX "product_cards_rating_idx" ON "product_cards" USING btree ((-"ratings"),"product_id");--> statement-breakpoint
CREATE INDEX "product_cards_price_desc_idx" ON "product_cards" USING btree ((-"price_max"),"product_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refresh_product_cards"(ids integer[], groups text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  gs text[];
BEGIN
  -- A statement that changed nothing a card reads (a description, a stock level) changes no card.
  IF coalesce(cardinality(ids), 0) = 0 AND coalesce(cardinality(groups), 0) = 0 THEN
    RETURN;
  END IF;
  -- Every change of the cards is a new version: marks of an older one are not used (0037). First,
  -- so concurrent catalogue writers queue here before taking any group or count lock.
  UPDATE product_card_version SET version = version + 1;
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
END $$;
