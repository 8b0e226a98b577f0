// The back office's list of clients (ADR 010): one page, and the CSV export in keyset batches.
import { sql, type SQL, type AnyColumn, eq, or, and, inArray, like } from "drizzle-orm";
import { type ClientRow, type ClientSortKey, type ClientExportQuery, clientSearchNif, nifPrefixOf, type ClientListQuery } from "../contract/clients";
import type { DbOrTx } from "./client";
import { type SortMap, thenById, keptFoldedContains, listPage, pageIds, pageIdsOfMatches, cappedCount, keysetColumns, keysetBatches } from "./list";
import { clients } from "./schema";

// ─── The list ────────────────────────────────────────────────────────────────────────────

// Policies that count as "in force" in the list: running, or suspended for an unpaid recibo. A
// correlated count per row of the page (≤ 100 rows), each an index read of policies_client_id_idx.
// Written out with an alias: Drizzle leaves the outer "clients"."id" unqualified in a one-table
// select, and inside the subquery that would read as the policy's own id.
const inForceOf = (select: string) =>
  sql.raw(`(select ${select} from policies p where p.client_id = clients.id and p.status in ('en_vigor', 'suspendida'))`);
const policiesInForce = sql<number>`${inForceOf("count(*)::int")}`;
const hasPolicyInForce = sql`exists ${inForceOf("1")}`;

const rowColumns = {
  id: clients.id,
  name: clients.name,
  nif: clients.nif,
  email: clients.email,
  phone: clients.phone,
  stage: clients.stage,
  policiesInForce,
  createdAt: clients.createdAt,
};

type RawRow = Omit<ClientRow, "createdAt"> & { createdAt: Date };
const toRow = (r: RawRow): ClientRow => ({ ...r, policiesInForce: Number(r.policiesInForce), createdAt: r.createdAt.toISOString() });

// clients_name_idx (name, id) and clients_created_idx (created_at, id), read either way.
const SORTS: SortMap<ClientSortKey> = {
  name: thenById(clients.id, { expr: clients.name, type: "text" }),
  createdAt: thenById(clients.id, { expr: clients.createdAt, type: "timestamptz" }),
};

/**
 * The holders a search finds when it is not a whole NIF (CLIENT_SEARCH_HELP): a name or e-mail
 * that holds it (3 letters or more; the trigram indexes, accents and case aside), or a NIF that
 * starts with it (clients_nif_prefix_idx). Undefined when it can be neither.
 */
export function holderSearch(text: string): SQL | undefined {
  return or(holderNameSearch(text), nifStartsWith(clients.nif, text));
}

/** A search's text long enough to be looked for inside names and e-mails (a trigram is 3 letters). */
export const searchesNames = (text: string) => text.length >= 3;

/** holderSearch's name or e-mail half; undefined when the text is too short for it. */
function holderNameSearch(text: string): SQL | undefined {
  return searchesNames(text) ? or(keptFoldedContains(clients.nameFolded, text), keptFoldedContains(clients.emailFolded, text)) : undefined;
}

/**
 * `column`, a NIF as stored (clients.nif, or policies.holder_nif kept from it), starts with the
 * text (nifPrefixOf: separators and case aside); undefined when the text cannot start a NIF.
 */
export function nifStartsWith(column: AnyColumn, text: string): SQL | undefined {
  const nifPrefix = nifPrefixOf(text);
  return nifPrefix ? like(column, `${nifPrefix}%`) : undefined;
}

function whereOf(query: ClientExportQuery): SQL | undefined {
  let search: SQL | undefined;
  if (query.q) {
    const text = query.q.trim();
    const nif = clientSearchNif(text);
    // A whole NIF/NIE: the unique index, exactly.
    search = nif ? eq(clients.nif, nif) : (holderSearch(text) ?? sql`false`);
  }
  return and(
    search,
    query.stage ? eq(clients.stage, query.stage) : undefined,
    query.inForce === "true" ? hasPolicyInForce : query.inForce === "false" ? sql`not ${hasPolicyInForce}` : undefined,
  );
}

/** The list's rows (with any extra columns, the export's keyset values) matching `where`. */
const clientRows = <Extra extends Record<string, SQL>>(db: DbOrTx, where: SQL | undefined, extra: Extra = {} as Extra) =>
  db
    .select({ ...rowColumns, ...extra })
    .from(clients)
    .where(where);

export async function listClients(db: DbOrTx, query: ClientListQuery) {
  const where = whereOf(query);
  // A search's matches are read through its indexes, then sorted (pageIdsOfMatches): holders whose
  // names match lie together in the sort's order as often as not (issue 30: "Tomador 1", newest
  // first, page 500 walked 800,001 other clients).
  const searched = Boolean(query.q);
  let counted: { total: number; totalCapped: boolean } | null = null;
  return listPage(query, SORTS, {
    // The page's ids first, so "policies in force" is counted for the page's rows only (pageIds).
    rows: async (orderBy, limit, offset) => {
      let page: number[] | ReturnType<typeof pageIds> = pageIds(db, clients, clients.id, where, orderBy, limit, offset);
      if (searched) {
        const read = await pageIdsOfMatches(db, clients, clients.id, SORTS[query.sort], where, orderBy, limit, offset);
        counted = read.counted;
        if (read.ids) page = read.ids;
      }
      if (Array.isArray(page) && page.length === 0) return [];
      return (await clientRows(db, inArray(clients.id, page)).orderBy(...orderBy)).map(toRow);
    },
    count: async () => counted ?? cappedCount(db, clients, where),
    rowsFirst: searched,
  });
}

/** Every client matching the list's filters, in its order, in batches (the CSV export). */
export async function* clientExportBatches(db: DbOrTx, query: ClientExportQuery): AsyncGenerator<ClientRow[]> {
  const where = whereOf(query);
  const keys = keysetColumns(SORTS, query.sort);
  const read = (after: SQL | undefined, orderBy: SQL[], limit: number) =>
    clientRows(db, and(where, after), keys)
      .orderBy(...orderBy)
      .limit(limit);
  for await (const rows of keysetBatches(SORTS, query.sort, query.dir, 500, read)) yield rows.map(toRow);
}
