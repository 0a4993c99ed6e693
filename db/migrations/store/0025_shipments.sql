CREATE TABLE "carriers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tracking_url" text,
	"seq" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"qty" integer NOT NULL,
	CONSTRAINT "shipment_lines_qty_pos" CHECK ("shipment_lines"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"carrier_id" integer,
	"carrier_name" text NOT NULL,
	"tracking_number" text,
	"tracking_url" text,
	"by_kind" text NOT NULL,
	"by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_by_kind_check" CHECK ("shipments"."by_kind" in ('staff', 'erp', 'system')),
	CONSTRAINT "shipments_key_length" CHECK (length("shipments"."idempotency_key") between 8 and 100)
);
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_name_uq" ON "carriers" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_lines_line_uq" ON "shipment_lines" USING btree ("shipment_id","order_line_id");--> statement-breakpoint
CREATE INDEX "shipment_lines_order_line_idx" ON "shipment_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_idempotency_uq" ON "shipments" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_seq_uq" ON "shipments" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "shipments_carrier_idx" ON "shipments" USING btree ("carrier_id");--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_check" CHECK ("order_events"."kind" in ('placed', 'paid', 'expired', 'completed', 'cancelled', 'confirmation_resent', 'note', 'withdrawn', 'shipped', 'delivered'));--> statement-breakpoint
-- A shipment is what left the shop and what the customer was told (docs/decisions/0055): no row of
-- it is changed or removed once written. The withdrawals' function refuses by table name.
CREATE TRIGGER "shipments_no_change" BEFORE UPDATE OR DELETE ON "shipments"
  FOR EACH ROW EXECUTE FUNCTION "withdrawals_append_only"();--> statement-breakpoint
CREATE TRIGGER "shipments_no_truncate" BEFORE TRUNCATE ON "shipments"
  FOR EACH STATEMENT EXECUTE FUNCTION "withdrawals_append_only"();--> statement-breakpoint
CREATE TRIGGER "shipment_lines_no_change" BEFORE UPDATE OR DELETE ON "shipment_lines"
  FOR EACH ROW EXECUTE FUNCTION "withdrawals_append_only"();--> statement-breakpoint
CREATE TRIGGER "shipment_lines_no_truncate" BEFORE TRUNCATE ON "shipment_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "withdrawals_append_only"();--> statement-breakpoint
-- The usual couriers of Cyprus and Greece (docs/decisions/0055 says where each address comes from
-- and which could not be checked against the courier's own page). Staff edit them in the back office.
INSERT INTO "carriers" ("name", "tracking_url", "seq") VALUES
  ('ACS Courier', 'https://www.acscourier.net/el/track-and-trace/?tracking={tracking}', 0),
  ('Cyprus Post', NULL, 1),
  ('ELTA Courier', 'https://www.elta-courier.gr/search?br={tracking}', 2),
  ('Geniki Taxydromiki', 'https://www.taxydromiki.com/track/{tracking}', 3),
  ('Speedex', 'https://www.speedex.gr/speedex/NewTrackAndTrace.aspx?number={tracking}', 4),
  ('DHL Express', 'https://www.dhl.com/en/express/tracking.html?AWB={tracking}', 5)
ON CONFLICT DO NOTHING;
