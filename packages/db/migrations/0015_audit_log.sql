CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"kind" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"target_label" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_kind","target_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_kind_idx" ON "audit_log" USING btree ("kind","at");--> statement-breakpoint
-- Hand-written (drizzle-kit cannot express triggers): entries are never changed or deleted (decision 0064).
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log entries cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
--> statement-breakpoint
-- A deleted user (better-auth's delete-user, the person's own action, is the only way) leaves its entry in the same
-- transaction, whatever path deleted the row; the actor is the person, nothing secret is copied.
CREATE FUNCTION "audit_log_user_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_log" ("at", "actor_id", "actor_email", "kind", "target_kind", "target_id", "target_label", "before")
  VALUES (
    date_trunc('milliseconds', clock_timestamp()), OLD."id", OLD."email", 'user.delete', 'user', OLD."id", OLD."email",
    jsonb_build_object('name', OLD."name", 'email', OLD."email", 'role', OLD."role", 'emailVerified',
      OLD."email_verified", 'createdAt', OLD."created_at")
  );
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_deleted_audit" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "audit_log_user_deleted"();
