// E-mail attachments queued by reference (ADR 017): the transaction that queues an e-mail writes
// which documents it attaches (PendingAttachment); the PDFs are rendered here, with no transaction
// open — right after the commit by the service that queued it, or by the outbox sender before it
// sends, should the process have stopped in between.
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { policyAsOfVersion } from "../domain/conditions-versions";
import { loadPolicyViews } from "../db/policies.repo";
import { readDocumentContext } from "../db/document-context.repo";
import { outboxEmails, type DocumentRef, type EmailAttachment, type OutboxAttachment, type PendingAttachment } from "../db/schema";
import { conditionsDocument, ipidDocument, reciboDocument, withdrawalDocument } from "./documents";

const pdfAttachment = (filename: string, content: Buffer): EmailAttachment => ({
  filename,
  contentType: "application/pdf",
  contentBase64: content.toString("base64"),
});

export const isPending = (a: OutboxAttachment): a is PendingAttachment => "document" in a;

/** An attachment to render later: its file name now (the e-mail's text names it). */
export function pendingPdf(filename: string, document: DocumentRef): PendingAttachment {
  return { filename, contentType: "application/pdf", document };
}

async function policyOf(db: Database, policyId: number) {
  const [view] = await loadPolicyViews(db, { id: policyId });
  if (!view) throw new Error(`Policy ${policyId} of a queued attachment is missing`);
  return view;
}

/** Renders one referenced document. */
export async function renderDocumentRef(db: Database, ref: DocumentRef): Promise<Buffer> {
  switch (ref.kind) {
    case "conditions": {
      const policy = await policyOf(db, ref.policyId);
      const asOf = ref.version === undefined ? policy : policyAsOfVersion(policy, ref.version);
      if (!asOf) throw new Error(`Version ${ref.version} of the conditions of policy ${ref.policyId} does not exist`);
      return (await conditionsDocument(db, asOf)).content;
    }
    case "recibo":
      return (await reciboDocument(db, await policyOf(db, ref.policyId), ref.sequence)).content;
    case "ipid":
      return (await ipidDocument(db, ref.line, new Date(ref.at))).content;
    case "withdrawal": {
      const facts = { requestedAt: new Date(ref.requestedAt), effectiveDate: ref.effectiveDate, refundCents: ref.refundCents };
      return (await withdrawalDocument(await policyOf(db, ref.policyId), facts, await readDocumentContext(db))).content;
    }
  }
}

/** The attachments with every pending one rendered (in order). */
export async function renderAttachments(db: Database, attachments: readonly OutboxAttachment[]): Promise<EmailAttachment[]> {
  const rendered: EmailAttachment[] = [];
  for (const a of attachments) rendered.push(isPending(a) ? pdfAttachment(a.filename, await renderDocumentRef(db, a.document)) : a);
  return rendered;
}

/**
 * Renders the pending attachments of a queued e-mail and stores them in its row; returns them.
 * Call it with no transaction open. Two callers at once (the service and the sender) write the
 * same files: harmless.
 */
export async function completeAttachments(db: Database, emailId: number): Promise<EmailAttachment[]> {
  const [row] = await db.select({ attachments: outboxEmails.attachments }).from(outboxEmails).where(eq(outboxEmails.id, emailId));
  if (!row) return [];
  if (!row.attachments.some(isPending)) return row.attachments as EmailAttachment[];
  const rendered = await renderAttachments(db, row.attachments);
  await db.update(outboxEmails).set({ attachments: rendered }).where(eq(outboxEmails.id, emailId));
  return rendered;
}
