CREATE TABLE "guarantee_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"guarantee_id" integer NOT NULL,
	"version" integer NOT NULL,
	"price_type" "guarantee_price_type" NOT NULL,
	"price_value" integer NOT NULL,
	"valid_from" date NOT NULL,
	"created_by_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guarantee_prices_guarantee_version_unique" UNIQUE("guarantee_id","version"),
	CONSTRAINT "guarantee_prices_value_nonneg" CHECK ("guarantee_prices"."price_value" >= 0),
	CONSTRAINT "guarantee_prices_percent_max" CHECK ("guarantee_prices"."price_type" <> 'percent' or "guarantee_prices"."price_value" <= 10000)
);
--> statement-breakpoint
ALTER TABLE "guarantees" DROP CONSTRAINT "guarantees_code_unique";--> statement-breakpoint
ALTER TABLE "guarantees" DROP CONSTRAINT "guarantees_price_nonneg";--> statement-breakpoint
DROP INDEX "guarantees_line_code_idx";--> statement-breakpoint
ALTER TABLE "guarantees" ADD COLUMN "hint" text;--> statement-breakpoint
ALTER TABLE "guarantee_prices" ADD CONSTRAINT "guarantee_prices_guarantee_id_guarantees_id_fk" FOREIGN KEY ("guarantee_id") REFERENCES "public"."guarantees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantee_prices" ADD CONSTRAINT "guarantee_prices_created_by_admin_id_admin_users_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guarantee_prices_guarantee_valid_idx" ON "guarantee_prices" USING btree ("guarantee_id","valid_from");--> statement-breakpoint
CREATE INDEX "guarantees_line_sort_idx" ON "guarantees" USING btree ("line_code","sort_order","id");--> statement-breakpoint
CREATE INDEX "guarantees_code_idx" ON "guarantees" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "guarantees_name_idx" ON "guarantees" USING btree ("name","id");--> statement-breakpoint
-- Each existing guarantee's price becomes its version 1, in force since the guarantee was created
-- (rating falls back to the first version for a day before it, as it does for tariffs; ADR 015).
INSERT INTO "guarantee_prices" ("guarantee_id", "version", "price_type", "price_value", "valid_from", "created_at")
SELECT "id", 1, "price_type", "price_value", ("created_at" AT TIME ZONE 'UTC')::date, "created_at" FROM "guarantees"
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "guarantees" DROP COLUMN "price_type";--> statement-breakpoint
ALTER TABLE "guarantees" DROP COLUMN "price_value";--> statement-breakpoint
ALTER TABLE "guarantees" ADD CONSTRAINT "guarantees_line_code_code_unique" UNIQUE("line_code","code");--> statement-breakpoint
ALTER TABLE "guarantees" ADD CONSTRAINT "guarantees_limit_nonneg" CHECK ("guarantees"."limit_cents" is null or "guarantees"."limit_cents" >= 0);--> statement-breakpoint
ALTER TABLE "guarantees" ADD CONSTRAINT "guarantees_deductible_nonneg" CHECK ("guarantees"."deductible_cents" >= 0);