ALTER TABLE "stores" ADD COLUMN "erp_webhook_url" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "erp_webhook_secret" text;