CREATE TABLE "control_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"db_conn_str" text,
	"img_folder" text NOT NULL,
	"payment_provider" text DEFAULT 'test' NOT NULL,
	"payment_auth" text,
	"payment_source_code" text,
	"payment_alt_auth" text,
	"api_url" text,
	"url" text NOT NULL,
	"working_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seo" jsonb NOT NULL,
	"countries" jsonb NOT NULL,
	"theme" jsonb NOT NULL,
	"api_key_hash" text,
	"ga4_id" text,
	"google_places_key" text,
	"google_place_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_domains" ADD CONSTRAINT "store_domains_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_domains_store_idx" ON "store_domains" USING btree ("store_id");