CREATE TABLE "auth_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"impersonated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"role" text DEFAULT 'user' NOT NULL,
	"banned" boolean DEFAULT false,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"terms_accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_balances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" text,
	"owner_org_id" uuid,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_balances_one_owner" CHECK (("credit_balances"."owner_user_id" is null) <> ("credit_balances"."owner_org_id" is null)),
	CONSTRAINT "credit_balances_not_negative" CHECK ("credit_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" text,
	"owner_org_id" uuid,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"kind" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"account_id" uuid,
	"network_id" uuid,
	"days" integer,
	"external_ref" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_external_ref_unique" UNIQUE("external_ref"),
	CONSTRAINT "credit_ledger_one_owner" CHECK (("credit_ledger"."owner_user_id" is null) <> ("credit_ledger"."owner_org_id" is null)),
	CONSTRAINT "credit_ledger_balance_after" CHECK ("credit_ledger"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "network_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"default_host" text,
	"default_port" integer DEFAULT 2101 NOT NULL,
	"ntrip_version" smallint DEFAULT 2 NOT NULL,
	"authentication" text DEFAULT 'basic' NOT NULL,
	"needs_gga" boolean DEFAULT false NOT NULL,
	"daily_price" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "network_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "networks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"operator" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"template_id" uuid,
	"daily_price" integer NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"owner_org_id" uuid,
	"access_starts_at" text DEFAULT 'purchase' NOT NULL,
	"coverage_radius_km" double precision DEFAULT 30 NOT NULL,
	"country_code" text,
	"upstream_host" text,
	"upstream_port" integer,
	"upstream_version" smallint,
	"upstream_username" text,
	"upstream_password_enc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "networks_code_unique" UNIQUE("code"),
	CONSTRAINT "networks_daily_price_positive" CHECK ("networks"."daily_price" >= 0),
	CONSTRAINT "networks_code_format" CHECK ("networks"."code" ~ '^[A-Z0-9][A-Z0-9_-]{1,30}$')
);
--> statement-breakpoint
CREATE TABLE "station_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_states" (
	"station_id" uuid PRIMARY KEY NOT NULL,
	"is_connected" boolean DEFAULT false NOT NULL,
	"connected_since" timestamp with time zone,
	"last_data_at" timestamp with time zone,
	"bitrate" integer DEFAULT 0 NOT NULL,
	"message_types" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"decoded_latitude" double precision,
	"decoded_longitude" double precision,
	"decoded_height" double precision,
	"source_address" text,
	"source_agent" text,
	"caster_instance" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network_id" uuid NOT NULL,
	"mountpoint" text NOT NULL,
	"identifier" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"height" double precision,
	"country_code" text,
	"format" text DEFAULT 'RTCM 3.3' NOT NULL,
	"format_details" text DEFAULT '' NOT NULL,
	"carrier" smallint DEFAULT 2 NOT NULL,
	"nav_system" text DEFAULT 'GPS+GLO+GAL+BDS' NOT NULL,
	"needs_gga" boolean DEFAULT false NOT NULL,
	"source_password_hash" text,
	"upstream_mountpoint" text,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"is_simulated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stations_mountpoint_unique" UNIQUE("mountpoint"),
	CONSTRAINT "stations_mountpoint_format" CHECK ("stations"."mountpoint" ~ '^[A-Za-z0-9_.-]{1,100}$')
);
--> statement-breakpoint
CREATE TABLE "access_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"network_id" uuid NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"pending_days" integer,
	"source" text NOT NULL,
	"source_ref" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_windows_dates" CHECK (("access_windows"."starts_at" is not null and "access_windows"."ends_at" is not null and "access_windows"."ends_at" > "access_windows"."starts_at") or ("access_windows"."starts_at" is null and "access_windows"."ends_at" is null and "access_windows"."pending_days" > 0))
);
--> statement-breakpoint
CREATE TABLE "caster_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"mountpoint" text NOT NULL,
	"network_id" uuid,
	"station_id" uuid,
	"client_address" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"ntrip_version" smallint NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"bytes_sent" bigint DEFAULT 0 NOT NULL,
	"gga_count" integer DEFAULT 0 NOT NULL,
	"last_gga_at" timestamp with time zone,
	"last_latitude" double precision,
	"last_longitude" double precision,
	"last_height" double precision,
	"distance_to_base_m" double precision,
	"close_reason" text,
	"caster_instance" text
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"account_id" uuid,
	"mountpoint" text NOT NULL,
	"reason" text NOT NULL,
	"client_address" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ntrip_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_enc" text NOT NULL,
	"name" text NOT NULL,
	"owner_user_id" text,
	"owner_org_id" uuid,
	"max_connections" integer DEFAULT 1 NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"disabled_reason" text,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ntrip_accounts_username_unique" UNIQUE("username"),
	CONSTRAINT "ntrip_accounts_one_owner" CHECK (("ntrip_accounts"."owner_user_id" is null) <> ("ntrip_accounts"."owner_org_id" is null)),
	CONSTRAINT "ntrip_accounts_max_connections" CHECK ("ntrip_accounts"."max_connections" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "auth_accounts" ADD CONSTRAINT "auth_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_owner_org_id_organizations_id_fk" FOREIGN KEY ("owner_org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_owner_org_id_organizations_id_fk" FOREIGN KEY ("owner_org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_account_id_ntrip_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ntrip_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networks" ADD CONSTRAINT "networks_template_id_network_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."network_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networks" ADD CONSTRAINT "networks_owner_org_id_organizations_id_fk" FOREIGN KEY ("owner_org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_events" ADD CONSTRAINT "station_events_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_states" ADD CONSTRAINT "station_states_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_windows" ADD CONSTRAINT "access_windows_account_id_ntrip_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ntrip_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_windows" ADD CONSTRAINT "access_windows_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_windows" ADD CONSTRAINT "access_windows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caster_sessions" ADD CONSTRAINT "caster_sessions_account_id_ntrip_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ntrip_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caster_sessions" ADD CONSTRAINT "caster_sessions_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caster_sessions" ADD CONSTRAINT "caster_sessions_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_account_id_ntrip_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ntrip_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ntrip_accounts" ADD CONSTRAINT "ntrip_accounts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ntrip_accounts" ADD CONSTRAINT "ntrip_accounts_owner_org_id_organizations_id_fk" FOREIGN KEY ("owner_org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_accounts_user_id_idx" ON "auth_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_balances_owner_user_idx" ON "credit_balances" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_balances_owner_org_idx" ON "credit_balances" USING btree ("owner_org_id");--> statement-breakpoint
CREATE INDEX "credit_ledger_owner_user_idx" ON "credit_ledger" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_ledger_owner_org_idx" ON "credit_ledger" USING btree ("owner_org_id","created_at");--> statement-breakpoint
CREATE INDEX "station_events_station_at_idx" ON "station_events" USING btree ("station_id","at");--> statement-breakpoint
CREATE INDEX "stations_network_id_idx" ON "stations" USING btree ("network_id");--> statement-breakpoint
CREATE INDEX "access_windows_account_network_idx" ON "access_windows" USING btree ("account_id","network_id","ends_at");--> statement-breakpoint
CREATE INDEX "caster_sessions_account_started_idx" ON "caster_sessions" USING btree ("account_id","started_at");--> statement-breakpoint
CREATE INDEX "caster_sessions_open_idx" ON "caster_sessions" USING btree ("ended_at");--> statement-breakpoint
CREATE INDEX "login_failures_account_at_idx" ON "login_failures" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "ntrip_accounts_owner_user_idx" ON "ntrip_accounts" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "ntrip_accounts_owner_org_idx" ON "ntrip_accounts" USING btree ("owner_org_id");