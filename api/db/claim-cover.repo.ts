// The policy as the cover rules of a claim need it (api/domain/claim-cover.ts; ADR 042), built from
// the tables: its terms (a renewal rewrites the policy row; the terms before it are in its
// `renovada` history entries), the day its first premium put it in force, its cancellation, its
// suspensions (the `suspendida` and `rehabilitada` history entries, the latter with the instant
// cover resumes), and every guarantee it has held with the days it held it (the plan's and the
// optional ones as sold, from the frozen offer; a suplemento's from its effective date), with the
// limit, deductible and carencia of the catalogue as it stands.
import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { loadPolicyViews } from "./policies.repo";
import { guarantees, policies, policyHistory } from "./schema";
import { madridDate } from "../domain/calendar";
import type { CoverGuarantee, CoverSuspension, CoverTerm, PolicyCoverSnapshot } from "../domain/claim-cover";
import type { Line } from "../contract/vocabulary";

export type ClaimCoverFacts = {
  snapshot: PolicyCoverSnapshot;
  policy: { id: number; number: string; clientId: number; userId: number | null; line: Line; holderName: string; holderEmail: string | null };
  /** For the fraud signals: the first day of cover and the suplementos' effective dates. */
  coverStartDate: string;
  endorsementDates: string[];
};

type HistoryRow = { event: string; at: Date; toStatus: string | null; details: unknown };

const RENT_GUARANTEE = "alquiler_impago_rentas";

/** The months of rent a plan of the rent line covers ("meses_12" → 12), or null. */
function planMonths(planCode: string): number | null {
  const match = /^meses_(\d+)$/.exec(planCode);
  return match ? Number(match[1]) : null;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
}

/** The terms before the current one, from the renewals' history entries (each says the term it closed). */
function termsOf(history: readonly HistoryRow[], current: CoverTerm): CoverTerm[] {
  const earlier = history
    .filter((h) => h.event === "renovada")
    .map((h) => record(record(h.details).before))
    .filter((b): b is { startDate: string; endDate: string } => typeof b.startDate === "string" && typeof b.endDate === "string")
    .map((b) => ({ startDate: b.startDate, endDate: b.endDate }));
  const all = [...earlier, current].sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0));
  return all.filter((t, i) => i === 0 || t.startDate !== all[i - 1]!.startDate);
}

/**
 * Suspensions as Madrid days: from the day the suspension was recorded (not covered) to the day of
 * the instant cover resumes (covered), which for a payment is paidAt + 24 h (art. 15 LCS, ADR 042).
 */
function suspensionsOf(history: readonly HistoryRow[]): CoverSuspension[] {
  const periods: CoverSuspension[] = [];
  let open: CoverSuspension | null = null;
  for (const h of history) {
    if (h.event === "suspendida" && !open) {
      open = { from: madridDate(h.at), resumesOn: null };
      periods.push(open);
    } else if (h.event === "rehabilitada" && open) {
      const resumes = record(h.details).coverResumesAt;
      open.resumesOn = madridDate(typeof resumes === "string" ? new Date(resumes) : h.at);
      open = null;
    }
  }
  return periods;
}

/** The snapshot of policy `policyId` for the cover rules, or null when there is no such policy. */
export async function claimCoverFacts(db: DbOrTx, policyId: number): Promise<ClaimCoverFacts | null> {
  const [view] = await loadPolicyViews(db, { id: policyId });
  if (!view) return null;
  // Sequential on purpose: `db` may be a transaction (one connection, one query at a time).
  const [row] = await db
    .select({ cancellationEffectiveDate: policies.cancellationEffectiveDate, cancelledAt: policies.cancelledAt, planCode: policies.planCode })
    .from(policies)
    .where(eq(policies.id, policyId));
  const history: HistoryRow[] = await db
    .select({ event: policyHistory.event, at: policyHistory.at, toStatus: policyHistory.toStatus, details: policyHistory.details })
    .from(policyHistory)
    .where(eq(policyHistory.policyId, policyId))
    .orderBy(asc(policyHistory.at), asc(policyHistory.id));
  const catalogue = await db
    .select({
      code: guarantees.code,
      limitCents: guarantees.limitCents,
      deductibleCents: guarantees.deductibleCents,
      waitingDays: guarantees.waitingDays,
    })
    .from(guarantees)
    .where(eq(guarantees.lineCode, view.line));

  const terms = termsOf(history, { startDate: view.startDate, endDate: view.endDate });
  const coverStartDate = terms[0]!.startDate;
  const inForce = history.find((h) => h.toStatus === "en_vigor");
  const inForceFrom = inForce ? madridDate(inForce.at) : view.status === "pendiente_pago" ? null : madridDate(view.createdAt);
  const monthlyRent = typeof view.risk.monthlyRent === "number" ? view.risk.monthlyRent : null;
  const months = planMonths(row!.planCode);

  const held: CoverGuarantee[] = view.guarantees.map((g) => {
    const entry = catalogue.find((c) => c.code === g.code);
    // The rent line's limit is months of rent: the plan's months times the insured rent.
    const rentLimit = g.code === RENT_GUARANTEE && months !== null && monthlyRent !== null ? months * monthlyRent : null;
    return {
      code: g.code,
      name: g.name,
      limitCents: entry?.limitCents ?? rentLimit,
      limitText: g.limitText,
      deductibleCents: entry?.deductibleCents ?? 0,
      waitingDays: entry?.waitingDays ?? 0,
      since: g.since ?? coverStartDate,
      // No suplemento removes a guarantee yet; the rules already read `until` when one does.
      until: null,
    };
  });

  const cancellationEffectiveDate = row!.cancellationEffectiveDate ?? (row!.cancelledAt ? madridDate(row!.cancelledAt) : null);
  return {
    snapshot: {
      policyNumber: view.number,
      line: view.line,
      planDeductibleCents: view.plan.deductibleCents,
      terms,
      inForceFrom,
      cancellationEffectiveDate,
      suspensions: suspensionsOf(history),
      guarantees: held,
    },
    policy: {
      id: view.id,
      number: view.number,
      clientId: view.clientId,
      userId: view.userId,
      line: view.line,
      holderName: view.policyholder.name,
      holderEmail: view.policyholder.email,
    },
    coverStartDate,
    endorsementDates: view.endorsements.map((e) => e.effectiveDate),
  };
}
