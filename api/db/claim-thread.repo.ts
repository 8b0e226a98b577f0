// The SQL of what the customer and the handler share on a claim (ADR 042): messages, documents
// asked for, files. Writes are the service's (api/services/claim-thread.ts), in its transactions.
import { and, asc, eq, isNull, ne } from "drizzle-orm";
import type { ClaimThread } from "../contract/claim-views";
import type { ClaimDocumentKind, ClaimMessageAuthor } from "../contract/claim-vocabulary";
import type { DbOrTx } from "./client";
import { adminUsers, clients, documents, policies } from "./schema";
import { claimDocumentRequests, claimFiles, claimMessages, claims } from "./schema-claims";
import { readTogether } from "./reads-together";

export async function claimThread(db: DbOrTx, claimId: number): Promise<ClaimThread> {
  const [messages, requests, files] = await readTogether(
    db,
    () =>
      db
        .select({
          id: claimMessages.id,
          author: claimMessages.authorKind,
          authorName: adminUsers.username,
          body: claimMessages.body,
          at: claimMessages.at,
          readAt: claimMessages.readAt,
        })
        .from(claimMessages)
        .leftJoin(adminUsers, eq(adminUsers.id, claimMessages.adminId))
        .where(eq(claimMessages.claimId, claimId))
        .orderBy(asc(claimMessages.at), asc(claimMessages.id)),
    () =>
      db
        .select()
        .from(claimDocumentRequests)
        .where(eq(claimDocumentRequests.claimId, claimId))
        .orderBy(asc(claimDocumentRequests.requestedAt), asc(claimDocumentRequests.id)),
    () =>
      db
        .select({
          id: claimFiles.id,
          kind: claimFiles.kind,
          documentId: claimFiles.documentId,
          filename: documents.filename,
          contentType: documents.contentType,
          sizeBytes: documents.sizeBytes,
          at: claimFiles.createdAt,
          uploadedByType: claimFiles.uploadedByType,
          requestId: claimFiles.requestId,
        })
        .from(claimFiles)
        .innerJoin(documents, eq(documents.id, claimFiles.documentId))
        .where(eq(claimFiles.claimId, claimId))
        .orderBy(asc(claimFiles.createdAt), asc(claimFiles.id)),
  );
  return {
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author as ClaimMessageAuthor,
      authorName: m.author === "tramitador" ? (m.authorName ?? "Tramitador") : null,
      body: m.body,
      at: m.at.toISOString(),
      readAt: m.readAt?.toISOString() ?? null,
    })),
    requests: requests.map((r) => ({
      id: r.id,
      kind: r.kind,
      note: r.note,
      requestedAt: r.requestedAt.toISOString(),
      fulfilledAt: r.fulfilledAt?.toISOString() ?? null,
    })),
    files: files.map((f) => ({
      id: f.id,
      kind: f.kind,
      documentId: f.documentId,
      filename: f.filename,
      contentType: f.contentType,
      sizeBytes: f.sizeBytes,
      at: f.at.toISOString(),
      uploadedBy: f.uploadedByType === "admin" ? ("tramitador" as const) : ("cliente" as const),
      requestId: f.requestId,
    })),
  };
}

export async function insertClaimMessage(
  tx: DbOrTx,
  m: { claimId: number; authorKind: ClaimMessageAuthor; adminId: number | null; body: string; at: Date },
): Promise<number> {
  const [row] = await tx.insert(claimMessages).values(m).returning({ id: claimMessages.id });
  return row!.id;
}

/** Marks as read, at `now`, the messages the other side wrote (the reader is `reader`). */
export async function markMessagesRead(tx: DbOrTx, claimId: number, reader: ClaimMessageAuthor, now: Date): Promise<void> {
  await tx
    .update(claimMessages)
    .set({ readAt: now })
    .where(and(eq(claimMessages.claimId, claimId), ne(claimMessages.authorKind, reader), isNull(claimMessages.readAt)));
}

export async function insertDocumentRequest(
  tx: DbOrTx,
  r: { claimId: number; kind: ClaimDocumentKind; note: string | null; requestedByAdminId: number | null; requestedAt: Date },
): Promise<number> {
  const [row] = await tx.insert(claimDocumentRequests).values(r).returning({ id: claimDocumentRequests.id });
  return row!.id;
}

/** An open request of the claim, locked; null when it is not the claim's or already answered. */
export async function lockOpenRequest(tx: DbOrTx, claimId: number, requestId: number) {
  const [row] = await tx
    .select()
    .from(claimDocumentRequests)
    .where(and(eq(claimDocumentRequests.id, requestId), eq(claimDocumentRequests.claimId, claimId), isNull(claimDocumentRequests.fulfilledAt)))
    .for("update");
  return row ?? null;
}

export async function fulfilRequest(tx: DbOrTx, requestId: number, at: Date): Promise<void> {
  await tx.update(claimDocumentRequests).set({ fulfilledAt: at }).where(eq(claimDocumentRequests.id, requestId));
}

export async function insertClaimFile(
  tx: DbOrTx,
  f: {
    claimId: number;
    documentId: string;
    kind: ClaimDocumentKind;
    requestId: number | null;
    uploadedByType: "admin" | "user";
    uploadedById: string | null;
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await tx.insert(claimFiles).values(f).returning({ id: claimFiles.id });
  return row!.id;
}

/** A file of the claim with its stored document's id (a download checks the claim first), or null. */
export async function claimFileOf(db: DbOrTx, claimId: number, fileId: number) {
  const [row] = await db
    .select({ id: claimFiles.id, documentId: claimFiles.documentId })
    .from(claimFiles)
    .where(and(eq(claimFiles.id, fileId), eq(claimFiles.claimId, claimId)));
  return row ?? null;
}

/** Whom an e-mail about the claim goes to: the contact address the customer gave, else the client's; with the names the templates use. */
export async function claimRecipient(db: DbOrTx, claimId: number) {
  const [row] = await db
    .select({ contactEmail: claims.contactEmail, clientEmail: clients.email, name: clients.name, policyNumber: policies.number })
    .from(claims)
    .innerJoin(clients, eq(clients.id, claims.clientId))
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .where(eq(claims.id, claimId));
  return row ? { to: row.contactEmail ?? row.clientEmail, name: row.name, policyNumber: row.policyNumber } : null;
}

/** Removes a file's link from a claim (a draft's photo taken back before declaring); its document id, or null when the claim has no such file. */
export async function deleteClaimFile(db: DbOrTx, claimId: number, fileId: number): Promise<string | null> {
  const [row] = await db
    .delete(claimFiles)
    .where(and(eq(claimFiles.id, fileId), eq(claimFiles.claimId, claimId)))
    .returning({ documentId: claimFiles.documentId });
  return row?.documentId ?? null;
}
