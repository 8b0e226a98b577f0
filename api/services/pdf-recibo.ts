// One recibo of a policy as a PDF.
// Pdfkit with the standard fonts through ./pdf-layout.ts; the shared sections are in ./pdf-sections.ts.
import type { PolicyView } from "../db/policies.repo";
import type { DocumentContext } from "../db/document-context.repo";
import { insurerText } from "../domain/insurer";
import { formatIsoDate, formatMoney } from "../contract/format";
import { RECIBO_STATUS_LABELS } from "../contract/vocabulary";
import { assertOutsideTransaction } from "../db/transaction-scope";
import { Pdf } from "./pdf-layout";
import { distributorFooter, distributorRows, formatInstant, frequencyName, paymentText, premiumTable, periodOf } from "./pdf-sections";

export async function renderReciboPdf(policy: PolicyView, sequence: number, ctx: DocumentContext): Promise<Buffer> {
  assertOutsideTransaction("Rendering a PDF");
  const recibo = policy.recibos.find((r) => r.sequence === sequence);
  if (!recibo) throw new RangeError(`Policy ${policy.number} has no recibo ${sequence}`);
  const d = ctx.distributor;
  const period = periodOf(policy, recibo);
  const pdf = new Pdf(`Recibo ${recibo.sequence} de la póliza ${policy.number}`, d.distributorName);
  pdf.title(d.distributorName, `Recibo n.º ${recibo.sequence} de ${policy.recibos.length}`, `Póliza n.º ${policy.number} · ${policy.lineName}`);
  pdf.keyValues([
    ["Tomador", `${policy.policyholder.name}${policy.policyholder.nif ? ` (${policy.policyholder.nif})` : ""}`],
    ["Entidad aseguradora", insurerText(policy.insurer)],
    ["Plan", policy.plan.name],
    ["Forma de pago", frequencyName(policy.frequency)],
    ["Fecha de vencimiento", formatIsoDate(recibo.dueDate)],
    ["Periodo que cubre", `Del ${formatIsoDate(period.from)} al ${formatIsoDate(period.to)}`],
    ["Importe", formatMoney(recibo.amount)],
    ["Estado", `${RECIBO_STATUS_LABELS[recibo.status]}${recibo.paidAt ? ` el ${formatInstant(recibo.paidAt)}` : ""}`],
    ["Medio de pago", paymentText(policy.payment)],
  ]);
  const endorsement = recibo.kind === "suplemento" ? policy.endorsements.find((e) => e.reciboSequence === recibo.sequence) : undefined;
  if (endorsement) {
    pdf.heading(`Suplemento: condiciones particulares versión ${endorsement.version}`);
    pdf.keyValues([
      ["Garantías añadidas", endorsement.guarantees.map((g) => g.name).join(", ")],
      ["Fecha de efecto", `${formatIsoDate(endorsement.effectiveDate)} a las 00:00 h`],
      ["Días hasta el vencimiento", `${endorsement.remainingDays} de ${endorsement.termDays}`],
      ["Prima neta a prorrata", formatMoney(endorsement.price.net)],
      ["Recargo por fraccionamiento", formatMoney(endorsement.price.fractionation)],
      ["Consorcio de Compensación de Seguros", formatMoney(endorsement.price.consorcio)],
      ["Recargo CLEA", formatMoney(endorsement.price.clea)],
      ["IPS", formatMoney(endorsement.price.ips)],
      ["Total", formatMoney(endorsement.price.total)],
    ]);
    pdf.heading("Datos del distribuidor");
    pdf.keyValues(distributorRows(d));
    return pdf.finish(distributorFooter(d));
  }
  pdf.heading("Prima anual de la póliza");
  premiumTable(pdf, policy.premium, policy.frequency);
  if (policy.recibos.length > 1) {
    pdf.paragraph(
      recibo.sequence === 1
        ? "Este primer recibo incluye los recargos del Consorcio de Compensación de Seguros y CLEA de toda la anualidad y el ajuste de céntimos del reparto."
        : "La prima total se reparte entre los recibos; el primero incluye los recargos del Consorcio y CLEA de toda la anualidad.",
      { muted: true },
    );
  }
  pdf.heading("Datos del distribuidor");
  pdf.keyValues(distributorRows(d));
  return pdf.finish(distributorFooter(d));
}
