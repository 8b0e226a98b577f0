// The rows of stored documents (ADR 036): which store and key hold each file, its hash, and the
// version of its series. The bytes are written by api/services/stored-documents.ts.
import { and, desc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { documents, type NewStoredDocumentRow, type StoredDocumentRow } from "./schema";

export type { StoredDocumentRow };

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
