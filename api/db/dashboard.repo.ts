// The back-office home's figures (ADR 035), each read the cheapest exact way at a large insurer's
// volume: the counts and amounts from dashboard_counts (kept by triggers, migration 0021), a few
// hundred rows at most; the quotes waiting for a call counted as their list counts them (capped).
import { and, between, eq, or, sql, type SQL } from "drizzle-orm";
import { DASHBOARD_RENEWAL_DAYS, premiumSpans, type Dashboard } from "../contract/dashboard";
import { addDays } from "../domain/calendar";
import { waitingForCall } from "./admin-quotes.repo";
import { queryRows, type DbOrTx } from "./client";
import { cappedCount } from "./list";
import { dashboardCounts, quotes } from "./schema";
import { readTogether } from "./reads-together";

/** Which widgets the caller may see: each maps to the permission of the list it opens. */
export type DashboardScope = { payments: boolean; policies: boolean };

/** The sum of n and of cents over the counter rows matching `where`, as two columns of one select. */
function sums(where: SQL) {
  return {
    n: sql<number>`coalesce(sum(${dashboardCounts.n}) filter (where ${where}), 0)`.mapWith(Number),
    cents: sql<number>`coalesce(sum(${dashboardCounts.cents}) filter (where ${where}), 0)`.mapWith(Number),
  };
}
const byStatus = (kind: "policy" | "recibo", status: string) => and(eq(dashboardCounts.kind, kind), eq(dashboardCounts.status, status))!;
const byDay = (kind: "premium" | "renewal", from: string, to: string) => and(eq(dashboardCounts.kind, kind), between(dashboardCounts.day, from, to))!;

export async function dashboardFigures(db: DbOrTx, scope: DashboardScope, today: string, now: Date): Promise<Dashboard> {
  const spans = premiumSpans(today);
  const until = addDays(today, DASHBOARD_RENEWAL_DAYS);
  const wanted = {
    current: byDay("premium", spans.current.from, spans.current.to),
    previous: byDay("premium", spans.previous.from, spans.previous.to),
    pending: byStatus("recibo", "pendiente"),
    returned: byStatus("recibo", "devuelto"),
    inForce: byStatus("policy", "en_vigor"),
    // The policies list's renewalWithin: en_vigor, ending from today to today + N days.
    renewals: byDay("renewal", today, until),
  };
  // Every counter in one statement (a few hundred rows at most), the capped count beside it.
  const [[c], waiting] = await readTogether(
    db,
    () =>
      db
        .select(Object.fromEntries(Object.entries(wanted).flatMap(([key, where]) => Object.entries(sums(where)).map(([k, v]) => [`${key}_${k}`, v]))))
        .from(dashboardCounts)
        .where(or(...Object.values(wanted))),
    async () => (scope.policies ? cappedCount(db, quotes, waitingForCall(now)) : null),
  );
  const get = (key: keyof typeof wanted) => ({ n: Number(c?.[`${key}_n`] ?? 0), cents: Number(c?.[`${key}_cents`] ?? 0) });
  const premiums = (key: "current" | "previous") => ({ ...spans[key], policies: get(key).n, cents: get(key).cents });
  return {
    today,
    premiums: scope.payments ? { current: premiums("current"), previous: premiums("previous") } : null,
    policiesInForce: scope.policies ? get("inForce").n : null,
    renewals: scope.policies ? { days: DASHBOARD_RENEWAL_DAYS, until, count: get("renewals").n } : null,
    recibos: scope.payments
      ? { pending: { count: get("pending").n, cents: get("pending").cents }, returned: { count: get("returned").n, cents: get("returned").cents } }
      : null,
    quotesWaiting: waiting ? { count: waiting.total, capped: waiting.totalCapped } : null,
  };
}

/** Folds the counters' rows into one per key (the daily run): one statement, so no change is lost or counted twice. */
export async function compactDashboardCounts(db: DbOrTx): Promise<void> {
  await db.execute(sql`with gone as (delete from ${dashboardCounts} returning kind, status, day, n, cents)
    insert into ${dashboardCounts} (kind, status, day, n, cents)
    select kind, status, day, sum(n), sum(cents) from gone group by kind, status, day having sum(n) <> 0 or sum(cents) <> 0`);
}

/** The counters against the same facts counted afresh from every row: the keys where they differ (tests, a check after a restore). */
export async function dashboardCountsDrift(db: DbOrTx): Promise<{ kind: string; status: string; day: string | null; fresh: string; kept: string }[]> {
  return queryRows(
    db,
    sql`with fresh as (
      select kind, status, day, sum(n) as n, sum(cents) as cents from (
        select 'policy' as kind, status::text as status, null::date as day, 1 as n, 0::bigint as cents from policies
        union all select 'premium', '', start_date, 1, total_premium_cents from policies
        union all select 'renewal', '', end_date, 1, 0 from policies where status = 'en_vigor'
        union all select 'recibo', status::text, null, 1, amount_cents from recibos) f
      group by kind, status, day),
    kept as (select kind, status, day, sum(n) as n, sum(cents) as cents from ${dashboardCounts} group by kind, status, day)
    select coalesce(f.kind, k.kind) as kind, coalesce(f.status, k.status) as status, coalesce(f.day, k.day)::text as day,
           coalesce(f.n, 0) || '/' || coalesce(f.cents, 0) as fresh, coalesce(k.n, 0) || '/' || coalesce(k.cents, 0) as kept
      from fresh f full join kept k on k.kind = f.kind and k.status = f.status and k.day is not distinct from f.day
     where coalesce(f.n, 0) <> coalesce(k.n, 0) or coalesce(f.cents, 0) <> coalesce(k.cents, 0)`,
  );
}
