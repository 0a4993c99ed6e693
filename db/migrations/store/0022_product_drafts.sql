ALTER TABLE "products" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
-- Every product stored before drafts existed counts as published (an inactive one as withdrawn).
UPDATE "products" SET "published_at" = "created_at";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_published_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.published_at := now();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "products_published_at" BEFORE INSERT OR UPDATE ON "products"
  FOR EACH ROW WHEN (NOT NEW.deleted AND NEW.published_at IS NULL) EXECUTE FUNCTION "product_published_at"();
