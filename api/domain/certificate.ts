// When a certificate of insurance may be issued (ADR 037). The certificate says the policy covers
// the risk (from its start date: one bought today for tomorrow is certified already, for the ITV or
// the rental agency of that day) and that its premium is paid, so it is issued only when both are
// true: the policy is in force, its term has not ended, and every recibo due on or before today is
// cobrado (a cancelled or refunded one owes nothing; a remitted SEPA one is not paid until the bank
// has kept it). Otherwise the Spanish reason, which the API answers with a 409. Pure.
import { formatIsoDate } from "../contract/format";
import type { PolicyStatus, ReciboStatus } from "../contract/vocabulary";

export type CertificateFacts = {
  status: PolicyStatus;
  startDate: string;
  endDate: string;
  recibos: ReadonlyArray<{ sequence: number; dueDate: string; status: ReciboStatus }>;
};

const OWES_NOTHING: ReadonlySet<ReciboStatus> = new Set(["cobrado", "anulado", "extornado"]);

const NOT_IN_FORCE: Record<Exclude<PolicyStatus, "en_vigor">, string> = {
  pendiente_pago: "La póliza todavía no está en vigor: falta el pago de su primer recibo.",
  suspendida: "La cobertura de la póliza está suspendida por un recibo impagado; cuando se pague y se rehabilite, podrá obtener el certificado.",
  anulada: "La póliza está anulada: ya no cubre el riesgo.",
  vencida: "La póliza ha vencido: ya no cubre el riesgo.",
};

/** Why a certificate cannot be issued today (`today` is Madrid's yyyy-mm-dd), or null when it can. */
export function certificateRefusal(policy: CertificateFacts, today: string): string | null {
  if (policy.status !== "en_vigor") return `No se puede emitir el certificado de seguro. ${NOT_IN_FORCE[policy.status]}`;
  if (today >= policy.endDate) return `No se puede emitir el certificado de seguro. ${NOT_IN_FORCE.vencida}`;
  const unpaid = policy.recibos
    .filter((r) => r.dueDate <= today && !OWES_NOTHING.has(r.status))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.sequence - b.sequence)[0];
  if (unpaid) {
    const state = unpaid.status === "remesado" ? "está enviado al banco y aún no consta como cobrado" : "está pendiente de pago";
    return `No se puede emitir el certificado de seguro: el recibo n.º ${unpaid.sequence}, con vencimiento el ${formatIsoDate(unpaid.dueDate)}, ${state}. El certificado declara que la prima está pagada; podrá obtenerlo cuando se cobre.`;
  }
  return null;
}
