-- The holder's NIF kept on each policy, beside holder_folded (migration 0033, ADR 045): a search by
-- the start of a NIF («B0001») reads a prefix range of the policies' own index. Before, it went
-- through clients as `client_id = any(array(select id from clients where nif like …))`: at
-- 1,000,000 policies «B0001» gave an array of 10,000 ids, probed one by one in policies_client_id_idx
-- and, worse, compared element by element against every policy the bitmap brought back (164 ms
-- alone, 1.5 s p99 under load).
--
-- The same triggers keep both columns: a policy's insert or change of holder reads its client;
-- a client's change of name, e-mail or NIF rewrites its policies. No write to clients may slip
-- between the fill and the new triggers.
LOCK TABLE "clients" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "holder_nif" text;--> statement-breakpoint
-- Every policy's holder columns afresh: this migration's fill, and the bench's loaders.
CREATE OR REPLACE FUNCTION "policies_holder_folded_rebuild"() RETURNS void LANGUAGE sql AS $$
  UPDATE "policies" p SET holder_folded = cotiza_holder_text(c), holder_nif = c.nif FROM "clients" c
   WHERE c.id = p.client_id
     AND (p.holder_folded IS DISTINCT FROM cotiza_holder_text(c) OR p.holder_nif IS DISTINCT FROM c.nif)
$$;--> statement-breakpoint
-- The fill changes no column the report and dashboard figures count (as in 0033).
ALTER TABLE "policies" DISABLE TRIGGER "policies_report_days", DISABLE TRIGGER "policies_dashboard_update";--> statement-breakpoint
SELECT "policies_holder_folded_rebuild"();--> statement-breakpoint
ALTER TABLE "policies" ENABLE TRIGGER "policies_report_days", ENABLE TRIGGER "policies_dashboard_update";--> statement-breakpoint
-- Only the database sets either column (the client is read FOR SHARE, as 0033 explains).
CREATE OR REPLACE FUNCTION "policies_holder_folded_set"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  holder "clients";
BEGIN
  SELECT * INTO holder FROM "clients" c WHERE c.id = NEW.client_id FOR SHARE;
  IF FOUND THEN
    NEW.holder_folded := cotiza_holder_text(holder);
    NEW.holder_nif := holder.nif;
  ELSE
    NEW.holder_folded := '';
    NEW.holder_nif := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "policies_holder_folded" ON "policies";--> statement-breakpoint
CREATE TRIGGER "policies_holder_folded" BEFORE INSERT OR UPDATE OF "client_id", "holder_folded", "holder_nif" ON "policies"
  FOR EACH ROW EXECUTE FUNCTION "policies_holder_folded_set"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "clients_holder_folded_spread"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "policies" SET holder_folded = cotiza_holder_text(NEW), holder_nif = NEW.nif
   WHERE client_id = NEW.id
     AND (holder_folded IS DISTINCT FROM cotiza_holder_text(NEW) OR holder_nif IS DISTINCT FROM NEW.nif);
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "clients_holder_folded" ON "clients";--> statement-breakpoint
CREATE TRIGGER "clients_holder_folded" AFTER UPDATE OF "name", "email", "nif" ON "clients"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email OR OLD.nif IS DISTINCT FROM NEW.nif)
  EXECUTE FUNCTION "clients_holder_folded_spread"();--> statement-breakpoint
-- Built after the fill: one sort of the filled NIFs rather than an entry per updated row.
CREATE INDEX "policies_holder_nif_prefix_idx" ON "policies" USING btree ("holder_nif" text_pattern_ops);--> statement-breakpoint
ANALYZE "policies";
