DROP INDEX "clients_name_fold_trgm_idx";--> statement-breakpoint
DROP INDEX "clients_email_fold_trgm_idx";--> statement-breakpoint
-- One statement, so the table is rewritten once.
ALTER TABLE "clients" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (cotiza_fold(name)) STORED, ADD COLUMN "email_folded" text GENERATED ALWAYS AS (cotiza_fold(email)) STORED;--> statement-breakpoint
CREATE INDEX "clients_nif_prefix_idx" ON "clients" USING btree ("nif" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "clients_name_folded_trgm_idx" ON "clients" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_email_folded_trgm_idx" ON "clients" USING gin ("email_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "policies_start_created_idx" ON "policies" USING btree ("start_date","created_at","id");--> statement-breakpoint
CREATE INDEX "policies_registration_idx" ON "policies" USING btree (("risk" ->> 'registration') text_pattern_ops) WHERE "policies"."line_code" = 'auto';--> statement-breakpoint
CREATE INDEX "policies_dwelling_postal_code_idx" ON "policies" USING btree (coalesce("risk" -> 'riskAddress' ->> 'postalCode', "risk" ->> 'postalCode')) WHERE "policies"."line_code" in ('hogar', 'alquiler');--> statement-breakpoint
-- Statistics of the new columns and expressions (plate, postal code), so the planner knows how few rows each matches.
ANALYZE "clients";--> statement-breakpoint
ANALYZE "policies";
