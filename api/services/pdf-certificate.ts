// The certificate of insurance ("certificado de seguro", ADR 037) as a one-page PDF: what a driver
// shows at an ITV or a rental agency, a landlord to an agency. It states the tomador, the insured
// object, the insurer, the cover, the dates and that the premium due to date is paid; only issued
// when that is true (api/domain/certificate.ts). Pdfkit through ./pdf-layout.ts, like pdf-receipt.ts.
import type { PolicyView } from "../db/policies.repo";
import type { DocumentContext } from "../db/document-context.repo";
import { insurerText } from "../domain/insurer";
import { insuredObjectRow, riskTitle } from "../domain/product-info";
import { formatIsoDate } from "../contract/format";
import { assertOutsideTransaction } from "../db/transaction-scope";
import { Pdf } from "./pdf-layout";
import { distributorFooter, periodOf } from "./pdf-sections";

/** The recibos due on or before `issuedOn` that were paid, and the day the last of them covers to. */
function paidToDate(policy: PolicyView, issuedOn: string): { sequences: number[]; coveredTo: string | null } {
  const due = policy.recibos.filter((r) => r.dueDate <= issuedOn && r.status === "cobrado").sort((a, b) => a.sequence - b.sequence);
  const last = due.at(-1);
  return { sequences: due.map((r) => r.sequence), coveredTo: last ? periodOf(policy, last).to : null };
}

export async function renderCertificatePdf(policy: PolicyView, issuedOn: string, ctx: DocumentContext): Promise<Buffer> {
  assertOutsideTransaction("Rendering a PDF");
  const d = ctx.distributor;
  const h = policy.policyholder;
  const pdf = new Pdf(`Certificado de seguro de la póliza ${policy.number}`, d.distributorName);
  pdf.title(d.distributorName, "Certificado de seguro", `${policy.lineName} · Póliza n.º ${policy.number}`);

  const insurer = policy.insurer;
  // A policy sold today starts tomorrow at the earliest: certified with the day its cover starts.
  const starts = policy.startDate > issuedOn ? `, con efecto desde el ${formatIsoDate(policy.startDate)} a las 00:00 h` : "";
  pdf.paragraph(
    `${d.distributorName}, distribuidor de seguros, certifica que a fecha ${formatIsoDate(issuedOn)} la póliza indicada está en vigor${starts}, con los datos siguientes.`,
  );

  pdf.heading("Tomador");
  pdf.keyValues([
    ["Nombre y apellidos", h.name],
    ["NIF/NIE", h.nif ?? "—"],
  ]);

  pdf.heading("Objeto asegurado");
  const object = insuredObjectRow(policy.line, policy.risk);
  pdf.keyValues([["Riesgo", riskTitle(policy.line, policy.risk)], ...(object ? [object] : [])]);

  pdf.heading("Entidad aseguradora");
  pdf.keyValues([
    ["Entidad", insurer?.name ?? insurerText(null)],
    ["NIF", insurer?.taxId ?? "—"],
    ["Clave DGSFP", insurer?.dgsfpKey ?? "—"],
  ]);

  pdf.heading("Cobertura");
  pdf.keyValues([
    ["Seguro y plan", `${policy.lineName} · ${policy.plan.name}`],
    ["Garantías", policy.guarantees.map((g) => g.name).join(", ") || "—"],
    ["Fecha de efecto", `${formatIsoDate(policy.startDate)} a las 00:00 h`],
    ["Vencimiento o próxima renovación", `${formatIsoDate(policy.endDate)} a las 00:00 h`],
  ]);

  const paid = paidToDate(policy, issuedOn);
  pdf.heading("Prima");
  pdf.paragraph(
    paid.sequences.length
      ? `La prima está pagada: cobrados todos los recibos vencidos hasta la fecha (${paid.sequences.map((s) => `n.º ${s}`).join(", ")})${paid.coveredTo ? `, el último de los cuales cubre hasta el ${formatIsoDate(paid.coveredTo)}` : ""}.`
      : "La prima está pagada: no hay recibos vencidos pendientes de cobro.",
  );

  pdf.paragraph(
    `Este certificado refleja la situación de la póliza el día de su emisión (${formatIsoDate(issuedOn)}); no modifica sus condiciones. Puede comprobar su validez con ${d.distributorName} en ${d.email} o ${d.phone}.`,
    { muted: true, size: 9 },
  );
  return pdf.finish(distributorFooter(d));
}
