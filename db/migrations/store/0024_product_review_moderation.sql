DROP INDEX "product_reviews_product_idx";--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "order_line_id" integer;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_reviews" ALTER COLUMN "source" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "moderated_by" integer;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_moderated_by_staff_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_reviews_shown_idx" ON "product_reviews" USING btree ("product_id","created_at" DESC NULLS LAST) WHERE "product_reviews"."status" = 'published';--> statement-breakpoint
CREATE INDEX "product_reviews_moderation_idx" ON "product_reviews" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "product_reviews_order_line_uq" ON "product_reviews" USING btree ("order_line_id") WHERE "product_reviews"."order_line_id" is not null;--> statement-breakpoint
-- Existing reviews (docs/decisions/0053): none was written from an order line, so none can show
-- as a purchase. Those of a customer account stay theirs ('customer', without a line: no badge);
-- the rest (the demo seed's) were put in by the shop: 'staff'. Shown ones stay shown.
UPDATE "product_reviews" SET "source" = CASE WHEN "customer_id" IS NULL THEN 'staff' ELSE 'customer' END,
  "status" = CASE WHEN "published" THEN 'published' ELSE 'pending' END;--> statement-breakpoint
ALTER TABLE "product_reviews" DROP COLUMN "published";--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_source" CHECK ("product_reviews"."source" in ('customer', 'staff'));--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_status" CHECK ("product_reviews"."status" in ('pending', 'published', 'rejected'));--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_staff_unlinked" CHECK ("product_reviews"."source" <> 'staff' or ("product_reviews"."order_line_id" is null and "product_reviews"."customer_id" is null));