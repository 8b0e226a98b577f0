CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "quotes_user_id_idx";--> statement-breakpoint
DROP INDEX "audit_log_at_idx";--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "best_price" integer;--> statement-breakpoint
CREATE INDEX "audit_log_action_at_idx" ON "audit_log" USING btree ("action","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_at_idx" ON "audit_log" USING btree ("entity","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_sort_idx" ON "audit_log" USING btree (coalesce("actor_label", "actor_id", ''),"at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_trgm_idx" ON "audit_log" USING gin (coalesce("actor_label", "actor_id", '') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotes_user_created_idx" ON "quotes" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
UPDATE "quotes" SET "best_price" = (SELECT min((plan -> 'prices' -> 'anual' ->> 'total')::integer) FROM json_array_elements("offers") AS plan);
