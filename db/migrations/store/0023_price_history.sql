CREATE TABLE "price_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"price_list_id" integer,
	"price_cents" integer NOT NULL,
	"sale_price_cents" integer,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "price_history_product_idx" ON "price_history" USING btree ("product_id","variant_id","price_list_id","valid_from");--> statement-breakpoint
-- The price record is evidence, like the audit log: no row is changed or removed once written
-- (docs/decisions/0048).
CREATE FUNCTION "price_history_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'price_history is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "price_history_no_change" BEFORE UPDATE OR DELETE ON "price_history"
  FOR EACH ROW EXECUTE FUNCTION "price_history_append_only"();--> statement-breakpoint
CREATE TRIGGER "price_history_no_truncate" BEFORE TRUNCATE ON "price_history"
  FOR EACH STATEMENT EXECUTE FUNCTION "price_history_append_only"();--> statement-breakpoint
-- One row per price that changed, written by the statement that changed it, so no write path can
-- change a price without its record. A colour/size row without a price of its own sells at the
-- product's prices, recorded on the product's rows.
CREATE FUNCTION "record_prices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO price_history ("product_id", "price_cents", "sale_price_cents")
      SELECT n.id, n.price_cents, n.sale_price_cents FROM new_rows n ORDER BY n.id;
    ELSE
      INSERT INTO price_history ("product_id", "price_cents", "sale_price_cents")
      SELECT n.id, n.price_cents, n.sale_price_cents FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.price_cents, n.sale_price_cents) IS DISTINCT FROM (o.price_cents, o.sale_price_cents)
       ORDER BY n.id;
    END IF;
  ELSIF TG_TABLE_NAME = 'product_variants' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO price_history ("product_id", "variant_id", "price_cents")
      SELECT n.product_id, n.id, n.price_cents FROM new_rows n WHERE n.price_cents IS NOT NULL ORDER BY n.id;
    ELSE
      INSERT INTO price_history ("product_id", "variant_id", "price_cents")
      SELECT n.product_id, n.id, n.price_cents FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE n.price_cents IS NOT NULL AND n.price_cents IS DISTINCT FROM o.price_cents
       ORDER BY n.id;
    END IF;
  ELSE
    IF TG_OP = 'INSERT' THEN
      INSERT INTO price_history ("product_id", "price_list_id", "price_cents")
      SELECT n.product_id, n.price_list_id, n.price_cents FROM new_rows n ORDER BY n.price_list_id, n.product_id;
    ELSE
      INSERT INTO price_history ("product_id", "price_list_id", "price_cents")
      SELECT n.product_id, n.price_list_id, n.price_cents FROM new_rows n
        JOIN old_rows o ON o.price_list_id = n.price_list_id AND o.product_id = n.product_id
       WHERE n.price_cents IS DISTINCT FROM o.price_cents
       ORDER BY n.price_list_id, n.product_id;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_prices_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_prices"();--> statement-breakpoint
CREATE TRIGGER "products_prices_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_prices"();--> statement-breakpoint
CREATE TRIGGER "product_variants_prices_insert" AFTER INSERT ON "product_variants"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_prices"();--> statement-breakpoint
CREATE TRIGGER "product_variants_prices_update" AFTER UPDATE ON "product_variants"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_prices"();--> statement-breakpoint
CREATE TRIGGER "price_list_lines_prices_insert" AFTER INSERT ON "price_list_lines"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_prices"();--> statement-breakpoint
CREATE TRIGGER "price_list_lines_prices_update" AFTER UPDATE ON "price_list_lines"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_prices"();--> statement-breakpoint
-- The prior price of a product's retail price (Directive 98/6/EC art. 6a(2)): the lowest price paid
-- (the sale price while on sale, else the price) that applied at any moment of the 30 days before
-- the current reduction began; null when the product is not reduced now or no price before the
-- reduction is known. A reduction begins with the first reduced row after the last row that was not
-- reduced, so a reduction made deeper step by step keeps the price before its first step
-- (art. 6a(5)). A price applies from its valid_from until the next row's: one that ended exactly
-- 30 days before the reduction began is out, one that ended a second later is in.
CREATE FUNCTION "prior_price_cents"(pid integer) RETURNS integer LANGUAGE sql STABLE AS $$
  WITH h AS (
    SELECT id, valid_from,
           coalesce(sale_price_cents < price_cents, false) AS reduced,
           CASE WHEN sale_price_cents < price_cents THEN sale_price_cents ELSE price_cents END AS paid,
           lead(valid_from) OVER (ORDER BY valid_from, id) AS until,
           row_number() OVER (ORDER BY valid_from, id) AS n
      FROM price_history
     WHERE product_id = pid AND variant_id IS NULL AND price_list_id IS NULL
  ), run AS (
    SELECT min(valid_from) AS began FROM h
     WHERE n > coalesce((SELECT max(n) FROM h WHERE NOT reduced), 0)
  )
  SELECT min(h.paid) FROM h, run
   WHERE (SELECT reduced FROM h ORDER BY n DESC LIMIT 1)
     AND h.valid_from < run.began
     AND coalesce(h.until, 'infinity') > h.valid_from
     AND coalesce(h.until, 'infinity') > run.began - interval '30 days';
$$;--> statement-breakpoint
-- The record starts with the prices of today: nothing tells what applied before.
INSERT INTO "price_history" ("product_id", "price_cents", "sale_price_cents")
SELECT "id", "price_cents", "sale_price_cents" FROM "products" ORDER BY "id";--> statement-breakpoint
INSERT INTO "price_history" ("product_id", "variant_id", "price_cents")
SELECT "product_id", "id", "price_cents" FROM "product_variants" WHERE "price_cents" IS NOT NULL ORDER BY "id";--> statement-breakpoint
INSERT INTO "price_history" ("product_id", "price_list_id", "price_cents")
SELECT "product_id", "price_list_id", "price_cents" FROM "price_list_lines" ORDER BY "price_list_id", "product_id";
