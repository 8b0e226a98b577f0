// The back office's list of clients (ADR 010): one page, and the CSV export in keyset batches.
import { sql, type SQL, eq, or, and, inArray } from "drizzle-orm";
import { type ClientRow, type ClientSortKey, type ClientExportQuery, clientSearchNif, type ClientListQuery } from "../contract/clients";
import type { DbOrTx } from "./client";
import { type SortMap, thenById, foldedContains, listPage, pageIds, cappedCount, keysetColumns, keysetBatches } from "./list";
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

function whereOf(query: ClientExportQuery): SQL | undefined {
  let search: SQL | undefined;
  if (query.q) {
    const nif = clientSearchNif(query.q);
    // A whole NIF/NIE: the unique index, exactly. Otherwise the trigram indexes of name and e-mail,
    // accents and case aside.
    search = nif ? eq(clients.nif, nif) : or(foldedContains(clients.name, query.q), foldedContains(clients.email, query.q));
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
  return listPage(query, SORTS, {
    // The page's ids first, so "policies in force" is counted for the page's rows only (pageIds).
    rows: async (orderBy, limit, offset) =>
      (await clientRows(db, inArray(clients.id, pageIds(db, clients, clients.id, where, orderBy, limit, offset))).orderBy(...orderBy)).map(toRow),
    count: () => cappedCount(db, clients, where),
    rowsFirst: Boolean(query.q),
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
