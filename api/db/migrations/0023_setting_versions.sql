CREATE TABLE "setting_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"effective_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_admin_id" integer,
	"created_by_label" text,
	"note" text,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by_label" text
);
--> statement-breakpoint
ALTER TABLE "setting_versions" ADD CONSTRAINT "setting_versions_created_by_admin_id_admin_users_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "setting_versions_key_effective_idx" ON "setting_versions" USING btree ("key","effective_from","id");--> statement-breakpoint
-- ADR 038: every business setting becomes version 1, in force since long ago, and leaves
-- `settings`, which keeps only operational keys (the demo-data marker): one source of truth per key.
INSERT INTO "setting_versions" ("key", "value", "effective_from", "created_at", "note")
SELECT "key", "value", DATE '2000-01-01', "updated_at", 'Valor anterior a las versiones fechadas'
  FROM "settings"
 WHERE "key" IN ('distributor', 'fractionation_surcharges_bp', 'consorcio', 'clea_bp', 'ips_bp', 'quote_validity_days',
                 'withdrawal_days', 'withdrawal_lines', 'insurers', 'sepa_creditor',
                 'sepa_return_deadline_business_days', 'return_fee_cents', 'dunning_days');--> statement-breakpoint
-- The single "insurer" of early releases, where no per-line "insurers" exists, becomes every line's.
INSERT INTO "setting_versions" ("key", "value", "effective_from", "created_at", "note")
SELECT 'insurers', jsonb_build_object('auto', "value", 'hogar', "value", 'alquiler', "value"), DATE '2000-01-01', "updated_at",
       'Valor anterior a las versiones fechadas'
  FROM "settings"
 WHERE "key" = 'insurer' AND NOT EXISTS (SELECT 1 FROM "settings" WHERE "key" = 'insurers');--> statement-breakpoint
DELETE FROM "settings"
 WHERE "key" IN ('distributor', 'fractionation_surcharges_bp', 'consorcio', 'clea_bp', 'ips_bp', 'quote_validity_days',
                 'withdrawal_days', 'withdrawal_lines', 'insurers', 'insurer', 'sepa_creditor',
                 'sepa_return_deadline_business_days', 'return_fee_cents', 'dunning_days');
