CREATE TABLE "integration_uploads" (
	"token" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"sm_url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"event_key" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_outbox_event_key_unique" UNIQUE("event_key")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "erp_id" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "change_xid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "change_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "change_xid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "change_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "source" text;--> statement-breakpoint
CREATE INDEX "webhook_outbox_pending_idx" ON "webhook_outbox" USING btree ("next_attempt_at") WHERE "webhook_outbox"."delivered_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_erp_id_uq" ON "customers" USING btree ("erp_id") WHERE "customers"."erp_id" is not null;--> statement-breakpoint
CREATE INDEX "customers_change_idx" ON "customers" USING btree ("change_xid","change_seq");--> statement-breakpoint
CREATE INDEX "orders_change_idx" ON "orders" USING btree ("change_xid","change_seq");--> statement-breakpoint
-- The integration API's change feed (GET /integration/changes): every insert and every real change
-- of an order or of what the ERP sees of a customer takes the writing transaction's id and the next
-- number of one sequence. Logins, lockouts and password changes are not changes the ERP pulls.
CREATE SEQUENCE "change_seq";--> statement-breakpoint
UPDATE "orders" o SET "change_xid" = pg_current_xact_id()::text::bigint, "change_seq" = n.seq
  FROM (SELECT "id", nextval('change_seq') AS seq FROM (SELECT "id" FROM "orders" ORDER BY "id") ids) n
  WHERE o."id" = n."id";--> statement-breakpoint
UPDATE "customers" c SET "change_xid" = pg_current_xact_id()::text::bigint, "change_seq" = n.seq
  FROM (SELECT "id", nextval('change_seq') AS seq FROM (SELECT "id" FROM "customers" ORDER BY "id") ids) n
  WHERE c."id" = n."id";--> statement-breakpoint
CREATE FUNCTION "track_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_xid := pg_current_xact_id()::text::bigint;
  NEW.change_seq := nextval('change_seq');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_track_insert" BEFORE INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "track_change"();--> statement-breakpoint
CREATE TRIGGER "orders_track_update" BEFORE UPDATE ON "orders"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "track_change"();--> statement-breakpoint
CREATE TRIGGER "customers_track_insert" BEFORE INSERT ON "customers"
  FOR EACH ROW EXECUTE FUNCTION "track_change"();--> statement-breakpoint
CREATE TRIGGER "customers_track_update" BEFORE UPDATE ON "customers"
  FOR EACH ROW WHEN (
    (OLD.username, OLD.name, OLD.surname, OLD.company, OLD.mobile_phone, OLD.email, OLD.street,
     OLD.postcode, OLD.city, OLD.country, OLD.vat_number, OLD.price_list_id, OLD.exclude_vat,
     OLD.points_balance_cents, OLD.points_on_hold_cents, OLD.is_customer, OLD.deleted,
     OLD.sales_prices, OLD.is_pos, OLD.is_mobile_user, OLD.show_on_pos, OLD.latitude,
     OLD.longitude, OLD.erp_id)
    IS DISTINCT FROM
    (NEW.username, NEW.name, NEW.surname, NEW.company, NEW.mobile_phone, NEW.email, NEW.street,
     NEW.postcode, NEW.city, NEW.country, NEW.vat_number, NEW.price_list_id, NEW.exclude_vat,
     NEW.points_balance_cents, NEW.points_on_hold_cents, NEW.is_customer, NEW.deleted,
     NEW.sales_prices, NEW.is_pos, NEW.is_mobile_user, NEW.show_on_pos, NEW.latitude,
     NEW.longitude, NEW.erp_id)
  ) EXECUTE FUNCTION "track_change"();
