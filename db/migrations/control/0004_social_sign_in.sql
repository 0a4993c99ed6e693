ALTER TABLE "stores" ADD COLUMN "google_client_id" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "google_client_secret" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "facebook_app_id" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "facebook_app_secret" text;