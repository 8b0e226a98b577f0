CREATE TYPE "public"."actor_type" AS ENUM('admin', 'user', 'system', 'anonymous');--> statement-breakpoint
CREATE TYPE "public"."client_stage" AS ENUM('prospecto', 'alta', 'activo', 'renovacion', 'en_riesgo', 'baja');--> statement-breakpoint
CREATE TYPE "public"."email_status" AS ENUM('pendiente', 'enviado', 'fallido');--> statement-breakpoint
CREATE TYPE "public"."payment_frequency" AS ENUM('anual', 'semestral', 'trimestral', 'mensual');--> statement-breakpoint
CREATE TYPE "public"."guarantee_price_type" AS ENUM('fixed', 'percent');--> statement-breakpoint
CREATE TYPE "public"."lead_stage" AS ENUM('nuevo', 'contactado', 'cotizado', 'negociacion', 'ganado', 'perdido');--> statement-breakpoint
CREATE TYPE "public"."line_code" AS ENUM('auto', 'hogar', 'alquiler');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('card', 'sepa');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pendiente', 'aceptado', 'rechazado', 'reembolsado');--> statement-breakpoint
CREATE TYPE "public"."policy_status" AS ENUM('pendiente_pago', 'en_vigor', 'suspendida', 'anulada', 'vencida');--> statement-breakpoint
CREATE TYPE "public"."quote_status" AS ENUM('cotizada', 'contratada', 'caducada', 'descartada');--> statement-breakpoint
CREATE TYPE "public"."recibo_kind" AS ENUM('prima', 'suplemento');--> statement-breakpoint
CREATE TYPE "public"."recibo_status" AS ENUM('pendiente', 'cobrado', 'devuelto', 'anulado', 'extornado');--> statement-breakpoint
CREATE TABLE "admin_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "admin_users_username_unique" UNIQUE("username"),
	CONSTRAINT "admin_users_email_unique" UNIQUE("email"),
	CONSTRAINT "admin_users_email_lower" CHECK ("admin_users"."email" = lower("admin_users"."email"))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_type" "actor_type" NOT NULL,
	"actor_id" text,
	"actor_label" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"ip" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"nif" text,
	"birth_date" date,
	"email" text,
	"phone" text,
	"address" text,
	"postal_code" text,
	"city" text,
	"stage" "client_stage" DEFAULT 'prospecto' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"client_id" integer,
	"purpose" text NOT NULL,
	"granted" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "guarantees" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"line_code" "line_code" NOT NULL,
	"price_type" "guarantee_price_type" DEFAULT 'fixed' NOT NULL,
	"price_value" integer DEFAULT 0 NOT NULL,
	"limit_text" text,
	"limit_cents" integer,
	"deductible_cents" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guarantees_code_unique" UNIQUE("code"),
	CONSTRAINT "guarantees_price_nonneg" CHECK ("guarantees"."price_value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"success" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"html" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" "email_status" DEFAULT 'pendiente' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"recibo_id" integer,
	"provider" text NOT NULL,
	"method" "payment_method" NOT NULL,
	"method_label" text,
	"amount_cents" integer NOT NULL,
	"status" "payment_status" DEFAULT 'pendiente' NOT NULL,
	"provider_ref" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"name" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"group" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pipeline_leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"stage" "lead_stage" DEFAULT 'nuevo' NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"line_code" "line_code",
	"quote_id" uuid,
	"client_id" integer,
	"assigned_admin_id" integer,
	"estimated_premium_cents" integer,
	"notes" text,
	"lost_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_guarantees" (
	"plan_id" integer NOT NULL,
	"guarantee_id" integer NOT NULL,
	"included" boolean NOT NULL,
	CONSTRAINT "plan_guarantees_plan_id_guarantee_id_pk" PRIMARY KEY("plan_id","guarantee_id")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_code" "line_code" NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"base_premium_cents" integer NOT NULL,
	"deductible_cents" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "plans_line_code_code_unique" UNIQUE("line_code","code"),
	CONSTRAINT "plans_base_premium_nonneg" CHECK ("plans"."base_premium_cents" >= 0),
	CONSTRAINT "plans_deductible_nonneg" CHECK ("plans"."deductible_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"quote_id" uuid,
	"client_id" integer NOT NULL,
	"user_id" integer,
	"line_code" "line_code" NOT NULL,
	"plan_code" text NOT NULL,
	"status" "policy_status" DEFAULT 'pendiente_pago' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"frequency" "payment_frequency" DEFAULT 'anual' NOT NULL,
	"optional_guarantees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"risk" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"net_premium_cents" integer NOT NULL,
	"fractionation_surcharge_cents" integer DEFAULT 0 NOT NULL,
	"consorcio_cents" integer DEFAULT 0 NOT NULL,
	"clea_cents" integer DEFAULT 0 NOT NULL,
	"ips_cents" integer DEFAULT 0 NOT NULL,
	"total_premium_cents" integer NOT NULL,
	"cancellation_reason" text,
	"cancelled_at" timestamp with time zone,
	"previous_policy_id" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policies_number_unique" UNIQUE("number"),
	CONSTRAINT "policies_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "policies_dates_order" CHECK ("policies"."end_date" > "policies"."start_date"),
	CONSTRAINT "policies_total_is_sum" CHECK ("policies"."total_premium_cents" = "policies"."net_premium_cents" + "policies"."fractionation_surcharge_cents" + "policies"."consorcio_cents" + "policies"."clea_cents" + "policies"."ips_cents")
);
--> statement-breakpoint
CREATE TABLE "product_lines" (
	"code" "line_code" PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_code" "line_code" NOT NULL,
	"status" "quote_status" DEFAULT 'cotizada' NOT NULL,
	"inputs" jsonb NOT NULL,
	"offers" jsonb NOT NULL,
	"user_id" integer,
	"session_id" text,
	"valid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recibos" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"kind" "recibo_kind" DEFAULT 'prima' NOT NULL,
	"due_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" "recibo_status" DEFAULT 'pendiente' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recibos_policy_sequence_unique" UNIQUE("policy_id","sequence")
);
--> statement-breakpoint
CREATE TABLE "revoked_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_code" "line_code" NOT NULL,
	"factor" text NOT NULL,
	"bands" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tariffs_line_factor_version_unique" UNIQUE("line_code","factor","version")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lower" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantees" ADD CONSTRAINT "guarantees_line_code_product_lines_code_fk" FOREIGN KEY ("line_code") REFERENCES "public"."product_lines"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recibo_id_recibos_id_fk" FOREIGN KEY ("recibo_id") REFERENCES "public"."recibos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_leads" ADD CONSTRAINT "pipeline_leads_line_code_product_lines_code_fk" FOREIGN KEY ("line_code") REFERENCES "public"."product_lines"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_leads" ADD CONSTRAINT "pipeline_leads_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_leads" ADD CONSTRAINT "pipeline_leads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_leads" ADD CONSTRAINT "pipeline_leads_assigned_admin_id_admin_users_id_fk" FOREIGN KEY ("assigned_admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_guarantees" ADD CONSTRAINT "plan_guarantees_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_guarantees" ADD CONSTRAINT "plan_guarantees_guarantee_id_guarantees_id_fk" FOREIGN KEY ("guarantee_id") REFERENCES "public"."guarantees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_line_code_product_lines_code_fk" FOREIGN KEY ("line_code") REFERENCES "public"."product_lines"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_line_code_product_lines_code_fk" FOREIGN KEY ("line_code") REFERENCES "public"."product_lines"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_previous_policy_id_policies_id_fk" FOREIGN KEY ("previous_policy_id") REFERENCES "public"."policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_line_code_product_lines_code_fk" FOREIGN KEY ("line_code") REFERENCES "public"."product_lines"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recibos" ADD CONSTRAINT "recibos_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_line_code_product_lines_code_fk" FOREIGN KEY ("line_code") REFERENCES "public"."product_lines"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_users_role_id_idx" ON "admin_users" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_type","actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_nif_unique" ON "clients" USING btree ("nif") WHERE "clients"."nif" is not null;--> statement-breakpoint
CREATE INDEX "clients_user_id_idx" ON "clients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "clients_stage_idx" ON "clients" USING btree ("stage");--> statement-breakpoint
CREATE INDEX "clients_email_idx" ON "clients" USING btree ("email");--> statement-breakpoint
CREATE INDEX "consents_user_id_idx" ON "consents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "consents_client_id_idx" ON "consents" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "guarantees_line_code_idx" ON "guarantees" USING btree ("line_code");--> statement-breakpoint
CREATE INDEX "login_attempts_email_at_idx" ON "login_attempts" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_at_idx" ON "login_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "outbox_emails_status_next_attempt_idx" ON "outbox_emails" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "payments_policy_id_idx" ON "payments" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "payments_recibo_id_idx" ON "payments" USING btree ("recibo_id");--> statement-breakpoint
CREATE INDEX "payments_created_at_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "pipeline_leads_stage_idx" ON "pipeline_leads" USING btree ("stage");--> statement-breakpoint
CREATE INDEX "pipeline_leads_assigned_admin_id_idx" ON "pipeline_leads" USING btree ("assigned_admin_id");--> statement-breakpoint
CREATE INDEX "plan_guarantees_guarantee_id_idx" ON "plan_guarantees" USING btree ("guarantee_id");--> statement-breakpoint
CREATE INDEX "policies_client_id_idx" ON "policies" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "policies_user_id_idx" ON "policies" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "policies_quote_id_idx" ON "policies" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "policies_status_idx" ON "policies" USING btree ("status");--> statement-breakpoint
CREATE INDEX "policies_end_date_idx" ON "policies" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "quotes_user_id_idx" ON "quotes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "quotes_session_id_idx" ON "quotes" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "quotes_status_valid_until_idx" ON "quotes" USING btree ("status","valid_until");--> statement-breakpoint
CREATE INDEX "quotes_created_at_idx" ON "quotes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "recibos_status_due_date_idx" ON "recibos" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "revoked_tokens_expires_at_idx" ON "revoked_tokens" USING btree ("expires_at");