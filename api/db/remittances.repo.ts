// Remittances (ADR 029): the SEPA recibos a selection takes, the locks that keep a recibo out of two
// remittances, the rows of a generated remittance, its list and detail, and the settlement of
// remitted recibos once the bank's return deadline has passed. The creditor setting is read and
// written here too.
import { and, asc, count, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { AdminPaymentFilters } from "../contract/admin-payments";
import type { RemittanceListQuery, RemittanceSelection, RemittanceSortKey } from "../contract/remittances";
import type { SepaCreditor } from "../domain/catalogue";
import { reciboFilterWhere } from "./admin-payments.repo";
import type { DbOrTx } from "./client";
import { cappedCount, listPage, type SortMap } from "./list";
import { settingsAt, type SettingDate } from "./settings.repo";
import {
  documents,
  policies,
  policyHistory,
  recibos,
  remittanceItems,
  remittances,
  sepaMandates,
  type NewPolicyHistoryEntry,
  type NewStoredDocumentRow,
} from "./schema";

const LOCK_REMITTANCE_REQUEST = 40_330;

/** Two requests with the same key run one after the other: the second finds the first's remittance. */
export async function lockRemittanceRequest(tx: DbOrTx, requestKey: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_REMITTANCE_REQUEST}, hashtext(${requestKey}))`);
}

export async function remittanceIdByRequestKey(db: DbOrTx, requestKey: string): Promise<number | null> {
  const [row] = await db.select({ id: remittances.id }).from(remittances).where(eq(remittances.requestKey, requestKey));
  return row?.id ?? null;
}

/**
 * The WHERE of a selection: the payments list's own filters (reciboFilterWhere, ADR 028), so "the
 * filters of the list" are the same rows here, with what only a remittance adds: SEPA, pendiente or
 * devuelto (to re-present), due on or before the collection date, not in an open remittance, of a
 * policy in force or suspended whose active mandate the join finds.
 */
function selectionWhere(s: RemittanceSelection): SQL {
  const statuses = s.status?.length ? [...new Set(s.status)] : REMITTABLE_STATUSES;
  const dueTo = s.dueTo && s.dueTo < s.collectionDate ? s.dueTo : s.collectionDate;
  const filters: Partial<AdminPaymentFilters> = {
    q: s.q,
    method: "sepa",
    line: s.line,
    dueFrom: s.dueFrom,
    dueTo,
    amountMin: s.amountMin,
    amountMax: s.amountMax,
    // One status is the list's filter; both is the remittance's own rule below.
    status: statuses.length === 1 ? statuses[0] : undefined,
  };
  return and(
    reciboFilterWhere(filters),
    inArray(recibos.status, statuses),
    sql`not exists (select 1 from ${remittanceItems} where ${remittanceItems.reciboId} = ${recibos.id} and ${remittanceItems.status} = 'remesado')`,
    inArray(policies.status, ["en_vigor", "suspendida"]),
  )!;
}
const REMITTABLE_STATUSES: ("pendiente" | "devuelto")[] = ["pendiente", "devuelto"];

const selectionFrom = <T extends Record<string, unknown>>(db: DbOrTx, columns: T) =>
  db
    .select(columns as never)
    .from(recibos)
    .innerJoin(policies, eq(policies.id, recibos.policyId))
    .innerJoin(sepaMandates, and(eq(sepaMandates.policyId, policies.id), eq(sepaMandates.status, "activo")));

/** How many recibos the selection takes and their total. */
export async function previewSelection(db: DbOrTx, s: RemittanceSelection): Promise<{ count: number; totalCents: number }> {
  const [row] = (await selectionFrom(db, { n: count(), total: sql<string>`coalesce(sum(${recibos.amountCents}), 0)` }).where(selectionWhere(s))) as {
    n: number;
    total: string;
  }[];
  return { count: Number(row?.n ?? 0), totalCents: Number(row?.total ?? 0) };
}

export type RemittableRecibo = {
  reciboId: number;
  policyId: number;
  policyNumber: string;
  sequence: number;
  status: "pendiente" | "devuelto";
  dueDate: string;
  amountCents: number;
  mandateId: number;
  mandateReference: string;
  mandateSignedOn: string;
  mandateSequenceType: "FRST" | "RCUR";
  debtorName: string;
  iban: string;
};

/**
 * The selection's recibos, their policies locked first in id order (the order every policy change
 * takes its lock in), then read again under the locks: a recibo another remittance or a staff
 * action took meanwhile is no longer selected.
 */
export async function lockSelection(tx: DbOrTx, s: RemittanceSelection): Promise<RemittableRecibo[]> {
  const candidates = (await selectionFrom(tx, { policyId: recibos.policyId }).where(selectionWhere(s))) as { policyId: number }[];
  const policyIds = [...new Set(candidates.map((c) => c.policyId))].sort((a, b) => a - b);
  if (policyIds.length === 0) return [];
  await tx.select({ id: policies.id }).from(policies).where(inArray(policies.id, policyIds)).orderBy(asc(policies.id)).for("update");
  return (await selectionFrom(tx, {
    reciboId: recibos.id,
    policyId: policies.id,
    policyNumber: policies.number,
    sequence: recibos.sequence,
    status: recibos.status,
    dueDate: recibos.dueDate,
    amountCents: recibos.amountCents,
    mandateId: sepaMandates.id,
    mandateReference: sepaMandates.reference,
    mandateSignedOn: sepaMandates.signedOn,
    mandateSequenceType: sepaMandates.sequenceType,
    debtorName: sepaMandates.debtorName,
    iban: sepaMandates.iban,
  })
    .where(and(selectionWhere(s), inArray(policies.id, policyIds)))
    .orderBy(asc(recibos.dueDate), asc(recibos.id))) as RemittableRecibo[];
}

export async function nextRemittanceId(tx: DbOrTx): Promise<number> {
  const result = await tx.execute(sql`select nextval(pg_get_serial_sequence('remittances', 'id'))::int as id`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { id: number }[] }).rows) as { id: number }[];
  return Number(rows[0]!.id);
}

export type RemittanceWrite = {
  id: number;
  messageId: string;
  requestKey: string;
  collectionDate: string;
  count: number;
  totalCents: number;
  fileXml: string;
  fileSha256: string;
  createdById: string | null;
  createdByLabel: string | null;
  at: Date;
  items: { reciboId: number; endToEndId: string; mandateId: number; sequenceType: "FRST" | "RCUR"; amountCents: number }[];
  history: NewPolicyHistoryEntry[];
  /** Its row in the documents list (ADR 036): the bytes stay in file_xml, the one source of the download. */
  document: NewStoredDocumentRow;
};

const CHUNK = 500;
const chunks = <T>(rows: T[]) => Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

/** The remittance, its items, its recibos remesado, their history and their mandates' first debit used (FRST → RCUR). */
export async function insertRemittance(tx: DbOrTx, w: RemittanceWrite): Promise<void> {
  await tx.insert(remittances).values({
    id: w.id,
    messageId: w.messageId,
    requestKey: w.requestKey,
    collectionDate: w.collectionDate,
    count: w.count,
    totalCents: w.totalCents,
    fileXml: w.fileXml,
    fileSha256: w.fileSha256,
    createdById: w.createdById,
    createdByLabel: w.createdByLabel,
    createdAt: w.at,
  });
  for (const part of chunks(w.items)) {
    await tx.insert(remittanceItems).values(part.map((i) => ({ ...i, remittanceId: w.id })));
    await tx
      .update(recibos)
      .set({ status: "remesado", remittanceId: w.id, updatedAt: w.at })
      .where(
        inArray(
          recibos.id,
          part.map((i) => i.reciboId),
        ),
      );
  }
  for (const part of chunks(w.history)) await tx.insert(policyHistory).values(part);
  await tx.insert(documents).values(w.document);
  const first = [...new Set(w.items.filter((i) => i.sequenceType === "FRST").map((i) => i.mandateId))];
  for (const part of chunks(first)) await tx.update(sepaMandates).set({ sequenceType: "RCUR" }).where(inArray(sepaMandates.id, part));
}

const rowColumns = {
  id: remittances.id,
  messageId: remittances.messageId,
  collectionDate: remittances.collectionDate,
  status: remittances.status,
  count: remittances.count,
  totalCents: remittances.totalCents,
  createdAt: remittances.createdAt,
  createdByLabel: remittances.createdByLabel,
};

const REMITTANCE_SORTS: SortMap<RemittanceSortKey> = {
  createdAt: [
    { expr: remittances.createdAt, type: "timestamptz" },
    { expr: remittances.id, type: "integer" },
  ],
  collectionDate: [
    { expr: sql`${remittances.collectionDate}`, type: "text" },
    { expr: remittances.id, type: "integer" },
  ],
};

/** One page of the remittances (ADR 010's list kit): by status and collection dates, both inclusive. */
export async function listRemittances(db: DbOrTx, query: RemittanceListQuery) {
  const where = and(
    query.status ? eq(remittances.status, query.status) : undefined,
    query.collectionFrom ? gte(remittances.collectionDate, query.collectionFrom) : undefined,
    query.collectionTo ? lte(remittances.collectionDate, query.collectionTo) : undefined,
  );
  return listPage(query, REMITTANCE_SORTS, {
    rows: (orderBy, limit, offset) =>
      db
        .select(rowColumns)
        .from(remittances)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    count: () => cappedCount(db, remittances, where),
  });
}

export async function findRemittance(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...rowColumns, fileSha256: remittances.fileSha256 })
    .from(remittances)
    .where(eq(remittances.id, id));
  if (!row) return null;
  const items = await db
    .select({
      reciboId: remittanceItems.reciboId,
      policyId: recibos.policyId,
      policyNumber: policies.number,
      sequence: recibos.sequence,
      debtorName: sepaMandates.debtorName,
      iban: sepaMandates.iban,
      mandateReference: sepaMandates.reference,
      sequenceType: remittanceItems.sequenceType,
      endToEndId: remittanceItems.endToEndId,
      amountCents: remittanceItems.amountCents,
      status: remittanceItems.status,
    })
    .from(remittanceItems)
    .innerJoin(recibos, eq(recibos.id, remittanceItems.reciboId))
    .innerJoin(policies, eq(policies.id, recibos.policyId))
    .innerJoin(sepaMandates, eq(sepaMandates.id, remittanceItems.mandateId))
    .where(eq(remittanceItems.remittanceId, id))
    .orderBy(asc(remittanceItems.endToEndId));
  return { ...row, items };
}

export async function remittanceFile(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db.select({ xml: remittances.fileXml }).from(remittances).where(eq(remittances.id, id));
  return row?.xml ?? null;
}

// ─── Settlement (the daily run) ─────────────────────────────────────────────────────────

/** Remitted items of remittances collected on or before `collectedBy`, after `afterRecibo` (a batch). */
export async function remittedItemsDue(db: DbOrTx, collectedBy: string, afterRecibo: number, limit = 200) {
  return db
    .select({ remittanceId: remittanceItems.remittanceId, reciboId: remittanceItems.reciboId, policyId: recibos.policyId })
    .from(remittanceItems)
    .innerJoin(remittances, eq(remittances.id, remittanceItems.remittanceId))
    .innerJoin(recibos, eq(recibos.id, remittanceItems.reciboId))
    .where(
      and(eq(remittanceItems.status, "remesado"), lte(remittances.collectionDate, collectedBy), sql`${remittanceItems.reciboId} > ${afterRecibo}`),
    )
    .orderBy(asc(remittanceItems.reciboId))
    .limit(limit);
}

export async function setItemStatus(tx: DbOrTx, remittanceId: number, reciboId: number, status: "cobrado" | "devuelto") {
  await tx
    .update(remittanceItems)
    .set({ status })
    .where(and(eq(remittanceItems.remittanceId, remittanceId), eq(remittanceItems.reciboId, reciboId)));
}

/** Open remittances collected by `collectedBy` with no remitted item left become cerrada; how many. */
export async function closeSettledRemittances(db: DbOrTx, collectedBy: string): Promise<number> {
  const closed = await db
    .update(remittances)
    .set({ status: "cerrada" })
    .where(
      and(
        eq(remittances.status, "abierta"),
        lte(remittances.collectionDate, collectedBy),
        sql`not exists (select 1 from ${remittanceItems} where ${remittanceItems.remittanceId} = ${remittances.id} and ${remittanceItems.status} = 'remesado')`,
      ),
    )
    .returning({ id: remittances.id });
  return closed.length;
}

// ─── The creditor (setting sepa_creditor, ADR 038) ─────────────────────────────────────────

/** The creditor and the return deadline in force at `at`. */
export async function readSepaSettings(db: DbOrTx, at: SettingDate): Promise<{ creditor: SepaCreditor | null; deadlineDays: number }> {
  const values = await settingsAt(db, ["sepa_creditor", "sepa_return_deadline_business_days"], at);
  const deadline = Number(values.sepa_return_deadline_business_days ?? 2);
  return {
    creditor: values.sepa_creditor ?? null,
    deadlineDays: Number.isInteger(deadline) && deadline > 0 ? deadline : 2,
  };
}
