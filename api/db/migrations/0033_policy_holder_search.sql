-- The holder's search text kept on each policy (ADR 045's next step): a search by the holder's
-- name or e-mail reads the policies' own trigram index instead of joining the matching clients to
-- their policies (the cost of «Tomador 1», 111,111 holders, at any page).
--
-- The text is the client's folded name and e-mail (clients.name_folded, email_folded: cotiza_fold
-- of migration 0008, IMMUTABLE), a newline between: a search text without a newline can only match
-- inside one of them, so `holder_folded LIKE '%text%'` finds exactly the rows `name_folded LIKE
-- '%text%' OR email_folded LIKE '%text%'` finds (a text with a newline is searched on clients).
-- The NIF is not in it: a NIF's start is an indexed prefix on the clients' unique column
-- (clients_nif_prefix_idx), and a few digits are trigrams too common for a GIN index to narrow.
--
-- No write to clients may slip between the fill and the triggers.
LOCK TABLE "clients" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "holder_folded" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE FUNCTION "cotiza_holder_text"(c "clients") RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(c.name_folded, '') || E'\n' || coalesce(c.email_folded, '') $$;--> statement-breakpoint
-- Every policy's text afresh: this migration's fill, and the bench's loaders (they insert with the
-- triggers off).
CREATE FUNCTION "policies_holder_folded_rebuild"() RETURNS void LANGUAGE sql AS $$
  UPDATE "policies" p SET holder_folded = cotiza_holder_text(c) FROM "clients" c
   WHERE c.id = p.client_id AND p.holder_folded IS DISTINCT FROM cotiza_holder_text(c)
$$;--> statement-breakpoint
-- The fill changes no column the report and dashboard figures count: their triggers would only
-- read every row twice to append nothing.
ALTER TABLE "policies" DISABLE TRIGGER "policies_report_days", DISABLE TRIGGER "policies_dashboard_update";--> statement-breakpoint
SELECT "policies_holder_folded_rebuild"();--> statement-breakpoint
ALTER TABLE "policies" ENABLE TRIGGER "policies_report_days", ENABLE TRIGGER "policies_dashboard_update";--> statement-breakpoint
-- A policy takes its holder's text when written with a holder (insert, a change of client_id),
-- and whenever holder_folded itself is written: only the database sets it. The client is read
-- FOR SHARE, so a rename under way is waited for (and its new text read) and one that comes
-- later waits for this policy, then rewrites it (a checkout holds its client's row already:
-- upsertClient wrote it).
CREATE FUNCTION "policies_holder_folded_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.holder_folded := coalesce((SELECT cotiza_holder_text(c) FROM "clients" c WHERE c.id = NEW.client_id FOR SHARE), '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "policies_holder_folded" BEFORE INSERT OR UPDATE OF "client_id", "holder_folded" ON "policies"
  FOR EACH ROW EXECUTE FUNCTION "policies_holder_folded_set"();--> statement-breakpoint
-- A client whose name or e-mail changes rewrites its policies' text.
CREATE FUNCTION "clients_holder_folded_spread"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "policies" SET holder_folded = cotiza_holder_text(NEW)
   WHERE client_id = NEW.id AND holder_folded IS DISTINCT FROM cotiza_holder_text(NEW);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "clients_holder_folded" AFTER UPDATE OF "name", "email" ON "clients"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION "clients_holder_folded_spread"();--> statement-breakpoint
-- Built after the fill: one sort of the filled texts rather than an entry per updated row.
CREATE INDEX "policies_holder_folded_trgm_idx" ON "policies" USING gin ("holder_folded" gin_trgm_ops);--> statement-breakpoint
ANALYZE "policies";
