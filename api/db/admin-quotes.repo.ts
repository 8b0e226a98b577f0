// The back office's quotes (/admin/quotes, ADR 035): the list, its CSV, and the condition of a
// quote waiting for a call, which the dashboard counts with the same words.
import { and, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { QUOTE_CALL_AFTER_HOURS } from "../contract/dashboard";
import type { AdminQuoteExportQuery, AdminQuoteListQuery, AdminQuoteRow, AdminQuoteSortKey } from "../contract/admin-quotes";
import type { QuoteStatus } from "../contract/vocabulary";
import type { DbOrTx } from "./client";
import { cappedCount, keysetBatches, keysetColumns, listPage, type SortMap } from "./list";
import { quotes, users } from "./schema";

const SORTS: SortMap<AdminQuoteSortKey> = {
  createdAt: [
    { expr: quotes.createdAt, type: "timestamptz" },
    { expr: quotes.id, type: "uuid" },
  ],
};

/**
 * A lead until the pipeline exists (issue 23): a quote a signed-in visitor made themselves, still
 * valid, not bought QUOTE_CALL_AFTER_HOURS after it was made. quotes_waiting_call_idx serves it.
 */
export function waitingForCall(now: Date): SQL {
  return and(
    eq(quotes.status, "cotizada"),
    isNotNull(quotes.userId),
    isNull(quotes.madeByAdminId),
    gt(quotes.validUntil, now),
    lte(quotes.createdAt, new Date(now.getTime() - QUOTE_CALL_AFTER_HOURS * 3_600_000)),
  )!;
}

/** Today's status: a quote past its validity is caducada even before a read marks it so. */
function statusIs(status: QuoteStatus, now: Date): SQL {
  if (status === "cotizada") return and(eq(quotes.status, "cotizada"), gt(quotes.validUntil, now))!;
  if (status === "caducada") return or(eq(quotes.status, "caducada"), and(eq(quotes.status, "cotizada"), lte(quotes.validUntil, now)))!;
  return eq(quotes.status, status);
}

function whereOf(query: AdminQuoteExportQuery, now: Date): SQL | undefined {
  return and(
    query.line ? eq(quotes.lineCode, query.line) : undefined,
    query.status ? statusIs(query.status, now) : undefined,
    query.waiting ? waitingForCall(now) : undefined,
  );
}

const rowColumns = {
  id: quotes.id,
  line: quotes.lineCode,
  status: quotes.status,
  bestPrice: quotes.bestPrice,
  madeByAdminId: quotes.madeByAdminId,
  name: users.name,
  email: users.email,
  createdAt: quotes.createdAt,
  validUntil: quotes.validUntil,
};
type RawRow = {
  id: string;
  line: AdminQuoteRow["line"];
  status: QuoteStatus;
  bestPrice: number | null;
  madeByAdminId: number | null;
  name: string | null;
  email: string | null;
  createdAt: Date;
  validUntil: Date;
};

function toRow(r: RawRow, now: Date): AdminQuoteRow {
  return {
    id: r.id,
    line: r.line,
    status: r.status === "cotizada" && r.validUntil <= now ? "caducada" : r.status,
    bestPriceCents: r.bestPrice,
    visitor: r.name !== null && r.email !== null ? { name: r.name, email: r.email } : null,
    byPhone: r.madeByAdminId !== null,
    createdAt: r.createdAt.toISOString(),
    validUntil: r.validUntil.toISOString(),
  };
}

const select = (db: DbOrTx) => db.select(rowColumns).from(quotes).leftJoin(users, eq(users.id, quotes.userId));

export async function listAdminQuotes(db: DbOrTx, query: AdminQuoteListQuery, now: Date) {
  const where = whereOf(query, now);
  return listPage(query, SORTS, {
    rows: async (orderBy, limit, offset) => {
      // The page's ids from the quotes alone (an index walk), then their visitors.
      const page = db
        .select({ id: quotes.id })
        .from(quotes)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset);
      const rows = await select(db)
        .where(sql`${quotes.id} in (${page})`)
        .orderBy(...orderBy);
      return rows.map((r) => toRow(r, now));
    },
    count: () => cappedCount(db, quotes, where),
  });
}

/** Every quote matching the list's filters, in its order, in batches (the CSV export). */
export async function* adminQuoteExportBatches(db: DbOrTx, query: AdminQuoteExportQuery, now: Date): AsyncGenerator<AdminQuoteRow[]> {
  const where = whereOf(query, now);
  const keys = keysetColumns(SORTS, query.sort);
  const batches = keysetBatches(SORTS, query.sort, query.dir, 1000, (after, orderBy, limit) =>
    db
      .select({ ...rowColumns, ...keys })
      .from(quotes)
      .leftJoin(users, eq(users.id, quotes.userId))
      .where(and(where, after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  for await (const rows of batches) yield rows.map((r) => toRow(r, now));
}
