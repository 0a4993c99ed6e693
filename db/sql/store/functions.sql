-- Every SQL function and trigger of a store database, as the migrated database has it now.
--
-- This file is a checked mirror of db/migrations/store (docs/decisions/0040): the migrations are
-- what runs; this is where a reader finds the current body of each function in one place.
-- tests/integration/sql-source.test.ts applies this file over a freshly migrated database and fails
-- when any function or trigger changes, or when either side has one the other lacks. To change a
-- function: edit it here, copy the statement into a new migration (npx drizzle-kit generate --custom
-- --config db/drizzle.store.config.ts, with any backfill it needs), and the test holds the two equal.
-- Each statement is CREATE OR REPLACE, so the file can be applied over a migrated database; the
-- migration each one was last written in is named above it.

-- ==================================================================================================
-- The change feed (GET /integration/changes, docs/decisions/0028; services/integration/changes.ts)
-- ==================================================================================================
-- Every insert and every real change of an order, or of what the ERP sees of a customer, takes the
-- writing transaction's id and the next number of the sequence change_seq. Logins, lockouts and a new
-- password hash are not changes the ERP pulls; choosing a first password is (the feed shows
-- hasPassword; 'sha256:no-password-chosen-yet' is NO_PASSWORD_HASH of services/integration/customers.ts,
-- docs/decisions/0040).

-- track_change (last written in 0005_erp_integration.sql)
CREATE OR REPLACE FUNCTION "track_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_xid := pg_current_xact_id()::text::bigint;
  NEW.change_seq := nextval('change_seq');
  RETURN NEW;
END $$;

-- orders_track_insert (last written in 0005_erp_integration.sql)
CREATE OR REPLACE TRIGGER "orders_track_insert" BEFORE INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "track_change"();

-- orders_track_update (last written in 0005_erp_integration.sql)
CREATE OR REPLACE TRIGGER "orders_track_update" BEFORE UPDATE ON "orders"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "track_change"();

-- customers_track_insert (last written in 0005_erp_integration.sql)
CREATE OR REPLACE TRIGGER "customers_track_insert" BEFORE INSERT ON "customers"
  FOR EACH ROW EXECUTE FUNCTION "track_change"();

-- customers_track_update (last written in 0014_customer_feed_password.sql)
CREATE OR REPLACE TRIGGER "customers_track_update" BEFORE UPDATE ON "customers"
  FOR EACH ROW WHEN (
    (OLD.username, OLD.name, OLD.surname, OLD.company, OLD.mobile_phone, OLD.email, OLD.street,
     OLD.postcode, OLD.city, OLD.country, OLD.vat_number, OLD.price_list_id, OLD.exclude_vat,
     OLD.points_balance_cents, OLD.points_on_hold_cents, OLD.is_customer, OLD.deleted,
     OLD.sales_prices, OLD.is_pos, OLD.is_mobile_user, OLD.show_on_pos, OLD.latitude,
     OLD.longitude, OLD.erp_id, OLD.password_hash = 'sha256:no-password-chosen-yet')
    IS DISTINCT FROM
    (NEW.username, NEW.name, NEW.surname, NEW.company, NEW.mobile_phone, NEW.email, NEW.street,
     NEW.postcode, NEW.city, NEW.country, NEW.vat_number, NEW.price_list_id, NEW.exclude_vat,
     NEW.points_balance_cents, NEW.points_on_hold_cents, NEW.is_customer, NEW.deleted,
     NEW.sales_prices, NEW.is_pos, NEW.is_mobile_user, NEW.show_on_pos, NEW.latitude,
     NEW.longitude, NEW.erp_id, NEW.password_hash = 'sha256:no-password-chosen-yet')
  ) EXECUTE FUNCTION "track_change"();

-- ==================================================================================================
-- Search text (docs/decisions/0035; services/catalog/search-text.ts, core/search-fold.ts)
-- ==================================================================================================
-- search_fold: what search compares, as core/search-fold.ts does it in JS (tests/unit/search-fold.test.ts
-- holds the two equal): lower case, Greek accents dropped, final sigma as sigma.
-- product_search_text / refresh_search_text: the one way products.search_text is written (name, code,
-- brand, categories and their translations, product translations, folded, with search_parts). Writers call
-- refresh_search_text after changing any of these; an unchanged text is not written. products.search is
-- the generated column to_tsvector('simple', search_text) (db/store/schema.ts).

-- search_fold (last written in 0010_translations.sql)
CREATE OR REPLACE FUNCTION "search_fold"(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower(t),
    'ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΆΈΉΊΌΎΏΪΫάέήίόύώϊϋΐΰς',
    'αβγδεζηθικλμνξοπρστυφχψωαεηιουωιυαεηιουωιυιυσ')
$$;

-- search_parts (last written in 0015_search_codes.sql): every word with punctuation also with its
-- punctuation made spaces, as the query side splits it, so "ZP-0042" and "0042" find a code.
CREATE OR REPLACE FUNCTION "search_parts"(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT concat_ws(' ', t,
    (SELECT string_agg(regexp_replace(m[1], '[!-\-/:-@\[-`{-~]+', ' ', 'g'), ' ')
       FROM regexp_matches(t, '(\S*[!-\-/:-@\[-`{-~]\S*)', 'g') AS m))
$$;

-- product_search_text (last written in 0015_search_codes.sql)
CREATE OR REPLACE FUNCTION "product_search_text"(pid integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT search_parts(search_fold(concat_ws(' ',
      p.name, p.code,
      (SELECT b.name FROM brands b WHERE b.id = p.brand_id),
      (SELECT string_agg(concat_ws(' ', c.description,
                (SELECT string_agg(ct.description, ' ' ORDER BY ct.lang) FROM category_translations ct
                  WHERE ct.category_id = c.id)), ' ' ORDER BY pc.seq, c.id)
         FROM product_categories pc JOIN categories c ON c.id = pc.category_id
        WHERE pc.product_id = p.id),
      (SELECT string_agg(concat_ws(' ', m.description,
                (SELECT string_agg(mt.description, ' ' ORDER BY mt.lang) FROM master_category_translations mt
                  WHERE mt.master_id = m.id)), ' ' ORDER BY m.seq, m.id)
         FROM master_categories m
        WHERE m.id IN (SELECT c.master_id FROM product_categories pc JOIN categories c ON c.id = pc.category_id
                        WHERE pc.product_id = p.id)),
      (SELECT string_agg(pt.name, ' ' ORDER BY pt.lang) FROM product_translations pt
        WHERE pt.product_id = p.id))))
    FROM products p WHERE p.id = pid
$$;

-- refresh_search_text (last written in 0010_translations.sql)
CREATE OR REPLACE FUNCTION "refresh_search_text"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET search_text = s.t
    FROM (SELECT x.id, product_search_text(x.id) AS t FROM unnest(ids) AS x(id)) s
   WHERE p.id = s.id AND p.search_text IS DISTINCT FROM s.t;
$$;

-- ==================================================================================================
-- The search vocabulary (docs/decisions/0036; services/catalog/search-words.ts)
-- ==================================================================================================
-- search_words: every lexeme of products.search of 3+ characters without a digit, with how many live
-- products hold it. The word rule is corrects() in services/catalog/search-words.ts too
-- (tests/integration/sql-constants.test.ts holds them equal). Words are written in their order, so
-- concurrent writers lock shared words in the same order.

-- search_words_change (last written in 0011_search_words.sql)
CREATE OR REPLACE FUNCTION "search_words_change"(minus tsvector[], plus tsvector[]) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;

-- search_words_from_products (last written in 0011_search_words.sql)
CREATE OR REPLACE FUNCTION "search_words_from_products"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;

-- products_search_words_insert (last written in 0011_search_words.sql)
CREATE OR REPLACE TRIGGER "products_search_words_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_from_products"();

-- products_search_words_update (last written in 0011_search_words.sql)
CREATE OR REPLACE TRIGGER "products_search_words_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_from_products"();

-- products_search_words_delete (last written in 0011_search_words.sql)
CREATE OR REPLACE TRIGGER "products_search_words_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_from_products"();

-- ==================================================================================================
-- Listing cards, their counts and the marks' version (docs/decisions/0033, 0037; services/catalog/card-order.ts, listing.ts)
-- ==================================================================================================
-- product_cards: one row per listed product with what listings filter and sort by; product_card_counts:
-- cards per filter key ('all', 'hot', 'new', 'sale', 'brand:<id>', 'cat:<id>', 'master:<id>') per block of
-- 1,024 product ids (product_id >> 10); product_card_version: bumped by every change of the cards, so deep
-- page marks of older cards are not used. The keys and the block are listing.ts' and card-order.ts' too
-- (tests/integration/sql-constants.test.ts). A card under a filter is the first product of its variant
-- group that matches it. Kept by statement-level triggers in the writing transaction; a lock per variant
-- group keeps two writers to one group from each computing its head without the other's change
-- (tests/integration/card-writers.test.ts).

-- product_card_count_delta (last written in 0008_product_cards.sql)
CREATE OR REPLACE FUNCTION "product_card_count_delta"(sign integer, ids integer[], gs text[]) RETURNS void LANGUAGE sql AS $$
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
$$;

-- refresh_product_cards (last written in 0017_variant_price_follows.sql)
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
END $$;

-- product_cards_from_products (last written in 0008_product_cards.sql)
CREATE OR REPLACE FUNCTION "product_cards_from_products"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;

-- products_cards_insert (last written in 0008_product_cards.sql)
CREATE OR REPLACE TRIGGER "products_cards_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_from_products"();

-- products_cards_update (last written in 0008_product_cards.sql)
CREATE OR REPLACE TRIGGER "products_cards_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_from_products"();

-- products_cards_delete (last written in 0008_product_cards.sql)
CREATE OR REPLACE TRIGGER "products_cards_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_from_products"();

-- product_cards_from_children (last written in 0008_product_cards.sql)
CREATE OR REPLACE FUNCTION "product_cards_from_children"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;

-- product_categories_cards_insert (last written in 0008_product_cards.sql)
CREATE OR REPLACE TRIGGER "product_categories_cards_insert" AFTER INSERT ON "product_categories"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_from_children"();

-- product_categories_cards_update (last written in 0008_product_cards.sql)
CREATE OR REPLACE TRIGGER "product_categories_cards_update" AFTER UPDATE ON "product_categories"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_from_children"();

-- product_categories_cards_delete (last written in 0008_product_cards.sql)
CREATE OR REPLACE TRIGGER "product_categories_cards_delete" AFTER DELETE ON "product_categories"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_from_children"();

-- product_variants_cards_insert (last written in 0008_product_cards.sql)
CREATE OR REPLACE TRIGGER "product_variants_cards_insert" AFTER INSERT ON "product_variants"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_from_children"();

-- product_variants_cards_update (last written in 0008_product_cards.sql)
CREATE OR REPLACE TRIGGER "product_variants_cards_update" AFTER UPDATE ON "product_variants"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_from_children"();

-- product_variants_cards_delete (last written in 0008_product_cards.sql)
CREATE OR REPLACE TRIGGER "product_variants_cards_delete" AFTER DELETE ON "product_variants"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_from_children"();

-- product_cards_from_categories (last written in 0008_product_cards.sql)
CREATE OR REPLACE FUNCTION "product_cards_from_categories"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_product_cards(
    array(SELECT DISTINCT pc.product_id FROM product_categories pc
            JOIN new_rows n ON n.id = pc.category_id JOIN old_rows o ON o.id = n.id
           WHERE n.master_id <> o.master_id), '{}');
  RETURN NULL;
END $$;

-- categories_cards_update (last written in 0008_product_cards.sql)
CREATE OR REPLACE TRIGGER "categories_cards_update" AFTER UPDATE ON "categories"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_cards_from_categories"();

-- ==================================================================================================
-- The audit log is append-only (docs/decisions/0041; docs/deployment.md section 8)
-- ==================================================================================================
-- UPDATE, DELETE and TRUNCATE on audit_log are refused for the application's connection; the updates
-- let through are the staff foreign key's own ON DELETE SET NULL (staff_email keeps who it was) and an
-- erasure that only turns texts into '[erased]' and the IP address into null (docs/decisions/0051;
-- privacy_only_erased compares JSON leaf by leaf).

-- privacy_only_erased (last written in 0021_privacy_erasure.sql)
CREATE OR REPLACE FUNCTION "privacy_only_erased"("old" jsonb, "new" jsonb) RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  k text;
  i integer;
BEGIN
  IF "old" IS NOT DISTINCT FROM "new" THEN RETURN true; END IF;
  IF "old" IS NULL OR "new" IS NULL THEN RETURN false; END IF;
  IF jsonb_typeof("old") = 'string' AND "new" = '"[erased]"'::jsonb THEN RETURN true; END IF;
  IF jsonb_typeof("old") = 'object' AND jsonb_typeof("new") = 'object' THEN
    IF array(SELECT jsonb_object_keys("old") ORDER BY 1) <> array(SELECT jsonb_object_keys("new") ORDER BY 1) THEN
      RETURN false;
    END IF;
    FOR k IN SELECT jsonb_object_keys("old") LOOP
      IF NOT privacy_only_erased("old" -> k, "new" -> k) THEN RETURN false; END IF;
    END LOOP;
    RETURN true;
  END IF;
  IF jsonb_typeof("old") = 'array' AND jsonb_typeof("new") = 'array' THEN
    IF jsonb_array_length("old") <> jsonb_array_length("new") THEN RETURN false; END IF;
    FOR i IN 0 .. jsonb_array_length("old") - 1 LOOP
      IF NOT privacy_only_erased("old" -> i, "new" -> i) THEN RETURN false; END IF;
    END LOOP;
    RETURN true;
  END IF;
  RETURN false;
END
$$;

-- audit_log_append_only (last written in 0021_privacy_erasure.sql)
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.staff_id IS NOT NULL AND NEW.staff_id IS NULL
     AND (to_jsonb(OLD) - 'staff_id') = (to_jsonb(NEW) - 'staff_id') THEN
    RETURN NEW;
  END IF;
  -- Erasure (decision 0051): texts become '[erased]', the IP address null; nothing else changes.
  IF TG_OP = 'UPDATE'
     AND (to_jsonb(OLD) - 'staff_email' - 'entity_id' - 'summary' - 'before' - 'after' - 'ip')
       = (to_jsonb(NEW) - 'staff_email' - 'entity_id' - 'summary' - 'before' - 'after' - 'ip')
     AND (NEW.staff_email = OLD.staff_email OR NEW.staff_email = '[erased]')
     AND (NEW.entity_id IS NOT DISTINCT FROM OLD.entity_id OR NEW.entity_id = '[erased]')
     AND (NEW.summary = OLD.summary OR NEW.summary = '[erased]')
     AND (NEW.ip IS NOT DISTINCT FROM OLD.ip OR NEW.ip IS NULL)
     AND privacy_only_erased(OLD.before, NEW.before)
     AND privacy_only_erased(OLD.after, NEW.after) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

-- audit_log_no_change (last written in 0016_email_proof_audit_guard.sql)
CREATE OR REPLACE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();

-- audit_log_no_truncate (last written in 0016_email_proof_audit_guard.sql)
CREATE OR REPLACE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();

-- ==================================================================================================
-- An order's timeline is append-only (docs/decisions/0045)
-- ==================================================================================================
-- UPDATE, DELETE and TRUNCATE on order_events are refused: a correction is a new note. The one update
-- let through is an erasure: who and a note's text become '[erased]' (docs/decisions/0051).

-- order_events_append_only (last written in 0021_privacy_erasure.sql)
CREATE OR REPLACE FUNCTION "order_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Erasure (decision 0051): who and a note's text may become '[erased]'; nothing else changes.
  IF TG_OP = 'UPDATE'
     AND (to_jsonb(OLD) - 'actor' - 'body') = (to_jsonb(NEW) - 'actor' - 'body')
     AND (NEW.actor = OLD.actor OR NEW.actor = '[erased]')
     AND (NEW.body IS NOT DISTINCT FROM OLD.body OR NEW.body = '[erased]') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'order_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

-- order_events_no_change (last written in 0018_order_events.sql)
CREATE OR REPLACE TRIGGER "order_events_no_change" BEFORE UPDATE OR DELETE ON "order_events"
  FOR EACH ROW EXECUTE FUNCTION "order_events_append_only"();

-- order_events_no_truncate (last written in 0018_order_events.sql)
CREATE OR REPLACE TRIGGER "order_events_no_truncate" BEFORE TRUNCATE ON "order_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_events_append_only"();

-- ==================================================================================================
-- A withdrawal is append-only (docs/decisions/0050)
-- ==================================================================================================
-- UPDATE, DELETE and TRUNCATE on withdrawals and withdrawal_lines are refused.

-- withdrawals_append_only (last written in 0020_withdrawals.sql)
CREATE OR REPLACE FUNCTION "withdrawals_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

-- withdrawals_no_change (last written in 0020_withdrawals.sql)
CREATE OR REPLACE TRIGGER "withdrawals_no_change" BEFORE UPDATE OR DELETE ON "withdrawals"
  FOR EACH ROW EXECUTE FUNCTION "withdrawals_append_only"();

-- withdrawals_no_truncate (last written in 0020_withdrawals.sql)
CREATE OR REPLACE TRIGGER "withdrawals_no_truncate" BEFORE TRUNCATE ON "withdrawals"
  FOR EACH STATEMENT EXECUTE FUNCTION "withdrawals_append_only"();

-- withdrawal_lines_no_change (last written in 0020_withdrawals.sql)
CREATE OR REPLACE TRIGGER "withdrawal_lines_no_change" BEFORE UPDATE OR DELETE ON "withdrawal_lines"
  FOR EACH ROW EXECUTE FUNCTION "withdrawals_append_only"();

-- withdrawal_lines_no_truncate (last written in 0020_withdrawals.sql)
CREATE OR REPLACE TRIGGER "withdrawal_lines_no_truncate" BEFORE TRUNCATE ON "withdrawal_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "withdrawals_append_only"();

-- ==================================================================================================
-- A shipment is append-only (docs/decisions/0055)
-- ==================================================================================================
-- UPDATE, DELETE and TRUNCATE on shipments and shipment_lines are refused by the withdrawals' function.

-- shipments_no_change (last written in 0025_shipments.sql)
CREATE OR REPLACE TRIGGER "shipments_no_change" BEFORE UPDATE OR DELETE ON "shipments"
  FOR EACH ROW EXECUTE FUNCTION "withdrawals_append_only"();

-- shipments_no_truncate (last written in 0025_shipments.sql)
CREATE OR REPLACE TRIGGER "shipments_no_truncate" BEFORE TRUNCATE ON "shipments"
  FOR EACH STATEMENT EXECUTE FUNCTION "withdrawals_append_only"();

-- shipment_lines_no_change (last written in 0025_shipments.sql)
CREATE OR REPLACE TRIGGER "shipment_lines_no_change" BEFORE UPDATE OR DELETE ON "shipment_lines"
  FOR EACH ROW EXECUTE FUNCTION "withdrawals_append_only"();

-- shipment_lines_no_truncate (last written in 0025_shipments.sql)
CREATE OR REPLACE TRIGGER "shipment_lines_no_truncate" BEFORE TRUNCATE ON "shipment_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "withdrawals_append_only"();

-- ==================================================================================================
-- Drafts (docs/decisions/0047)
-- ==================================================================================================
-- A product first shown in the shop gets its published_at, by whichever path showed it (the back
-- office, the ERP, the catalogue import): null means a draft, never published.

-- product_published_at (last written in 0022_product_drafts.sql)
CREATE OR REPLACE FUNCTION "product_published_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.published_at := now();
  RETURN NEW;
END $$;

-- products_published_at (last written in 0022_product_drafts.sql)
CREATE OR REPLACE TRIGGER "products_published_at" BEFORE INSERT OR UPDATE ON "products"
  FOR EACH ROW WHEN (NOT NEW.deleted AND NEW.published_at IS NULL) EXECUTE FUNCTION "product_published_at"();

-- ==================================================================================================
-- The price record (issue 40, Directive 98/6/EC art. 6a; docs/decisions/0048)
-- ==================================================================================================
-- price_history gets one row per price that changed, written by the statement that changed it on
-- products, product_variants (rows with a price of their own) and price_list_lines, so every way a
-- price changes (back office, ERP API, catalogue file, seed, bulk edits) writes it in its own
-- transaction; append-only like the audit log. prior_price_cents is the lowest price paid in the 30
-- days before the current reduction of a product's retail price began (art. 6a(2); progressive
-- reductions keep the price before their first step, art. 6a(5)); services/catalog/hydrate.ts reads it.

-- price_history_append_only (last written in 0023_price_history.sql)
CREATE OR REPLACE FUNCTION "price_history_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'price_history is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

-- price_history_no_change (last written in 0023_price_history.sql)
CREATE OR REPLACE TRIGGER "price_history_no_change" BEFORE UPDATE OR DELETE ON "price_history"
  FOR EACH ROW EXECUTE FUNCTION "price_history_append_only"();

-- price_history_no_truncate (last written in 0023_price_history.sql)
CREATE OR REPLACE TRIGGER "price_history_no_truncate" BEFORE TRUNCATE ON "price_history"
  FOR EACH STATEMENT EXECUTE FUNCTION "price_history_append_only"();

-- record_prices (last written in 0023_price_history.sql)
CREATE OR REPLACE FUNCTION "record_prices"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;

-- products_prices_insert (last written in 0023_price_history.sql)
CREATE OR REPLACE TRIGGER "products_prices_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_prices"();

-- products_prices_update (last written in 0023_price_history.sql)
CREATE OR REPLACE TRIGGER "products_prices_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_prices"();

-- product_variants_prices_insert (last written in 0023_price_history.sql)
CREATE OR REPLACE TRIGGER "product_variants_prices_insert" AFTER INSERT ON "product_variants"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_prices"();

-- product_variants_prices_update (last written in 0023_price_history.sql)
CREATE OR REPLACE TRIGGER "product_variants_prices_update" AFTER UPDATE ON "product_variants"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_prices"();

-- price_list_lines_prices_insert (last written in 0023_price_history.sql)
CREATE OR REPLACE TRIGGER "price_list_lines_prices_insert" AFTER INSERT ON "price_list_lines"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_prices"();

-- price_list_lines_prices_update (last written in 0023_price_history.sql)
CREATE OR REPLACE TRIGGER "price_list_lines_prices_update" AFTER UPDATE ON "price_list_lines"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_prices"();

-- prior_price_cents (last written in 0023_price_history.sql)
CREATE OR REPLACE FUNCTION "prior_price_cents"(pid integer) RETURNS integer LANGUAGE sql STABLE AS $$
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
$$;
