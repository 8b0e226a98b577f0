CREATE TABLE "lifecycle_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"owner" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"body" text NOT NULL,
	"author_id" integer,
	"author_label" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_entity" CHECK ("notes"."entity" in ('policy', 'client'))
);
--> statement-breakpoint
CREATE TABLE "policy_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" text NOT NULL,
	"from_status" "policy_status",
	"to_status" "policy_status",
	"summary" text NOT NULL,
	"details" jsonb,
	"actor_type" "actor_type" NOT NULL,
	"actor_id" text,
	"actor_label" text
);
--> statement-breakpoint
DROP INDEX "policies_status_idx";--> statement-breakpoint
DROP INDEX "policies_end_date_idx";--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "cancellation_effective_date" date;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "term" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "payment_method" "payment_method";--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "payment_mandate" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "cover_resumes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "renewal_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "renewal_stopped_by" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "renewal_offer" jsonb;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "renewal_notice_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recibos" ADD COLUMN "term" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "recibos" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recibos" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recibos" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "recibos" ADD COLUMN "paid_reference" text;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_author_id_admin_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_history" ADD CONSTRAINT "policy_history_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notes_entity_at_idx" ON "notes" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "policy_history_policy_at_idx" ON "policy_history" USING btree ("policy_id","at","id");--> statement-breakpoint
CREATE INDEX "clients_created_idx" ON "clients" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "clients_name_idx" ON "clients" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "clients_name_trgm_idx" ON "clients" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_email_trgm_idx" ON "clients" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "outbox_emails_to_created_idx" ON "outbox_emails" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "policies_created_idx" ON "policies" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "policies_status_created_idx" ON "policies" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "policies_line_created_idx" ON "policies" USING btree ("line_code","created_at","id");--> statement-breakpoint
CREATE INDEX "policies_start_date_idx" ON "policies" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "policies_number_prefix_idx" ON "policies" USING btree ("number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "policies_end_date_idx" ON "policies" USING btree ("end_date","id");--> statement-breakpoint
-- Cancellations written before the reasons became a closed list (free text) are kept as the
-- nearest reason, with the day they took effect.
UPDATE "policies" SET "cancellation_reason" = CASE WHEN "cancellation_reason" ILIKE '%impago%' THEN 'impago' ELSE 'peticion_cliente' END
WHERE "cancellation_reason" IS NOT NULL AND "cancellation_reason" NOT IN ('desistimiento', 'impago', 'peticion_cliente', 'error_emision');--> statement-breakpoint
UPDATE "policies" SET "cancellation_effective_date" = ("cancelled_at" AT TIME ZONE 'Europe/Madrid')::date
WHERE "cancelled_at" IS NOT NULL AND "cancellation_effective_date" IS NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_cancellation_reason" CHECK ("policies"."cancellation_reason" is null or "policies"."cancellation_reason" in ('desistimiento', 'impago', 'peticion_cliente', 'error_emision'));--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_renewal_stopped_by" CHECK ("policies"."renewal_stopped_by" is null or "policies"."renewal_stopped_by" in ('cliente', 'aseguradora'));--> statement-breakpoint
-- Policies sold before the lifecycle: later recibos are charged through the method of their first payment
-- (the embedded test gateway's mandates are references it recognises), and each gets its first history entry.
UPDATE "policies" p SET "payment_method" = pay."method",
  "payment_mandate" = CASE WHEN pay."provider" = 'test' THEN 'test_mandate_' || pay."method" || '_ok_' || p."id" END
FROM (SELECT DISTINCT ON ("policy_id") "policy_id", "method", "provider" FROM "payments" ORDER BY "policy_id", "id") pay
WHERE pay."policy_id" = p."id";--> statement-breakpoint
INSERT INTO "policy_history" ("policy_id", "at", "event", "from_status", "to_status", "summary", "actor_type")
SELECT "id", "created_at", 'emitida', NULL, "status", 'Póliza emitida', 'system' FROM "policies";
