-- Documents (ADR 036): every generated or uploaded file of the portfolio, its hash and where the store keeps it.
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"series_key" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"policy_id" integer,
	"client_id" integer,
	"quote_id" uuid,
	"remittance_id" integer,
	"title" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_by_type" text NOT NULL,
	"created_by_id" text,
	"created_by_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "documents_kind" CHECK ("documents"."kind" in ('cotizacion', 'ipid', 'condiciones', 'recibo', 'justificante', 'mandato', 'remesa', 'certificado', 'desistimiento', 'subido')),
	CONSTRAINT "documents_created_by_type" CHECK ("documents"."created_by_type" in ('admin', 'user', 'system')),
	CONSTRAINT "documents_version" CHECK ("documents"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_remittance_id_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."remittances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_series_version_idx" ON "documents" USING btree ("series_key","version");--> statement-breakpoint
CREATE INDEX "documents_created_at_id_idx" ON "documents" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "documents_policy_idx" ON "documents" USING btree ("policy_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_client_idx" ON "documents" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_kind_created_idx" ON "documents" USING btree ("kind","created_at","id");
--> statement-breakpoint
-- Remittances made before the documents list (ADR 036): their row, the bytes staying in remittances.file_xml
-- (the one source of the download); the same row remittanceDocumentRow writes for a new one.
INSERT INTO "documents" ("kind", "series_key", "version", "remittance_id", "title", "filename", "content_type", "size_bytes", "sha256", "storage", "storage_key", "created_by_type", "created_by_id", "created_by_label", "created_at")
SELECT 'remesa', 'remesa:' || r."id", 1, r."id", 'Remesa SEPA ' || r."id" || ' · cobro ' || to_char(r."collection_date", 'DD/MM/YYYY'), 'remesa-' || r."id" || '.xml', 'application/xml', octet_length(r."file_xml"), r."file_sha256", 'remittance', 'remittances/' || r."id", CASE WHEN r."created_by_id" IS NULL THEN 'system' ELSE 'admin' END, r."created_by_id", r."created_by_label", r."created_at"
FROM "remittances" r
ON CONFLICT DO NOTHING;
