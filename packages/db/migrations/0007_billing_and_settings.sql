CREATE TABLE "billing_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" text,
	"owner_org_id" uuid,
	"details" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_profiles_one_owner" CHECK (("billing_profiles"."owner_user_id" is null) <> ("billing_profiles"."owner_org_id" is null))
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"seller" jsonb DEFAULT '{"name":""}'::jsonb NOT NULL,
	"invoice_prefix" text DEFAULT 'INV-' NOT NULL,
	"invoice_footer" text DEFAULT '' NOT NULL,
	"prices_include_tax" boolean DEFAULT true NOT NULL,
	"reverse_charge" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_settings_single_row" CHECK ("billing_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" text,
	"owner_org_id" uuid,
	"provider" text NOT NULL,
	"number" text NOT NULL,
	"provider_invoice_id" text,
	"checkout_session_id" uuid,
	"subscription_id" uuid,
	"payment_key" text NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"currency" text NOT NULL,
	"subtotal" integer NOT NULL,
	"tax_amount" integer NOT NULL,
	"total" integer NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"tax_label" text DEFAULT '' NOT NULL,
	"lines" jsonb NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"footer" text DEFAULT '' NOT NULL,
	"pdf_url" text,
	"hosted_url" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"receipt_sent_at" timestamp with time zone,
	CONSTRAINT "invoices_provider_invoice_id_unique" UNIQUE("provider_invoice_id"),
	CONSTRAINT "invoices_payment_key_unique" UNIQUE("payment_key"),
	CONSTRAINT "invoices_one_owner" CHECK (("invoices"."owner_user_id" is null) <> ("invoices"."owner_org_id" is null))
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" text,
	"owner_org_id" uuid,
	"provider" text NOT NULL,
	"provider_payment_method_id" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_one_owner" CHECK (("payment_methods"."owner_user_id" is null) <> ("payment_methods"."owner_org_id" is null))
);
--> statement-breakpoint
CREATE TABLE "sent_notices" (
	"key" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"country" text PRIMARY KEY NOT NULL,
	"rate_bp" integer NOT NULL,
	"label" text DEFAULT 'VAT' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_rate" CHECK ("tax_rates"."rate_bp" >= 0 and "tax_rates"."rate_bp" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "account_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"default_max_connections" integer DEFAULT 1 NOT NULL,
	"max_accounts_per_owner" integer DEFAULT 500 NOT NULL,
	"reminder_days" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_settings_single_row" CHECK ("account_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "legal_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"url" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_version" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "privacy_version" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "grace_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_owner_org_id_organizations_id_fk" FOREIGN KEY ("owner_org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_owner_org_id_organizations_id_fk" FOREIGN KEY ("owner_org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_checkout_session_id_checkout_sessions_id_fk" FOREIGN KEY ("checkout_session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_owner_org_id_organizations_id_fk" FOREIGN KEY ("owner_org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_profiles_user_idx" ON "billing_profiles" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_profiles_org_idx" ON "billing_profiles" USING btree ("owner_org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_number_idx" ON "invoices" USING btree ("provider","number");--> statement-breakpoint
CREATE INDEX "invoices_owner_user_idx" ON "invoices" USING btree ("owner_user_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_receipt_idx" ON "invoices" USING btree ("receipt_sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_user_idx" ON "payment_methods" USING btree ("provider","owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_org_idx" ON "payment_methods" USING btree ("provider","owner_org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_documents_kind_version_idx" ON "legal_documents" USING btree ("kind","version");