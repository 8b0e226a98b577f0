// "Pagar ahora" (ADR 031): a customer pays a returned or due recibo of their own policy by card.
// 1. A short transaction checks the recibo can be paid and records the charge attempt (purpose
//    pago_cliente, subject recibo-<id>, the next number) before the provider is called, so a
//    crash after the charge leaves a row that says so; the same form key answers its attempt.
// 2. The charge, with no transaction open (ADR 017), under the attempt's key.
// 3. One short transaction: the payment, the recibo cobrado (the machine's `cobrar`), the attempt
//    registrado, history and audit, and afterPayment (a suspension ends, cover back 24 h later).
// A declined card writes nothing but the attempt (402); a write that fails after the charge refunds
// it, and a refunded attempt's key is never used again (the next submit makes the next attempt).
import { PAYMENT_DECLINED_MESSAGE } from "../contract/checkout";
import { formatMoney } from "../contract/format";
import type { PaidRecibo, PayableRecibo, PayReciboBody } from "../contract/pay-now";
import type { DbOrTx } from "../db/client";
import { writeAudit } from "../db/audit";
import { recordHistory, updateRecibo } from "../db/lifecycle.repo";
import { insertNextAttempt, lockSubject, markAttempt, openRecibosOf, payNowAttempts, policyAndRecibo, reciboSubject } from "../db/pay-now.repo";
import { insertPayment } from "../db/policy-writes.repo";
import { payments as paymentRows, type ChargeAttempt, type PolicyStatus } from "../db/schema";
import { assertOutsideTransaction } from "../db/transaction-scope";
import { madridDate } from "../domain/calendar";
import { checkReciboTransition } from "../domain/lifecycle";
import { amountDue, PAY_NOW_MESSAGES, payNowRefusal } from "../domain/pay-now";
import { ApiProblem } from "../http";
import { errorMessage } from "../../platform/logger";
import { RECIBO_NOT_FOUND_MESSAGE, withPolicy, type Actor, type LifecycleDeps } from "./lifecycle";
import { paymentMethodLabel } from "./payments";
import { afterPayment } from "./recibos";
import { and, eq } from "drizzle-orm";

export type PayNowRequest = { policyId: number; sequence: number; body: PayReciboBody; actor: Actor; now: Date };

/** An attempt not finished after this long belongs to a request that is gone (left to reconciliation). */
const IN_FLIGHT_MS = 2 * 60_000;
/** How long an identical submit waits for the attempt in flight before answering "en curso". */
const WAIT_MS = 20_000;
const POLL_MS = 100;

export const AMOUNT_CHANGED_MESSAGE = "El importe del recibo ha cambiado mientras pagaba. No se le ha cobrado nada: vuelva a intentarlo.";
const DECLINED_FIELD = "La tarjeta ha sido rechazada. Pruebe con otra tarjeta.";

export const receiptUrl = (policyId: number, sequence: number) => `/me/policies/${policyId}/recibos/${sequence}/receipt`;

type Claim = { kind: "paid"; attempt: ChargeAttempt } | { kind: "wait" } | { kind: "charge"; attempt: ChargeAttempt; policyNumber: string };

export async function payReciboNow(deps: LifecycleDeps, req: PayNowRequest): Promise<PaidRecibo> {
  assertOutsideTransaction("A payment charge");
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const claim = await claimAttempt(deps, req);
    if (claim.kind === "paid") return paidAnswer(deps, req.policyId, req.sequence, claim.attempt);
    if (claim.kind === "charge") return chargeAndWrite(deps, req, claim.attempt, claim.policyNumber);
    if (Date.now() >= deadline) throw new ApiProblem(409, PAY_NOW_MESSAGES.inProgress);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Step 1: the checks and the attempt, in one short transaction under the subject's lock. */
function claimAttempt(deps: LifecycleDeps, req: PayNowRequest): Promise<Claim> {
  return deps.db.transaction(async (tx): Promise<Claim> => {
    const found = await policyAndRecibo(tx, req.policyId, req.sequence);
    if (!found) throw new ApiProblem(404, RECIBO_NOT_FOUND_MESSAGE);
    const { recibo } = found;
    const subject = reciboSubject(recibo.id);
    await lockSubject(tx, subject);
    const attempts = await payNowAttempts(tx, subject);
    const mine = attempts.find((a) => a.requestKey === req.body.idempotencyKey && a.status === "registrado");
    if (mine) return { kind: "paid", attempt: mine };
    const inFlight = attempts.some(
      (a) => (a.status === "iniciado" || a.status === "capturado") && req.now.getTime() - a.updatedAt.getTime() < IN_FLIGHT_MS,
    );
    if (inFlight) return { kind: "wait" };
    const refusal = payNowRefusal(found.policyStatus, recibo, madridDate(req.now));
    if (refusal) throw new ApiProblem(409, refusal);
    const attempt = await insertNextAttempt(tx, {
      subject,
      policyId: req.policyId,
      reciboId: recibo.id,
      amountCents: amountDue(recibo),
      requestKey: req.body.idempotencyKey,
      at: req.now,
    });
    return { kind: "charge", attempt, policyNumber: found.policyNumber };
  });
}

/** Steps 2 and 3: the charge outside any transaction, then the short write (or the refund). */
async function chargeAndWrite(deps: LifecycleDeps, req: PayNowRequest, attempt: ChargeAttempt, policyNumber: string): Promise<PaidRecibo> {
  const { payments, logger, db } = deps;
  const payment = req.body.payment;
  const result = await payments.charge({
    amountCents: attempt.amountCents,
    payment,
    idempotencyKey: attempt.providerKey,
    description: `Cotiza: recibo ${req.sequence} de la póliza ${policyNumber}`,
  });
  if (result.status === "declined") {
    await markAttempt(db, attempt.id, { status: "rechazado", failureReason: result.reason }, req.now);
    logger.info("pay-now declined", { policyId: req.policyId, sequence: req.sequence, reason: result.reason });
    throw new ApiProblem(402, PAYMENT_DECLINED_MESSAGE, { cardNumber: [DECLINED_FIELD] });
  }
  const providerRef = result.providerRef;
  await markAttempt(db, attempt.id, { status: "capturado", providerRef }, req.now);
  const label = paymentMethodLabel(payment);
  try {
    await withPolicy(deps, req.policyId, req.actor, req.now, async (c) => {
      const recibo = c.policy.recibos.find((r) => r.id === attempt.reciboId);
      if (!recibo) throw new ApiProblem(404, RECIBO_NOT_FOUND_MESSAGE);
      const refusal = payNowRefusal(c.policy.status, recibo, c.today);
      if (refusal) throw new ApiProblem(409, refusal);
      // What was charged must be what is owed: a return fee added meanwhile is refused (and refunded below).
      if (amountDue(recibo) !== attempt.amountCents) throw new ApiProblem(409, AMOUNT_CHANGED_MESSAGE);
      const check = checkReciboTransition(recibo.status, "cobrar");
      if (!check.ok) throw new ApiProblem(409, check.message);
      const before = recibo.status;
      await insertPayment(c.tx, {
        policyId: c.policy.id,
        reciboId: recibo.id,
        provider: payments.name,
        method: "card",
        methodLabel: label,
        amount: attempt.amountCents,
        providerRef,
        at: c.now,
      });
      await updateRecibo(c.tx, recibo.id, { status: "cobrado", paidAt: c.now, paidReference: null }, c.now);
      recibo.status = "cobrado";
      recibo.paidAt = c.now;
      await markAttempt(c.tx, attempt.id, { status: "registrado", providerRef }, c.now);
      const details = { amount: attempt.amountCents, fee: attempt.amountCents - recibo.amountCents, method: label, reference: providerRef };
      await writeAudit(c.tx, {
        ...c.actor,
        action: "recibo.paid_by_customer",
        entity: "recibo",
        entityId: recibo.id,
        before: { status: before },
        after: { status: "cobrado", policyId: c.policy.id, sequence: recibo.sequence, ...details },
        at: c.now,
      });
      await recordHistory(c.tx, {
        ...c.actor,
        policyId: c.policy.id,
        event: "recibo_cobrado",
        summary: `Recibo ${recibo.sequence} (${formatMoney(attempt.amountCents)}) pagado por el cliente con tarjeta ${label}`,
        details: { recibo: recibo.sequence, via: "pago_cliente", ...details },
        at: c.now,
      });
      await afterPayment(c);
    });
  } catch (error) {
    // Charged but not written: the money goes back, and this attempt's key is never used again.
    const refund = await payments
      .refund({ amountCents: attempt.amountCents, providerRef, idempotencyKey: `${attempt.providerKey}:devolucion` })
      .catch((e: unknown) => ({ status: "failed" as const, reason: errorMessage(e) }));
    if (refund.status === "accepted") {
      await markAttempt(db, attempt.id, { status: "reembolsado", failureReason: errorMessage(error) }, req.now).catch(() => undefined);
    }
    logger.warn("pay-now charged but not written: charge refunded", { policyId: req.policyId, providerRef, refund: refund.status });
    throw error;
  }
  return paidAnswer(deps, req.policyId, req.sequence, { ...attempt, providerRef });
}

/** The paid recibo as the customer is told (also the answer to an identical submit). */
async function paidAnswer(deps: LifecycleDeps, policyId: number, sequence: number, attempt: ChargeAttempt): Promise<PaidRecibo> {
  const found = await policyAndRecibo(deps.db, policyId, sequence);
  if (!found) throw new ApiProblem(404, RECIBO_NOT_FOUND_MESSAGE);
  const [row] = await deps.db
    .select({ methodLabel: paymentRows.methodLabel, at: paymentRows.createdAt })
    .from(paymentRows)
    .where(and(eq(paymentRows.reciboId, found.recibo.id), eq(paymentRows.providerRef, attempt.providerRef ?? "")));
  return {
    policyId,
    policyNumber: found.policyNumber,
    sequence,
    amountPaid: attempt.amountCents,
    paidAt: (found.recibo.paidAt ?? row?.at ?? attempt.updatedAt).toISOString(),
    methodLabel: row?.methodLabel ?? "",
    providerRef: attempt.providerRef ?? "",
    policyStatus: found.policyStatus,
    coverResumesAt: found.coverResumesAt ? found.coverResumesAt.toISOString() : null,
    receiptUrl: receiptUrl(policyId, sequence),
  };
}

/** The recibos of the policy its customer may pay now ("Pagar ahora" in Mi póliza). */
export async function payableRecibos(db: DbOrTx, policy: { id: number; status: PolicyStatus }, now: Date): Promise<PayableRecibo[]> {
  const today = madridDate(now);
  return (await openRecibosOf(db, policy.id))
    .filter((r) => payNowRefusal(policy.status, r, today) === null)
    .map((r) => ({
      sequence: r.sequence,
      status: r.status,
      dueDate: r.dueDate,
      amount: r.amountCents,
      returnFee: r.status === "devuelto" ? r.returnFeeCents : 0,
      amountDue: amountDue(r),
      returnReason: r.status === "devuelto" ? r.returnReason : null,
    }));
}
