ALTER TABLE "products" ADD COLUMN "long_desc_html" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "products_admin_name_idx" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "products_admin_price_idx" ON "products" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "products_admin_updated_idx" ON "products" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);