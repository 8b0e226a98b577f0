// The rows of stored documents (ADR 036): which store and key hold each file, its hash, and the
// version of its series. The bytes are written by api/services/stored-documents.ts.
import { and, desc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { documents, policies, remittances, sepaMandates, type NewStoredDocumentRow, type StoredDocumentRow } from "./schema";

export type { NewStoredDocumentRow, StoredDocumentRow };

/** The newest version of a series that has not been deleted, or null. */
export async function latestInSeries(db: DbOrTx, seriesKey: string): Promise<StoredDocumentRow | null> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.seriesKey, seriesKey), isNull(documents.deletedAt)))
    .orderBy(desc(documents.version))
    .limit(1);
  return row ?? null;
}

/** The highest version number a series has used (deleted ones included, so a number is never reused); 0 for none. */
export async function lastVersionNumber(db: DbOrTx, seriesKey: string): Promise<number> {
  const [row] = await db
    .select({ version: documents.version })
    .from(documents)
    .where(eq(documents.seriesKey, seriesKey))
    .orderBy(desc(documents.version))
    .limit(1);
  return row?.version ?? 0;
}

export async function findStoredDocument(db: DbOrTx, id: string): Promise<StoredDocumentRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row ?? null;
}

/** Inserts a version; null when another writer took the same (series, version) first. */
export async function insertStoredDocument(db: DbOrTx, row: NewStoredDocumentRow): Promise<StoredDocumentRow | null> {
  const [inserted] = await db
    .insert(documents)
    .values(row)
    .onConflictDoNothing({ target: [documents.seriesKey, documents.version] })
    .returning();
  return inserted ?? null;
}

export async function markStoredDocumentDeleted(db: DbOrTx, id: string, at: Date): Promise<StoredDocumentRow | null> {
  const [row] = await db
    .update(documents)
    .set({ deletedAt: at })
    .where(and(eq(documents.id, id), isNull(documents.deletedAt)))
    .returning();
  return row ?? null;
}

/** Every version of a series, newest first (deleted ones too: the page says so). */
export async function seriesVersions(db: DbOrTx, seriesKey: string): Promise<StoredDocumentRow[]> {
  return db.select().from(documents).where(eq(documents.seriesKey, seriesKey)).orderBy(desc(documents.version));
}

/** A remittance's XML as generated (remittances.file_xml), as bytes; null when there is no such remittance. */
export async function remittanceFileBytes(db: DbOrTx, remittanceId: number): Promise<Buffer | null> {
  const [row] = await db.select({ xml: remittances.fileXml }).from(remittances).where(eq(remittances.id, remittanceId));
  return row ? Buffer.from(row.xml, "utf8") : null;
}

/** The client (tomador) of a policy, so a policy's documents are found from the client too. */
export async function policyClientId(db: DbOrTx, policyId: number): Promise<number | null> {
  const [row] = await db.select({ clientId: policies.clientId }).from(policies).where(eq(policies.id, policyId));
  return row?.clientId ?? null;
}

/** The mandate a `mandato:<reference>` series names (regenerating it). */
export async function mandateByReference(db: DbOrTx, reference: string): Promise<{ id: number; policyId: number } | null> {
  const [row] = await db
    .select({ id: sepaMandates.id, policyId: sepaMandates.policyId })
    .from(sepaMandates)
    .where(eq(sepaMandates.reference, reference));
  return row ?? null;
}
