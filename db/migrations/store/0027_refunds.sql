CREATE TABLE "order_refund_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"qty" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "order_refund_lines_qty_pos" CHECK ("order_refund_lines"."qty" > 0),
	CONSTRAINT "order_refund_lines_amount_nonneg" CHECK ("order_refund_lines"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"payment_id" integer,
	"idempotency_key" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"extra_cents" integer DEFAULT 0 NOT NULL,
	"points_returned_cents" integer DEFAULT 0 NOT NULL,
	"points_taken_cents" integer DEFAULT 0 NOT NULL,
	"points_unrecovered_cents" integer DEFAULT 0 NOT NULL,
	"restock" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"staff_id" integer,
	"by_name" text NOT NULL,
	"provider_transaction_id" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "order_refunds_status_check" CHECK ("order_refunds"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "order_refunds_method_check" CHECK ("order_refunds"."method" in ('provider', 'cash', 'bank_transfer', 'other')),
	CONSTRAINT "order_refunds_amounts_nonneg" CHECK ("order_refunds"."amount_cents" >= 0 and "order_refunds"."shipping_cents" >= 0 and "order_refunds"."extra_cents" >= 0 and "order_refunds"."points_returned_cents" >= 0 and "order_refunds"."points_taken_cents" >= 0 and "order_refunds"."points_unrecovered_cents" >= 0),
	CONSTRAINT "order_refunds_provider_payment" CHECK (("order_refunds"."method" = 'provider') = ("order_refunds"."payment_id" is not null)),
	CONSTRAINT "order_refunds_key_length" CHECK (length("order_refunds"."idempotency_key") between 8 and 100),
	CONSTRAINT "order_refunds_reason_length" CHECK (length("order_refunds"."reason") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_check";--> statement-breakpoint
ALTER TABLE "order_refund_lines" ADD CONSTRAINT "order_refund_lines_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund_lines" ADD CONSTRAINT "order_refund_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refund_lines_line_uq" ON "order_refund_lines" USING btree ("refund_id","order_line_id");--> statement-breakpoint
CREATE INDEX "order_refund_lines_order_line_idx" ON "order_refund_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_idempotency_uq" ON "order_refunds" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_refunds_pending_idx" ON "order_refunds" USING btree ("created_at") WHERE "order_refunds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_check" CHECK ("order_events"."kind" in ('placed', 'paid', 'expired', 'completed', 'cancelled', 'confirmation_resent', 'note', 'withdrawn', 'shipped', 'delivered', 'refunded'));