-- Erasure reaches the append-only records (docs/decisions/0051): an update of audit_log or
-- order_events is let through when it only loses information, every changed text becoming the
-- marker '[erased]' (an IP address may become null instead). Nothing can be rewritten to another
-- value, no row removed. privacy_only_erased compares two JSON values leaf by leaf: the same
-- shape, and every leaf either equal or a string replaced by '[erased]'.
CREATE FUNCTION "privacy_only_erased"("old" jsonb, "new" jsonb) RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  k text;
  i integer;
BEGIN
  IF "old" IS NOT DISTINCT FROM "new" THEN RETURN true; END IF;
  IF "old" IS NULL OR "new" IS NULL THEN RETURN false; END IF;
  IF jsonb_typeof("old") = 'string' AND "new" = '"[erased]"'::jsonb THEN RETURN true; END IF;
  IF jsonb_typeof("old") = 'object' AND jsonb_typeof("new") = 'object' THEN
    IF array(SELECT jsonb_object_keys("old") ORDER BY 1) <> array(SELECT jsonb_object_keys("new") ORDER BY 1) THEN
      RETURN false;
    END IF;
    FOR k IN SELECT jsonb_object_keys("old") LOOP
      IF NOT privacy_only_erased("old" -> k, "new" -> k) THEN RETURN false; END IF;
    END LOOP;
    RETURN true;
  END IF;
  IF jsonb_typeof("old") = 'array' AND jsonb_typeof("new") = 'array' THEN
    IF jsonb_array_length("old") <> jsonb_array_length("new") THEN RETURN false; END IF;
    FOR i IN 0 .. jsonb_array_length("old") - 1 LOOP
      IF NOT privacy_only_erased("old" -> i, "new" -> i) THEN RETURN false; END IF;
    END LOOP;
    RETURN true;
  END IF;
  RETURN false;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.staff_id IS NOT NULL AND NEW.staff_id IS NULL
     AND (to_jsonb(OLD) - 'staff_id') = (to_jsonb(NEW) - 'staff_id') THEN
    RETURN NEW;
  END IF;
  -- Erasure (decision 0051): texts become '[erased]', the IP address null; nothing else changes.
  IF TG_OP = 'UPDATE'
     AND (to_jsonb(OLD) - 'staff_email' - 'entity_id' - 'summary' - 'before' - 'after' - 'ip')
       = (to_jsonb(NEW) - 'staff_email' - 'entity_id' - 'summary' - 'before' - 'after' - 'ip')
     AND (NEW.staff_email = OLD.staff_email OR NEW.staff_email = '[erased]')
     AND (NEW.entity_id IS NOT DISTINCT FROM OLD.entity_id OR NEW.entity_id = '[erased]')
     AND (NEW.summary = OLD.summary OR NEW.summary = '[erased]')
     AND (NEW.ip IS NOT DISTINCT FROM OLD.ip OR NEW.ip IS NULL)
     AND privacy_only_erased(OLD.before, NEW.before)
     AND privacy_only_erased(OLD.after, NEW.after) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Erasure (decision 0051): who and a note's text may become '[erased]'; nothing else changes.
  IF TG_OP = 'UPDATE'
     AND (to_jsonb(OLD) - 'actor' - 'body') = (to_jsonb(NEW) - 'actor' - 'body')
     AND (NEW.actor = OLD.actor OR NEW.actor = '[erased]')
     AND (NEW.body IS NOT DISTINCT FROM OLD.body OR NEW.body = '[erased]') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'order_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
