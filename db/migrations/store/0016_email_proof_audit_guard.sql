-- Emails are proven before they count for anything that trusts them (decision 0041). Accounts made
-- before this migration were never proven: they stay null (the demo seed marks its own accounts).
ALTER TABLE "customers" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- The audit log is append-only for the application's connection (decision 0041, docs/deployment.md):
-- UPDATE, DELETE and TRUNCATE are refused. The one update let through is the foreign key's own
-- ON DELETE SET NULL of staff_id (staff_email keeps who it was), so removing a staff row still works.
-- A role that owns the table can still disable the trigger: the deployment guide says how to run
-- the application as a role that owns nothing. Dropping a store's database is not affected.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.staff_id IS NOT NULL AND NEW.staff_id IS NULL
     AND (to_jsonb(OLD) - 'staff_id') = (to_jsonb(NEW) - 'staff_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
