// Data access of /admin/payments (ADR 028): every recibo of the portfolio as a list (one page, its
// capped count, the CSV batches) from one where-builder, reciboFilterWhere, which the bulk card
// retry and the SEPA remittance reuse. Sort keys and their indexes: due date (recibos_due_date_id_idx),
// amount (recibos_amount_cents_id_idx), status (recibos_status_due_date_idx, ties by id sorted
// incrementally), policy number (policies' unique number index, then each policy's recibos).
import { and, eq, inArray, isNull, like, lt, lte, gte, or, sql, type SQL } from "drizzle-orm";
import type {
  AdminPaymentExportQuery,
  AdminPaymentFilters,
  AdminPaymentListQuery,
  AdminPaymentRow,
  AdminPaymentSortKey,
} from "../contract/admin-payments";
import type { PaymentMethod } from "../contract/vocabulary";
import type { DbOrTx } from "./client";
import { cappedCount, keysetBatches, keysetColumns, listPage, pageIds, pageIdsOfFew, type SortMap } from "./list";
import { clients, policies, recibos } from "./schema";

/** `recibos.policy_id` among the policies that match `condition` (a semi-join: the where stays on recibos alone). */
const policyWhere = (condition: SQL | undefined) => inArray(recibos.policyId, sql`(select ${policies.id} from ${policies} where ${condition})`);

/**
 * The list's filters as one condition on `recibos` (policy columns through a subquery), so that any
 * selection of recibos (a page, the CSV, the card retry, a remittance) means the same rows.
 */
export function reciboFilterWhere(filters: Partial<AdminPaymentFilters>): SQL | undefined {
  const onPolicy = and(
    // A number or its start, through the policies' unique number index (wildcards dropped).
    filters.q ? like(policies.number, `${filters.q.toUpperCase().replace(/[\\%_]/g, "")}%`) : undefined,
    filters.method ? eq(policies.paymentMethod, filters.method) : undefined,
    filters.line ? eq(policies.lineCode, filters.line) : undefined,
  );
  return and(
    filters.status ? eq(recibos.status, filters.status) : undefined,
    filters.dueFrom ? gte(recibos.dueDate, filters.dueFrom) : undefined,
    filters.dueTo ? lte(recibos.dueDate, filters.dueTo) : undefined,
    filters.amountMin !== undefined ? gte(recibos.amountCents, filters.amountMin) : undefined,
    filters.amountMax !== undefined ? lte(recibos.amountCents, filters.amountMax) : undefined,
    filters.remittance ? eq(recibos.remittanceId, filters.remittance) : undefined,
    onPolicy ? policyWhere(onPolicy) : undefined,
  );
}

const SORTS: SortMap<AdminPaymentSortKey> = {
  dueDate: [
    { expr: sql`${recibos.dueDate}`, type: "text" },
    { expr: recibos.id, type: "integer" },
  ],
  amount: [
    { expr: recibos.amountCents, type: "integer" },
    { expr: recibos.id, type: "integer" },
  ],
  status: [
    { expr: recibos.status, type: "recibo_status" },
    { expr: sql`${recibos.dueDate}`, type: "text" },
    { expr: recibos.id, type: "integer" },
  ],
  // A policy's number is unique and so is (policy, sequence).
  policyNumber: [
    { expr: policies.number, type: "text" },
    { expr: recibos.sequence, type: "integer" },
  ],
};

// The period a recibo covers ends the day before the next prima of its policy (of the same term
// for a prima, of the next term for a suplemento), or the day before the policy's end date: the
// rule of the recibo PDF (reciboPeriods) without reading the whole policy per row.
const periodTo = sql<string>`(coalesce((select min(r2.due_date) from recibos r2 where r2.policy_id = ${recibos.policyId} and r2.kind = 'prima' and (case when ${recibos.kind} = 'prima' then r2.sequence > ${recibos.sequence} else r2.term > ${recibos.term} end)), ${policies.endDate}) - 1)::text`;

export const reciboRowColumns = {
  id: recibos.id,
  sequence: recibos.sequence,
  policyId: policies.id,
  policyNumber: policies.number,
  holderId: clients.id,
  holderName: clients.name,
  line: policies.lineCode,
  kind: recibos.kind,
  dueDate: recibos.dueDate,
  periodTo,
  amountCents: recibos.amountCents,
  method: policies.paymentMethod,
  status: recibos.status,
  attempts: recibos.attempts,
  returnReason: recibos.returnReason,
  returnCode: recibos.returnCode,
  remittanceId: recibos.remittanceId,
};
type RawRow = {
  id: number;
  sequence: number;
  policyId: number;
  policyNumber: string;
  holderId: number;
  holderName: string;
  line: AdminPaymentRow["line"];
  kind: AdminPaymentRow["kind"];
  dueDate: string;
  periodTo: string;
  amountCents: number;
  method: PaymentMethod | null;
  status: AdminPaymentRow["status"];
  attempts: number;
  returnReason: string | null;
  returnCode: string | null;
  remittanceId: number | null;
};

/** "AC04: Cuenta cancelada" when the bank gave an R-code, the reason alone otherwise. */
export const lastErrorOf = (r: { returnReason: string | null; returnCode: string | null }) =>
  r.returnReason ? (r.returnCode ? `${r.returnCode}: ${r.returnReason}` : r.returnReason) : null;

export function toPaymentRow(r: RawRow): AdminPaymentRow {
  return {
    id: r.id,
    sequence: r.sequence,
    number: `${r.policyNumber} / ${r.sequence}`,
    policy: { id: r.policyId, number: r.policyNumber },
    holder: { id: r.holderId, name: r.holderName },
    line: r.line,
    kind: r.kind,
    period: { from: r.dueDate, to: r.periodTo < r.dueDate ? r.dueDate : r.periodTo },
    dueDate: r.dueDate,
    amountCents: r.amountCents,
    method: r.method,
    status: r.status,
    attempts: r.attempts,
    lastError: lastErrorOf(r),
    remittanceId: r.remittanceId,
  };
}

const rowsSelect = <E extends Record<string, SQL>>(db: DbOrTx, extra: E = {} as E) =>
  db
    .select({ ...reciboRowColumns, ...extra })
    .from(recibos)
    .innerJoin(policies, eq(policies.id, recibos.policyId))
    .innerJoin(clients, eq(clients.id, policies.clientId));

export async function listAdminPayments(db: DbOrTx, query: AdminPaymentListQuery) {
  const where = reciboFilterWhere(query);
  // A due range under another order, or a remittance, matches few rows scattered along the sort's
  // index: read them through their own index first (ADR 010's pageIdsOfFew), which also counts them.
  const few = Boolean(query.remittance || ((query.dueFrom || query.dueTo) && query.sort !== "dueDate")) && query.sort !== "policyNumber";
  let counted: { total: number; totalCapped: boolean } | null = null;
  return listPage(query, SORTS, {
    rows: async (orderBy, limit, offset) => {
      // By policy number the order lives on policies: one joined walk, the page read straight.
      if (query.sort === "policyNumber")
        return (
          await rowsSelect(db)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset)
        ).map(toPaymentRow);
      let page: number[] | ReturnType<typeof pageIds> = pageIds(db, recibos, recibos.id, where, orderBy, limit, offset);
      if (few) {
        const read = await pageIdsOfFew(db, recibos, recibos.id, where, orderBy, limit, offset);
        counted = read.counted;
        if (read.ids) page = read.ids;
      }
      if (Array.isArray(page) && page.length === 0) return [];
      return (
        await rowsSelect(db)
          .where(inArray(recibos.id, page))
          .orderBy(...orderBy)
      ).map(toPaymentRow);
    },
    count: async () => counted ?? cappedCount(db, recibos, where),
    rowsFirst: few,
  });
}

/** Every recibo matching the list's filters, in its order, in batches (the CSV export). */
export async function* adminPaymentExportBatches(db: DbOrTx, query: AdminPaymentExportQuery): AsyncGenerator<AdminPaymentRow[]> {
  const where = reciboFilterWhere(query);
  const batches = keysetBatches(SORTS, query.sort, query.dir, 1000, (after, orderBy, limit) =>
    rowsSelect(db, keysetColumns(SORTS, query.sort))
      .where(and(where, after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  for await (const rows of batches) yield rows.map((r) => toPaymentRow(r as RawRow));
}

/** One recibo as a row of the list (null: no such recibo). */
export async function paymentRowById(db: DbOrTx, id: number) {
  const [row] = await rowsSelect(db, {
    paidAt: sql<string | null>`${recibos.paidAt}`,
    paidReference: sql<string | null>`${recibos.paidReference}`,
    returnFeeCents: sql<number>`${recibos.returnFeeCents}`,
    lastAttemptAt: sql<string | null>`${recibos.lastAttemptAt}`,
    term: sql<number>`${recibos.term}`,
    policyStatus: sql<string>`${policies.status}`,
    startDate: sql<string>`${policies.startDate}`,
    endDate: sql<string>`${policies.endDate}`,
    nif: sql<string | null>`${clients.nif}`,
    email: sql<string | null>`${clients.email}`,
  }).where(eq(recibos.id, id));
  return row ?? null;
}

/**
 * The card recibos of a selection that may be charged again now: the list's filters, card
 * policies in force or suspended, pendiente and due by `today`, or devuelto (owed now, whatever its due date). With `asOf`, only those not
 * attempted since: a second run of the same selection finds the ones it already tried gone.
 */
export function cardRetryWhere(filters: AdminPaymentFilters, today: string, asOf?: Date): SQL | undefined {
  return and(
    reciboFilterWhere(filters),
    policyWhere(and(eq(policies.paymentMethod, "card"), inArray(policies.status, ["en_vigor", "suspendida"]))),
    // A pendiente recibo once due; a devuelto one at once: it was charged already and the money came back.
    or(and(eq(recibos.status, "pendiente"), lte(recibos.dueDate, today)), eq(recibos.status, "devuelto")),
    asOf ? or(isNull(recibos.lastAttemptAt), lt(recibos.lastAttemptAt, asOf)) : undefined,
  );
}

/** How many recibos match and their total, counted up to `cap` + 1. */
export async function selectionTotals(db: DbOrTx, where: SQL | undefined, cap: number): Promise<{ count: number; totalCents: number }> {
  const matching = db
    .select({ amount: sql<number>`${recibos.amountCents}`.as("amount") })
    .from(recibos)
    .where(where)
    .limit(cap + 1)
    .as("matching");
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number), total: sql<number>`coalesce(sum(amount), 0)`.mapWith(Number) })
    .from(matching);
  return { count: row?.count ?? 0, totalCents: row?.total ?? 0 };
}

/** The selection's recibos (id and policy), in due-date order. */
export async function selectionRecibos(db: DbOrTx, where: SQL | undefined, limit: number) {
  return db
    .select({ id: recibos.id, policyId: recibos.policyId, amountCents: recibos.amountCents })
    .from(recibos)
    .where(where)
    .orderBy(recibos.dueDate, recibos.id)
    .limit(limit);
}
