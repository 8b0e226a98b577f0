// The justificante de pago of a collected recibo (ADR 031), read from the rows that record the
// payment: the customer's and staff's downloads alike. A recibo not collected has none (404).
import { and, desc, eq } from "drizzle-orm";
import { PAYMENT_METHOD_LABELS } from "../contract/vocabulary";
import type { DbOrTx } from "../db/client";
import { readDocumentContext } from "../db/document-context.repo";
import type { PolicyView } from "../db/policies.repo";
import { payments, recibos } from "../db/schema";
import { ApiProblem } from "../http";
import type { RenderedDocument } from "./documents";
import { renderReceiptPdf, type ReceiptFacts } from "./pdf-receipt";

export const RECEIPT_NOT_FOUND_MESSAGE = "Este recibo no tiene justificante de pago: no está cobrado";

export const receiptFilename = (policyNumber: string, sequence: number) => `justificante-${policyNumber}-${sequence}.pdf`;

async function receiptFacts(db: DbOrTx, policyId: number, sequence: number): Promise<ReceiptFacts | null> {
  const [recibo] = await db
    .select()
    .from(recibos)
    .where(and(eq(recibos.policyId, policyId), eq(recibos.sequence, sequence)));
  if (!recibo || recibo.status !== "cobrado") return null;
  const [paid] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.reciboId, recibo.id), eq(payments.status, "aceptado")))
    .orderBy(desc(payments.id))
    .limit(1);
  const paidAt = recibo.paidAt ?? paid?.createdAt ?? recibo.updatedAt;
  if (recibo.paidReference) {
    return { paidAt, amountCents: recibo.amountCents, feeCents: 0, means: "Transferencia bancaria", reference: recibo.paidReference };
  }
  if (!paid) return { paidAt, amountCents: recibo.amountCents, feeCents: 0, means: "Domiciliación bancaria (SEPA)", reference: null };
  return {
    paidAt,
    amountCents: paid.amountCents,
    feeCents: Math.max(0, paid.amountCents - recibo.amountCents),
    means: `${PAYMENT_METHOD_LABELS[paid.method]} ${paid.methodLabel ?? ""}`.trim(),
    reference: paid.providerRef,
  };
}

export async function receiptDocument(db: DbOrTx, policy: PolicyView, sequence: number): Promise<RenderedDocument> {
  const facts = await receiptFacts(db, policy.id, sequence);
  if (!facts) throw new ApiProblem(404, RECEIPT_NOT_FOUND_MESSAGE);
  const content = await renderReceiptPdf(policy, sequence, facts, await readDocumentContext(db, facts.paidAt));
  return { filename: receiptFilename(policy.number, sequence), content };
}
