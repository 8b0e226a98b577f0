CREATE TYPE "public"."client_stage_cause" AS ENUM('primera_poliza', 'renovacion_proxima', 'renovada', 'recibo_devuelto', 'suspension', 'no_renovacion', 'polizas_terminadas', 'manual');--> statement-breakpoint
CREATE TYPE "public"."lead_source" AS ENUM('cotizacion_web', 'llamada_solicitada', 'manual');--> statement-breakpoint
CREATE TABLE "client_stage_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"from_stage" "client_stage" NOT NULL,
	"to_stage" "client_stage" NOT NULL,
	"cause" "client_stage_cause" NOT NULL,
	"policy_id" integer,
	"reason" text,
	"actor_admin_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pipeline_lead_quotes" (
	"lead_id" integer NOT NULL,
	"quote_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipeline_lead_quotes_lead_id_quote_id_pk" PRIMARY KEY("lead_id","quote_id")
);
--> statement-breakpoint
DROP INDEX "pipeline_leads_stage_idx";--> statement-breakpoint
DROP INDEX "pipeline_leads_assigned_admin_id_idx";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "pipeline_leads" ADD COLUMN "source" "lead_source" DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "pipeline_leads" ADD COLUMN "next_action" text;--> statement-breakpoint
ALTER TABLE "pipeline_leads" ADD COLUMN "next_action_on" date;--> statement-breakpoint
ALTER TABLE "pipeline_leads" ADD COLUMN "callback_slot" text;--> statement-breakpoint
ALTER TABLE "pipeline_leads" ADD COLUMN "callback_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pipeline_leads" ADD COLUMN "won_policy_id" integer;--> statement-breakpoint
ALTER TABLE "pipeline_leads" ADD COLUMN "stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "pipeline_leads" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "pipeline_leads" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_stage_changes" ADD CONSTRAINT "client_stage_changes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_stage_changes" ADD CONSTRAINT "client_stage_changes_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_stage_changes" ADD CONSTRAINT "client_stage_changes_actor_admin_id_admin_users_id_fk" FOREIGN KEY ("actor_admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_lead_quotes" ADD CONSTRAINT "pipeline_lead_quotes_lead_id_pipeline_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."pipeline_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_lead_quotes" ADD CONSTRAINT "pipeline_lead_quotes_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_stage_changes_client_idx" ON "client_stage_changes" USING btree ("client_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "pipeline_lead_quotes_quote_unique" ON "pipeline_lead_quotes" USING btree ("quote_id");--> statement-breakpoint
ALTER TABLE "pipeline_leads" ADD CONSTRAINT "pipeline_leads_won_policy_id_policies_id_fk" FOREIGN KEY ("won_policy_id") REFERENCES "public"."policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_stage_changed_idx" ON "clients" USING btree ("stage","stage_changed_at","id");--> statement-breakpoint
CREATE INDEX "pipeline_leads_quote_id_idx" ON "pipeline_leads" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "pipeline_leads_next_action_idx" ON "pipeline_leads" USING btree ("assigned_admin_id","next_action_on");--> statement-breakpoint
CREATE INDEX "pipeline_leads_open_email_idx" ON "pipeline_leads" USING btree ("line_code",lower("email")) WHERE "pipeline_leads"."stage" not in ('ganado', 'perdido') and "pipeline_leads"."email" is not null;--> statement-breakpoint
CREATE INDEX "pipeline_leads_open_phone_idx" ON "pipeline_leads" USING btree ("line_code","phone") WHERE "pipeline_leads"."stage" not in ('ganado', 'perdido') and "pipeline_leads"."phone" is not null;--> statement-breakpoint
CREATE INDEX "pipeline_leads_stage_idx" ON "pipeline_leads" USING btree ("stage","stage_changed_at","id");--> statement-breakpoint
CREATE INDEX "pipeline_leads_assigned_admin_id_idx" ON "pipeline_leads" USING btree ("assigned_admin_id","stage","stage_changed_at","id");--> statement-breakpoint
-- Issue 23: existing rows enter their stage when they were last changed, not at this migration.
UPDATE "clients" SET "stage_changed_at" = "updated_at";--> statement-breakpoint
UPDATE "pipeline_leads" SET "stage_changed_at" = "updated_at", "last_activity_at" = "updated_at";--> statement-breakpoint
INSERT INTO "pipeline_lead_quotes" ("lead_id", "quote_id", "created_at")
SELECT "id", "quote_id", "created_at" FROM "pipeline_leads" WHERE "quote_id" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The gestor works the whole team's pipeline (issue 23): the seeded role gets it; the seed adds
-- pipeline:write:any to every seeded role with its default.
UPDATE "roles"
   SET "permissions" = "permissions" || '{"pipeline:read": true, "pipeline:write": true, "pipeline:write:any": true}'::jsonb,
       "updated_at" = now()
 WHERE "name" = 'gestor' AND "is_system" = true;
