CREATE TABLE "report_contract_days" (
	"day" date NOT NULL,
	"line_code" "line_code" NOT NULL,
	"plan_code" text NOT NULL,
	"reason" text,
	"starts" integer NOT NULL,
	"stops" integer NOT NULL,
	"start_cents" bigint NOT NULL,
	"stop_cents" bigint NOT NULL,
	"ended" integer NOT NULL,
	"ended_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_quote_days" (
	"day" date NOT NULL,
	"line_code" "line_code" NOT NULL,
	"phone" boolean NOT NULL,
	"quotes" integer NOT NULL,
	"contracted" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_recibo_days" (
	"day" date NOT NULL,
	"line_code" "line_code" NOT NULL,
	"kind" "recibo_kind" NOT NULL,
	"renewal" boolean NOT NULL,
	"status" "recibo_status" NOT NULL,
	"recibos" integer NOT NULL,
	"cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_contract_days_day_idx" ON "report_contract_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "report_quote_days_day_idx" ON "report_quote_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "report_recibo_days_day_idx" ON "report_recibo_days" USING btree ("day");--> statement-breakpoint
-- The report figures by day (ADR 034), kept exact by the writes: each trigger appends the old
-- row's contribution with its sign turned and the new row's; an update that changes nothing a
-- report reads appends nothing. The daily run folds the deltas (compactReportDays).
CREATE FUNCTION "report_recibo_delta"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.due_date = NEW.due_date AND OLD.kind = NEW.kind AND OLD.term = NEW.term AND OLD.status = NEW.status
     AND OLD.amount_cents = NEW.amount_cents AND OLD.policy_id = NEW.policy_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "report_recibo_days" SELECT OLD.due_date, p.line_code, OLD.kind, OLD.term > 1, OLD.status, -1, -OLD.amount_cents FROM "policies" p WHERE p.id = OLD.policy_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "report_recibo_days" SELECT NEW.due_date, p.line_code, NEW.kind, NEW.term > 1, NEW.status, 1, NEW.amount_cents FROM "policies" p WHERE p.id = NEW.policy_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "recibos_report_days" AFTER INSERT OR UPDATE OR DELETE ON "recibos" FOR EACH ROW EXECUTE FUNCTION "report_recibo_delta"();--> statement-breakpoint
-- A contract's rows: its start (the first term's: renewals keep the row, ADR 011) and, once it
-- stopped, its stop (a cancellation's effect, a vencida's end); pendiente_pago never started. A
-- cancellation effective before the start is an ended contract that was never in force.
CREATE FUNCTION "report_contract_rows"(p "policies", sign integer)
RETURNS TABLE ("day" date, "line_code" "line_code", "plan_code" text, "reason" text, "starts" integer, "stops" integer,
               "start_cents" bigint, "stop_cents" bigint, "ended" integer, "ended_cents" bigint)
LANGUAGE sql STABLE AS $$
  WITH c AS (
    SELECT (p.start_date - make_interval(years => p.term - 1))::date AS s,
           CASE p.status WHEN 'anulada' THEN coalesce(p.cancellation_effective_date, (p.cancelled_at AT TIME ZONE 'Europe/Madrid')::date)
                         WHEN 'vencida' THEN p.end_date END AS e,
           CASE p.status WHEN 'anulada' THEN coalesce(p.cancellation_reason, 'sin_motivo')
                         WHEN 'vencida' THEN 'vencida_' || coalesce(p.renewal_stopped_by, 'sin_oposicion') END AS reason,
           p.total_premium_cents::bigint AS cents
     WHERE p.status <> 'pendiente_pago'
  )
  SELECT c.s, p.line_code, p.plan_code, NULL::text, sign, 0, sign * c.cents, 0::bigint, 0, 0::bigint FROM c WHERE c.e IS NULL OR c.e >= c.s
  UNION ALL
  SELECT c.e, p.line_code, p.plan_code, c.reason, 0, CASE WHEN c.e >= c.s THEN sign ELSE 0 END,
         0::bigint, CASE WHEN c.e >= c.s THEN sign * c.cents ELSE 0 END, sign, sign * c.cents
    FROM c WHERE c.e IS NOT NULL
$$;--> statement-breakpoint
CREATE FUNCTION "report_contract_delta"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.start_date = NEW.start_date AND OLD.term = NEW.term AND OLD.line_code = NEW.line_code
     AND OLD.plan_code = NEW.plan_code AND OLD.total_premium_cents = NEW.total_premium_cents AND OLD.end_date = NEW.end_date
     AND OLD.cancellation_effective_date IS NOT DISTINCT FROM NEW.cancellation_effective_date AND OLD.cancelled_at IS NOT DISTINCT FROM NEW.cancelled_at
     AND OLD.cancellation_reason IS NOT DISTINCT FROM NEW.cancellation_reason AND OLD.renewal_stopped_by IS NOT DISTINCT FROM NEW.renewal_stopped_by THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "report_contract_days" SELECT * FROM "report_contract_rows"(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "report_contract_days" SELECT * FROM "report_contract_rows"(NEW, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "policies_report_days" AFTER INSERT OR UPDATE OR DELETE ON "policies" FOR EACH ROW EXECUTE FUNCTION "report_contract_delta"();--> statement-breakpoint
CREATE FUNCTION "report_quote_delta"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.created_at = NEW.created_at AND OLD.line_code = NEW.line_code
     AND (OLD.made_by_admin_id IS NULL) = (NEW.made_by_admin_id IS NULL) AND (OLD.status = 'contratada') = (NEW.status = 'contratada') THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "report_quote_days" VALUES ((OLD.created_at AT TIME ZONE 'Europe/Madrid')::date, OLD.line_code, OLD.made_by_admin_id IS NOT NULL, -1,
                                            CASE WHEN OLD.status = 'contratada' THEN -1 ELSE 0 END);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "report_quote_days" VALUES ((NEW.created_at AT TIME ZONE 'Europe/Madrid')::date, NEW.line_code, NEW.made_by_admin_id IS NOT NULL, 1,
                                            CASE WHEN NEW.status = 'contratada' THEN 1 ELSE 0 END);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "quotes_report_days" AFTER INSERT OR UPDATE OR DELETE ON "quotes" FOR EACH ROW EXECUTE FUNCTION "report_quote_delta"();--> statement-breakpoint
-- Every figure recomputed from the rows (the migration's backfill; the bench after a bulk load
-- made with the triggers off).
CREATE FUNCTION "report_days_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "report_recibo_days";
  DELETE FROM "report_contract_days";
  DELETE FROM "report_quote_days";
  INSERT INTO "report_recibo_days"
  SELECT r.due_date, p.line_code, r.kind, r.term > 1, r.status, count(*), sum(r.amount_cents)
    FROM "recibos" r JOIN "policies" p ON p.id = r.policy_id GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO "report_contract_days"
  SELECT x.day, x.line_code, x.plan_code, x.reason, sum(x.starts), sum(x.stops), sum(x.start_cents), sum(x.stop_cents), sum(x.ended), sum(x.ended_cents)
    FROM "policies" p CROSS JOIN LATERAL "report_contract_rows"(p, 1) x GROUP BY 1, 2, 3, 4;
  INSERT INTO "report_quote_days"
  SELECT (q.created_at AT TIME ZONE 'Europe/Madrid')::date, q.line_code, q.made_by_admin_id IS NOT NULL, count(*), count(*) FILTER (WHERE q.status = 'contratada')
    FROM "quotes" q GROUP BY 1, 2, 3;
END $$;--> statement-breakpoint
SELECT "report_days_rebuild"();--> statement-breakpoint
-- The daily run's fold: the deltas of each key become one row (keys whose figures sum to nothing
-- go). Rows a write appends meanwhile are not seen by the DELETE and stay as they are.
CREATE FUNCTION "report_days_compact"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (DELETE FROM "report_recibo_days" RETURNING *)
  INSERT INTO "report_recibo_days"
  SELECT day, line_code, kind, renewal, status, sum(recibos), sum(cents) FROM moved GROUP BY 1, 2, 3, 4, 5
  HAVING sum(recibos) <> 0 OR sum(cents) <> 0;
  WITH moved AS (DELETE FROM "report_contract_days" RETURNING *)
  INSERT INTO "report_contract_days"
  SELECT day, line_code, plan_code, reason, sum(starts), sum(stops), sum(start_cents), sum(stop_cents), sum(ended), sum(ended_cents) FROM moved GROUP BY 1, 2, 3, 4
  HAVING sum(starts) <> 0 OR sum(stops) <> 0 OR sum(start_cents) <> 0 OR sum(stop_cents) <> 0 OR sum(ended) <> 0 OR sum(ended_cents) <> 0;
  WITH moved AS (DELETE FROM "report_quote_days" RETURNING *)
  INSERT INTO "report_quote_days"
  SELECT day, line_code, phone, sum(quotes), sum(contracted) FROM moved GROUP BY 1, 2, 3
  HAVING sum(quotes) <> 0 OR sum(contracted) <> 0;
END $$;--> statement-breakpoint
-- Issue 24 (ADR 034): the business reports are for superadmin, gestor and auditor. The seeded
-- comercial role had reports:read; the seed only adds permissions a role has never heard of, so
-- the existing role is changed here (its description too, which named the reports).
UPDATE "roles"
   SET "permissions" = "permissions" || '{"reports:read": false}'::jsonb,
       "description" = 'Ventas: embudo comercial, clientes y consulta de pólizas.',
       "updated_at" = now()
 WHERE "name" = 'comercial' AND "is_system" = true;
