DROP INDEX "policies_user_id_idx";--> statement-breakpoint
CREATE INDEX "policies_user_created_idx" ON "policies" USING btree ("user_id","created_at","id");