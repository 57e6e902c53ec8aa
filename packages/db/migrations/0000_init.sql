CREATE TABLE "app_meta" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"gtag_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_meta_single_row" CHECK ("app_meta"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "page_meta" (
	"page" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
