// Refunds owed to customers (extornos), DOMAIN.md "Lifecycles" (cobrado → extornado). Every refund is
// a row of `refunds` with its cause, its recibo and its provider reference: a card charge is
// refunded through the payment provider (its call made outside the transaction, ADR 017, by the
// caller's provider); money collected by SEPA debit or transfer goes back by transfer, which staff
// make and then mark done (/admin/payments/refunds). A cancellation gives back the premium of the
// days after its effective date, recibo by recibo (api/domain/unearned-premium.ts).
import { formatIsoDate, formatMoney } from "../contract/format";
import type { RefundCause } from "../contract/vocabulary";
import { unearnedPremium, type UnearnedPart } from "../domain/unearned-premium";
import { writeAudit } from "../db/audit";
import type { DbOrTx } from "../db/client";
import { recordHistory, updateRecibo, type HistoryActor, type LockedPolicy } from "../db/lifecycle.repo";
import { lastAcceptedPayment } from "../db/lifecycle-reads.repo";
import { insertPayment } from "../db/policy-writes.repo";
import { insertRefund, lockRefund, markRefundDone, refundedOfRecibo } from "../db/refunds.repo";
import type { Recibo, Refund } from "../db/schema";
import { ApiProblem } from "../http";
import type { PaymentProvider } from "./payments";

/** What a refund needs of the lifecycle's change (api/services/lifecycle.ts `Change` is one). */
export type RefundWork = {
  tx: DbOrTx;
  policy: LockedPolicy;
  actor: HistoryActor & { ip?: string | null };
  now: Date;
  payments: Pick<PaymentProvider, "name" | "refund">;
};

export const RECIBO_ALREADY_REFUNDED_MESSAGE = "Este recibo ya se ha devuelto entero";

/** What is left to give back of the recibo: its amount less its earlier refunds (a pro rata extorno is part of it). */
export async function refundableOfRecibo(tx: DbOrTx, recibo: Recibo, key: string): Promise<number> {
  return Math.max(0, recibo.amountCents - (await refundedOfRecibo(tx, recibo.id, key)));
}

/**
 * Gives `cents` of the recibo back, at most what is left of it (earlier partial refunds count):
 * through the provider when it was collected by card (a partial refund of its charge, a
 * `reembolsado` payment row), else owed by transfer (`pendiente`). The key makes a repeated call
 * (the lifecycle's re-run, a double submit) the same refund.
 */
export async function refundRecibo(c: RefundWork, recibo: Recibo, wanted: number, cause: RefundCause, reason: string, key: string): Promise<Refund> {
  const cents = Math.min(wanted, await refundableOfRecibo(c.tx, recibo, key));
  if (cents <= 0) throw new ApiProblem(409, RECIBO_ALREADY_REFUNDED_MESSAGE);
  const paid = await lastAcceptedPayment(c.tx, { reciboId: recibo.id });
  const byCard = paid?.method === "card" && !!paid.providerRef;
  let providerRef: string | null = null;
  if (byCard) {
    const refund = await c.payments.refund({ amountCents: cents, providerRef: paid.providerRef!, idempotencyKey: key });
    if (refund.status !== "accepted")
      throw new ApiProblem(409, `No se ha podido devolver el importe: ${"reason" in refund ? refund.reason : "el cobro ya estaba devuelto"}`);
    providerRef = refund.providerRef;
    await insertPayment(c.tx, {
      policyId: c.policy.id,
      reciboId: recibo.id,
      provider: c.payments.name,
      method: "card",
      methodLabel: paid.methodLabel ?? "",
      amount: cents,
      providerRef,
      at: c.now,
      status: "reembolsado",
    });
  }
  const row = await insertRefund(c.tx, {
    policyId: c.policy.id,
    reciboId: recibo.id,
    amountCents: cents,
    cause,
    reason,
    method: paid?.method ?? c.policy.paymentMethod ?? "sepa",
    status: byCard ? "hecho" : "pendiente",
    providerRef,
    idempotencyKey: key,
    at: c.now,
  });
  await writeAudit(c.tx, {
    ...c.actor,
    action: "refund.created",
    entity: "refund",
    entityId: row.id,
    after: { policyId: c.policy.id, reciboId: recibo.id, amountCents: cents, cause, status: row.status, providerRef },
    at: c.now,
  });
  const how = byCard ? `devuelto a la tarjeta${paid.methodLabel ? ` ${paid.methodLabel}` : ""}` : "pendiente de transferencia";
  await recordHistory(c.tx, {
    ...c.actor,
    policyId: c.policy.id,
    event: "extorno",
    summary: `Extorno de ${formatMoney(cents)} del recibo ${recibo.sequence} (${reason}): ${how}`,
    details: { recibo: recibo.sequence, refundId: row.id, amountCents: cents, cause, status: row.status },
    at: c.now,
  });
  return row;
}

/**
 * A cancellation's refund: the unearned part of every collected recibo of the term (a recibo whose
 * whole period is after the effective date becomes extornado). Answers the parts and their sum.
 */
export async function refundUnearnedPremium(
  c: RefundWork,
  cause: Extract<RefundCause, "desistimiento" | "anulacion">,
  effectiveDate: string,
): Promise<{ cents: number; parts: UnearnedPart[] }> {
  const reason = `prima no consumida desde el ${formatIsoDate(effectiveDate)}`;
  const parts: UnearnedPart[] = [];
  for (const part of unearnedPremium(c.policy, effectiveDate)) {
    const recibo = c.policy.recibos.find((r) => r.id === part.reciboId)!;
    const key = `${cause}-${c.policy.id}-${recibo.id}`;
    // A recibo partly given back before (another extorno) gives back only what is left.
    const cents = Math.min(part.cents, await refundableOfRecibo(c.tx, recibo, key));
    if (cents <= 0) continue;
    parts.push({ ...part, cents });
    await refundRecibo(c, recibo, cents, cause, reason, key);
    if (part.whole) {
      await updateRecibo(c.tx, recibo.id, { status: "extornado" }, c.now);
      recibo.status = "extornado";
    }
  }
  return { cents: parts.reduce((sum, p) => sum + p.cents, 0), parts };
}

/** Staff record the transfer that paid a pending refund; a refund already done is refused (409). */
export async function markRefundPaid(
  db: { transaction: DbOrTx["transaction"] },
  id: number,
  reference: string,
  actor: HistoryActor & { ip?: string | null },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const refund = await lockRefund(tx, id);
    if (!refund) throw new ApiProblem(404, "No existe ese extorno");
    if (refund.status !== "pendiente") throw new ApiProblem(409, "Este extorno ya no está pendiente de transferencia");
    await markRefundDone(tx, id, { reference, byLabel: actor.actorLabel ?? "", at: now });
    await writeAudit(tx, {
      ...actor,
      action: "refund.paid",
      entity: "refund",
      entityId: id,
      before: { status: refund.status },
      after: { status: "hecho", reference },
      at: now,
    });
    await recordHistory(tx, {
      ...actor,
      policyId: refund.policyId,
      event: "extorno",
      summary: `Extorno de ${formatMoney(refund.amountCents)} pagado por transferencia (referencia ${reference})`,
      details: { refundId: id, reference },
      at: now,
    });
  });
}
