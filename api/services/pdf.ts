// The documents a customer receives, as PDF buffers (pdfkit, standard Helvetica, which covers
// every Spanish character and the euro sign): the quote, the line's IPID, the policy's particular
// conditions and each recibo. Money and dates as read in Spain ("1.234,56 €", dd/mm/aaaa).
import type { SiteInfo } from "../contract/site";
import type { PolicyView } from "../db/policies.repo";
import type { DocumentContext } from "../db/document-context.repo";
import { insurerText } from "../domain/insurer";
import { describeRisk, ipidObligations, IPID_TEXTS, riskTitle } from "../domain/product-info";
import { formatBasisPoints, formatDateTime, formatIsoDate, formatMoney } from "../contract/format";
import {
  FREQUENCIES,
  FREQUENCY_LABELS,
  INSTALMENTS,
  PAYMENT_METHOD_LABELS,
  POLICY_STATUS_LABELS,
  QUOTE_STATUS_LABELS,
  RECIBO_STATUS_LABELS,
  type Frequency,
  type Line as LineCode,
  type QuoteStatus,
} from "../contract/vocabulary";
import { madridDate, reciboPeriods } from "../domain/calendar";
import { type PricedPlan, type RatingGuarantee, type RatingPlan, type RatingTariff } from "../domain/rating";
import { tariffInWords } from "../domain/tariff-words";
import { premiumInForce } from "../domain/endorsement-price";
import { assertOutsideTransaction } from "../db/transaction-scope";
import { Pdf } from "./pdf-layout";

// ─── Labels ───────────────────────────────────────────────────────────────────────────

/** "Trimestral (4 recibos)". */
export function frequencyName(frequency: Frequency): string {
  const n = INSTALMENTS[frequency];
  return `${FREQUENCY_LABELS[frequency]} (${n} ${n === 1 ? "recibo" : "recibos"})`;
}

/** "Tarjeta •••• 4242", "Domiciliación SEPA ES•• … 1234", or a dash without a payment. */
function paymentText(payment: PolicyView["payment"]): string {
  return payment ? `${PAYMENT_METHOD_LABELS[payment.method]} ${payment.label ?? ""}`.trim() : "—";
}

/** An instant as "dd/mm/aaaa hh:mm" in Spain. */
export const formatInstant = (at: Date) => formatDateTime(at);

const formatDay = (at: Date) => formatIsoDate(madridDate(at));
const percent = formatBasisPoints;

// ─── Shared sections ──────────────────────────────────────────────────────────────────

function distributorFooter(d: SiteInfo): string {
  return `${d.distributorName} · NIF ${d.distributorTaxId} · Inscrita en la DGSFP con la clave ${d.registrationNumber} · ${d.address}`;
}

function distributorRows(d: SiteInfo): Array<[string, string]> {
  return [
    ["Distribuidor", d.distributorName],
    ["NIF", d.distributorTaxId],
    ["Inscripción", `Registro de distribuidores de seguros de la DGSFP, clave ${d.registrationNumber}`],
    ["Domicilio", d.address],
    ["Contacto", `${d.email} · ${d.phone}`],
  ];
}

function complaintsSection(pdf: Pdf, d: SiteInfo) {
  pdf.heading("Quejas y reclamaciones");
  pdf.paragraph(
    `Si no está satisfecho, diríjase a nuestro Servicio de Atención al Cliente en ${d.complaintsEmail} o por correo postal a ${d.distributorName}, ${d.address}, indicando su nombre, NIF, número de póliza o de cotización y el motivo. Le responderemos por escrito en el plazo que fija la normativa.`,
  );
  pdf.paragraph(
    "Si no le respondemos en plazo o no está de acuerdo con la respuesta, puede presentar su reclamación ante el Servicio de Reclamaciones de la Dirección General de Seguros y Fondos de Pensiones (DGSFP), Paseo de la Castellana, 44, 28046 Madrid, o en su sede electrónica.",
  );
}

function withdrawalText(line: LineCode, allowed: boolean, days: number, until: string | null, email: string): string {
  if (!allowed) {
    return line === "auto"
      ? "Este seguro incluye la responsabilidad civil de suscripción obligatoria del vehículo, por lo que no admite el derecho de desistimiento. Puede oponerse a la renovación comunicándolo por escrito con al menos un mes de antelación a la fecha de vencimiento."
      : "Este seguro no admite el derecho de desistimiento. Puede oponerse a la renovación comunicándolo por escrito con al menos un mes de antelación a la fecha de vencimiento.";
  }
  const deadline = until ? `, hasta el ${formatIsoDate(until)} inclusive` : "";
  return `Puede desistir de este contrato sin indicar el motivo y sin penalización durante los ${days} días naturales siguientes a la contratación${deadline}, desde Mi póliza o escribiendo a ${email}. La cobertura termina desde que nos lo comunica y le devolvemos la prima pagada, descontando solo la parte correspondiente a los días en que estuvo asegurado, en un plazo máximo de 30 días.`;
}

/** The year's premium of a policy, component by component, the total in bold. */
function premiumTable(pdf: Pdf, p: PolicyView["premium"], frequency: Frequency) {
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

// ─── The quote ────────────────────────────────────────────────────────────────────────

export type QuoteDocumentData = {
  id: string;
  line: LineCode;
  lineName: string;
  status: QuoteStatus;
  createdAt: Date;
  validUntil: Date;
  inputs: Record<string, unknown>;
  plans: PricedPlan[];
};

export async function renderQuotePdf(quote: QuoteDocumentData, ctx: Pick<DocumentContext, "distributor">): Promise<Buffer> {
  assertOutsideTransaction("Rendering a PDF");
  const d = ctx.distributor;
  const pdf = new Pdf(`Cotización ${quote.lineName}`, d.distributorName);
  pdf.title(d.distributorName, `Cotización: ${quote.lineName}`, `Referencia ${quote.id}`);
  pdf.keyValues([
    ["Fecha de la cotización", formatInstant(quote.createdAt)],
    ["Precios válidos hasta", formatInstant(quote.validUntil)],
    ["Estado", QUOTE_STATUS_LABELS[quote.status]],
  ]);
  if (quote.status === "caducada") {
    pdf.paragraph("Esta cotización ha caducado: sus precios ya no están garantizados. Vuelva a cotizar para obtener un precio actualizado.", {
      bold: true,
    });
  }

  pdf.heading(`Riesgo: ${riskTitle(quote.line, quote.inputs)}`);
  pdf.keyValues(describeRisk(quote.line, quote.inputs));

  for (const plan of quote.plans) {
    pdf.heading(`Plan ${plan.name}${plan.recommended ? " (recomendado)" : ""}`);
    pdf.paragraph(plan.description, { muted: true });
    pdf.paragraph(plan.deductibleCents > 0 ? `Franquicia: ${formatMoney(plan.deductibleCents)} por siniestro.` : "Sin franquicia.");
    pdf.table(
      [
        { header: "Forma de pago", width: 0.3 },
        { header: "Prima neta", width: 0.14, align: "right" },
        { header: "Recargos", width: 0.14, align: "right" },
        { header: "IPS", width: 0.12, align: "right" },
        { header: "Total anual", width: 0.15, align: "right" },
        { header: "Por recibo", width: 0.15, align: "right" },
      ],
      FREQUENCIES.map((f) => {
        const p = plan.prices[f];
        const perRecibo =
          p.recibos.length > 1 ? `${formatMoney(p.recibos[1]!.amount)} (1.º: ${formatMoney(p.recibos[0]!.amount)})` : formatMoney(p.total);
        return [
          frequencyName(f),
          formatMoney(p.net),
          formatMoney(p.fractionation + p.consorcio + p.clea),
          formatMoney(p.ips),
          formatMoney(p.total),
          perRecibo,
        ];
      }),
    );
    pdf.paragraph("Garantías incluidas:", { bold: true });
    pdf.bullets(plan.guarantees.map((g) => `${g.name}${g.limitText ? ` (${g.limitText})` : ""}`));
    if (plan.optionalGuarantees.length > 0) {
      pdf.paragraph("Garantías opcionales (precio anual que se suma a la prima neta):", { bold: true });
      pdf.bullets(plan.optionalGuarantees.map((g) => `${g.name}: ${formatMoney(g.priceCents)}${g.selected ? " (incluida en los precios)" : ""}`));
    }
  }

  pdf.heading("Cómo se calcula el precio");
  pdf.paragraph(
    "Prima neta = prima base del plan × factores de riesgo + garantías opcionales elegidas. Sobre ella se suman el recargo por fraccionamiento (según la forma de pago), los recargos del Consorcio de Compensación de Seguros y CLEA, y el impuesto sobre las primas de seguros (IPS). El primer recibo incluye los recargos del Consorcio y CLEA.",
  );
  const explanation = quote.plans[0]?.explanation ?? [];
  if (explanation.length) {
    pdf.table(
      [
        { header: "Factor", width: 0.4 },
        { header: "Tramo aplicado", width: 0.4 },
        { header: "Factor", width: 0.2, align: "right" },
      ],
      explanation.map((l) => [l.title, l.label, `× ${String(l.value / 10_000).replace(".", ",")}`]),
    );
  }
  pdf.heading("Datos del distribuidor");
  pdf.keyValues(distributorRows(d));
  pdf.paragraph(
    "Antes de contratar, lea el documento de información del producto (IPID) del seguro. Esta cotización no es una póliza: el seguro empieza cuando se contrata y se paga el primer recibo.",
    { muted: true },
  );
  complaintsSection(pdf, d);
  return pdf.finish(distributorFooter(d));
}

// ─── The IPID ─────────────────────────────────────────────────────────────────────────

export type IpidDocumentData = {
  line: LineCode;
  lineName: string;
  lineDescription: string;
  plans: readonly RatingPlan[];
  guarantees: readonly RatingGuarantee[];
  fractionationBp: Record<Frequency, number>;
  /** The line's rating factors in force: the IPID says what raises or lowers the price. */
  tariffs: readonly RatingTariff[];
};

export async function renderIpidPdf(data: IpidDocumentData, ctx: DocumentContext): Promise<Buffer> {
  assertOutsideTransaction("Rendering a PDF");
  const d = ctx.distributor;
  const texts = IPID_TEXTS[data.line];
  const pdf = new Pdf(`IPID ${data.lineName}`, d.distributorName);
  pdf.title(d.distributorName, "Documento de información sobre el producto de seguro", data.lineName);
  pdf.keyValues([
    ["Entidad aseguradora", insurerText(ctx.insurers[data.line] ?? null)],
    ["Distribuidor", `${d.distributorName}, corredor de seguros inscrito en la DGSFP con la clave ${d.registrationNumber}`],
    ["Producto", data.lineName],
  ]);
  pdf.paragraph(
    "Este documento resume la información clave del producto. La información precontractual y contractual completa se facilita en otros documentos (condiciones generales y particulares de la póliza).",
    { muted: true },
  );

  pdf.heading("¿En qué consiste este tipo de seguro?");
  pdf.paragraph(texts.kind);

  pdf.heading("¿Qué se asegura?");
  const planName = (code: string) => data.plans.find((p) => p.code === code)?.name ?? code;
  pdf.table(
    [
      { header: "Garantía", width: 0.42 },
      { header: "Incluida en", width: 0.3 },
      { header: "Opcional en", width: 0.28 },
    ],
    data.guarantees.map((g) => [
      `${g.name}${g.limitText ? `\n${g.limitText}` : ""}`,
      g.includedIn.map(planName).join(", ") || "—",
      g.optionalIn.map(planName).join(", ") || "—",
    ]),
    { size: 9 },
  );
  pdf.paragraph("Planes:", { bold: true });
  pdf.bullets(
    data.plans.map(
      (p) => `${p.name}: ${p.description}${p.deductibleCents > 0 ? ` Franquicia de ${formatMoney(p.deductibleCents)} por siniestro.` : ""}`,
    ),
  );

  pdf.heading("¿Qué no está asegurado?");
  pdf.bullets(texts.notInsured);
  pdf.heading("¿Existen restricciones en lo que respecta a la cobertura?");
  pdf.bullets(texts.restrictions);
  pdf.heading("¿Dónde estoy cubierto?");
  pdf.bullets(texts.where);
  pdf.heading("¿Cuáles son mis obligaciones?");
  pdf.bullets(ipidObligations(data.line));

  // The IPID is per line, not per quote: the whole tariff in words; a quote's own
  // figures are on /results and in the quote's PDF.
  pdf.heading("¿Qué hace variar el precio?");
  pdf.paragraph(
    "El precio de cada plan parte de su prima base anual, que se multiplica por un factor por cada dato del riesgo de la tabla siguiente (prima de riesgo). A ella se suman las garantías opcionales que elija (prima neta) y, sobre la prima neta, el recargo por fraccionamiento, los recargos del Consorcio de Compensación de Seguros y CLEA y el impuesto sobre las primas de seguros (IPS). Al cotizar verá cada paso con sus importes.",
  );
  const tariff = tariffInWords(data.line, data.plans, data.tariffs);
  pdf.paragraph("Prima base anual de cada plan:", { bold: true });
  pdf.bullets(tariff.basePremiums);
  // Helvetica's encoding has no U+2212 (minus sign) of the tariff's labels: a hyphen reads the same.
  const plain = (text: string) => text.replace(/\u2212/g, "-");
  pdf.table(
    [
      { header: "Dato del riesgo", width: 0.34 },
      { header: "Tramo u opción", width: 0.36 },
      { header: "Efecto en el precio", width: 0.3 },
    ],
    tariff.rows.map((r) => [plain(r.factor), plain(r.band), r.effect]),
    { size: 8.5 },
  );
  for (const zone of tariff.zones) {
    pdf.paragraph(`${zone.title}: la zona la da la provincia del código postal.`, { bold: true });
    pdf.bullets(zone.lines);
  }

  pdf.heading("¿Cuándo y cómo tengo que efectuar los pagos?");
  const surcharges = FREQUENCIES.filter((f) => f !== "anual")
    .map((f) => `${f} ${percent(data.fractionationBp[f])}`)
    .join(", ");
  pdf.paragraph(
    `La prima se paga por adelantado con tarjeta o por domiciliación bancaria (SEPA). Puede pagarla en un solo recibo anual o fraccionarla en recibos semestrales, trimestrales o mensuales, con un recargo sobre la prima neta (${surcharges}). El primer recibo se cobra al contratar; los siguientes, en su fecha de vencimiento.`,
  );

  pdf.heading("¿Cuándo comienza y finaliza la cobertura?");
  pdf.paragraph(
    "La cobertura comienza en la fecha de efecto indicada en las condiciones particulares, una vez pagado el primer recibo, y dura un año. Salvo que la póliza diga otra cosa, se renueva cada año. Si un recibo posterior queda sin pagar, la cobertura se suspende un mes después de su vencimiento.",
  );

  pdf.heading("¿Cómo puedo rescindir el contrato?");
  const allowed = ctx.withdrawal.lines.includes(data.line);
  if (allowed) {
    pdf.paragraph(
      `Puede desistir del contrato sin indicar el motivo y sin penalización durante los ${ctx.withdrawal.days} días naturales siguientes a su celebración, desde Mi póliza o escribiendo a ${d.email}.`,
    );
  } else {
    pdf.paragraph(withdrawalText(data.line, false, ctx.withdrawal.days, null, d.email));
  }
  pdf.paragraph(
    "Puede oponerse a la renovación comunicándolo por escrito con al menos un mes de antelación a la fecha de vencimiento; la aseguradora, con dos meses (art. 22 de la Ley de Contrato de Seguro).",
  );
  complaintsSection(pdf, d);
  return pdf.finish(distributorFooter(d));
}

// ─── The policy's particular conditions ──────────────────────────────────────────────

/** The period a recibo covers: its share of its term, or for a suplemento's, from its effective date to the end (calendar.ts reciboPeriods, as the back office). */
function periodOf(policy: PolicyView, r: PolicyView["recibos"][number]): { from: string; to: string } {
  return reciboPeriods(policy).get(r.sequence) ?? { from: r.dueDate, to: r.dueDate };
}

export async function renderConditionsPdf(policy: PolicyView, ctx: DocumentContext): Promise<Buffer> {
  assertOutsideTransaction("Rendering a PDF");
  const d = ctx.distributor;
  const pdf = new Pdf(`Condiciones particulares ${policy.number}`, d.distributorName);
  const version = policy.endorsements.length + 1;
  pdf.title(d.distributorName, "Condiciones particulares", `${policy.lineName} · Póliza n.º ${policy.number} · Versión ${version}`);

  pdf.heading("Datos de la póliza");
  pdf.keyValues([
    ["Número de póliza", policy.number],
    ["Seguro", policy.lineName],
    ["Plan", policy.plan.name],
    ["Estado", POLICY_STATUS_LABELS[policy.status]],
    ["Fecha de contratación", formatInstant(policy.createdAt)],
    ["Fecha de efecto", `${formatIsoDate(policy.startDate)} a las 00:00 h`],
    ["Fecha de vencimiento", `${formatIsoDate(policy.endDate)} a las 00:00 h`],
    ["Forma de pago", frequencyName(policy.frequency)],
    ["Medio de pago", paymentText(policy.payment)],
  ]);

  const h = policy.policyholder;
  pdf.heading("Tomador");
  pdf.keyValues([
    ["Nombre y apellidos", h.name],
    ["NIF/NIE", h.nif ?? "—"],
    ["Fecha de nacimiento", h.birthDate ? formatIsoDate(h.birthDate) : "—"],
    ["Domicilio", [h.address, [h.postalCode, h.city].filter(Boolean).join(" ")].filter(Boolean).join(", ") || "—"],
    ["Teléfono", h.phone ?? "—"],
    ["Correo electrónico", h.email ?? "—"],
  ] as Array<[string, string]>);

  pdf.heading(`Riesgo asegurado: ${riskTitle(policy.line, policy.risk)}`);
  pdf.keyValues(describeRisk(policy.line, policy.risk));

  pdf.heading("Garantías contratadas");
  pdf.table(
    [
      { header: "Garantía", width: 0.5 },
      { header: "Límite", width: 0.3 },
      { header: "Contratación", width: 0.2 },
    ],
    policy.guarantees.map((g) => [
      `${g.name}\n${g.description}`,
      g.limitText ?? "—",
      g.kind === "incluida"
        ? "Incluida en el plan"
        : `Opcional${g.priceCents !== null ? `: ${formatMoney(g.priceCents)}/año` : ""}${g.since ? `\nPor suplemento, desde el ${formatIsoDate(g.since)}` : ""}`,
    ]),
    { size: 8.5 },
  );
  pdf.paragraph(
    policy.plan.deductibleCents > 0
      ? `Franquicia: ${formatMoney(policy.plan.deductibleCents)} por siniestro en daños propios.`
      : "Sin franquicia general.",
  );

  pdf.heading("Prima");
  // The yearly premium of this version: with the guarantees of the suplementos up to it (ADR 023).
  const premium = premiumInForce(policy);
  premiumTable(pdf, premium, policy.frequency);
  if (premium.total !== policy.premium.total) {
    pdf.paragraph(
      `La prima anual incluye a su precio anual las garantías añadidas por suplemento. Los recibos de prima de esta anualidad reparten la prima con la que se emitió (${formatMoney(policy.premium.total)}); cada suplemento se cobra en su propio recibo por los días que quedan hasta el vencimiento.`,
      { muted: true },
    );
  }

  if (policy.endorsements.length) {
    pdf.heading("Suplementos");
    pdf.table(
      [
        { header: "Versión", width: 0.12 },
        { header: "Garantías añadidas", width: 0.4 },
        { header: "Desde", width: 0.16 },
        { header: "Prima neta", width: 0.16, align: "right" },
        { header: "Total", width: 0.16, align: "right" },
      ],
      policy.endorsements.map((e) => [
        String(e.version),
        e.guarantees.map((g) => g.name).join(", "),
        formatIsoDate(e.effectiveDate),
        formatMoney(e.price.net),
        formatMoney(e.price.total),
      ]),
    );
    pdf.paragraph(
      "Cada suplemento se cobra en un solo recibo por los días que quedan hasta el vencimiento (prima neta a prorrata, recargo por fraccionamiento, CLEA e IPS). Las versiones anteriores de estas condiciones siguen disponibles en Mi póliza.",
      { muted: true },
    );
  }

  pdf.heading("Recibos");
  pdf.table(
    [
      { header: "N.º", width: 0.08 },
      { header: "Vencimiento", width: 0.18 },
      { header: "Periodo", width: 0.34 },
      { header: "Importe", width: 0.2, align: "right" },
      { header: "Estado", width: 0.2 },
    ],
    policy.recibos.map((r) => {
      const period = periodOf(policy, r);
      return [
        `${r.sequence}${r.kind === "suplemento" ? " (supl.)" : ""}`,
        formatIsoDate(r.dueDate),
        `${formatIsoDate(period.from)} a ${formatIsoDate(period.to)}`,
        formatMoney(r.amount),
        `${RECIBO_STATUS_LABELS[r.status]}${r.paidAt ? ` el ${formatDay(r.paidAt)}` : ""}`,
      ];
    }),
  );
  if (policy.recibos.length > 1) {
    pdf.paragraph("El primer recibo incluye los recargos del Consorcio de Compensación de Seguros y CLEA y el ajuste de céntimos del reparto.", {
      muted: true,
    });
  }

  pdf.heading("Entidad aseguradora y distribuidor");
  pdf.keyValues([["Entidad aseguradora", insurerText(policy.insurer)], ...distributorRows(d)]);

  pdf.heading("Derecho de desistimiento");
  pdf.paragraph(withdrawalText(policy.line, policy.withdrawal.allowed, ctx.withdrawal.days, policy.withdrawal.until, d.email));

  pdf.heading("Duración y renovación");
  pdf.paragraph(
    "La póliza dura un año desde la fecha de efecto. Salvo que la póliza diga otra cosa, se renueva cada año; puede oponerse a la renovación comunicándolo por escrito con al menos un mes de antelación a la fecha de vencimiento. Si un recibo posterior queda sin pagar, la cobertura se suspende un mes después de su vencimiento.",
  );
  complaintsSection(pdf, d);
  pdf.paragraph(
    "Estas condiciones particulares, junto con las condiciones generales y el documento de información del producto (IPID), forman el contrato de seguro. El tomador declara que los datos facilitados son ciertos.",
    { muted: true },
  );
  return pdf.finish(distributorFooter(d));
}

// ─── A recibo ─────────────────────────────────────────────────────────────────────────

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

// ─── The confirmation of a withdrawal ─────────────────────────────────────────────────

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
