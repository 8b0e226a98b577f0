// The line's IPID (documento de información sobre el producto de seguro) as a PDF.
// Pdfkit with the standard fonts through ./pdf-layout.ts; the shared sections are in ./pdf-sections.ts.
import type { DocumentContext } from "../db/document-context.repo";
import { insurerText } from "../domain/insurer";
import { ipidObligations, IPID_TEXTS } from "../domain/product-info";
import { formatMoney } from "../contract/format";
import { FREQUENCIES, type Frequency, type Line as LineCode } from "../contract/vocabulary";
import { type RatingGuarantee, type RatingPlan, type RatingTariff } from "../domain/rating";
import { tariffInWords } from "../domain/tariff-words";
import { assertOutsideTransaction } from "../db/transaction-scope";
import { Pdf } from "./pdf-layout";
import { complaintsSection, distributorFooter, percent, withdrawalText } from "./pdf-sections";

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
