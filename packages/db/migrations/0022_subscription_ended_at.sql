ALTER TABLE "subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
-- A subscription already ended: it ended when it was last changed, or at its period's end if that came first.
UPDATE "subscriptions" SET "ended_at" = least("updated_at", "current_period_end") WHERE "status" = 'cancelled';
