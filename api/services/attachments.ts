// E-mail attachments queued by reference (ADR 017): the transaction that queues an e-mail writes
// which documents it attaches (PendingAttachment); the PDFs are issued here, with no transaction
// open — right after the commit by the service that queued it, or by the outbox sender before it
// sends, should the process have stopped in between. Each is issued through the document store
// (ADR 036), so the attachment and every later download are the same bytes.
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { loadPolicyViews } from "../db/policies.repo";
import { outboxEmails, type DocumentRef, type EmailAttachment, type OutboxAttachment, type PendingAttachment } from "../db/schema";
import { ipidDocument } from "./documents";
import { conditionsSource, ipidSource, issueSource, receiptSource, reciboSource, SYSTEM_DOCUMENT_ACTOR, withdrawalSource } from "./issued-documents";
import type { StoredDocumentDeps } from "./stored-documents";

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

/** Issues one referenced document (or reads the one already issued). */
export async function issueDocumentRef(deps: StoredDocumentDeps, ref: DocumentRef): Promise<Buffer> {
  const { db } = deps;
  const issue = async (source: Parameters<typeof issueSource>[1], what: string) => {
    if (!source) throw new Error(`${what} of policy ${"policyId" in ref ? ref.policyId : "?"} does not exist`);
    return (await issueSource(deps, source, SYSTEM_DOCUMENT_ACTOR)).content;
  };
  switch (ref.kind) {
    case "conditions":
      return issue(await conditionsSource(db, await policyOf(db, ref.policyId), ref.version), `Version ${ref.version} of the conditions`);
    case "recibo":
      return issue(await reciboSource(db, await policyOf(db, ref.policyId), ref.sequence), `Recibo ${ref.sequence}`);
    case "ipid":
      // An IPID queued before ADR 036 names no policy: rendered as the catalogue stood then, not stored.
      if (ref.policyId === undefined) return (await ipidDocument(db, ref.line, new Date(ref.at))).content;
      return issue(await ipidSource(db, await policyOf(db, ref.policyId), new Date(ref.at)), "The IPID");
    case "withdrawal": {
      const facts = { requestedAt: new Date(ref.requestedAt), effectiveDate: ref.effectiveDate, refundCents: ref.refundCents };
      return issue(await withdrawalSource(db, await policyOf(db, ref.policyId), facts), "The withdrawal");
    }
    case "receipt":
      return issue(await receiptSource(db, await policyOf(db, ref.policyId), ref.sequence), `The receipt of recibo ${ref.sequence}`);
  }
}

/** The attachments with every pending one rendered (in order). */
export async function renderAttachments(deps: StoredDocumentDeps, attachments: readonly OutboxAttachment[]): Promise<EmailAttachment[]> {
  const rendered: EmailAttachment[] = [];
  for (const a of attachments) rendered.push(isPending(a) ? pdfAttachment(a.filename, await issueDocumentRef(deps, a.document)) : a);
  return rendered;
}

/**
 * Renders the pending attachments of a queued e-mail and stores them in its row; returns them.
 * Call it with no transaction open. Two callers at once (the service and the sender) issue each
 * document once (issueOnce) and write the same files: harmless.
 */
export async function completeAttachments(deps: StoredDocumentDeps, emailId: number): Promise<EmailAttachment[]> {
  const { db } = deps;
  const [row] = await db.select({ attachments: outboxEmails.attachments }).from(outboxEmails).where(eq(outboxEmails.id, emailId));
  if (!row) return [];
  if (!row.attachments.some(isPending)) return row.attachments as EmailAttachment[];
  const rendered = await renderAttachments(deps, row.attachments);
  await db.update(outboxEmails).set({ attachments: rendered }).where(eq(outboxEmails.id, emailId));
  return rendered;
}
