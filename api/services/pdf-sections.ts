// What every customer document shares (the documents are pdf-quote.ts, pdf-ipid.ts,
// pdf-conditions.ts, pdf-recibo.ts and pdf-withdrawal.ts, drawn with ./pdf-layout.ts): the labels,
// money and dates as read in Spain ("1.234,56 €", dd/mm/aaaa), the distributor's footer and rows,
// the complaints section, the withdrawal text and the premium table.
import type { SiteInfo } from "../contract/site";
import type { PolicyView } from "../db/policies.repo";
import { formatBasisPoints, formatDateTime, formatIsoDate, formatMoney } from "../contract/format";
import { FREQUENCY_LABELS, INSTALMENTS, PAYMENT_METHOD_LABELS, type Frequency, type Line as LineCode } from "../contract/vocabulary";
import { madridDate, reciboPeriods } from "../domain/calendar";
import { type Pdf } from "./pdf-layout";

// ─── Labels ───────────────────────────────────────────────────────────────────────────

/** "Trimestral (4 recibos)". */
export function frequencyName(frequency: Frequency): string {
  const n = INSTALMENTS[frequency];
  return `${FREQUENCY_LABELS[frequency]} (${n} ${n === 1 ? "recibo" : "recibos"})`;
}

/** "Tarjeta •••• 4242", "Domiciliación SEPA ES•• … 1234", or a dash without a payment. */
export function paymentText(payment: PolicyView["payment"]): string {
  return payment ? `${PAYMENT_METHOD_LABELS[payment.method]} ${payment.label ?? ""}`.trim() : "—";
}

/** An instant as "dd/mm/aaaa hh:mm" in Spain. */
export const formatInstant = (at: Date) => formatDateTime(at);

export const formatDay = (at: Date) => formatIsoDate(madridDate(at));
export const percent = formatBasisPoints;

// ─── Shared sections ──────────────────────────────────────────────────────────────────

export function distributorFooter(d: SiteInfo): string {
  return `${d.distributorName} · NIF ${d.distributorTaxId} · Inscrita en la DGSFP con la clave ${d.registrationNumber} · ${d.address}`;
}

export function distributorRows(d: SiteInfo): Array<[string, string]> {
  return [
    ["Distribuidor", d.distributorName],
    ["NIF", d.distributorTaxId],
    ["Inscripción", `Registro de distribuidores de seguros de la DGSFP, clave ${d.registrationNumber}`],
    ["Domicilio", d.address],
    ["Contacto", `${d.email} · ${d.phone}`],
  ];
}

export function complaintsSection(pdf: Pdf, d: SiteInfo) {
  pdf.heading("Quejas y reclamaciones");
  pdf.paragraph(
    `Si no está satisfecho, diríjase a nuestro Servicio de Atención al Cliente en ${d.complaintsEmail} o por correo postal a ${d.distributorName}, ${d.address}, indicando su nombre, NIF, número de póliza o de cotización y el motivo. Le responderemos por escrito en el plazo que fija la normativa.`,
  );
  pdf.paragraph(
    "Si no le respondemos en plazo o no está de acuerdo con la respuesta, puede presentar su reclamación ante el Servicio de Reclamaciones de la Dirección General de Seguros y Fondos de Pensiones (DGSFP), Paseo de la Castellana, 44, 28046 Madrid, o en su sede electrónica.",
  );
}

export function withdrawalText(line: LineCode, allowed: boolean, days: number, until: string | null, email: string): string {
  if (!allowed) {
    return line === "auto"
      ? "Este seguro incluye la responsabilidad civil de suscripción obligatoria del vehículo, por lo que no admite el derecho de desistimiento. Puede oponerse a la renovación comunicándolo por escrito con al menos un mes de antelación a la fecha de vencimiento."
      : "Este seguro no admite el derecho de desistimiento. Puede oponerse a la renovación comunicándolo por escrito con al menos un mes de antelación a la fecha de vencimiento.";
  }
  const deadline = until ? `, hasta el ${formatIsoDate(until)} inclusive` : "";
  return `Puede desistir de este contrato sin indicar el motivo y sin penalización durante los ${days} días naturales siguientes a la contratación${deadline}, desde Mi póliza o escribiendo a ${email}. La cobertura termina desde que nos lo comunica y le devolvemos la prima pagada, descontando solo la parte correspondiente a los días en que estuvo asegurado, en un plazo máximo de 30 días.`;
}

/** The year's premium of a policy, component by component, the total in bold. */
export function premiumTable(pdf: Pdf, p: PolicyView["premium"], frequency: Frequency) {
  pdf.table(
    [
      { header: "Concepto", width: 0.7 },
      { header: "Importe", width: 0.3, align: "right" },
    ],
    [
      ["Prima neta", formatMoney(p.net)],
      [`Recargo por fraccionamiento (${FREQUENCY_LABELS[frequency].toLowerCase()})`, formatMoney(p.fractionation)],
      ["Recargo del Consorcio de Compensación de Seguros", formatMoney(p.consorcio)],
      ["Recargo CLEA (liquidación de entidades aseguradoras)", formatMoney(p.clea)],
      ["Impuesto sobre las primas de seguros (IPS)", formatMoney(p.ips)],
      ["Prima total anual", formatMoney(p.total)],
    ],
    { emphasis: [5] },
  );
}

/** The period a recibo covers: its share of its term, or for a suplemento's, from its effective date to the end (calendar.ts reciboPeriods, as the back office). */
export function periodOf(policy: PolicyView, r: PolicyView["recibos"][number]): { from: string; to: string } {
  return reciboPeriods(policy).get(r.sequence) ?? { from: r.dueDate, to: r.dueDate };
}
