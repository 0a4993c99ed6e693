CREATE TABLE "economic_operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"postal_address" text NOT NULL,
	"email" text NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "economic_operators_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "manufacturer_id" integer;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "responsible_person_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "regulatory_class" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "nicotine_mg_per_ml" numeric(7, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "volume_ml" numeric(9, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tank_capacity_ml" numeric(7, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ec_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "responsible_person_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_manufacturer_id_economic_operators_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."economic_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_responsible_person_id_economic_operators_id_fk" FOREIGN KEY ("responsible_person_id") REFERENCES "public"."economic_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_manufacturer_id_economic_operators_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."economic_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_responsible_person_id_economic_operators_id_fk" FOREIGN KEY ("responsible_person_id") REFERENCES "public"."economic_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_regulatory_class_check" CHECK ("products"."regulatory_class" in ('general', 'nicotine_liquid', 'nicotine_free_liquid', 'device', 'tank', 'accessory'));