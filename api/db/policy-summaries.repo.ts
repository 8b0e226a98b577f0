// Data access for the visitor's list of policies (/me/policies): one page of summaries, each with
// its contracted plan's name and its next pending recibo.
import { sql, eq, and, inArray, asc, type SQL } from "drizzle-orm";
import type { PaginationQuery } from "../contract/list-query";
import type { DbOrTx } from "./client";
import { premiumTotalInForce } from "./endorsements.repo";
import { cappedCount, listPage, pageIds, thenById, type SortMap } from "./list";
import { type LineCode, type PolicyStatus, type PaymentFrequency, quotes, policies, plans, productLines, recibos } from "./schema";

// ─── The visitor's list of policies ──────────────────────────────────────────────────

export type PolicySummaryView = {
  id: number;
  number: string;
  line: LineCode;
  lineName: string;
  status: PolicyStatus;
  plan: { code: string; name: string };
  startDate: string;
  endDate: string;
  frequency: PaymentFrequency;
  premiumTotal: number;
  createdAt: Date;
  nextRecibo: { sequence: number; dueDate: string; amount: number } | null;
};

/** A visitor's list has one order: newest first (policies_user_created_idx). */
const NEWEST_FIRST: SortMap<"createdAt"> = { createdAt: thenById(policies.id, { expr: policies.createdAt, type: "timestamptz" }) };

/**
 * One page of a visitor's policies, newest first, as summaries: no guarantees, no recibo list, no
 * offers sent anywhere. The plan's name is the contracted one (read inside the database from the
 * quote's frozen offer; the catalogue's for a policy without a quote), and the next recibo is the
 * first one still pending. The page's ids come first, from policies_user_created_idx (user_id,
 * created_at, id) alone: joined before the OFFSET, every skipped policy would have its quote read
 * and its offers parsed too (issue 30: page 25 of a customer with 500 policies).
 */
export async function listUserPolicySummaries(
  db: DbOrTx,
  userId: number,
  page: PaginationQuery,
): Promise<{ items: PolicySummaryView[]; total: number; totalCapped: boolean }> {
  const mine = eq(policies.userId, userId);
  // Sequential on purpose (rowsFirst): `db` may be a transaction (one connection, one query at a
  // time). A customer's policies mostly fit in one page, which tells their number: counted only otherwise.
  const { items, total, totalCapped } = await listPage({ ...page, sort: "createdAt", dir: "desc" }, NEWEST_FIRST, {
    rowsFirst: true,
    rows: (orderBy, limit, offset) => summariesOf(db, pageIds(db, policies, policies.id, mine, orderBy, limit, offset), orderBy),
    count: () => cappedCount(db, policies, mine),
  });
  return { items, total, totalCapped };
}

/** The summaries of the policies whose ids `ids` selects, in `orderBy`'s order. */
async function summariesOf(db: DbOrTx, ids: ReturnType<typeof pageIds>, orderBy: SQL[]): Promise<PolicySummaryView[]> {
  const planName = sql<string>`coalesce(
    (select offer ->> 'name' from json_array_elements(${quotes.offers}) as offer where offer ->> 'code' = ${policies.planCode} limit 1),
    ${plans.name},
    ${policies.planCode}
  )`;
  const rows = await db
    .select({
      id: policies.id,
      number: policies.number,
      line: policies.lineCode,
      lineName: productLines.name,
      status: policies.status,
      planCode: policies.planCode,
      planName,
      startDate: policies.startDate,
      endDate: policies.endDate,
      frequency: policies.frequency,
      premiumTotal: premiumTotalInForce,
      createdAt: policies.createdAt,
    })
    .from(policies)
    .innerJoin(productLines, eq(productLines.code, policies.lineCode))
    .leftJoin(quotes, eq(quotes.id, policies.quoteId))
    .leftJoin(plans, and(eq(plans.lineCode, policies.lineCode), eq(plans.code, policies.planCode)))
    .where(inArray(policies.id, ids))
    .orderBy(...orderBy);
  const found = rows.map((r) => r.id);
  // The first pending recibo of each policy of the page (the unique (policy_id, sequence) index).
  const pending = found.length
    ? await db
        .selectDistinctOn([recibos.policyId], {
          policyId: recibos.policyId,
          sequence: recibos.sequence,
          dueDate: recibos.dueDate,
          amount: recibos.amountCents,
        })
        .from(recibos)
        .where(and(inArray(recibos.policyId, found), eq(recibos.status, "pendiente")))
        .orderBy(recibos.policyId, asc(recibos.sequence))
    : [];
  const next = new Map(pending.map(({ policyId, ...recibo }) => [policyId, recibo]));
  return rows.map(({ planCode, planName: name, ...row }) => ({ ...row, plan: { code: planCode, name }, nextRecibo: next.get(row.id) ?? null }));
}
