// Data access of the back office's policy list: one page, its capped count and the CSV batches,
// from the same filters. Every sort key has its index (migration 0005); the search by number uses
// the prefix index, by NIF the unique index (or its prefix index), by name or e-mail the clients'
// trigram indexes (accents and case aside), by plate or postal code the risk's expression indexes
// (migration 0031). The plan's name is the catalogue's (plans' unique (line_code, code)
// index), as on the client page.
import { and, eq, gte, inArray, like, lte, or, sql, type SQL } from "drizzle-orm";
import {
  plateSearchOf,
  postalCodeSearchOf,
  type AdminPolicyExportQuery,
  type AdminPolicyListQuery,
  type AdminPolicyRow,
  type AdminPolicySortKey,
} from "../contract/admin-policies";
import { addDays } from "../domain/calendar";
import { clientSearchNif } from "../contract/clients";
import { nifStartsWith, searchesNames } from "./client-list.repo";
import type { DbOrTx } from "./client";
import { cappedCount, keptFoldedContains, keysetBatches, keysetColumns, listPage, pageIds, pageIdsOfMatches, type SortMap } from "./list";
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

/**
 * What `q` means (POLICY_SEARCH_HELP): a policy number (or its start); a whole NIF/NIE, exactly;
 * otherwise every policy whose holder's name or e-mail holds it (3 letters or more) or whose NIF
 * starts with it, whose car's registration starts with it, or whose dwelling has it as postal
 * code — each a condition on policies' own columns with its own index, so the planner reads them
 * together as one bitmap (a BitmapOr) and then only the policies that match.
 *
 * The name or e-mail is looked for in the policy's own kept text (holder_folded, migration 0033:
 * the holder's folded name and e-mail, a newline between), through its trigram index: no join
 * from the matching clients to their policies, which cost in proportion to the holders matched
 * (ADR 045). It matches there exactly the policies whose holder's name or e-mail holds the text:
 * the API refuses control characters in `q` (api/contract/text.ts), so none can span the newline.
 * A NIF's start is a prefix of the holder's NIF kept on the policy too (holder_nif, migration
 * 0034, kept by the same triggers), through its own index. It went through clients as an array of
 * their ids (`client_id = any(array(…))`): «B0001», 10,000 holders at 1,000,000 policies, was
 * 10,000 probes of the client_id index and each policy found compared with the whole array
 * (164 ms alone). The parts were once a UNION of ids under `id in (…)`: at 1,000,000 policies the
 * planner walked policies_created_idx whole probing it (790 ms for «B0001», 160 ms for a postal code).
 */
function searchOf(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const text = q.trim();
  if (/^cot-/i.test(text)) return like(policies.number, `${text.toUpperCase().replace(/[\\%_]/g, "")}%`);
  // A NIF/NIE (or a company's CIF), looked up exactly through the unique index, as the clients' list does.
  const nif = clientSearchNif(text);
  if (nif) return inArray(policies.clientId, sql`(select ${clients.id} from ${clients} where ${clients.nif} = ${nif})`);
  const byName = searchesNames(text) ? keptFoldedContains(policies.holderFolded, text) : null;
  const plate = plateSearchOf(text);
  const postalCode = postalCodeSearchOf(text);
  const parts = [
    byName,
    nifStartsWith(policies.holderNif, text) ?? null,
    plate ? sql`${policies.lineCode} = 'auto' and ${registrationOf} like ${`${plate}%`}` : null,
    postalCode ? sql`${policies.lineCode} in ('hogar', 'alquiler') and ${dwellingPostalCodeOf} = ${postalCode}` : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return sql`false`;
  return or(...parts);
}

// The expressions of policies_registration_idx and policies_dwelling_postal_code_idx, written alike.
const registrationOf = sql`(${policies.risk} ->> 'registration')`;
const dwellingPostalCodeOf = sql`coalesce(${policies.risk} -> 'riskAddress' ->> 'postalCode', ${policies.risk} ->> 'postalCode')`;

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
  // A range of dates (start, or the end of the renewals) or a search matches rows that may lie
  // together anywhere along the sort's order: its matches are read through their own indexes
  // (pageIdsOfMatches), which also counts them, so the page comes first and the count only when
  // that read could not tell (issue 30: a range a year back walked 500,000 newer policies).
  const matchesFirst = Boolean(query.startFrom || query.startTo || query.renewalWithin || query.q);
  let counted: { total: number; totalCapped: boolean } | null = null;
  return listPage(query, SORTS, {
    // The page's ids first (an index walk of policies alone, however deep the page), then their
    // holders: joining before the OFFSET would look up a client for every row skipped.
    rows: async (orderBy, limit, offset) => {
      let page: number[] | ReturnType<typeof pageIds> = pageIds(db, policies, policies.id, where, orderBy, limit, offset);
      if (matchesFirst) {
        const few = await pageIdsOfMatches(db, policies, policies.id, SORTS[query.sort], where, orderBy, limit, offset);
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
    rowsFirst: matchesFirst,
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
