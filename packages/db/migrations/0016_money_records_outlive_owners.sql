ALTER TABLE "invoices" DROP CONSTRAINT "invoices_one_owner";--> statement-breakpoint
ALTER TABLE "checkout_sessions" DROP CONSTRAINT "checkout_sessions_one_owner";--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_one_owner";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_owner_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_owner_org_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "checkout_sessions" DROP CONSTRAINT "checkout_sessions_owner_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "checkout_sessions" DROP CONSTRAINT "checkout_sessions_owner_org_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "checkout_sessions" DROP CONSTRAINT "checkout_sessions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_owner_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_owner_org_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_owner_org_id_organizations_id_fk" FOREIGN KEY ("owner_org_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_owner_org_id_organizations_id_fk" FOREIGN KEY ("owner_org_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_owner_org_id_organizations_id_fk" FOREIGN KEY ("owner_org_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_owner_or_erased" CHECK ("invoices"."owner_user_id" is null or "invoices"."owner_org_id" is null);--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_owner_or_erased" CHECK ("checkout_sessions"."owner_user_id" is null or "checkout_sessions"."owner_org_id" is null);--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_owner_or_erased" CHECK ("credit_ledger"."owner_user_id" is null or "credit_ledger"."owner_org_id" is null);--> statement-breakpoint
-- Hand-written (drizzle-kit cannot express triggers): money records are never deleted, and what was issued is never
-- rewritten; an owner reference may only go (to null, when the owner is deleted). The trigger's arguments name the
-- columns that may change (decision 0063).
CREATE FUNCTION "money_record_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION '% rows are money records: they are never deleted', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW.owner_user_id IS NOT NULL AND NEW.owner_user_id IS DISTINCT FROM OLD.owner_user_id)
    OR (NEW.owner_org_id IS NOT NULL AND NEW.owner_org_id IS DISTINCT FROM OLD.owner_org_id) THEN
    RAISE EXCEPTION '% rows never move to another owner', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_NARGS > 0 AND (to_jsonb(NEW) - TG_ARGV) IS DISTINCT FROM (to_jsonb(OLD) - TG_ARGV) THEN
    RAISE EXCEPTION '% rows are never rewritten once issued', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_never_deleted" BEFORE DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "money_record_guard"();--> statement-breakpoint
CREATE TRIGGER "invoices_issued_as_is" BEFORE UPDATE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "money_record_guard"('owner_user_id', 'owner_org_id', 'checkout_session_id', 'subscription_id', 'status', 'receipt_sent_at', 'pdf_url', 'hosted_url');--> statement-breakpoint
CREATE TRIGGER "credit_ledger_never_deleted" BEFORE DELETE ON "credit_ledger" FOR EACH ROW EXECUTE FUNCTION "money_record_guard"();--> statement-breakpoint
CREATE TRIGGER "credit_ledger_append_only" BEFORE UPDATE ON "credit_ledger" FOR EACH ROW EXECUTE FUNCTION "money_record_guard"('owner_user_id', 'owner_org_id', 'account_id', 'network_id', 'created_by');--> statement-breakpoint
CREATE TRIGGER "checkout_sessions_paid_never_deleted" BEFORE DELETE ON "checkout_sessions" FOR EACH ROW WHEN (OLD."status" IN ('paid', 'needs_review')) EXECUTE FUNCTION "money_record_guard"();--> statement-breakpoint
CREATE TRIGGER "checkout_sessions_keep_owner" BEFORE UPDATE OF "owner_user_id", "owner_org_id" ON "checkout_sessions" FOR EACH ROW EXECUTE FUNCTION "money_record_guard"();
