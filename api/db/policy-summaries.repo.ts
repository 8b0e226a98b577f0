// Data access for the visitor's list of policies (/me/policies): one page of summaries, each with
// its contracted plan's name and its next pending recibo.
import { sql, eq, and, desc, inArray, asc } from "drizzle-orm";
import { type PaginationQuery, pageOffset } from "../contract/list-query";
import type { DbOrTx } from "./client";
import { premiumTotalInForce } from "./endorsements.repo";
import { cappedCount, pageIds, totalToldByPage } from "./list";
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
  const planName = sql<string>`coalesce(
    (select offer ->> 'name' from json_array_elements(${quotes.offers}) as offer where offer ->> 'code' = ${policies.planCode} limit 1),
    ${plans.name},
    ${policies.planCode}
  )`;
  const newestFirst = [desc(policies.createdAt), desc(policies.id)];
  // Sequential on purpose: `db` may be a transaction (one connection, one query at a time). A
  // customer's policies mostly fit in one page, which tells their number: counted only otherwise.
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
    .where(inArray(policies.id, pageIds(db, policies, policies.id, eq(policies.userId, userId), newestFirst, page.pageSize, pageOffset(page))))
    .orderBy(...newestFirst);
  const counted = totalToldByPage(pageOffset(page), rows.length, page.pageSize) ?? (await cappedCount(db, policies, eq(policies.userId, userId)));
  const ids = rows.map((r) => r.id);
  // The first pending recibo of each policy of the page (the unique (policy_id, sequence) index).
  const pending = ids.length
    ? await db
        .selectDistinctOn([recibos.policyId], {
          policyId: recibos.policyId,
          sequence: recibos.sequence,
          dueDate: recibos.dueDate,
          amount: recibos.amountCents,
        })
        .from(recibos)
        .where(and(inArray(recibos.policyId, ids), eq(recibos.status, "pendiente")))
        .orderBy(recibos.policyId, asc(recibos.sequence))
    : [];
  const next = new Map(pending.map(({ policyId, ...recibo }) => [policyId, recibo]));
  return {
    items: rows.map(({ planCode, planName: name, ...row }) => ({ ...row, plan: { code: planCode, name }, nextRecibo: next.get(row.id) ?? null })),
    ...counted,
  };
}
