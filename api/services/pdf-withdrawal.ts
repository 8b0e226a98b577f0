// The confirmation of a withdrawal (desistimiento) as a PDF.
// Pdfkit with the standard fonts through ./pdf-layout.ts; the shared sections are in ./pdf-sections.ts.
import type { PolicyView } from "../db/policies.repo";
import type { DocumentContext } from "../db/document-context.repo";
import { insurerText } from "../domain/insurer";
import { formatIsoDate, formatMoney } from "../contract/format";
import { RECIBO_STATUS_LABELS } from "../contract/vocabulary";
import { assertOutsideTransaction } from "../db/transaction-scope";
import { Pdf } from "./pdf-layout";
import { complaintsSection, distributorFooter, distributorRows, formatInstant, paymentText } from "./pdf-sections";

export type WithdrawalFacts = { requestedAt: Date; effectiveDate: string; refundCents: number };

/** What the customer keeps after withdrawing (desistimiento, Ley 22/2007): the policy anulada, its recibos, the refund. */
export async function renderWithdrawalPdf(policy: PolicyView, w: WithdrawalFacts, ctx: DocumentContext): Promise<Buffer> {
  assertOutsideTransaction("Rendering a PDF");
  const d = ctx.distributor;
  const pdf = new Pdf(`Desistimiento de la póliza ${policy.number}`, d.distributorName);
  pdf.title(d.distributorName, "Confirmación de desistimiento", `${policy.lineName} · Póliza n.º ${policy.number}`);
  pdf.paragraph(
    `${policy.policyholder.name}${policy.policyholder.nif ? ` (${policy.policyholder.nif})` : ""} ha ejercido el derecho de desistimiento de este contrato de seguro, celebrado a distancia, dentro del plazo de ${ctx.withdrawal.days} días naturales desde su celebración (Ley 22/2007, de comercialización a distancia de servicios financieros). No se le pide ningún motivo ni se le aplica ninguna penalización.`,
  );
  pdf.keyValues([
    ["Número de póliza", policy.number],
    ["Seguro", `${policy.lineName}, plan ${policy.plan.name}`],
    ["Fecha de contratación", formatInstant(policy.createdAt)],
    ["Desistimiento comunicado el", formatInstant(w.requestedAt)],
    ["Póliza anulada con efecto", formatIsoDate(w.effectiveDate)],
    ["Importe que se le devuelve", formatMoney(w.refundCents)],
    ["Se devuelve en", paymentText(policy.payment)],
  ]);
  pdf.paragraph(
    w.refundCents > 0
      ? "Le devolvemos la prima pagada de los días en que no ha estado asegurado, en el mismo medio de pago, en un plazo máximo de 30 días. Los recibos pendientes quedan anulados: no se le cobrará nada más."
      : "No hay prima que devolver. Los recibos pendientes quedan anulados: no se le cobrará nada más.",
  );
  pdf.heading("Recibos");
  pdf.table(
    [
      { header: "N.º", width: 0.1 },
      { header: "Vencimiento", width: 0.3 },
      { header: "Importe", width: 0.25, align: "right" },
      { header: "Estado", width: 0.35 },
    ],
    policy.recibos.map((r) => [String(r.sequence), formatIsoDate(r.dueDate), formatMoney(r.amount), RECIBO_STATUS_LABELS[r.status]]),
  );
  pdf.heading("Entidad aseguradora y distribuidor");
  pdf.keyValues([["Entidad aseguradora", insurerText(policy.insurer)], ...distributorRows(d)]);
  complaintsSection(pdf, d);
  return pdf.finish(distributorFooter(d));
}
