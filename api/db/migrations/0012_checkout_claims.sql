-- Checkouts being charged outside a transaction (ADR 017). Written to run again on a database
-- that has it (a renumbering at merge).
CREATE TABLE IF NOT EXISTS "checkout_claims" (
	"quote_id" uuid PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_claims" DROP CONSTRAINT IF EXISTS "checkout_claims_quote_id_quotes_id_fk";
--> statement-breakpoint
ALTER TABLE "checkout_claims" ADD CONSTRAINT "checkout_claims_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;
