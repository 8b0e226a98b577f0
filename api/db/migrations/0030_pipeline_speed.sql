CREATE TABLE "client_stage_days" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"stage" "client_stage" NOT NULL,
	"line" "line_code",
	"day" date NOT NULL,
	"n" bigint NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_stage_totals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"stage" "lead_stage" NOT NULL,
	"owner_id" integer,
	"line" "line_code",
	"n" bigint NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "client_stage_days_line_day_idx" ON "client_stage_days" USING btree ("line","day");--> statement-breakpoint
CREATE INDEX "lead_stage_totals_stage_idx" ON "lead_stage_totals" USING btree ("stage","owner_id","line");--> statement-breakpoint
CREATE INDEX "pipeline_leads_stage_since_idx" ON "pipeline_leads" USING btree ("stage_changed_at","id");--> statement-breakpoint
CREATE INDEX "pipeline_leads_premium_idx" ON "pipeline_leads" USING btree (coalesce("estimated_premium_cents", -1),"id");--> statement-breakpoint
CREATE INDEX "pipeline_leads_name_idx" ON "pipeline_leads" USING btree ("name","id");--> statement-breakpoint
-- ADR 041 «Velocidad»: the boards' lane totals kept by the writes, in the pattern of the dashboard's
-- counters (0021): a statement trigger appends the old rows' contribution with its sign turned and
-- the new rows' (keys whose sum is zero append nothing), rows are only ever appended so concurrent
-- writes never wait on a counter, and the daily run folds them (compactPipelineTotals).
CREATE FUNCTION "client_stage_days_facts_sql"("rows" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($f$
    SELECT stage, NULL::line_code AS line, (stage_changed_at AT TIME ZONE 'UTC')::date AS day, sign AS n, sign * premium_cents::bigint AS cents FROM (%1$s) c
    UNION ALL SELECT stage, l.line, (stage_changed_at AT TIME ZONE 'UTC')::date, sign, sign * premium_cents::bigint
      FROM (%1$s) c CROSS JOIN LATERAL unnest(c.line_codes) AS l(line)$f$, "rows")
$$;--> statement-breakpoint
CREATE FUNCTION "lead_stage_totals_facts_sql"("rows" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($f$
    SELECT stage, assigned_admin_id AS owner_id, line_code AS line, sign AS n, sign * coalesce(estimated_premium_cents, 0)::bigint AS cents FROM (%1$s) c$f$, "rows")
$$;--> statement-breakpoint
CREATE FUNCTION "pipeline_totals_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT -1 AS sign, * FROM old_rows UNION ALL SELECT 1 AS sign, * FROM new_rows' END;
BEGIN
  IF TG_TABLE_NAME = 'clients' THEN
    EXECUTE format($f$
      INSERT INTO client_stage_days (stage, line, day, n, cents)
      SELECT stage, line, day, sum(n), sum(cents) FROM (%s) f
       GROUP BY stage, line, day HAVING sum(n) <> 0 OR sum(cents) <> 0$f$, client_stage_days_facts_sql(changed));
  ELSE
    EXECUTE format($f$
      INSERT INTO lead_stage_totals (stage, owner_id, line, n, cents)
      SELECT stage, owner_id, line, sum(n), sum(cents) FROM (%s) f
       GROUP BY stage, owner_id, line HAVING sum(n) <> 0 OR sum(cents) <> 0$f$, lead_stage_totals_facts_sql(changed));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Every total afresh from the rows (the backfill below, and after a bulk load with the triggers off).
CREATE FUNCTION "pipeline_totals_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM client_stage_days;
  EXECUTE format($f$
    INSERT INTO client_stage_days (stage, line, day, n, cents)
    SELECT stage, line, day, sum(n), sum(cents) FROM (%s) f GROUP BY stage, line, day$f$,
    client_stage_days_facts_sql('SELECT 1 AS sign, * FROM clients'));
  DELETE FROM lead_stage_totals;
  EXECUTE format($f$
    INSERT INTO lead_stage_totals (stage, owner_id, line, n, cents)
    SELECT stage, owner_id, line, sum(n), sum(cents) FROM (%s) f GROUP BY stage, owner_id, line$f$,
    lead_stage_totals_facts_sql('SELECT 1 AS sign, * FROM pipeline_leads'));
END $$;--> statement-breakpoint
CREATE FUNCTION "pipeline_totals_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'clients' THEN DELETE FROM client_stage_days; ELSE DELETE FROM lead_stage_totals; END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- No write may slip between the triggers and the backfill.
LOCK TABLE "clients", "pipeline_leads" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TRIGGER "clients_pipeline_insert" AFTER INSERT ON "clients" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "pipeline_totals_count"();--> statement-breakpoint
CREATE TRIGGER "clients_pipeline_update" AFTER UPDATE ON "clients" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "pipeline_totals_count"();--> statement-breakpoint
CREATE TRIGGER "clients_pipeline_delete" AFTER DELETE ON "clients" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "pipeline_totals_count"();--> statement-breakpoint
CREATE TRIGGER "clients_pipeline_truncate" AFTER TRUNCATE ON "clients" FOR EACH STATEMENT EXECUTE FUNCTION "pipeline_totals_truncated"();--> statement-breakpoint
CREATE TRIGGER "pipeline_leads_totals_insert" AFTER INSERT ON "pipeline_leads" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "pipeline_totals_count"();--> statement-breakpoint
CREATE TRIGGER "pipeline_leads_totals_update" AFTER UPDATE ON "pipeline_leads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "pipeline_totals_count"();--> statement-breakpoint
CREATE TRIGGER "pipeline_leads_totals_delete" AFTER DELETE ON "pipeline_leads" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "pipeline_totals_count"();--> statement-breakpoint
CREATE TRIGGER "pipeline_leads_totals_truncate" AFTER TRUNCATE ON "pipeline_leads" FOR EACH STATEMENT EXECUTE FUNCTION "pipeline_totals_truncated"();--> statement-breakpoint
-- The backfill: the rows already there, as if each had just been inserted.
SELECT pipeline_totals_rebuild();
