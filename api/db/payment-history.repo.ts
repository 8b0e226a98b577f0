// The history of one recibo (/admin/payments/{id}, ADR 028): every charge attempt, payment,
// return, refund and remittance it was in, and the policy's events about it, each with who and
// when, newest first. Each source is read through its recibo_id (or policy_id) index.
import { and, desc, eq, sql } from "drizzle-orm";
import type { PaymentHistoryEntry } from "../contract/admin-payments";
import { formatMoney } from "../contract/format";
import { PAYMENT_METHOD_LABELS, POLICY_EVENTS, type ActorType, type PaymentMethod } from "../contract/vocabulary";
import type { DbOrTx } from "./client";
import { chargeAttempts, payments, policyHistory, reciboReturns, refunds, remittanceItems, remittances, returnImports } from "./schema";
import { readTogether } from "./reads-together";

const ATTEMPT_STATUS: Record<string, string> = {
  iniciado: "iniciado",
  capturado: "cobrado en la pasarela",
  registrado: "cobrado",
  reembolsado: "reembolsado",
  rechazado: "rechazado",
};
const nobody = { type: null, label: null };
const iso = (d: Date) => d.toISOString();

export async function reciboHistory(db: DbOrTx, recibo: { id: number; policyId: number; sequence: number }): Promise<PaymentHistoryEntry[]> {
  const [attempts, paid, returned, refunded, remitted, events] = await readTogether(
    db,
    () => db.select().from(chargeAttempts).where(eq(chargeAttempts.reciboId, recibo.id)),
    () => db.select().from(payments).where(eq(payments.reciboId, recibo.id)),
    () =>
      db
        .select({ r: reciboReturns, by: returnImports.createdByLabel, file: returnImports.fileName })
        .from(reciboReturns)
        .leftJoin(returnImports, eq(returnImports.id, reciboReturns.importId))
        .where(eq(reciboReturns.reciboId, recibo.id)),
    () => db.select().from(refunds).where(eq(refunds.reciboId, recibo.id)),
    () =>
      db
        .select({ item: remittanceItems, remittance: remittances })
        .from(remittanceItems)
        .innerJoin(remittances, eq(remittances.id, remittanceItems.remittanceId))
        .where(eq(remittanceItems.reciboId, recibo.id)),
    () =>
      db
        .select()
        .from(policyHistory)
        // details.recibo is the recibo's sequence in its policy (api/services/recibos.ts).
        .where(and(eq(policyHistory.policyId, recibo.policyId), sql`${policyHistory.details}->>'recibo' = ${String(recibo.sequence)}`))
        .orderBy(desc(policyHistory.at), desc(policyHistory.id)),
  );

  const entries: PaymentHistoryEntry[] = [
    ...attempts.map((a) => ({
      key: `intento-${a.id}`,
      kind: "intento" as const,
      at: iso(a.createdAt),
      summary: `Intento de cobro ${a.attempt}: ${ATTEMPT_STATUS[a.status] ?? a.status}${a.failureReason ? ` (${a.failureReason})` : ""}`,
      status: a.status,
      amountCents: a.amountCents,
      actor: nobody,
    })),
    ...paid.map((p) => ({
      key: `cobro-${p.id}`,
      kind: "cobro" as const,
      at: iso(p.createdAt),
      summary: `Cobro de ${formatMoney(p.amountCents)} por ${PAYMENT_METHOD_LABELS[p.method as PaymentMethod].toLowerCase()}${p.providerRef ? ` (ref. ${p.providerRef})` : ""}${p.failureReason ? `: ${p.failureReason}` : ""}`,
      status: p.status,
      amountCents: p.amountCents,
      actor: nobody,
    })),
    ...returned.map(({ r, by, file }) => ({
      key: `devolucion-${r.id}`,
      kind: "devolucion" as const,
      at: iso(r.createdAt),
      summary: `Devolución ${r.code}: ${r.reason}${r.feeCents ? ` (comisión ${formatMoney(r.feeCents)})` : ""}${file ? ` · fichero ${file}` : ""}`,
      status: null,
      amountCents: null,
      actor: by ? { type: "admin" as ActorType, label: by } : nobody,
    })),
    ...refunded.map((r) => ({
      key: `extorno-${r.id}`,
      kind: "extorno" as const,
      at: iso(r.doneAt ?? r.createdAt),
      summary: `Extorno de ${formatMoney(r.amountCents)}: ${r.reason}`,
      status: r.status,
      amountCents: r.amountCents,
      actor: r.doneByLabel ? { type: "admin" as ActorType, label: r.doneByLabel } : nobody,
    })),
    ...remitted.map(({ item, remittance }) => ({
      key: `remesa-${remittance.id}`,
      kind: "remesa" as const,
      at: iso(remittance.createdAt),
      summary: `Incluido en la remesa ${remittance.messageId} (cargo el ${remittance.collectionDate.split("-").reverse().join("/")}, ${item.sequenceType})`,
      status: item.status,
      amountCents: item.amountCents,
      actor: remittance.createdByLabel ? { type: "admin" as ActorType, label: remittance.createdByLabel } : nobody,
    })),
    ...events.map((e) => ({
      key: `evento-${e.id}`,
      kind: "evento" as const,
      at: iso(e.at),
      summary: `${POLICY_EVENTS[e.event as keyof typeof POLICY_EVENTS] ?? e.event}: ${e.summary}`,
      status: null,
      amountCents: null,
      actor: { type: e.actorType, label: e.actorLabel },
    })),
  ];
  // Newest first; at the same instant, the order above reversed (the event after what caused it).
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e.at === b.e.at ? b.i - a.i : a.e.at < b.e.at ? 1 : -1))
    .map(({ e }) => e);
}
