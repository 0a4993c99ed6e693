CREATE TABLE "blog_post_translations" (
	"post_id" integer NOT NULL,
	"lang" text NOT NULL,
	"title" text,
	"excerpt" text,
	"body_html" text,
	"cover_alt" text,
	"seo_title" text,
	"seo_description" text,
	CONSTRAINT "blog_post_translations_post_id_lang_pk" PRIMARY KEY("post_id","lang"),
	CONSTRAINT "blog_post_translations_lang_check" CHECK ("blog_post_translations"."lang" ~ '^[a-z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "category_translations" (
	"category_id" integer NOT NULL,
	"lang" text NOT NULL,
	"description" text,
	CONSTRAINT "category_translations_category_id_lang_pk" PRIMARY KEY("category_id","lang"),
	CONSTRAINT "category_translations_lang_check" CHECK ("category_translations"."lang" ~ '^[a-z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "content_section_translations" (
	"section_id" integer NOT NULL,
	"lang" text NOT NULL,
	"title" text,
	"body_html" text,
	CONSTRAINT "content_section_translations_section_id_lang_pk" PRIMARY KEY("section_id","lang"),
	CONSTRAINT "content_section_translations_lang_check" CHECK ("content_section_translations"."lang" ~ '^[a-z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "master_category_translations" (
	"master_id" integer NOT NULL,
	"lang" text NOT NULL,
	"description" text,
	CONSTRAINT "master_category_translations_master_id_lang_pk" PRIMARY KEY("master_id","lang"),
	CONSTRAINT "master_category_translations_lang_check" CHECK ("master_category_translations"."lang" ~ '^[a-z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "page_content_translations" (
	"page_content_id" integer NOT NULL,
	"lang" text NOT NULL,
	"text" text,
	CONSTRAINT "page_content_translations_page_content_id_lang_pk" PRIMARY KEY("page_content_id","lang"),
	CONSTRAINT "page_content_translations_lang_check" CHECK ("page_content_translations"."lang" ~ '^[a-z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "product_translations" (
	"product_id" integer NOT NULL,
	"lang" text NOT NULL,
	"name" text,
	"short_desc" text,
	"long_desc_html" text,
	"variant_label" text,
	"specs" jsonb,
	CONSTRAINT "product_translations_product_id_lang_pk" PRIMARY KEY("product_id","lang"),
	CONSTRAINT "product_translations_lang_check" CHECK ("product_translations"."lang" ~ '^[a-z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "shipping_method_translations" (
	"shipping_method_id" integer NOT NULL,
	"lang" text NOT NULL,
	"description" text,
	CONSTRAINT "shipping_method_translations_shipping_method_id_lang_pk" PRIMARY KEY("shipping_method_id","lang"),
	CONSTRAINT "shipping_method_translations_lang_check" CHECK ("shipping_method_translations"."lang" ~ '^[a-z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "slide_translations" (
	"slide_id" integer NOT NULL,
	"lang" text NOT NULL,
	"intro_subtitle" text,
	"intro_title1" text,
	"intro_title2" text,
	"intro_title3" text,
	"link_title" text,
	CONSTRAINT "slide_translations_slide_id_lang_pk" PRIMARY KEY("slide_id","lang"),
	CONSTRAINT "slide_translations_lang_check" CHECK ("slide_translations"."lang" ~ '^[a-z]{2}$')
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "notify_requests" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_post_translations" ADD CONSTRAINT "blog_post_translations_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_translations" ADD CONSTRAINT "category_translations_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_section_translations" ADD CONSTRAINT "content_section_translations_section_id_content_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."content_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_category_translations" ADD CONSTRAINT "master_category_translations_master_id_master_categories_id_fk" FOREIGN KEY ("master_id") REFERENCES "public"."master_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_content_translations" ADD CONSTRAINT "page_content_translations_page_content_id_page_content_id_fk" FOREIGN KEY ("page_content_id") REFERENCES "public"."page_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_translations" ADD CONSTRAINT "product_translations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_method_translations" ADD CONSTRAINT "shipping_method_translations_shipping_method_id_shipping_methods_id_fk" FOREIGN KEY ("shipping_method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slide_translations" ADD CONSTRAINT "slide_translations_slide_id_slides_id_fk" FOREIGN KEY ("slide_id") REFERENCES "public"."slides"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- search_fold: what search compares, in SQL as core/search-fold.ts does it in JS: lower case
-- (Greek too, whatever the database's locale), Greek accents (tonos, dialytika) dropped and final
-- sigma as sigma, so "Υγρά", "υγρα" and "ΥΓΡΑ" find each other.
CREATE FUNCTION "search_fold"(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower(t),
    'ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΆΈΉΊΌΎΏΪΫάέήίόύώϊϋΐΰς',
    'αβγδεζηθικλμνξοπρστυφχψωαεηιουωιυαεηιουωιυιυσ')
$$;
--> statement-breakpoint
-- product_search_text / refresh_search_text: the one way products.search_text is written. Name,
-- code, brand, sub-categories and categories, in English and in every translation, folded by
-- search_fold(), so a search in either language finds the product. Writers call
-- refresh_search_text after changing any of these; a row whose text is unchanged is not touched
-- (an update would refresh its card and enter the change feed for nothing).
CREATE FUNCTION "product_search_text"(pid integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT search_fold(concat_ws(' ',
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
        WHERE pt.product_id = p.id)))
    FROM products p WHERE p.id = pid
$$;
--> statement-breakpoint
CREATE FUNCTION "refresh_search_text"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET search_text = s.t
    FROM (SELECT x.id, product_search_text(x.id) AS t FROM unnest(ids) AS x(id)) s
   WHERE p.id = s.id AND p.search_text IS DISTINCT FROM s.t;
$$;
