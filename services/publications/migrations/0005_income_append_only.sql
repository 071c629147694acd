-- The income ledger is append-only: an entry, once written, is never changed or removed (a correction, such as a
-- refund, would be a new entry). The table refuses UPDATE, DELETE and TRUNCATE for every role, the owner included.
CREATE OR REPLACE FUNCTION "publications"."income_entries_refuse_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'publications.income_entries is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "income_entries_append_only"
  BEFORE UPDATE OR DELETE ON "publications"."income_entries"
  FOR EACH ROW EXECUTE FUNCTION "publications"."income_entries_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "income_entries_no_truncate"
  BEFORE TRUNCATE ON "publications"."income_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "publications"."income_entries_refuse_change"();
