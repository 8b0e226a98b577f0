-- The dashboard (ADR 035): counters kept by triggers, and the indexes of the quotes list and of the
-- quotes waiting for a call.
CREATE TABLE "dashboard_counts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"day" date,
	"n" bigint NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_counts_kind" CHECK ("dashboard_counts"."kind" in ('policy', 'recibo', 'premium', 'renewal'))
);
--> statement-breakpoint
DROP INDEX IF EXISTS "quotes_created_at_idx";--> statement-breakpoint
CREATE INDEX "dashboard_counts_kind_day_idx" ON "dashboard_counts" USING btree ("kind","day");--> statement-breakpoint
CREATE INDEX "quotes_waiting_call_idx" ON "quotes" USING btree ("valid_until","created_at") WHERE "quotes"."status" = 'cotizada' and "quotes"."user_id" is not null and "quotes"."made_by_admin_id" is null;--> statement-breakpoint
CREATE INDEX "quotes_waiting_call_created_idx" ON "quotes" USING btree ("created_at","id") WHERE "quotes"."status" = 'cotizada' and "quotes"."user_id" is not null and "quotes"."made_by_admin_id" is null;--> statement-breakpoint
CREATE INDEX "quotes_created_at_idx" ON "quotes" USING btree ("created_at","id");--> statement-breakpoint
-- What a set of policy rows counts for, signed: its status; its total premium on its start date;
-- when en_vigor, one renewal on its end date. `rows` is a query over a transition table.
CREATE FUNCTION "dashboard_policy_facts_sql"("rows" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($f$
    SELECT 'policy' AS kind, status::text AS status, NULL::date AS day, sign AS n, 0::bigint AS cents FROM (%1$s) c
    UNION ALL SELECT 'premium', '', start_date, sign, sign * total_premium_cents::bigint FROM (%1$s) c
    UNION ALL SELECT 'renewal', '', end_date, sign, 0 FROM (%1$s) c WHERE status = 'en_vigor'$f$, "rows")
$$;--> statement-breakpoint
CREATE FUNCTION "dashboard_recibo_facts_sql"("rows" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($f$SELECT 'recibo' AS kind, status::text AS status, NULL::date AS day, sign AS n, sign * amount_cents::bigint AS cents FROM (%1$s) c$f$, "rows")
$$;--> statement-breakpoint
-- Run once per statement with the rows it changed (transition tables, which the dynamic SQL of a
-- PL/pgSQL trigger sees): the old rows count −1, the new +1, and only the keys whose sum is not
-- zero are appended (an update that changes none of the counted columns appends nothing). Rows
-- are appended, never updated, so concurrent writes never wait on (or deadlock over) a counter.
CREATE FUNCTION "dashboard_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT -1 AS sign, * FROM old_rows UNION ALL SELECT 1 AS sign, * FROM new_rows' END;
  facts text := CASE TG_TABLE_NAME WHEN 'policies' THEN dashboard_policy_facts_sql(changed) ELSE dashboard_recibo_facts_sql(changed) END;
BEGIN
  EXECUTE format($f$
    INSERT INTO dashboard_counts (kind, status, day, n, cents)
    SELECT kind, status, day, sum(n), sum(cents) FROM (%s) f
     GROUP BY kind, status, day HAVING sum(n) <> 0 OR sum(cents) <> 0$f$, facts);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "dashboard_count_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'policies' THEN
    DELETE FROM dashboard_counts WHERE kind IN ('policy', 'premium', 'renewal');
  ELSE
    DELETE FROM dashboard_counts WHERE kind = 'recibo';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- No write may slip between the triggers and the backfill.
LOCK TABLE "policies", "recibos" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TRIGGER "policies_dashboard_insert" AFTER INSERT ON "policies" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count"();--> statement-breakpoint
CREATE TRIGGER "policies_dashboard_update" AFTER UPDATE ON "policies" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count"();--> statement-breakpoint
CREATE TRIGGER "policies_dashboard_delete" AFTER DELETE ON "policies" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count"();--> statement-breakpoint
CREATE TRIGGER "policies_dashboard_truncate" AFTER TRUNCATE ON "policies" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_truncated"();--> statement-breakpoint
CREATE TRIGGER "recibos_dashboard_insert" AFTER INSERT ON "recibos" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count"();--> statement-breakpoint
CREATE TRIGGER "recibos_dashboard_update" AFTER UPDATE ON "recibos" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count"();--> statement-breakpoint
CREATE TRIGGER "recibos_dashboard_delete" AFTER DELETE ON "recibos" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count"();--> statement-breakpoint
CREATE TRIGGER "recibos_dashboard_truncate" AFTER TRUNCATE ON "recibos" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_truncated"();--> statement-breakpoint
-- The backfill: the rows already there, as if each had just been inserted.
INSERT INTO "dashboard_counts" ("kind", "status", "day", "n", "cents")
  SELECT kind, status, day, sum(n), sum(cents) FROM (
    SELECT 'policy' AS kind, status::text AS status, NULL::date AS day, 1 AS n, 0::bigint AS cents FROM "policies"
    UNION ALL SELECT 'premium', '', start_date, 1, total_premium_cents FROM "policies"
    UNION ALL SELECT 'renewal', '', end_date, 1, 0 FROM "policies" WHERE status = 'en_vigor'
    UNION ALL SELECT 'recibo', status::text, NULL, 1, amount_cents FROM "recibos"
  ) f GROUP BY kind, status, day;
