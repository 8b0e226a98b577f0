// The customer's e-mail when the bank returns one of their recibos (ADR 030): which recibo, what it
// costs now (the amount and the bank's fee passed on, if any), why the bank returned it, and where
// to pay it. A pure function of what the import wrote.
import type { SiteInfo } from "../contract/site";
import { formatIsoDate, formatMoney } from "../contract/format";
import type { TemplateEmail } from "./mail";

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

export function returnNotice(f: ReturnNoticeFacts, d: SiteInfo, publicBaseUrl?: string): TemplateEmail {
  const total = f.amountCents + f.feeCents;
  const link = f.hasAccount && publicBaseUrl ? new URL(`/mi-poliza/${f.policyId}`, publicBaseUrl).toString() : null;
  return {
    template: "recibo-devuelto",
    policyId: f.policyId,
    to: f.to,
    values: {
      nombre_tomador: f.policyholderName,
      numero_poliza: f.policyNumber,
      numero_recibo: String(f.sequence),
      fecha: formatIsoDate(f.dueDate),
      importe: formatMoney(f.amountCents),
      motivo: `${f.reason} (código ${f.code})`,
      detalle: [
        f.feeCents > 0
          ? `El recibo vuelve a estar pendiente de pago. A su importe se suman ${formatMoney(f.feeCents)} de gastos de devolución: en total, ${formatMoney(total)}.`
          : `El recibo vuelve a estar pendiente de pago: ${formatMoney(total)}.`,
        "",
        link
          ? `Puede pagarlo ahora en Mi póliza: ${link}`
          : `Para pagarlo, escríbanos a ${d.email} o llámenos al ${d.phone} y le indicaremos cómo hacerlo.`,
      ].join("\n"),
      email_distribuidor: d.email,
      telefono_distribuidor: d.phone,
    },
  };
}
