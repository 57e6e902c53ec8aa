ALTER TABLE "station_states" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "station_states" ADD COLUMN "last_error_at" timestamp with time zone;