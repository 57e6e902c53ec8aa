ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "reason_params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Entries written before reason codes: the English texts the server wrote are read back into codes and values, so
-- every reader sees them in their own language (docs/decisions/0049). Anything not recognised keeps its text.
UPDATE "credit_ledger" SET "reason_code" = 'activation', "reason_params" = jsonb_build_object(
	'days', ((regexp_match("reason", '^(\d+) days? on (.*)$'))[1])::int,
	'network', (regexp_match("reason", '^(\d+) days? on (.*)$'))[2]), "reason" = ''
WHERE "reason_code" IS NULL AND "kind" = 'spend' AND "reason" ~ '^\d+ days? on .*$';--> statement-breakpoint
UPDATE "credit_ledger" SET "reason_code" = 'purchase', "reason_params" = jsonb_build_object(
	'product', (regexp_match("reason", '^Bought (.*)$'))[1]), "reason" = ''
WHERE "reason_code" IS NULL AND "kind" = 'purchase' AND "reason" ~ '^Bought .*$';--> statement-breakpoint
UPDATE "credit_ledger" SET "reason_code" = 'refund', "reason_params" = jsonb_build_object(
	'reference', (regexp_match("reason", '^Refund of ([^:\s]+)(: (\d+) credits were already spent)?$'))[1],
	'unrecovered', coalesce(((regexp_match("reason", '^Refund of ([^:\s]+)(: (\d+) credits were already spent)?$'))[3])::int, 0)),
	"reason" = ''
WHERE "reason_code" IS NULL AND "kind" = 'refund' AND "reason" ~ '^Refund of [^:\s]+(: \d+ credits were already spent)?$';--> statement-breakpoint
UPDATE "credit_ledger" SET "reason_code" = 'rinexRefund', "reason_params" = jsonb_build_object(
	'mountpoint', (regexp_match("reason", '^RINEX (.+): conversion failed$'))[1]), "reason" = ''
WHERE "reason_code" IS NULL AND "kind" = 'refund' AND "reason" ~ '^RINEX .+: conversion failed$';--> statement-breakpoint
UPDATE "credit_ledger" AS l SET "reason_code" = 'rinexSpend', "reason_params" = jsonb_build_object(
	'mountpoint', (regexp_match(l."reason", '^RINEX (.+), (\d+(\.\d+)?) (h|min) of data$'))[1],
	'seconds', coalesce(
		(SELECT j."covered_seconds" FROM "rinex_jobs" AS j WHERE l."external_ref" = 'rinex:' || j."id"::text),
		round(((regexp_match(l."reason", '^RINEX (.+), (\d+(\.\d+)?) (h|min) of data$'))[2])::numeric
			* CASE (regexp_match(l."reason", '^RINEX (.+), (\d+(\.\d+)?) (h|min) of data$'))[4] WHEN 'h' THEN 3600 ELSE 60 END)::int)),
	"reason" = ''
WHERE l."reason_code" IS NULL AND l."kind" = 'spend' AND l."reason" ~ '^RINEX .+, \d+(\.\d+)? (h|min) of data$';--> statement-breakpoint
UPDATE "credit_ledger" SET "reason_code" = 'adminGrant',
	"reason" = CASE WHEN "reason" = 'Granted by an administrator' THEN '' ELSE "reason" END
WHERE "reason_code" IS NULL AND "kind" = 'grant';--> statement-breakpoint
UPDATE "credit_ledger" SET "reason_code" = 'adminCorrection',
	"reason" = CASE WHEN "reason" = 'Corrected by an administrator' THEN '' ELSE "reason" END
WHERE "reason_code" IS NULL AND "kind" = 'correction';
