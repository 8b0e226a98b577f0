// The figures of /admin/reports (ADR 034), each one grouped statement (never rows summed in JS),
// for a period [from, to] of Madrid days and an optional line. Recibos, contracts and quotes are
// read from their figures by day (report_*_days, kept exact by triggers, folded by the daily
// run: migration 0020), a few thousand rows whatever the portfolio; suplementos from their own
// table. The definitions are the ADR's; tests/integration/reports-reconcile.test.ts holds them
// to the lists.
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

const lineOf = (q: ReportQuery, column: SQL = sql`line_code`): SQL => (q.line ? sql` and ${column} = ${q.line}` : sql``);

const n = (value: unknown) => Number(value ?? 0);

// ─── Primas y cartera ───────────────────────────────────────────────────────────────────────

export type PremiumCell = { month: string; renewal: boolean; recibos: number; cents: number };

/** Primas emitidas: prima recibos (not anulado) by the month of their due date; term 1 is new business. */
export async function premiumsByMonth(db: DbOrTx, q: ReportQuery): Promise<PremiumCell[]> {
  const rows = await queryRows<{ month: string; renewal: boolean; recibos: string; cents: string }>(
    db,
    sql`select to_char(day, 'YYYY-MM') as month, renewal, sum(recibos) as recibos, sum(cents) as cents
          from report_recibo_days
         where kind = 'prima' and status <> 'anulado' and day between ${q.from}::date and ${q.to}::date${lineOf(q)}
         group by 1, 2`,
  );
  return rows.map((r) => ({ month: r.month, renewal: r.renewal, recibos: n(r.recibos), cents: n(r.cents) }));
}

/**
 * Contracts that started and stopped in each month of the period (and before it, "antes"): the
 * en vigor count at each month's end is the running sum of starts less stops.
 */
export async function contractMoves(db: DbOrTx, q: ReportQuery): Promise<{ bucket: string; starts: number; stops: number }[]> {
  const rows = await queryRows<{ bucket: string; starts: string; stops: string }>(
    db,
    sql`select case when day < ${q.from}::date then 'antes' else to_char(day, 'YYYY-MM') end as bucket, sum(starts) as starts, sum(stops) as stops
          from report_contract_days
         where day <= ${q.to}::date${lineOf(q)}
         group by 1`,
  );
  return rows.map((r) => ({ bucket: r.bucket, starts: n(r.starts), stops: n(r.stops) }));
}

/** The contracts in force on `q.to` (started, not stopped) by line and plan, with their term premium. */
export async function portfolioByPlan(
  db: DbOrTx,
  q: ReportQuery,
): Promise<{ line: string; plan: string; planName: string; policies: number; cents: number }[]> {
  const rows = await queryRows<{ line: string; plan: string; plan_name: string | null; policies: string; cents: string }>(
    db,
    sql`select d.line_code::text as line, d.plan_code as plan, min(pl.name) as plan_name,
               sum(d.starts) - sum(d.stops) as policies, sum(d.start_cents) - sum(d.stop_cents) as cents
          from report_contract_days d left join plans pl on pl.line_code = d.line_code and pl.code = d.plan_code
         where d.day <= ${q.to}::date${lineOf(q, sql`d.line_code`)}
         group by 1, 2 having sum(d.starts) - sum(d.stops) <> 0 order by 1, 2`,
  );
  return rows.map((r) => ({ line: r.line, plan: r.plan, planName: r.plan_name ?? r.plan, policies: n(r.policies), cents: n(r.cents) }));
}

// ─── Conversión ─────────────────────────────────────────────────────────────────────────────

/** Quotes made in the period by line and channel (made by staff on the phone, or on the web) and how many were contracted. */
export async function quoteConversion(
  db: DbOrTx,
  q: ReportQuery,
): Promise<{ line: string; channel: "web" | "telefono"; quotes: number; contracted: number }[]> {
  const rows = await queryRows<{ line: string; phone: boolean; quotes: string; contracted: string }>(
    db,
    sql`select line_code::text as line, phone, sum(quotes) as quotes, sum(contracted) as contracted
          from report_quote_days
         where day between ${q.from}::date and ${q.to}::date${lineOf(q)}
         group by 1, 2`,
  );
  return rows.map((r) => ({ line: r.line, channel: r.phone ? "telefono" : "web", quotes: n(r.quotes), contracted: n(r.contracted) }));
}

// ─── Recibos ────────────────────────────────────────────────────────────────────────────────

/** Every recibo (prima and suplemento) due in the period, by month and status: how many and how much. */
export async function recibosByStatus(db: DbOrTx, q: ReportQuery): Promise<{ month: string; status: string; recibos: number; cents: number }[]> {
  const rows = await queryRows<{ month: string; status: string; recibos: string; cents: string }>(
    db,
    sql`select to_char(day, 'YYYY-MM') as month, status::text as status, sum(recibos) as recibos, sum(cents) as cents
          from report_recibo_days
         where day between ${q.from}::date and ${q.to}::date${lineOf(q)}
         group by 1, 2`,
  );
  return rows.map((r) => ({ month: r.month, status: r.status, recibos: n(r.recibos), cents: n(r.cents) }));
}

// ─── Bajas ──────────────────────────────────────────────────────────────────────────────────

/** Contracts that ended on a day of the period, by reason (a cancellation's, or vencida_<who stopped the renewal>). */
async function endedByReason(db: DbOrTx, q: ReportQuery): Promise<{ reason: string; policies: number; cents: number }[]> {
  const rows = await queryRows<{ reason: string; policies: string; cents: string }>(
    db,
    sql`select reason, sum(ended) as policies, sum(ended_cents) as cents
          from report_contract_days
         where reason is not null and day between ${q.from}::date and ${q.to}::date${lineOf(q)}
         group by 1`,
  );
  return rows.map((r) => ({ reason: r.reason, policies: n(r.policies), cents: n(r.cents) }));
}

const VENCIDA = "vencida_";

/** Policies cancelled (anulada) with effect in the period, by reason (desistimiento is one). */
export async function cancellationsByReason(db: DbOrTx, q: ReportQuery): Promise<{ reason: string; policies: number; cents: number }[]> {
  return (await endedByReason(db, q)).filter((r) => !r.reason.startsWith(VENCIDA));
}

/** Policies that ended without renewal (vencida) on a day of the period, by who stopped the renewal (null: nobody). */
export async function nonRenewals(db: DbOrTx, q: ReportQuery): Promise<{ stoppedBy: string | null; policies: number; cents: number }[]> {
  return (await endedByReason(db, q))
    .filter((r) => r.reason.startsWith(VENCIDA))
    .map((r) => {
      const by = r.reason.slice(VENCIDA.length);
      return { stoppedBy: by === "sin_oposicion" ? null : by, policies: r.policies, cents: r.cents };
    });
}

/** Folds the deltas the triggers appended into one row per key (the daily run; ADR 034). */
export async function compactReportDays(db: DbOrTx): Promise<void> {
  await db.execute(sql`select report_days_compact()`);
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

// ─── Siniestros ─────────────────────────────────────────────────────────────────────────────

/** Claims declared in the period (drafts have no declared_at) by the month of declaration (Madrid), their status today and line. */
export async function claimsDeclared(db: DbOrTx, q: ReportQuery): Promise<{ month: string; status: string; line: string; claims: number }[]> {
  const rows = await queryRows<{ month: string; status: string; line: string; claims: number }>(
    db,
    sql`select to_char(c.declared_at at time zone ${ZONE}, 'YYYY-MM') as month, c.status::text as status, c.line_code::text as line, count(*)::int as claims
          from claims c
         where ${inDays(sql`c.declared_at`, q)}${lineOf(q, sql`c.line_code`)}
         group by 1, 2, 3`,
  );
  return rows.map((r) => ({ month: r.month, status: r.status, line: r.line, claims: n(r.claims) }));
}

/** Indemnities paid in the period (the claims' paid_cents whose paid_at falls in it), by line. */
export async function claimsPaid(db: DbOrTx, q: ReportQuery): Promise<{ line: string; claims: number; cents: number }[]> {
  const rows = await queryRows<{ line: string; claims: number; cents: string }>(
    db,
    sql`select c.line_code::text as line, count(*)::int as claims, coalesce(sum(c.paid_cents), 0)::bigint as cents
          from claims c
         where ${inDays(sql`c.paid_at`, q)}${lineOf(q, sql`c.line_code`)}
         group by 1`,
  );
  return rows.map((r) => ({ line: r.line, claims: n(r.claims), cents: n(r.cents) }));
}

/**
 * Contracts in force on at least one day of the period, by line: started on or before its last day
 * and not stopped on or before its first (a stop day is the first day without cover), from the same
 * figures by day as «Pólizas en vigor» (report_contract_days).
 */
export async function policiesInForceDuring(db: DbOrTx, q: ReportQuery): Promise<{ line: string; policies: number }[]> {
  const rows = await queryRows<{ line: string; policies: string }>(
    db,
    sql`select line_code::text as line, sum(starts) - sum(case when day <= ${q.from}::date then stops else 0 end) as policies
          from report_contract_days
         where day <= ${q.to}::date${lineOf(q)}
         group by 1`,
  );
  return rows.map((r) => ({ line: r.line, policies: n(r.policies) }));
}

/** The first day a policy is without cover once it stopped early: its cancellation's effect (as report_contract_rows reads it). */
const stopOf = sql`case p.status when 'anulada' then coalesce(p.cancellation_effective_date, (p.cancelled_at at time zone 'Europe/Madrid')::date) end`;

/**
 * Premiums earned in the period, by line: each term's total premium (the current term's
 * `total_premium_cents`, an earlier term's from its renewal's history entry, `before.total`) and
 * each suplemento's (from its effective date for its remaining days) spread evenly over its days,
 * counting the days inside the period and before a cancellation's effect. pendiente_pago never started.
 */
export async function earnedPremiums(db: DbOrTx, q: ReportQuery): Promise<{ line: string; cents: number }[]> {
  const line = lineOf(q, sql`p.line_code`);
  const rows = await queryRows<{ line: string; cents: string }>(
    db,
    sql`with spans as (
          select p.line_code, p.start_date as s, p.end_date as e, p.total_premium_cents::numeric as cents, ${stopOf} as stop
            from policies p
           where p.status <> 'pendiente_pago' and p.start_date <= ${q.to}::date and p.end_date > ${q.from}::date${line}
          union all
          select p.line_code, (h.details #>> '{before,startDate}')::date, (h.details #>> '{before,endDate}')::date,
                 (h.details #>> '{before,total}')::numeric, ${stopOf}
            from policies p join policy_history h on h.policy_id = p.id and h.event = 'renovada'
           where p.status <> 'pendiente_pago' and p.term > 1 and p.start_date > ${q.from}::date${line}
             and (h.details #>> '{before,startDate}')::date < p.start_date
          union all
          select p.line_code, e.effective_date, e.effective_date + e.remaining_days, e.total_premium_cents::numeric, ${stopOf}
            from endorsements e join policies p on p.id = e.policy_id
           where p.status <> 'pendiente_pago' and e.effective_date <= ${q.to}::date${line}
        )
        select line_code::text as line,
               round(sum(cents * (least(e, stop, ${q.to}::date + 1) - greatest(s, ${q.from}::date)) / (e - s)))::bigint as cents
          from spans
         where e > s and least(e, stop, ${q.to}::date + 1) > greatest(s, ${q.from}::date)
         group by 1`,
  );
  return rows.map((r) => ({ line: r.line, cents: n(r.cents) }));
}
