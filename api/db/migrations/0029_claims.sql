CREATE TYPE "public"."claim_document_kind" AS ENUM('parte_amistoso', 'denuncia', 'foto', 'contrato_arrendamiento', 'reclamacion_inquilino', 'informe_pericial', 'factura', 'otro');--> statement-breakpoint
CREATE TYPE "public"."claim_event_type" AS ENUM('auto_colision', 'auto_un_vehiculo', 'auto_lunas', 'auto_robo', 'auto_vandalismo', 'auto_asistencia', 'hogar_agua', 'hogar_incendio', 'hogar_robo', 'hogar_cristales', 'hogar_electricos', 'hogar_rc_vecino', 'alquiler_impago');--> statement-breakpoint
CREATE TYPE "public"."claim_status" AS ENUM('abierto', 'en_revision', 'peritacion', 'aceptado', 'rechazado', 'pagado', 'cerrado', 'reabierto');--> statement-breakpoint
CREATE SEQUENCE "public"."claim_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "claim_document_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"kind" "claim_document_kind" NOT NULL,
	"note" text,
	"requested_by_admin_id" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fulfilled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "claim_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" text NOT NULL,
	"from_status" "claim_status",
	"to_status" "claim_status",
	"summary" text NOT NULL,
	"note" text,
	"details" jsonb,
	"actor_type" "actor_type" NOT NULL,
	"actor_id" text,
	"actor_label" text,
	CONSTRAINT "claim_events_event" CHECK ("claim_events"."event" in ('declarado', 'asignado', 'estado', 'reserva', 'aceptado', 'rechazado', 'pagado', 'mensaje', 'documento_pedido', 'documento_subido', 'perito'))
);
--> statement-breakpoint
CREATE TABLE "claim_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"document_id" uuid NOT NULL,
	"kind" "claim_document_kind" NOT NULL,
	"request_id" integer,
	"uploaded_by_type" text NOT NULL,
	"uploaded_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_files_uploaded_by_type" CHECK ("claim_files"."uploaded_by_type" in ('admin', 'user'))
);
--> statement-breakpoint
CREATE TABLE "claim_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"author_kind" text NOT NULL,
	"admin_id" integer,
	"body" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "claim_messages_author_kind" CHECK ("claim_messages"."author_kind" in ('cliente', 'tramitador'))
);
--> statement-breakpoint
CREATE TABLE "claim_reserve_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"from_cents" integer NOT NULL,
	"to_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"admin_id" integer,
	"actor_label" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_reserve_changes_nonneg" CHECK ("claim_reserve_changes"."to_cents" >= 0 and "claim_reserve_changes"."from_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"policy_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer,
	"line_code" "line_code" NOT NULL,
	"draft" jsonb,
	"declared_at" timestamp with time zone,
	"event_type" "claim_event_type",
	"occurred_at" timestamp with time zone,
	"place" text,
	"description" text,
	"contact_phone" text,
	"contact_email" text,
	"contact_time" text,
	"other_plate" text,
	"other_insurer" text,
	"rent_months_unpaid" integer,
	"status" "claim_status",
	"handler_id" integer,
	"claimed_cents" integer,
	"reserve_cents" integer DEFAULT 0 NOT NULL,
	"accepted_cents" integer,
	"deductible_cents" integer,
	"limit_cents" integer,
	"payable_cents" integer,
	"guarantee_code" text,
	"rejection_reason" text,
	"cover_at_declaration" jsonb,
	"cover_at_acceptance" jsonb,
	"fraud_signals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payee_iban" text,
	"paid_cents" integer,
	"payment_reference" text,
	"paid_at" timestamp with time zone,
	"paid_by_admin_id" integer,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_number_unique" UNIQUE("number"),
	CONSTRAINT "claims_declared_complete" CHECK ("claims"."declared_at" is null or ("claims"."number" is not null and "claims"."event_type" is not null and "claims"."occurred_at" is not null and "claims"."status" is not null and "claims"."description" is not null)),
	CONSTRAINT "claims_number_format" CHECK ("claims"."number" is null or "claims"."number" ~ '^SIN-[0-9]{4}-[0-9]{6,}$'),
	CONSTRAINT "claims_event_type_line" CHECK ("claims"."event_type" is null or "claims"."event_type"::text like "claims"."line_code"::text || '\_%'),
	CONSTRAINT "claims_contact_time" CHECK ("claims"."contact_time" is null or "claims"."contact_time" in ('manana', 'tarde', 'indiferente')),
	CONSTRAINT "claims_payee_iban" CHECK ("claims"."payee_iban" is null or "claims"."payee_iban" ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
	CONSTRAINT "claims_amounts_nonneg" CHECK ("claims"."reserve_cents" >= 0 and coalesce("claims"."claimed_cents", 0) >= 0 and coalesce("claims"."accepted_cents", 0) >= 0 and coalesce("claims"."payable_cents", 0) >= 0 and coalesce("claims"."paid_cents", 0) >= 0),
	CONSTRAINT "claims_rent_months" CHECK ("claims"."rent_months_unpaid" is null or "claims"."rent_months_unpaid" between 1 and 18)
);
--> statement-breakpoint
ALTER TABLE "guarantees" ADD COLUMN "waiting_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_document_requests" ADD CONSTRAINT "claim_document_requests_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_document_requests" ADD CONSTRAINT "claim_document_requests_requested_by_admin_id_admin_users_id_fk" FOREIGN KEY ("requested_by_admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_files" ADD CONSTRAINT "claim_files_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_files" ADD CONSTRAINT "claim_files_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_files" ADD CONSTRAINT "claim_files_request_id_claim_document_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."claim_document_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_messages" ADD CONSTRAINT "claim_messages_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_messages" ADD CONSTRAINT "claim_messages_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_reserve_changes" ADD CONSTRAINT "claim_reserve_changes_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_reserve_changes" ADD CONSTRAINT "claim_reserve_changes_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_handler_id_admin_users_id_fk" FOREIGN KEY ("handler_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_paid_by_admin_id_admin_users_id_fk" FOREIGN KEY ("paid_by_admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_document_requests_claim_idx" ON "claim_document_requests" USING btree ("claim_id","requested_at");--> statement-breakpoint
CREATE INDEX "claim_events_claim_at_idx" ON "claim_events" USING btree ("claim_id","at","id");--> statement-breakpoint
CREATE INDEX "claim_files_claim_idx" ON "claim_files" USING btree ("claim_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_files_document_idx" ON "claim_files" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "claim_messages_claim_idx" ON "claim_messages" USING btree ("claim_id","at","id");--> statement-breakpoint
CREATE INDEX "claim_messages_unread_idx" ON "claim_messages" USING btree ("claim_id","author_kind") WHERE "claim_messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "claim_reserve_changes_claim_idx" ON "claim_reserve_changes" USING btree ("claim_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_one_draft_per_policy_idx" ON "claims" USING btree ("policy_id") WHERE "claims"."declared_at" is null;--> statement-breakpoint
CREATE INDEX "claims_declared_idx" ON "claims" USING btree ("declared_at","id") WHERE "claims"."declared_at" is not null;--> statement-breakpoint
CREATE INDEX "claims_status_declared_idx" ON "claims" USING btree ("status","declared_at","id");--> statement-breakpoint
CREATE INDEX "claims_line_declared_idx" ON "claims" USING btree ("line_code","declared_at","id");--> statement-breakpoint
CREATE INDEX "claims_handler_declared_idx" ON "claims" USING btree ("handler_id","declared_at","id");--> statement-breakpoint
CREATE INDEX "claims_reserve_idx" ON "claims" USING btree ("reserve_cents","id");--> statement-breakpoint
CREATE INDEX "claims_created_idx" ON "claims" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "claims_user_idx" ON "claims" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "claims_client_idx" ON "claims" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "claims_policy_occurred_idx" ON "claims" USING btree ("policy_id","occurred_at");--> statement-breakpoint
ALTER TABLE "guarantees" ADD CONSTRAINT "guarantees_waiting_days_nonneg" CHECK ("guarantees"."waiting_days" >= 0);--> statement-breakpoint
-- The rent line's carencia (ADR 042): an unpaid rent due in the policy's first 30 days is not
-- covered. The seed writes it for a new database; this sets it where the catalogue already exists.
UPDATE "guarantees" SET "waiting_days" = 30, "updated_at" = now()
 WHERE "line_code" = 'alquiler' AND "code" = 'alquiler_impago_rentas' AND "waiting_days" = 0;--> statement-breakpoint
-- The claims permissions (ADR 042). The seed adds a permission a system role has never heard of
-- with its default at every start; written here too so that a database migrated and not yet
-- seeded has them, without undoing a choice an admin already made (existing entries win).
INSERT INTO "permissions" ("name", "description", "group") VALUES
  ('claims:read', 'Ver los siniestros, su cobertura, sus documentos, sus mensajes y su historial', 'Siniestros'),
  ('claims:write', 'Tramitar siniestros: asignarlos, cambiar su estado y su reserva, aceptarlos o rechazarlos, pedir documentos y escribir al cliente', 'Siniestros'),
  ('claims:pay', 'Pagar la indemnización de un siniestro aceptado por transferencia', 'Siniestros')
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "roles" SET "permissions" = '{"claims:read": true, "claims:write": true, "claims:pay": true}'::jsonb || "permissions", "updated_at" = now()
 WHERE "name" = 'superadmin' AND "is_system" = true;--> statement-breakpoint
UPDATE "roles" SET "permissions" = '{"claims:read": true, "claims:write": true, "claims:pay": false}'::jsonb || "permissions", "updated_at" = now()
 WHERE "name" = 'gestor' AND "is_system" = true;--> statement-breakpoint
UPDATE "roles" SET "permissions" = '{"claims:read": false, "claims:write": false, "claims:pay": false}'::jsonb || "permissions", "updated_at" = now()
 WHERE "name" = 'comercial' AND "is_system" = true;--> statement-breakpoint
UPDATE "roles" SET "permissions" = '{"claims:read": true, "claims:write": false, "claims:pay": false}'::jsonb || "permissions", "updated_at" = now()
 WHERE "name" = 'auditor' AND "is_system" = true;
