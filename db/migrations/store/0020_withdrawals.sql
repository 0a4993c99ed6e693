CREATE TABLE "withdrawal_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"withdrawal_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"description" text NOT NULL,
	"qty" integer NOT NULL,
	CONSTRAINT "withdrawal_lines_qty_pos" CHECK ("withdrawal_lines"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"by_kind" text NOT NULL,
	"by_name" text NOT NULL,
	"email" text,
	"lang" text DEFAULT 'en' NOT NULL,
	"deadline" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_by_kind_check" CHECK ("withdrawals"."by_kind" in ('customer', 'guest')),
	CONSTRAINT "withdrawals_key_length" CHECK (length("withdrawals"."idempotency_key") between 8 and 100)
);
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_check";--> statement-breakpoint
ALTER TABLE "withdrawal_lines" ADD CONSTRAINT "withdrawal_lines_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_lines" ADD CONSTRAINT "withdrawal_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_lines_line_uq" ON "withdrawal_lines" USING btree ("withdrawal_id","order_line_id");--> statement-breakpoint
CREATE INDEX "withdrawal_lines_order_line_idx" ON "withdrawal_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_idempotency_uq" ON "withdrawals" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "withdrawals_created_idx" ON "withdrawals" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_check" CHECK ("order_events"."kind" in ('placed', 'paid', 'expired', 'completed', 'cancelled', 'confirmation_resent', 'note', 'withdrawn'));--> statement-breakpoint
-- A withdrawal is the consumer's statement as it was made (docs/decisions/0050): no row of it is
-- changed or removed once written; what follows (a return, a refund) is recorded elsewhere.
CREATE FUNCTION "withdrawals_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "withdrawals_no_change" BEFORE UPDATE OR DELETE ON "withdrawals"
  FOR EACH ROW EXECUTE FUNCTION "withdrawals_append_only"();--> statement-breakpoint
CREATE TRIGGER "withdrawals_no_truncate" BEFORE TRUNCATE ON "withdrawals"
  FOR EACH STATEMENT EXECUTE FUNCTION "withdrawals_append_only"();--> statement-breakpoint
CREATE TRIGGER "withdrawal_lines_no_change" BEFORE UPDATE OR DELETE ON "withdrawal_lines"
  FOR EACH ROW EXECUTE FUNCTION "withdrawals_append_only"();--> statement-breakpoint
CREATE TRIGGER "withdrawal_lines_no_truncate" BEFORE TRUNCATE ON "withdrawal_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "withdrawals_append_only"();
