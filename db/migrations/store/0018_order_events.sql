CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor" text NOT NULL,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_kind_check" CHECK ("order_events"."kind" in ('placed', 'paid', 'expired', 'completed', 'cancelled', 'confirmation_resent', 'note')),
	CONSTRAINT "order_events_actor_kind_check" CHECK ("order_events"."actor_kind" in ('customer', 'guest', 'staff', 'erp', 'provider', 'system')),
	CONSTRAINT "order_events_body_length" CHECK ("order_events"."body" is null or length("order_events"."body") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_guest_email_idx" ON "orders" USING btree (lower("customer_email"),"created_at") WHERE "orders"."customer_id" is null;--> statement-breakpoint
-- An order's timeline is a record, like the audit log: no row is changed or removed once written
-- (docs/decisions/0045). A correction is a new note.
CREATE FUNCTION "order_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'order_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "order_events_no_change" BEFORE UPDATE OR DELETE ON "order_events"
  FOR EACH ROW EXECUTE FUNCTION "order_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "order_events_no_truncate" BEFORE TRUNCATE ON "order_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_events_append_only"();--> statement-breakpoint
-- Orders placed before the timeline was kept get what their rows and the audit log tell: when each
-- was placed and paid, who completed, cancelled or re-sent it from the back office or the ERP, and,
-- for those that lapsed or that the shopper cancelled (never audited), their status and last change.
INSERT INTO "order_events" ("order_id", "kind", "actor_kind", "actor", "created_at")
SELECT "id", 'placed', CASE WHEN "customer_id" IS NULL THEN 'guest' ELSE 'customer' END, "customer_name", "created_at"
FROM "orders";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "kind", "actor_kind", "actor", "body", "created_at")
SELECT o."id", 'paid', 'provider', coalesce(p."provider", 'payment provider'), p."transaction_id", o."paid_at"
FROM "orders" o
LEFT JOIN LATERAL (
  SELECT "provider", "transaction_id" FROM "payments" WHERE "order_id" = o."id" AND "status" = 'paid'
  ORDER BY "verified_at" LIMIT 1
) p ON true
WHERE o."paid_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "kind", "actor_kind", "actor", "created_at")
SELECT o."id",
  CASE a."action" WHEN 'order.complete' THEN 'completed' WHEN 'order.cancel' THEN 'cancelled' ELSE 'confirmation_resent' END,
  CASE WHEN a."staff_id" IS NOT NULL THEN 'staff' WHEN a."staff_email" = 'erp-api' THEN 'erp' ELSE 'system' END,
  coalesce(s."name", a."staff_email"),
  a."created_at"
FROM "audit_log" a
JOIN "orders" o ON o."code" = a."entity_id"
LEFT JOIN "staff" s ON s."id" = a."staff_id"
WHERE a."entity" = 'order' AND a."action" IN ('order.complete', 'order.cancel', 'order.resend_confirmation');--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "kind", "actor_kind", "actor", "created_at")
SELECT o."id", o."status",
  CASE WHEN o."status" = 'expired' THEN 'system' WHEN o."customer_id" IS NULL THEN 'guest' ELSE 'customer' END,
  CASE WHEN o."status" = 'expired' THEN 'the shop' ELSE o."customer_name" END,
  o."updated_at"
FROM "orders" o
WHERE o."status" IN ('expired', 'cancelled')
  AND NOT EXISTS (
    SELECT 1 FROM "audit_log" a
    WHERE a."entity" = 'order' AND a."entity_id" = o."code" AND a."action" = 'order.cancel'
  );
