ALTER TYPE "public"."email_status" ADD VALUE 'cancelado';--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "policy_id" integer;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_emails_created_idx" ON "outbox_emails" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_emails_policy_id_idx" ON "outbox_emails" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "outbox_emails_client_id_idx" ON "outbox_emails" USING btree ("client_id");--> statement-breakpoint
-- Issue 25: the e-mail permissions are email:read and email:write (resend, cancel, edit the
-- templates). email:send becomes email:write in the catalogue and in every role that had it, with
-- the same grant; the seed then finds nothing to add.
UPDATE "permissions"
   SET "name" = 'email:write', "description" = 'Reenviar y cancelar correos, y editar sus plantillas'
 WHERE "name" = 'email:send'
   AND NOT EXISTS (SELECT 1 FROM "permissions" WHERE "name" = 'email:write');--> statement-breakpoint
UPDATE "roles"
   SET "permissions" = ("permissions" - 'email:send') || jsonb_build_object('email:write', "permissions" -> 'email:send'),
       "updated_at" = now()
 WHERE "permissions" ? 'email:send';
