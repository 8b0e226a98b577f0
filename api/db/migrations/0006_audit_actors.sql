CREATE TABLE "audit_actors" (
	"label" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "audit_actors_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_actors" ("label")
    SELECT DISTINCT coalesce("actor_label", "actor_id", '') FROM "added"
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_actors" AFTER INSERT ON "audit_log" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "audit_actors_add"();--> statement-breakpoint
INSERT INTO "audit_actors" ("label") SELECT DISTINCT coalesce("actor_label", "actor_id", '') FROM "audit_log" ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE INDEX "audit_actors_label_trgm_idx" ON "audit_actors" USING gin ("label" gin_trgm_ops);
--> statement-breakpoint
ANALYZE "audit_actors";--> statement-breakpoint
ANALYZE "audit_log";
