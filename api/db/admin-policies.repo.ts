// Data access of the back office's policy list: one page, its capped count and the CSV batches,
// from the same filters. Every sort key has its index (migration 0005); the search by number uses
// the prefix index, by NIF the unique index, by name or e-mail the clients' trigram indexes
// (accents and case aside). The plan's name is the catalogue's (plans' unique (line_code, code)
// index), as on the client page.
import { and, eq, gte, inArray, like, lte, or, sql, type SQL } from "drizzle-orm";
import type { AdminPolicyExportQuery, AdminPolicyListQuery, AdminPolicyRow, AdminPolicySortKey } from "../contract/admin-policies";
import { addDays } from "../domain/calendar";
import { clientSearchNif } from "../contract/clients";
import type { DbOrTx } from "./client";
import { cappedCount, foldedContains, keysetBatches, keysetColumns, listPage, pageIds, pageIdsOfFew, type SortMap } from "./list";
import { premiumTotalInForce } from "./endorsements.repo";
import { clients, plans, policies } from "./schema";

const rowColumns = {
  id: policies.id,
  number: policies.number,
  clientId: clients.id,
  clientName: clients.name,
  clientNif: clients.nif,
  line: policies.lineCode,
  planCode: policies.planCode,
  planName: sql<string>`coalesce(${plans.name}, ${policies.planCode})`,
  status: policies.status,
  startDate: policies.startDate,
  endDate: policies.endDate,
  totalPremiumCents: premiumTotalInForce,
  createdAt: policies.createdAt,
};
const planOfPolicy = and(eq(plans.lineCode, policies.lineCode), eq(plans.code, policies.planCode));
type ColumnKey = Exclude<keyof typeof rowColumns, "planName" | "clientNif" | "totalPremiumCents">;
type RawRow = { [K in ColumnKey]: (typeof rowColumns)[K]["_"]["data"] } & { clientNif: string | null; planName: string; totalPremiumCents: number };

function toRow(r: RawRow): AdminPolicyRow {
  return {
    id: r.id,
    number: r.number,
    holder: { id: r.clientId, name: r.clientName, nif: r.clientNif },
    line: r.line,
    planCode: r.planCode,
    planName: r.planName,
    status: r.status,
    startDate: r.startDate,
    endDate: r.endDate,
    totalPremiumCents: r.totalPremiumCents,
    createdAt: r.createdAt.toISOString(),
  };
}

const SORTS: SortMap<AdminPolicySortKey> = {
  createdAt: [
    { expr: policies.createdAt, type: "timestamptz" },
    { expr: policies.id, type: "integer" },
  ],
  number: [
    { expr: policies.number, type: "text" },
    { expr: policies.id, type: "integer" },
  ],
  startDate: [
    { expr: sql`${policies.startDate}`, type: "text" },
    { expr: policies.id, type: "integer" },
  ],
  endDate: [
    { expr: sql`${policies.endDate}`, type: "text" },
    { expr: policies.id, type: "integer" },
  ],
};

/** What `q` means: a policy number (or its start), a NIF/NIE, or a piece of the holder's name or e-mail. */
function searchOf(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const text = q.trim();
  if (/^cot-/i.test(text)) return like(policies.number, `${text.toUpperCase().replace(/[\\%_]/g, "")}%`);
  // A NIF/NIE (or a company's CIF), looked up exactly through the unique index, as the clients' list does.
  const nif = clientSearchNif(text);
  if (nif) return inArray(policies.clientId, sql`(select ${clients.id} from ${clients} where ${clients.nif} = ${nif})`);
  if (text.length < 3) return sql`false`;
  return inArray(
    policies.clientId,
    sql`(select ${clients.id} from ${clients} where ${or(foldedContains(clients.name, text), foldedContains(clients.email, text))})`,
  );
}

function whereOf(query: AdminPolicyExportQuery, today: string): SQL | undefined {
  return and(
    searchOf(query.q),
    query.status ? eq(policies.status, query.status) : undefined,
    query.line ? eq(policies.lineCode, query.line) : undefined,
    query.startFrom ? gte(policies.startDate, query.startFrom) : undefined,
    query.startTo ? lte(policies.startDate, query.startTo) : undefined,
    query.renewalWithin
      ? and(eq(policies.status, "en_vigor"), gte(policies.endDate, today), lte(policies.endDate, addDays(today, query.renewalWithin)))
      : undefined,
  );
}

export async function listAdminPolicies(db: DbOrTx, query: AdminPolicyListQuery, today: string) {
  const where = whereOf(query, today);
  // A range of dates (start, or the end of the renewals) matches rows scattered along every sort
  // order but the date's own: its matches are read through the date's index (pageIdsOfFew), which
  // also counts them, so the page comes first and the count only when that read could not tell.
  const ranged = Boolean(query.startFrom || query.startTo || query.renewalWithin);
  let counted: { total: number; totalCapped: boolean } | null = null;
  return listPage(query, SORTS, {
    // The page's ids first (an index walk of policies alone, however deep the page), then their
    // holders: joining before the OFFSET would look up a client for every row skipped.
    rows: async (orderBy, limit, offset) => {
      let page: number[] | ReturnType<typeof pageIds> = pageIds(db, policies, policies.id, where, orderBy, limit, offset);
      if (ranged) {
        const few = await pageIdsOfFew(db, policies, policies.id, where, orderBy, limit, offset);
        counted = few.counted;
        if (few.ids) page = few.ids;
      }
      if (Array.isArray(page) && page.length === 0) return [];
      return (
        await db
          .select(rowColumns)
          .from(policies)
          .innerJoin(clients, eq(clients.id, policies.clientId))
          .leftJoin(plans, planOfPolicy)
          .where(inArray(policies.id, page))
          .orderBy(...orderBy)
      ).map(toRow);
    },
    count: async () => counted ?? cappedCount(db, policies, where),
    rowsFirst: Boolean(query.q) || ranged,
  });
}

/** Every policy matching the list's filters, in its order, in batches (the CSV export). */
export async function* adminPolicyExportBatches(db: DbOrTx, query: AdminPolicyExportQuery, today: string): AsyncGenerator<AdminPolicyRow[]> {
  const where = whereOf(query, today);
  const keys = keysetColumns(SORTS, query.sort);
  const batches = keysetBatches(SORTS, query.sort, query.dir, 1000, (after, orderBy, limit) =>
    db
      .select({ ...rowColumns, ...keys })
      .from(policies)
      .innerJoin(clients, eq(clients.id, policies.clientId))
      .leftJoin(plans, planOfPolicy)
      .where(and(where, after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  for await (const rows of batches) yield rows.map(toRow);
}
