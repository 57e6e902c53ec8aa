ALTER TABLE "archive_segments" ADD COLUMN "first_epoch_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "archive_segments" ADD COLUMN "last_epoch_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rinex_jobs" ADD COLUMN "ephemerides" integer;