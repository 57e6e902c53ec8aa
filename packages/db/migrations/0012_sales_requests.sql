CREATE TABLE "sales_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"logged_in_email" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"submitted_from" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"gclid" text DEFAULT '' NOT NULL,
	"client_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"forwarding" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"forwarded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sales_requests_due_idx" ON "sales_requests" USING btree ("forwarding","next_attempt_at");