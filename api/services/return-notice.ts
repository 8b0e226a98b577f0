// The customer's e-mail when the bank returns one of their recibos (ADR 030): which recibo, what it
// costs now (the amount and the bank's fee passed on, if any), why the bank returned it, and where
// to pay it. A pure function of what the import wrote.
import type { SiteInfo } from "../contract/site";
import { formatIsoDate, formatMoney } from "../contract/format";
import type { OutgoingEmail } from "./mail";

export type ReturnNoticeFacts = {
  to: string;
  policyholderName: string;
  policyId: number;
  policyNumber: string;
  sequence: number;
  dueDate: string;
  amountCents: number;
  feeCents: number;
  code: string;
  reason: string;
  /** The customer has an account: Mi póliza is where they pay it. */
  hasAccount: boolean;
};

export function returnNotice(f: ReturnNoticeFacts, d: SiteInfo, publicBaseUrl?: string): OutgoingEmail {
  const total = f.amountCents + f.feeCents;
  const link = f.hasAccount && publicBaseUrl ? new URL(`/mi-poliza/${f.policyId}`, publicBaseUrl).toString() : null;
  const lines = [
    `Hola, ${f.policyholderName}:`,
    "",
    `Su banco nos ha devuelto el recibo n.º ${f.sequence} de su póliza ${f.policyNumber}, con vencimiento el ${formatIsoDate(f.dueDate)}, por ${formatMoney(f.amountCents)}.`,
    "",
    `Motivo que indica el banco: ${f.reason} (código ${f.code}).`,
    "",
    f.feeCents > 0
      ? `El recibo vuelve a estar pendiente de pago. A su importe se suman ${formatMoney(f.feeCents)} de gastos de devolución: en total, ${formatMoney(total)}.`
      : `El recibo vuelve a estar pendiente de pago: ${formatMoney(total)}.`,
    "",
    link
      ? `Puede pagarlo ahora en Mi póliza: ${link}`
      : `Para pagarlo, escríbanos a ${d.email} o llámenos al ${d.phone} y le indicaremos cómo hacerlo.`,
    "",
    "Si no se paga, la cobertura de la póliza puede quedar suspendida un mes después del vencimiento del recibo (art. 15 de la Ley de Contrato de Seguro).",
    "",
    `Si cree que se trata de un error o tiene cualquier duda, escríbanos a ${d.email} o llámenos al ${d.phone}.`,
  ];
  return { template: "recibo-devuelto", to: f.to, subject: `Recibo devuelto: su póliza ${f.policyNumber}`, text: lines.join("\n") };
}
