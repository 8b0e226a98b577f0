ALTER TABLE "consents" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "recorded_by_admin_id" integer;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "made_by_admin_id" integer;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_recorded_by_admin_id_admin_users_id_fk" FOREIGN KEY ("recorded_by_admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_made_by_admin_id_admin_users_id_fk" FOREIGN KEY ("made_by_admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_channel" CHECK ("consents"."channel" in ('web', 'telefono'));--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_channel" CHECK ("policies"."channel" in ('web', 'telefono'));