ALTER TYPE "public"."client_stage_cause" ADD VALUE 'poliza_en_vigor' BEFORE 'renovacion_proxima';--> statement-breakpoint
ALTER TYPE "public"."client_stage_cause" ADD VALUE 'riesgo_resuelto' BEFORE 'renovacion_proxima';--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "premium_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "line_code" "line_code";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "line_codes" "line_code"[] DEFAULT '{}'::line_code[] NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_premium_idx" ON "clients" USING btree ("premium_cents","id");--> statement-breakpoint
CREATE INDEX "clients_stage_since_idx" ON "clients" USING btree ("stage_changed_at","id");--> statement-breakpoint
CREATE INDEX "clients_line_codes_idx" ON "clients" USING gin ("line_codes");--> statement-breakpoint
CREATE INDEX "clients_stage_premium_idx" ON "clients" USING btree ("stage","stage_changed_at","premium_cents");--> statement-breakpoint
-- Issue 23 (ADR 041 «Clientes»): existing clients get the premium of their live policies, the line of their newest and all their lines.
UPDATE "clients" c SET
  "premium_cents" = coalesce((SELECT sum(p."total_premium_cents") FROM "policies" p WHERE p."client_id" = c."id" AND p."status" IN ('en_vigor', 'suspendida')), 0),
  "line_code" = (SELECT p."line_code" FROM "policies" p WHERE p."client_id" = c."id" ORDER BY p."created_at" DESC, p."id" DESC LIMIT 1),
  "line_codes" = array(SELECT DISTINCT p."line_code" FROM "policies" p WHERE p."client_id" = c."id" ORDER BY 1);
