ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD COLUMN "weight_bands" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_range" CHECK ("products"."weight_grams" is null or "products"."weight_grams" between 0 and 100000);