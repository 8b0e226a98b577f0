// The "justificante de pago" of a collected recibo as a PDF (ADR 031): who was paid, for which
// policy and recibo, how much (and the return fee), when, by what means and the provider's reference.
// Pdfkit with the standard fonts through ./pdf-layout.ts; the shared sections are in ./pdf-sections.ts.
import type { PolicyView } from "../db/policies.repo";
import type { DocumentContext } from "../db/document-context.repo";
import { insurerText } from "../domain/insurer";
import { formatIsoDate, formatMoney } from "../contract/format";
import { assertOutsideTransaction } from "../db/transaction-scope";
import { Pdf } from "./pdf-layout";
import { distributorFooter, distributorRows, formatInstant, periodOf } from "./pdf-sections";

/** How the recibo was paid, as its rows record it. */
export type ReceiptFacts = {
  paidAt: Date;
  amountCents: number;
  /** The return fee paid with it (0: none). */
  feeCents: number;
  /** "Tarjeta •••• 4242", "Transferencia", "Domiciliación SEPA ES91 ••••"… */
  means: string;
  /** The provider's reference of the charge, or the transfer's. */
  reference: string | null;
};

export async function renderReceiptPdf(policy: PolicyView, sequence: number, facts: ReceiptFacts, ctx: DocumentContext): Promise<Buffer> {
  assertOutsideTransaction("Rendering a PDF");
  const recibo = policy.recibos.find((r) => r.sequence === sequence);
  if (!recibo) throw new RangeError(`Policy ${policy.number} has no recibo ${sequence}`);
  const d = ctx.distributor;
  const period = periodOf(policy, recibo);
  const pdf = new Pdf(`Justificante de pago del recibo ${sequence} de la póliza ${policy.number}`, d.distributorName);
  pdf.title(d.distributorName, "Justificante de pago", `Póliza n.º ${policy.number} · ${policy.lineName}`);
  pdf.keyValues([
    ["Tomador", `${policy.policyholder.name}${policy.policyholder.nif ? ` (${policy.policyholder.nif})` : ""}`],
    ["Entidad aseguradora", insurerText(policy.insurer)],
    ["Recibo", `N.º ${sequence}${recibo.kind === "suplemento" ? " (suplemento)" : ""}, vencimiento ${formatIsoDate(recibo.dueDate)}`],
    ["Periodo que cubre", `Del ${formatIsoDate(period.from)} al ${formatIsoDate(period.to)}`],
    ["Importe del recibo", formatMoney(recibo.amount)],
    ...(facts.feeCents > 0 ? ([["Gastos de devolución", formatMoney(facts.feeCents)]] as [string, string][]) : []),
    ["Importe pagado", formatMoney(facts.amountCents)],
    ["Fecha y hora del pago", formatInstant(facts.paidAt)],
    ["Medio de pago", facts.means],
    ["Referencia del cobro", facts.reference ?? "—"],
  ]);
  pdf.paragraph(`${d.distributorName} certifica que ha recibido este pago del recibo indicado de la póliza.`, { muted: true });
  pdf.heading("Datos del distribuidor");
  pdf.keyValues(distributorRows(d));
  return pdf.finish(distributorFooter(d));
}
