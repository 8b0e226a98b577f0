// The figures of /admin/reports (ADR 034), each aggregated by PostgreSQL (one grouped statement per
// table, never rows summed in JS), for a period [from, to] of Madrid days and an optional line.
// The definitions (which date a figure counts on, what "en vigor" means) are the ADR's; the
// reconciliation test (tests/integration/reports-reconcile.test.ts) holds them to the lists.
import { sql, type SQL } from "drizzle-orm";
import type { ReportQuery } from "../contract/reports";
import type { DbOrTx } from "./client";
import { queryRows } from "./client";

const ZONE = "Europe/Madrid";

/** `created_at`-like timestamps inside the period's Madrid days. */
function inDays(column: SQL, q: ReportQuery): SQL {
  return sql`${column} >= (${q.from}::date)::timestamp at time zone ${ZONE} and ${column} < (${q.to}::date + 1)::timestamp at time zone ${ZONE}`;
}

/** The policy ids of the line (a semi-join served by policies_line_created_idx), or no condition. */
function policyOfLine(column: SQL, q: ReportQuery): SQL {
  return q.line ? sql` and ${column} in (select id from policies where line_code = ${q.line})` : sql``;
}

const lineOf = (column: SQL, q: ReportQuery): SQL => (q.line ? sql` and ${column} = ${q.line}` : sql``);

const n = (value: unknown) => Number(value ?? 0);

// ─── Primas y cartera ───────────────────────────────────────────────────────────────────────

export type PremiumCell = { month: string; renewal: boolean; recibos: number; cents: number };

/** Primas emitidas: prima recibos (not anulado) by the month of their due date; term 1 is new business. */
export async function premiumsByMonth(db: DbOrTx, q: ReportQuery): Promise<PremiumCell[]> {
  const rows = await queryRows<{ month: string; renewal: boolean; recibos: number; cents: string }>(
    db,
    sql`select to_char(r.due_date, 'YYYY-MM') as month, r.term > 1 as renewal, count(*)::int as recibos, sum(r.amount_cents)::bigint as cents
          from recibos r
         where r.kind = 'prima' and r.status <> 'anulado' and r.due_date between ${q.from}::date and ${q.to}::date${policyOfLine(sql`r.policy_id`, q)}
         group by 1, 2`,
  );
  return rows.map((r) => ({ month: r.month, renewal: r.renewal, recibos: n(r.recibos), cents: n(r.cents) }));
}

/**
 * A contract's span, in SQL: from the first term's start (renewals keep the row, ADR 011, so it
 * is the current start less one year per earlier term) to the day it stopped: the cancellation's
 * effective day, or the end of the last term for a vencida; open while it runs. pendiente_pago
 * never started.
 */
const CONTRACT_SPAN = sql`select (p.start_date - make_interval(years => p.term - 1))::date as s,
         case p.status when 'anulada' then coalesce(p.cancellation_effective_date, (p.cancelled_at at time zone ${ZONE})::date)
                       when 'vencida' then p.end_date end as e,
         p.line_code, p.plan_code, p.total_premium_cents
    from policies p where p.status <> 'pendiente_pago'`;

/**
 * Contracts that start and stop in each month of the period (and before it): the en vigor count at
 * each month's end is the running sum, starts minus stops, which needs one pass over the policies
 * instead of one per month.
 */
export async function contractMoves(db: DbOrTx, q: ReportQuery): Promise<{ bucket: string; starts: number; stops: number }[]> {
  const rows = await queryRows<{ bucket: string; starts: number; stops: number }>(
    db,
    sql`with c as (${CONTRACT_SPAN}${lineOf(sql`p.line_code`, q)})
        select case when v.d < ${q.from}::date then 'antes' else to_char(v.d, 'YYYY-MM') end as bucket,
               count(*) filter (where v.kind = 's')::int as starts, count(*) filter (where v.kind = 'e')::int as stops
          from c cross join lateral (values ('s', c.s), ('e', case when c.e is not null then greatest(c.e, c.s) end)) v(kind, d)
         where v.d <= ${q.to}::date
         group by 1`,
  );
  return rows.map((r) => ({ bucket: r.bucket, starts: n(r.starts), stops: n(r.stops) }));
}

/** The contracts in force on `q.to` (started, not stopped) by line and plan, with their term premium. */
export async function portfolioByPlan(db: DbOrTx, q: ReportQuery): Promise<{ line: string; plan: string; planName: string; policies: number; cents: number }[]> {
  const rows = await queryRows<{ line: string; plan: string; plan_name: string | null; policies: number; cents: string }>(
    db,
    sql`with c as (${CONTRACT_SPAN}${lineOf(sql`p.line_code`, q)})
        select c.line_code::text as line, c.plan_code as plan, min(pl.name) as plan_name, count(*)::int as policies, sum(c.total_premium_cents)::bigint as cents
          from c left join plans pl on pl.line_code = c.line_code and pl.code = c.plan_code
         where c.s <= ${q.to}::date and (c.e is null or c.e > ${q.to}::date)
         group by 1, 2 order by 1, 2`,
  );
  return rows.map((r) => ({ line: r.line, plan: r.plan, planName: r.plan_name ?? r.plan, policies: n(r.policies), cents: n(r.cents) }));
}

// ─── Conversión ─────────────────────────────────────────────────────────────────────────────

/** Quotes made in the period by line and channel (made by staff on the phone, or on the web) and how many were contracted. */
export async function quoteConversion(db: DbOrTx, q: ReportQuery): Promise<{ line: string; channel: "web" | "telefono"; quotes: number; contracted: number }[]> {
  const rows = await queryRows<{ line: string; phone: boolean; quotes: number; contracted: number }>(
    db,
    sql`select line_code::text as line, made_by_admin_id is not null as phone, count(*)::int as quotes,
               count(*) filter (where status = 'contratada')::int as contracted
          from quotes
         where ${inDays(sql`created_at`, q)}${lineOf(sql`line_code`, q)}
         group by 1, 2`,
  );
  return rows.map((r) => ({ line: r.line, channel: r.phone ? "telefono" : "web", quotes: n(r.quotes), contracted: n(r.contracted) }));
}

// ─── Recibos ────────────────────────────────────────────────────────────────────────────────

/** Every recibo (prima and suplemento) due in the period, by month and status: how many and how much. */
export async function recibosByStatus(db: DbOrTx, q: ReportQuery): Promise<{ month: string; status: string; recibos: number; cents: number }[]> {
  const rows = await queryRows<{ month: string; status: string; recibos: number; cents: string }>(
    db,
    sql`select to_char(r.due_date, 'YYYY-MM') as month, r.status::text as status, count(*)::int as recibos, sum(r.amount_cents)::bigint as cents
          from recibos r
         where r.due_date between ${q.from}::date and ${q.to}::date${policyOfLine(sql`r.policy_id`, q)}
         group by 1, 2`,
  );
  return rows.map((r) => ({ month: r.month, status: r.status, recibos: n(r.recibos), cents: n(r.cents) }));
}

// ─── Bajas ──────────────────────────────────────────────────────────────────────────────────

/** Policies cancelled (anulada) with effect in the period, by reason (desistimiento is one). */
export async function cancellationsByReason(db: DbOrTx, q: ReportQuery): Promise<{ reason: string; policies: number; cents: number }[]> {
  const rows = await queryRows<{ reason: string | null; policies: number; cents: string }>(
    db,
    sql`select p.cancellation_reason as reason, count(*)::int as policies, sum(p.total_premium_cents)::bigint as cents
          from policies p
         where p.status = 'anulada'
           and coalesce(p.cancellation_effective_date, (p.cancelled_at at time zone ${ZONE})::date) between ${q.from}::date and ${q.to}::date${lineOf(sql`p.line_code`, q)}
         group by 1`,
  );
  return rows.map((r) => ({ reason: r.reason ?? "sin_motivo", policies: n(r.policies), cents: n(r.cents) }));
}

/** Policies that ended without renewal (vencida) on a day of the period, by who stopped the renewal. */
export async function nonRenewals(db: DbOrTx, q: ReportQuery): Promise<{ stoppedBy: string | null; policies: number; cents: number }[]> {
  const rows = await queryRows<{ stopped_by: string | null; policies: number; cents: string }>(
    db,
    sql`select p.renewal_stopped_by as stopped_by, count(*)::int as policies, sum(p.total_premium_cents)::bigint as cents
          from policies p
         where p.status = 'vencida' and p.end_date between ${q.from}::date and ${q.to}::date${lineOf(sql`p.line_code`, q)}
         group by 1`,
  );
  return rows.map((r) => ({ stoppedBy: r.stopped_by, policies: n(r.policies), cents: n(r.cents) }));
}

// ─── Suplementos ────────────────────────────────────────────────────────────────────────────

/** Suplementos made in the period by month: how many and their premium (the recibo they created). */
export async function endorsementsByMonth(db: DbOrTx, q: ReportQuery): Promise<{ month: string; endorsements: number; cents: number }[]> {
  const rows = await queryRows<{ month: string; endorsements: number; cents: string }>(
    db,
    sql`select to_char(e.created_at at time zone ${ZONE}, 'YYYY-MM') as month, count(*)::int as endorsements, sum(e.total_premium_cents)::bigint as cents
          from endorsements e
         where ${inDays(sql`e.created_at`, q)}${policyOfLine(sql`e.policy_id`, q)}
         group by 1`,
  );
  return rows.map((r) => ({ month: r.month, endorsements: n(r.endorsements), cents: n(r.cents) }));
}

/** The guarantees those suplementos added, most often first (ten at most), with their yearly price. */
export async function topAddedGuarantees(db: DbOrTx, q: ReportQuery): Promise<{ code: string; name: string; times: number; yearlyCents: number }[]> {
  const rows = await queryRows<{ code: string; name: string; times: number; yearly: string }>(
    db,
    sql`select g ->> 'code' as code, min(g ->> 'name') as name, count(*)::int as times, sum((g ->> 'yearlyCents')::int)::bigint as yearly
          from endorsements e cross join lateral jsonb_array_elements(e.guarantees) g
         where ${inDays(sql`e.created_at`, q)}${policyOfLine(sql`e.policy_id`, q)}
         group by 1 order by 3 desc, 1 limit 10`,
  );
  return rows.map((r) => ({ code: r.code, name: r.name, times: n(r.times), yearlyCents: n(r.yearly) }));
}
