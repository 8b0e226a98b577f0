// Data access of /admin/documents (ADR 036 on the list kit of ADR 010): every stored document not
// deleted, one page, its capped count and the CSV batches, from one where-builder. The default
// order walks documents_created_at_id_idx; a policy or client filter its own index.
import { and, eq, inArray, isNull, like, or, sql, type SQL } from "drizzle-orm";
import type { AdminDocumentExportQuery, AdminDocumentListQuery, AdminDocumentRow, AdminDocumentSortKey } from "../contract/documents";
import { DOCUMENT_AUTHOR_TYPES, type DocumentAuthor } from "../contract/documents";
import type { DocumentKind } from "../contract/vocabulary";
import type { DbOrTx } from "./client";
import { cappedCount, keysetBatches, keysetColumns, listPage, type SortMap } from "./list";
import { clients, documents, policies, type StoredDocumentRow } from "./schema";

type Filters = Omit<AdminDocumentExportQuery, "sort" | "dir">;

/** The list's filters as one condition on `documents` (policy and client columns through subqueries). */
export function documentFilterWhere(f: Partial<Filters>): SQL | undefined {
  const q = f.q?.trim();
  const byAuthor = f.by && f.by in DOCUMENT_AUTHOR_TYPES ? DOCUMENT_AUTHOR_TYPES[f.by as DocumentAuthor] : null;
  return and(
    isNull(documents.deletedAt),
    f.kind ? eq(documents.kind, f.kind) : undefined,
    f.policy
      ? inArray(documents.policyId, sql`(select ${policies.id} from ${policies} where ${policies.number} = ${f.policy.toUpperCase()})`)
      : undefined,
    f.client ? eq(documents.clientId, f.client) : undefined,
    // Days as the office lives them (Europe/Madrid), "to" included.
    f.from ? sql`${documents.createdAt} >= (${f.from}::date)::timestamp at time zone 'Europe/Madrid'` : undefined,
    f.to ? sql`${documents.createdAt} < ((${f.to}::date + 1)::timestamp at time zone 'Europe/Madrid')` : undefined,
    f.by
      ? byAuthor
        ? eq(documents.createdByType, byAuthor)
        : and(eq(documents.createdByType, "admin"), eq(documents.createdById, f.by))
      : undefined,
    // A policy number (or its start, through the unique number index) or a client's NIF (exact).
    q
      ? or(
          inArray(
            documents.policyId,
            sql`(select ${policies.id} from ${policies} where ${like(policies.number, `${q.toUpperCase().replace(/[\\%_]/g, "")}%`)})`,
          ),
          inArray(documents.clientId, sql`(select ${clients.id} from ${clients} where ${clients.nif} = ${q.toUpperCase()})`),
        )
      : undefined,
  );
}

const SORTS: SortMap<AdminDocumentSortKey> = {
  createdAt: [
    { expr: documents.createdAt, type: "timestamptz" },
    { expr: documents.id, type: "uuid" },
  ],
  title: [
    { expr: documents.title, type: "text" },
    { expr: documents.id, type: "uuid" },
  ],
  kind: [
    { expr: documents.kind, type: "text" },
    { expr: documents.createdAt, type: "timestamptz" },
    { expr: documents.id, type: "uuid" },
  ],
  size: [
    { expr: documents.sizeBytes, type: "integer" },
    { expr: documents.id, type: "uuid" },
  ],
};

const rowColumns = {
  id: documents.id,
  kind: documents.kind,
  title: documents.title,
  filename: documents.filename,
  contentType: documents.contentType,
  version: documents.version,
  sizeBytes: documents.sizeBytes,
  policyId: documents.policyId,
  policyNumber: policies.number,
  clientId: clients.id,
  clientName: clients.name,
  nif: clients.nif,
  quoteId: documents.quoteId,
  remittanceId: documents.remittanceId,
  createdAt: documents.createdAt,
  createdByType: documents.createdByType,
  createdById: documents.createdById,
  createdByLabel: documents.createdByLabel,
};
type RawRow = {
  id: string;
  kind: string;
  title: string;
  filename: string;
  contentType: string;
  version: number;
  sizeBytes: number;
  policyId: number | null;
  policyNumber: string | null;
  clientId: number | null;
  clientName: string | null;
  nif: string | null;
  quoteId: string | null;
  remittanceId: number | null;
  createdAt: Date | string;
  createdByType: string;
  createdById: string | null;
  createdByLabel: string | null;
};

export function toDocumentRow(r: RawRow): AdminDocumentRow {
  return {
    id: r.id,
    kind: r.kind as DocumentKind,
    title: r.title,
    filename: r.filename,
    contentType: r.contentType,
    version: r.version,
    sizeBytes: r.sizeBytes,
    policy: r.policyId !== null && r.policyNumber !== null ? { id: r.policyId, number: r.policyNumber } : null,
    client: r.clientId !== null && r.clientName !== null ? { id: r.clientId, name: r.clientName, nif: r.nif } : null,
    quoteId: r.quoteId,
    remittanceId: r.remittanceId,
    createdAt: new Date(r.createdAt).toISOString(),
    createdBy: { type: r.createdByType as "admin" | "user" | "system", id: r.createdById, label: r.createdByLabel },
  };
}

const rowsSelect = <E extends Record<string, SQL>>(db: DbOrTx, extra: E = {} as E) =>
  db
    .select({ ...rowColumns, ...extra })
    .from(documents)
    .leftJoin(policies, eq(policies.id, documents.policyId))
    .leftJoin(clients, eq(clients.id, documents.clientId));

export async function listAdminDocuments(db: DbOrTx, query: AdminDocumentListQuery) {
  const where = documentFilterWhere(query);
  return listPage(query, SORTS, {
    rows: async (orderBy, limit, offset) =>
      (
        await rowsSelect(db)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)
      ).map(toDocumentRow),
    count: () => cappedCount(db, documents, where),
  });
}

/** Every document matching the list's filters, in its order, in batches (the CSV export). */
export async function* adminDocumentExportBatches(db: DbOrTx, query: AdminDocumentExportQuery): AsyncGenerator<AdminDocumentRow[]> {
  const where = documentFilterWhere(query);
  const batches = keysetBatches(SORTS, query.sort, query.dir, 1000, (after, orderBy, limit) =>
    rowsSelect(db, keysetColumns(SORTS, query.sort))
      .where(and(where, after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  for await (const rows of batches) yield rows.map((r) => toDocumentRow(r as RawRow));
}

/** One document as a row of the list, with its stored row (null: no such document). */
export async function adminDocumentById(db: DbOrTx, row: StoredDocumentRow): Promise<AdminDocumentRow> {
  const [raw] = await rowsSelect(db).where(eq(documents.id, row.id));
  return toDocumentRow(raw!);
}
