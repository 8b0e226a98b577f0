CREATE TABLE "endorsements" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"version" integer NOT NULL,
	"term" integer NOT NULL,
	"effective_date" date NOT NULL,
	"guarantees" jsonb NOT NULL,
	"remaining_days" integer NOT NULL,
	"term_days" integer NOT NULL,
	"net_premium_cents" integer NOT NULL,
	"fractionation_surcharge_cents" integer DEFAULT 0 NOT NULL,
	"consorcio_cents" integer DEFAULT 0 NOT NULL,
	"clea_cents" integer DEFAULT 0 NOT NULL,
	"ips_cents" integer DEFAULT 0 NOT NULL,
	"total_premium_cents" integer NOT NULL,
	"recibo_id" integer,
	"payment_method" "payment_method" NOT NULL,
	"idempotency_key" text NOT NULL,
	"channel" text DEFAULT 'web' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "endorsements_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "endorsements_policy_version_unique" UNIQUE("policy_id","version"),
	CONSTRAINT "endorsements_channel" CHECK ("endorsements"."channel" in ('web', 'telefono')),
	CONSTRAINT "endorsements_version" CHECK ("endorsements"."version" >= 2),
	CONSTRAINT "endorsements_days" CHECK ("endorsements"."remaining_days" > 0 and "endorsements"."remaining_days" <= "endorsements"."term_days"),
	CONSTRAINT "endorsements_total_is_sum" CHECK ("endorsements"."total_premium_cents" = "endorsements"."net_premium_cents" + "endorsements"."fractionation_surcharge_cents" + "endorsements"."consorcio_cents" + "endorsements"."clea_cents" + "endorsements"."ips_cents")
);
--> statement-breakpoint
ALTER TABLE "endorsements" ADD CONSTRAINT "endorsements_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endorsements" ADD CONSTRAINT "endorsements_recibo_id_recibos_id_fk" FOREIGN KEY ("recibo_id") REFERENCES "public"."recibos"("id") ON DELETE restrict ON UPDATE no action;