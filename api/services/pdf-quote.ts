// The quote as a PDF (the visitor's download and the e-mail's attachment).
// Pdfkit with the standard fonts through ./pdf-layout.ts; the shared sections are in ./pdf-sections.ts.
import type { DocumentContext } from "../db/document-context.repo";
import { describeRisk, riskTitle } from "../domain/product-info";
import { formatMoney } from "../contract/format";
import { FREQUENCIES, QUOTE_STATUS_LABELS, type Line as LineCode, type QuoteStatus } from "../contract/vocabulary";
import { type PricedPlan } from "../domain/rating";
import { assertOutsideTransaction } from "../db/transaction-scope";
import { Pdf } from "./pdf-layout";
import { complaintsSection, distributorFooter, distributorRows, formatInstant, frequencyName } from "./pdf-sections";

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
