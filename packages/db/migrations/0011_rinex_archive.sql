CREATE TABLE "archive_segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"network_id" uuid NOT NULL,
	"object_key" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"frames" integer NOT NULL,
	"raw_bytes" integer NOT NULL,
	"stored_bytes" integer NOT NULL,
	"message_types" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "archive_segments_object_key_unique" UNIQUE("object_key")
);
--> statement-breakpoint
CREATE TABLE "rinex_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" text,
	"owner_org_id" uuid,
	"created_by" text,
	"station_id" uuid,
	"network_id" uuid,
	"mountpoint" text NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"interval_seconds" smallint NOT NULL,
	"systems" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"covered_seconds" integer NOT NULL,
	"credits" integer NOT NULL,
	"error" text,
	"result_key" text,
	"result_name" text,
	"result_bytes" bigint,
	"epochs" integer,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "rinex_jobs_one_owner" CHECK (("rinex_jobs"."owner_user_id" is null) <> ("rinex_jobs"."owner_org_id" is null)),
	CONSTRAINT "rinex_jobs_window" CHECK ("rinex_jobs"."to_at" > "rinex_jobs"."from_at"),
	CONSTRAINT "rinex_jobs_progress" CHECK ("rinex_jobs"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "archive_retention_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "archive_relayed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "rinex_hourly_price" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "rinex_jobs" ADD CONSTRAINT "rinex_jobs_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rinex_jobs" ADD CONSTRAINT "rinex_jobs_owner_org_id_organizations_id_fk" FOREIGN KEY ("owner_org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rinex_jobs" ADD CONSTRAINT "rinex_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rinex_jobs" ADD CONSTRAINT "rinex_jobs_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rinex_jobs" ADD CONSTRAINT "rinex_jobs_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "archive_segments_station_time_idx" ON "archive_segments" USING btree ("station_id","started_at");--> statement-breakpoint
CREATE INDEX "archive_segments_network_time_idx" ON "archive_segments" USING btree ("network_id","ended_at");--> statement-breakpoint
CREATE INDEX "rinex_jobs_owner_user_idx" ON "rinex_jobs" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "rinex_jobs_owner_org_idx" ON "rinex_jobs" USING btree ("owner_org_id","created_at");--> statement-breakpoint
CREATE INDEX "rinex_jobs_status_idx" ON "rinex_jobs" USING btree ("status");--> statement-breakpoint
ALTER TABLE "networks" ADD CONSTRAINT "networks_archive_retention" CHECK ("networks"."archive_retention_days" between 0 and 3650);--> statement-breakpoint
ALTER TABLE "networks" ADD CONSTRAINT "networks_rinex_price" CHECK ("networks"."rinex_hourly_price" >= 0);