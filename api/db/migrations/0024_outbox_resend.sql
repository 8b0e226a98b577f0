ALTER TABLE "outbox_emails" ADD COLUMN "resent_from_id" integer;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "cancelled_by_id" integer;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "cancelled_by_label" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_resent_from_id_outbox_emails_id_fk" FOREIGN KEY ("resent_from_id") REFERENCES "public"."outbox_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_cancelled_by_id_admin_users_id_fk" FOREIGN KEY ("cancelled_by_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_emails_resent_from_id_idx" ON "outbox_emails" USING btree ("resent_from_id");--> statement-breakpoint
CREATE INDEX "outbox_emails_to_fold_trgm_idx" ON "outbox_emails" USING gin (cotiza_fold("to") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "outbox_emails_subject_fold_trgm_idx" ON "outbox_emails" USING gin (cotiza_fold("subject") gin_trgm_ops);