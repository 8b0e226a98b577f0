-- Text as the back office's searches compare it: lower case and without accents, so "jose garcia"
-- finds "José García" and "NUÑEZ" finds "Núñez". Plain SQL (translate, then lower), as PGlite
-- has no unaccent; IMMUTABLE and inlinable, so the trigram indexes below are built on it and a
-- search written as cotiza_fold(column) LIKE cotiza_fold(pattern) uses them.
CREATE OR REPLACE FUNCTION "cotiza_fold"(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(translate($1, 'ÁÀÂÄÉÈÊËÍÌÎÏÓÒÔÖÚÙÛÜÑÇáàâäéèêëíìîïóòôöúùûüñç', 'AAAAEEEEIIIIOOOOUUUUNCaaaaeeeeiiiioooouuuunc')) $$;--> statement-breakpoint
DROP INDEX IF EXISTS "clients_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "clients_email_trgm_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clients_name_fold_trgm_idx" ON "clients" USING gin (cotiza_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clients_email_fold_trgm_idx" ON "clients" USING gin (cotiza_fold("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "policies_client_in_force_idx" ON "policies" USING btree ("client_id") WHERE "policies"."status" in ('en_vigor', 'suspendida');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "policies_renewal_idx" ON "policies" USING btree ("end_date","created_at","id") WHERE "policies"."status" = 'en_vigor';--> statement-breakpoint
ANALYZE "clients";--> statement-breakpoint
ANALYZE "policies";
