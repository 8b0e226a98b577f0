// The SEPA direct debit mandate of a policy as a PDF ("Orden de domiciliación de adeudo directo
// SEPA", ADR 029): the creditor, the debtor, the account, the reference, the date and the type
// (recurrent), with the rulebook's authorisation text. The debtor's own copy shows the full IBAN.
import { formatIsoDate } from "../contract/format";
import type { DocumentContext } from "../db/document-context.repo";
import { readDocumentContext } from "../db/document-context.repo";
import { readSepaSettings } from "../db/remittances.repo";
import { activeMandate, mandateForDocument } from "../db/sepa-mandates.repo";
import type { DbOrTx } from "../db/client";
import { assertOutsideTransaction } from "../db/transaction-scope";
import type { SepaCreditor } from "../domain/catalogue";
import { ApiProblem } from "../http";
import { Pdf } from "./pdf-layout";
import { distributorFooter } from "./pdf-sections";
import type { RenderedDocument } from "./documents";
import { readTogether } from "../db/reads-together";

export const MANDATE_NOT_FOUND_MESSAGE = "Esta póliza no tiene mandato de domiciliación SEPA";

export type MandateFacts = {
  reference: string;
  signedOn: string;
  debtorName: string;
  nif: string;
  address: string;
  iban: string;
  policyNumber: string;
  status: string;
};

const groupIban = (iban: string) => iban.replace(/(.{4})/g, "$1 ").trim();

export async function renderMandatePdf(m: MandateFacts, creditor: SepaCreditor, ctx: DocumentContext): Promise<Buffer> {
  assertOutsideTransaction("Rendering a PDF");
  const d = ctx.distributor;
  const pdf = new Pdf(`Orden de domiciliación ${m.reference}`, d.distributorName);
  pdf.title(d.distributorName, "Orden de domiciliación de adeudo directo SEPA", `Póliza n.º ${m.policyNumber}`);
  pdf.keyValues([
    ["Referencia de la orden de domiciliación", m.reference],
    ["Tipo de pago", "Recurrente"],
    ["Fecha de firma", formatIsoDate(m.signedOn)],
    ...(m.status === "activo" ? [] : [["Estado", "Sustituida por una orden posterior"] as const]),
  ]);
  pdf.heading("Acreedor");
  pdf.keyValues([
    ["Nombre", creditor.name],
    ["Identificador de acreedor", creditor.creditorId],
    ["Dirección", d.address],
  ]);
  pdf.heading("Deudor");
  pdf.keyValues([
    ["Titular de la cuenta", m.debtorName],
    ["NIF/NIE", m.nif],
    ["Dirección", m.address],
    ["Número de cuenta (IBAN)", groupIban(m.iban)],
  ]);
  pdf.paragraph(
    `Mediante la firma de esta orden de domiciliación, el deudor autoriza (A) al acreedor a enviar instrucciones a la entidad del deudor para adeudar su cuenta y (B) a la entidad para efectuar los adeudos en su cuenta siguiendo las instrucciones del acreedor, por los recibos de la póliza ${m.policyNumber}. Como parte de sus derechos, el deudor está legitimado al reembolso por su entidad en los términos y condiciones del contrato suscrito con la misma. La solicitud de reembolso deberá efectuarse dentro de las ocho semanas que siguen a la fecha de adeudo en cuenta. Puede obtener información adicional sobre sus derechos en su entidad financiera.`,
  );
  pdf.paragraph("Aceptada en la contratación de la póliza (o en el cambio de cuenta), con la fecha de firma indicada.", { muted: true });
  return pdf.finish(distributorFooter(d));
}

/** The policy's mandate (the active one, or the one given) as its PDF; 404 when there is none. */
export async function mandateDocument(db: DbOrTx, policyId: number, mandateId?: number): Promise<RenderedDocument> {
  const id = mandateId ?? (await activeMandate(db, policyId))?.id;
  const row = id === undefined ? null : await mandateForDocument(db, policyId, id);
  if (!row) throw new ApiProblem(404, MANDATE_NOT_FOUND_MESSAGE);
  const [{ creditor }, ctx] = await readTogether(
    db,
    () => readSepaSettings(db, row.mandate.signedOn),
    () => readDocumentContext(db, row.mandate.signedOn),
  );
  if (!creditor) throw new ApiProblem(404, MANDATE_NOT_FOUND_MESSAGE);
  const m = row.mandate;
  const content = await renderMandatePdf(
    {
      reference: m.reference,
      signedOn: m.signedOn,
      debtorName: m.debtorName,
      nif: row.nif ?? "",
      address: [row.address, row.postalCode, row.city].filter(Boolean).join(", "),
      iban: m.iban,
      policyNumber: row.policyNumber,
      status: m.status,
    },
    creditor,
    ctx,
  );
  return { filename: `mandato-sepa-${m.reference}.pdf`, content };
}
