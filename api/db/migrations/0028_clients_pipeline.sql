ALTER TYPE "public"."client_stage_cause" ADD VALUE 'poliza_en_vigor' BEFORE 'renovacion_proxima';--> statement-breakpoint
ALTER TYPE "public"."client_stage_cause" ADD VALUE 'riesgo_resuelto' BEFORE 'renovacion_proxima';--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "premium_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "line_code" "line_code";--> statement-breakpoint
CREATE INDEX "clients_premium_idx" ON "clients" USING btree ("premium_cents","id");--> statement-breakpoint
-- Issue 23 (ADR 041 «Clientes»): existing clients get the premium of their live policies and the line of their newest.
UPDATE "clients" c SET
  "premium_cents" = coalesce((SELECT sum(p."total_premium_cents") FROM "policies" p WHERE p."client_id" = c."id" AND p."status" IN ('en_vigor', 'suspendida')), 0),
  "line_code" = (SELECT p."line_code" FROM "policies" p WHERE p."client_id" = c."id" ORDER BY p."created_at" DESC, p."id" DESC LIMIT 1);
