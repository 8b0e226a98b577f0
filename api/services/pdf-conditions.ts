// The policy's particular conditions as a PDF, in the version of each suplemento.
// Pdfkit with the standard fonts through ./pdf-layout.ts; the shared sections are in ./pdf-sections.ts.
import type { PolicyView } from "../db/policies.repo";
import type { DocumentContext } from "../db/document-context.repo";
import { insurerText } from "../domain/insurer";
import { describeRisk, riskTitle } from "../domain/product-info";
import { formatIsoDate, formatMoney } from "../contract/format";
import { POLICY_STATUS_LABELS, RECIBO_STATUS_LABELS } from "../contract/vocabulary";
import { premiumInForce } from "../domain/endorsement-price";
import { assertOutsideTransaction } from "../db/transaction-scope";
import { Pdf } from "./pdf-layout";
import {
  complaintsSection,
  distributorFooter,
  distributorRows,
  formatDay,
  formatInstant,
  frequencyName,
  paymentText,
  periodOf,
  premiumTable,
  withdrawalText,
} from "./pdf-sections";

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
