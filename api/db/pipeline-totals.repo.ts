// The boards' lane totals kept by the writes (ADR 041 «Velocidad», migration 0030): triggers on
// clients and pipeline_leads append signed deltas to client_stage_days and lead_stage_totals; the
// daily run folds them here, and the drift check compares them with the rows counted afresh.
import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "./client";
import { clientStageDays, leadStageTotals } from "./schema";

/** Folds each key's deltas into one row (the daily run): one statement per table, so no change is lost or counted twice. */
export async function compactPipelineTotals(db: DbOrTx): Promise<void> {
  await db.execute(sql`with gone as (delete from ${clientStageDays} returning stage, line, day, n, cents)
    insert into ${clientStageDays} (stage, line, day, n, cents)
    select stage, line, day, sum(n), sum(cents) from gone group by stage, line, day having sum(n) <> 0 or sum(cents) <> 0`);
  await db.execute(sql`with gone as (delete from ${leadStageTotals} returning stage, owner_id, line, n, cents)
    insert into ${leadStageTotals} (stage, owner_id, line, n, cents)
    select stage, owner_id, line, sum(n), sum(cents) from gone group by stage, owner_id, line having sum(n) <> 0 or sum(cents) <> 0`);
}

type Drift = { key: string; fresh: string; kept: string };

/** The kept totals against count/sum over the rows themselves: the keys where they differ (tests, a check after a restore). */
export async function pipelineTotalsDrift(db: DbOrTx): Promise<Drift[]> {
  const clientsDrift = await queryRows<Drift>(
    db,
    sql`with fresh as (
      select stage, line, day, count(*) as n, sum(premium_cents)::bigint as cents from (
        select stage, null::line_code as line, (stage_changed_at at time zone 'UTC')::date as day, premium_cents from clients
        union all select stage, l, (stage_changed_at at time zone 'UTC')::date, premium_cents from clients cross join lateral unnest(line_codes) l) f
      group by stage, line, day),
    kept as (select stage, line, day, sum(n) as n, sum(cents) as cents from ${clientStageDays} group by stage, line, day having sum(n) <> 0 or sum(cents) <> 0)
    select concat_ws('/', 'client', coalesce(f.stage, k.stage), coalesce(f.line, k.line), coalesce(f.day, k.day)) as key,
           coalesce(f.n, 0) || '/' || coalesce(f.cents, 0) as fresh, coalesce(k.n, 0) || '/' || coalesce(k.cents, 0) as kept
      from fresh f full join kept k on k.stage = f.stage and k.line is not distinct from f.line and k.day = f.day
     where f.n is distinct from k.n or f.cents is distinct from k.cents`,
  );
  const leadsDrift = await queryRows<Drift>(
    db,
    sql`with fresh as (
      select stage, assigned_admin_id as owner_id, line_code as line, count(*) as n, sum(coalesce(estimated_premium_cents, 0))::bigint as cents
        from pipeline_leads group by 1, 2, 3),
    kept as (select stage, owner_id, line, sum(n) as n, sum(cents) as cents from ${leadStageTotals} group by 1, 2, 3 having sum(n) <> 0 or sum(cents) <> 0)
    select concat_ws('/', 'lead', coalesce(f.stage, k.stage), coalesce(f.owner_id, k.owner_id), coalesce(f.line, k.line)) as key,
           coalesce(f.n, 0) || '/' || coalesce(f.cents, 0) as fresh, coalesce(k.n, 0) || '/' || coalesce(k.cents, 0) as kept
      from fresh f full join kept k on k.stage = f.stage and k.owner_id is not distinct from f.owner_id and k.line is not distinct from f.line
     where f.n is distinct from k.n or f.cents is distinct from k.cents`,
  );
  return [...clientsDrift, ...leadsDrift];
}
