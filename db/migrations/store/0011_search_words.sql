CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- search_words: the catalogue's vocabulary for typo search (docs/decisions/0036). A word is a lexeme
-- of products.search (to_tsvector('simple', search_text)) of 3+ characters without a digit (codes
-- and sizes are not corrected); n is how many live (not deleted) products hold it. The change of a
-- statement's rows: the old rows' words out, the new rows' in, a word whose n reaches 0 gone.
-- Words are written in their order, so concurrent writers lock shared words in the same order.
CREATE FUNCTION "search_words_change"(minus tsvector[], plus tsvector[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ws text[];
  ns integer[];
BEGIN
  SELECT array_agg(d.word ORDER BY d.word), array_agg(d.n ORDER BY d.word) INTO ws, ns FROM (
    SELECT x.lexeme AS word, sum(v.sign)::int AS n
      FROM (SELECT -1 AS sign, m AS search FROM unnest(minus) AS m
            UNION ALL SELECT 1, p FROM unnest(plus) AS p) v
      CROSS JOIN LATERAL unnest(v.search) AS x
     WHERE length(x.lexeme) >= 3 AND x.lexeme !~ '[0-9]'
     GROUP BY x.lexeme
    HAVING sum(v.sign) <> 0
  ) d;
  IF ws IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO search_words ("word", "n")
  SELECT w.word, w.n FROM unnest(ws, ns) AS w(word, n) ORDER BY w.word
  ON CONFLICT ("word") DO UPDATE SET "n" = search_words."n" + excluded."n";
  DELETE FROM search_words WHERE "word" = ANY(ws) AND "n" <= 0;
END $$;--> statement-breakpoint
CREATE FUNCTION "search_words_from_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_words_change('{}', array(SELECT search FROM new_rows WHERE NOT deleted));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM search_words_change(array(SELECT search FROM old_rows WHERE NOT deleted), '{}');
  ELSE
    -- Only rows whose words or liveness changed: a price or stock flag costs one join of the statement's rows.
    PERFORM search_words_change(
      array(SELECT o.search FROM old_rows o JOIN new_rows n ON n.id = o.id
             WHERE NOT o.deleted AND (n.search_text IS DISTINCT FROM o.search_text OR n.deleted <> o.deleted)),
      array(SELECT n.search FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE NOT n.deleted AND (n.search_text IS DISTINCT FROM o.search_text OR n.deleted <> o.deleted)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_search_words_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_from_products"();--> statement-breakpoint
CREATE TRIGGER "products_search_words_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_from_products"();--> statement-breakpoint
CREATE TRIGGER "products_search_words_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_from_products"();--> statement-breakpoint
-- The words of the products there are now.
SELECT search_words_change('{}', array(SELECT search FROM products WHERE NOT deleted));
