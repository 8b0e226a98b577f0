-- Leases with a holder and a heartbeat (issue 27): the daily run's day and a checkout's claim say
-- which process holds them and when it last said it was alive. Written to run again on a database
-- that has it (a renumbering at merge).
ALTER TABLE "checkout_claims" ADD COLUMN IF NOT EXISTS "holder" text;--> statement-breakpoint
ALTER TABLE "checkout_claims" ADD COLUMN IF NOT EXISTS "lease" text;--> statement-breakpoint
ALTER TABLE "checkout_claims" ADD COLUMN IF NOT EXISTS "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lifecycle_runs" ADD COLUMN IF NOT EXISTS "lease" text;--> statement-breakpoint
ALTER TABLE "lifecycle_runs" ADD COLUMN IF NOT EXISTS "started_by" text;
