// The documents of one policy or one client as their pages show them (the newest few and the
// total), and who an upload belongs to (ADR 037). The documents list itself is the list kit's.
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { clients, documents, policies, type StoredDocumentRow } from "./schema";
import { readTogether } from "./reads-together";

export type EntityRef = { policyId: number } | { clientId: number };

const ownedBy = (ref: EntityRef) =>
  and("policyId" in ref ? eq(documents.policyId, ref.policyId) : eq(documents.clientId, ref.clientId), isNull(documents.deletedAt));

/** The newest `limit` documents of the policy or client (not deleted), and how many it has. */
export async function entityDocuments(db: DbOrTx, ref: EntityRef, limit: number): Promise<{ rows: StoredDocumentRow[]; total: number }> {
  const [rows, [total]] = await readTogether(
    db,
    () => db.select().from(documents).where(ownedBy(ref)).orderBy(desc(documents.createdAt), desc(documents.id)).limit(limit),
    () => db.select({ n: count() }).from(documents).where(ownedBy(ref)),
  );
  return { rows, total: total?.n ?? 0 };
}

/** The policy an upload goes to: its number and its client (the upload is the client's too), or null. */
export async function policyOwner(db: DbOrTx, id: number): Promise<{ policyId: number; clientId: number; number: string } | null> {
  const [row] = await db
    .select({ policyId: policies.id, clientId: policies.clientId, number: policies.number })
    .from(policies)
    .where(eq(policies.id, id));
  return row ?? null;
}

/** The client an upload goes to, or null. */
export async function clientOwner(db: DbOrTx, id: number): Promise<{ clientId: number; name: string } | null> {
  const [row] = await db.select({ clientId: clients.id, name: clients.name }).from(clients).where(eq(clients.id, id));
  return row ?? null;
}
