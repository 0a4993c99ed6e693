-- The change feed shows whether a customer has chosen a password (hasPassword: the hash is no longer
-- services/integration/customers.ts' NO_PASSWORD_HASH), so a customer the ERP created moves in the feed
-- when they choose one from the invitation (docs/decisions/0040). Any later change of the hash (a new
-- password, a re-hash at login) changes nothing the ERP sees and still does not move them.
DROP TRIGGER "customers_track_update" ON "customers";--> statement-breakpoint
CREATE TRIGGER "customers_track_update" BEFORE UPDATE ON "customers"
  FOR EACH ROW WHEN (
    (OLD.username, OLD.name, OLD.surname, OLD.company, OLD.mobile_phone, OLD.email, OLD.street,
     OLD.postcode, OLD.city, OLD.country, OLD.vat_number, OLD.price_list_id, OLD.exclude_vat,
     OLD.points_balance_cents, OLD.points_on_hold_cents, OLD.is_customer, OLD.deleted,
     OLD.sales_prices, OLD.is_pos, OLD.is_mobile_user, OLD.show_on_pos, OLD.latitude,
     OLD.longitude, OLD.erp_id, OLD.password_hash = 'sha256:no-password-chosen-yet')
    IS DISTINCT FROM
    (NEW.username, NEW.name, NEW.surname, NEW.company, NEW.mobile_phone, NEW.email, NEW.street,
     NEW.postcode, NEW.city, NEW.country, NEW.vat_number, NEW.price_list_id, NEW.exclude_vat,
     NEW.points_balance_cents, NEW.points_on_hold_cents, NEW.is_customer, NEW.deleted,
     NEW.sales_prices, NEW.is_pos, NEW.is_mobile_user, NEW.show_on_pos, NEW.latitude,
     NEW.longitude, NEW.erp_id, NEW.password_hash = 'sha256:no-password-chosen-yet')
  ) EXECUTE FUNCTION "track_change"();
