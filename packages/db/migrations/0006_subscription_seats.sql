CREATE TABLE "subscription_seats" (
	"subscription_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_seats_subscription_id_account_id_pk" PRIMARY KEY("subscription_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "subscription_seats" ADD CONSTRAINT "subscription_seats_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_seats" ADD CONSTRAINT "subscription_seats_account_id_ntrip_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ntrip_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_seats_account_idx" ON "subscription_seats" USING btree ("account_id");