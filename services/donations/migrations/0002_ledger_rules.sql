-- The ledger's rules, held by the database itself so no code path can break them:
-- 1. every transaction's entries sum to zero, and a transaction has at least two entries (checked at commit by
--    deferred constraint triggers, so a transaction's entries can be inserted one by one);
-- 2. a user's available and reserved accounts never end a transaction below zero (checked at commit);
-- 3. transactions, entries and the payout audit are append-only: UPDATE, DELETE and TRUNCATE are refused for every
--    role, the owner included (corrections are new transactions).
CREATE OR REPLACE FUNCTION "donations"."ledger_transaction_balanced"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
  entries integer;
BEGIN
  SELECT coalesce(sum(amount_qepik), 0), count(*) INTO total, entries
    FROM "donations"."ledger_entries" WHERE transaction_id = NEW.transaction_id;
  IF total <> 0 OR entries < 2 THEN
    RAISE EXCEPTION 'ledger transaction % is unbalanced (sum %, % entries)', NEW.transaction_id, total, entries
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced"
  AFTER INSERT ON "donations"."ledger_entries"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "donations"."ledger_transaction_balanced"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "donations"."ledger_transaction_has_entries"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
  entries integer;
BEGIN
  SELECT coalesce(sum(amount_qepik), 0), count(*) INTO total, entries
    FROM "donations"."ledger_entries" WHERE transaction_id = NEW.id;
  IF total <> 0 OR entries < 2 THEN
    RAISE EXCEPTION 'ledger transaction % is unbalanced (sum %, % entries)', NEW.id, total, entries
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_transactions_balanced"
  AFTER INSERT ON "donations"."ledger_transactions"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "donations"."ledger_transaction_has_entries"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "donations"."ledger_user_account_not_negative"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  balance numeric;
BEGIN
  IF NEW.uid IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(sum(amount_qepik), 0) INTO balance
    FROM "donations"."ledger_entries" WHERE uid = NEW.uid AND account_kind = NEW.account_kind;
  IF balance < 0 THEN
    RAISE EXCEPTION 'ledger account user:%:% would be negative (%)', NEW.uid, NEW.account_kind, balance
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_user_not_negative"
  AFTER INSERT ON "donations"."ledger_entries"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "donations"."ledger_user_account_not_negative"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "donations"."append_only_refuse_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%.% is append-only (% refused)', TG_TABLE_SCHEMA, TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_append_only"
  BEFORE UPDATE OR DELETE ON "donations"."ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION "donations"."append_only_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_no_truncate"
  BEFORE TRUNCATE ON "donations"."ledger_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "donations"."append_only_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only"
  BEFORE UPDATE OR DELETE ON "donations"."ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "donations"."append_only_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate"
  BEFORE TRUNCATE ON "donations"."ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "donations"."append_only_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "payout_actions_append_only"
  BEFORE UPDATE OR DELETE ON "donations"."payout_actions"
  FOR EACH ROW EXECUTE FUNCTION "donations"."append_only_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "payout_actions_no_truncate"
  BEFORE TRUNCATE ON "donations"."payout_actions"
  FOR EACH STATEMENT EXECUTE FUNCTION "donations"."append_only_refuse_change"();
