ALTER TYPE "public"."recibo_status" ADD VALUE 'remesado' BEFORE 'cobrado';--> statement-breakpoint
CREATE TABLE "charge_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"subject" text NOT NULL,
	"attempt" integer NOT NULL,
	"provider_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"policy_id" integer,
	"recibo_id" integer,
	"status" text DEFAULT 'iniciado' NOT NULL,
	"provider_ref" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charge_attempts_provider_key_unique" UNIQUE("provider_key"),
	CONSTRAINT "charge_attempts_subject_attempt" UNIQUE("subject","attempt"),
	CONSTRAINT "charge_attempts_status" CHECK ("charge_attempts"."status" in ('iniciado', 'capturado', 'registrado', 'reembolsado', 'rechazado')),
	CONSTRAINT "charge_attempts_purpose" CHECK ("charge_attempts"."purpose" in ('checkout', 'recibo', 'pago_cliente', 'suplemento'))
);
--> statement-breakpoint
CREATE TABLE "dunning_notices" (
	"recibo_id" integer NOT NULL,
	"day" integer NOT NULL,
	"sent_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dunning_notices_recibo_id_day_pk" PRIMARY KEY("recibo_id","day")
);
--> statement-breakpoint
CREATE TABLE "gateway_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider_ref" text NOT NULL,
	"status" text NOT NULL,
	"refund_of" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_charges_provider_ref_unique" UNIQUE("provider_ref")
);
--> statement-breakpoint
CREATE TABLE "recibo_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"recibo_id" integer NOT NULL,
	"remittance_id" integer,
	"end_to_end_id" text NOT NULL,
	"code" text NOT NULL,
	"reason" text NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"import_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recibo_returns_end_to_end_id_unique" UNIQUE("end_to_end_id")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"recibo_id" integer,
	"amount_cents" integer NOT NULL,
	"cause" text NOT NULL,
	"reason" text NOT NULL,
	"method" "payment_method" NOT NULL,
	"status" text DEFAULT 'pendiente' NOT NULL,
	"provider_ref" text,
	"idempotency_key" text NOT NULL,
	"done_at" timestamp with time zone,
	"done_by_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_status" CHECK ("refunds"."status" in ('pendiente', 'hecho', 'rechazado'))
);
--> statement-breakpoint
CREATE TABLE "remittance_items" (
	"remittance_id" integer NOT NULL,
	"recibo_id" integer NOT NULL,
	"end_to_end_id" text NOT NULL,
	"mandate_id" integer NOT NULL,
	"sequence_type" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'remesado' NOT NULL,
	CONSTRAINT "remittance_items_remittance_id_recibo_id_pk" PRIMARY KEY("remittance_id","recibo_id"),
	CONSTRAINT "remittance_items_end_to_end_id_unique" UNIQUE("end_to_end_id"),
	CONSTRAINT "remittance_items_status" CHECK ("remittance_items"."status" in ('remesado', 'cobrado', 'devuelto'))
);
--> statement-breakpoint
CREATE TABLE "remittances" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"request_key" text NOT NULL,
	"collection_date" date NOT NULL,
	"status" text DEFAULT 'abierta' NOT NULL,
	"count" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"file_xml" text NOT NULL,
	"file_sha256" text NOT NULL,
	"created_by_id" text,
	"created_by_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remittances_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "remittances_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "remittances_status" CHECK ("remittances"."status" in ('abierta', 'cerrada'))
);
--> statement-breakpoint
CREATE TABLE "return_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"line_count" integer NOT NULL,
	"applied" integer NOT NULL,
	"created_by_id" text,
	"created_by_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_imports_file_sha256_unique" UNIQUE("file_sha256")
);
--> statement-breakpoint
CREATE TABLE "sepa_mandates" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"reference" text NOT NULL,
	"signed_on" date NOT NULL,
	"debtor_name" text NOT NULL,
	"iban" text NOT NULL,
	"sequence_type" text DEFAULT 'FRST' NOT NULL,
	"status" text DEFAULT 'activo' NOT NULL,
	"replaced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sepa_mandates_reference_unique" UNIQUE("reference"),
	CONSTRAINT "sepa_mandates_sequence_type" CHECK ("sepa_mandates"."sequence_type" in ('FRST', 'RCUR')),
	CONSTRAINT "sepa_mandates_status" CHECK ("sepa_mandates"."status" in ('activo', 'sustituido', 'cancelado'))
);
--> statement-breakpoint
ALTER TABLE "recibos" ADD COLUMN "return_code" text;--> statement-breakpoint
ALTER TABLE "recibos" ADD COLUMN "return_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recibos" ADD COLUMN "remittance_id" integer;--> statement-breakpoint
ALTER TABLE "charge_attempts" ADD CONSTRAINT "charge_attempts_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_attempts" ADD CONSTRAINT "charge_attempts_recibo_id_recibos_id_fk" FOREIGN KEY ("recibo_id") REFERENCES "public"."recibos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_notices" ADD CONSTRAINT "dunning_notices_recibo_id_recibos_id_fk" FOREIGN KEY ("recibo_id") REFERENCES "public"."recibos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recibo_returns" ADD CONSTRAINT "recibo_returns_recibo_id_recibos_id_fk" FOREIGN KEY ("recibo_id") REFERENCES "public"."recibos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recibo_returns" ADD CONSTRAINT "recibo_returns_remittance_id_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."remittances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recibo_returns" ADD CONSTRAINT "recibo_returns_import_id_return_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."return_imports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_recibo_id_recibos_id_fk" FOREIGN KEY ("recibo_id") REFERENCES "public"."recibos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_items" ADD CONSTRAINT "remittance_items_remittance_id_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."remittances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_items" ADD CONSTRAINT "remittance_items_recibo_id_recibos_id_fk" FOREIGN KEY ("recibo_id") REFERENCES "public"."recibos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_items" ADD CONSTRAINT "remittance_items_mandate_id_sepa_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."sepa_mandates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charge_attempts_status_idx" ON "charge_attempts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "recibo_returns_recibo_id_idx" ON "recibo_returns" USING btree ("recibo_id");--> statement-breakpoint
CREATE INDEX "refunds_policy_id_idx" ON "refunds" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "remittance_items_one_open_per_recibo" ON "remittance_items" USING btree ("recibo_id") WHERE "remittance_items"."status" = 'remesado';--> statement-breakpoint
CREATE INDEX "remittances_created_at_idx" ON "remittances" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_mandates_one_active_per_policy" ON "sepa_mandates" USING btree ("policy_id") WHERE "sepa_mandates"."status" = 'activo';--> statement-breakpoint
ALTER TABLE "recibos" ADD CONSTRAINT "recibos_remittance_id_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."remittances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recibos_due_date_id_idx" ON "recibos" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "recibos_remittance_id_idx" ON "recibos" USING btree ("remittance_id");--> statement-breakpoint
-- Every SEPA policy already sold gets the mandate it was signed with at the sale (the tomador, its IBAN,
-- the sale's day); FRST until a recibo of it has been collected, RCUR after.
INSERT INTO "sepa_mandates" ("policy_id", "reference", "signed_on", "debtor_name", "iban", "sequence_type")
SELECT p."id", 'COT-' || p."number" || '-1', (p."created_at" AT TIME ZONE 'Europe/Madrid')::date, c."name", p."iban",
  CASE WHEN EXISTS (SELECT 1 FROM "recibos" r WHERE r."policy_id" = p."id" AND r."status"::text = 'cobrado') THEN 'RCUR' ELSE 'FRST' END
FROM "policies" p JOIN "clients" c ON c."id" = p."client_id"
WHERE p."payment_method" = 'sepa' AND p."iban" IS NOT NULL;--> statement-breakpoint
-- The new settings, for installations seeded before them (a fresh one is seeded from DEFAULT_SETTINGS).
INSERT INTO "settings" ("key", "value") VALUES
  ('sepa_creditor', '{"name":"Cotiza Correduría de Seguros, S.L.","creditorId":"ES11ZZZB12345674","iban":"ES9121000418450200051332","bic":"CAIXESBBXXX"}'::jsonb),
  ('sepa_return_deadline_business_days', '2'::jsonb),
  ('return_fee_cents', '0'::jsonb),
  ('dunning_days', '[1,7,20]'::jsonb)
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
-- Returns (ADR 030): each import keeps its lines' outcomes, so its page and a repeated upload show them.
ALTER TABLE "return_imports" ADD COLUMN "already_returned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "return_imports" ADD COLUMN "results" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- /admin/payments sorted by amount (ADR 028).
CREATE INDEX IF NOT EXISTS "recibos_amount_cents_id_idx" ON "recibos" USING btree ("amount_cents","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "policies_payment_method_line_idx" ON "policies" USING btree ("payment_method","line_code","id");--> statement-breakpoint
-- "Pagar ahora" (ADR 031): the customer's form key, so that the same submit answers the same attempt.
ALTER TABLE "charge_attempts" ADD COLUMN "request_key" text;--> statement-breakpoint
-- The test gateway's partial refunds (ADR 027): what was refunded of a charge so far.
ALTER TABLE "gateway_charges" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The lists of return imports and remittances on the list kit (ADR 010): each sort key has its index, ending in the id.
CREATE INDEX IF NOT EXISTS "return_imports_created_at_id_idx" ON "return_imports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "remittances_collection_date_id_idx" ON "remittances" USING btree ("collection_date","id");
