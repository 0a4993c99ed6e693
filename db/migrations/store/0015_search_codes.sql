-- Codes are found by their parts (issue 38): to_tsvector's parser reads "zp-0042" as the word
-- "zp" and the signed number "-0042", so neither "0042" nor "ZP-0042" (which the query side,
-- core/search.ts normalizeSearchTerm, splits into "zp" and "0042") found a product whose code
-- has a hyphen before digits, while "orb-liq-0001" happened to parse as a hyphenated word with
-- its parts. search_text now also holds every word that has punctuation (other than the dot of
-- "0.8") with its punctuation made spaces, as the query side makes it; the word itself stays for
-- the back office's substring search. The function stays the one way search_text is written.
CREATE OR REPLACE FUNCTION "search_parts"(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT concat_ws(' ', t,
    (SELECT string_agg(regexp_replace(m[1], '[!-\-/:-@\[-`{-~]+', ' ', 'g'), ' ')
       FROM regexp_matches(t, '(\S*[!-\-/:-@\[-`{-~]\S*)', 'g') AS m))
$$;
--> statement-breakpoint
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
--> statement-breakpoint
SELECT refresh_search_text(array(SELECT id FROM products));
