-- A colour/size row's price may be empty: the row then sells at its product's price and sale price,
-- so an edit of the product's prices reaches the shop (docs/decisions/0043). A row priced exactly as
-- its product was a copy of it (the back office's form asked for a price on every row): it follows.
ALTER TABLE "product_variants" ALTER COLUMN "price_cents" DROP NOT NULL;--> statement-breakpoint
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
         coalesce(q.sale_price_cents < q.price_cents, false) AND (q.vmin IS NULL OR q.vfollow),
         q.category_ids, q.master_ids, q.review_count, q.ratings,
         max(q.created_at) OVER w,
         max(q.id) OVER w,
         min(coalesce(q.vmin, q.sale_price_cents, q.price_cents)) OVER w,
         max(coalesce(q.vmax, q.price_cents)) OVER w
    FROM (
      SELECT p.*,
             -- A colour/size row without a price of its own sells at the product's price and sale price.
             (SELECT min(coalesce(v.price_cents, p.sale_price_cents, p.price_cents)) FROM product_variants v
               WHERE v.product_id = p.id) AS vmin,
             (SELECT max(coalesce(v.price_cents, p.price_cents)) FROM product_variants v
               WHERE v.product_id = p.id) AS vmax,
             EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND v.price_cents IS NULL) AS vfollow,
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
UPDATE "product_variants" v SET "price_cents" = NULL
  FROM "products" p WHERE p."id" = v."product_id" AND v."price_cents" = p."price_cents";
