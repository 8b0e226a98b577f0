// "Pagar ahora" (ADR 031): a customer pays a returned or due recibo of their own policy by card,
// through the one charge-attempt service (ADR 027, purpose pago_cliente, subject recibo-<id>).
// 1. The checks: the recibo can be paid; the same form key already paid it (its answer again); an
//    attempt of the recibo in flight (another submit waits for it).
// 2. chargeOnce, with no transaction open (ADR 017): the attempt is recorded and committed before
//    the provider is called, so a crash after the charge leaves a row the sweep settles.
// 3. One short transaction: the payment, the recibo cobrado (the machine's `cobrar`), the attempt
//    registrado (registerAttempt), history and audit, and afterPayment (a suspension ends, cover
//    back 24 h later).
// A declined card writes nothing but the attempt (402); a write that fails after the charge gives it
// back (refundAttempt), and a refunded attempt's key is never used again (the next submit is n+1).
import { PAYMENT_DECLINED_MESSAGE } from "../contract/checkout";
import { formatIsoDate, formatMoney } from "../contract/format";
import type { PaidRecibo, PayableRecibo, PayReciboBody } from "../contract/pay-now";
import type { DbOrTx } from "../db/client";
import { writeAudit } from "../db/audit";
import { recordHistory, updateRecibo } from "../db/lifecycle.repo";
import { openRecibosOf, policyAndRecibo } from "../db/pay-now.repo";
import { insertPayment } from "../db/policy-writes.repo";
import { payments as paymentRows, type PolicyStatus } from "../db/schema";
import { assertOutsideTransaction } from "../db/transaction-scope";
import { madridDate } from "../domain/calendar";
import { checkReciboTransition } from "../domain/lifecycle";
import { amountDue, PAY_NOW_MESSAGES, payNowRefusal } from "../domain/pay-now";
import { ApiProblem } from "../http";
import { errorMessage } from "../../platform/logger";
import {
  attemptInFlight,
  AttemptNotCaptured,
  chargeOnce,
  refundAttempt,
  registerAttempt,
  registeredAttemptOf,
  type AttemptSpec,
} from "./charge-attempts";
import { queueEmail, RECIBO_NOT_FOUND_MESSAGE, withPolicy, type Actor, type LifecycleDeps } from "./lifecycle";
import { pendingPdf } from "./attachments";
import { DOCUMENT_FILENAMES } from "./documents";
import { clientContact } from "../db/lifecycle-reads.repo";
import { readDistributor } from "../db/catalogue.repo";
import { paymentMethodLabel } from "./payments";
import { afterPayment } from "./recibos";
import { and, eq } from "drizzle-orm";

export type PayNowRequest = { policyId: number; sequence: number; body: PayReciboBody; actor: Actor; now: Date };

/** How long an identical submit waits for the attempt in flight before answering "en curso". */
const WAIT_MS = 20_000;
const POLL_MS = 100;

export const AMOUNT_CHANGED_MESSAGE = "El importe del recibo ha cambiado mientras pagaba. No se le ha cobrado nada: vuelva a intentarlo.";
const DECLINED_FIELD = "La tarjeta ha sido rechazada. Pruebe con otra tarjeta.";

export const receiptUrl = (policyId: number, sequence: number) => `/me/policies/${policyId}/recibos/${sequence}/receipt`;

/** What a paid answer needs of the charge. */
type Paid = { amountCents: number; providerRef: string | null; at: Date };
type Step = { kind: "paid"; paid: Paid } | { kind: "wait" } | { kind: "charge"; spec: AttemptSpec; policyNumber: string };

/** The recibo's charge attempts: one subject per recibo, under the customer's purpose. */
const attemptSpec = (policyId: number, recibo: { id: number }, amountCents: number, requestKey?: string): AttemptSpec => ({
  purpose: "pago_cliente",
  subject: `recibo-${recibo.id}`,
  amountCents,
  policyId,
  reciboId: recibo.id,
  requestKey,
});

export async function payReciboNow(deps: LifecycleDeps, req: PayNowRequest): Promise<PaidRecibo> {
  assertOutsideTransaction("A payment charge");
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const step = await nextStep(deps, req);
    if (step.kind === "paid") return paidAnswer(deps, req.policyId, req.sequence, step.paid);
    if (step.kind === "charge") return chargeAndWrite(deps, req, step.spec, step.policyNumber);
    if (Date.now() >= deadline) throw new ApiProblem(409, PAY_NOW_MESSAGES.inProgress);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Step 1: the checks. Reads only: two submits that pass them together charge the same attempt
 * under the same key (chargeOnce), the provider takes the money once and one of them writes it.
 */
async function nextStep({ db }: LifecycleDeps, req: PayNowRequest): Promise<Step> {
  const found = await policyAndRecibo(db, req.policyId, req.sequence);
  if (!found) throw new ApiProblem(404, RECIBO_NOT_FOUND_MESSAGE);
  const { recibo } = found;
  const spec = attemptSpec(req.policyId, recibo, amountDue(recibo), req.body.idempotencyKey);
  const mine = await registeredAttemptOf(db, spec, req.body.idempotencyKey);
  if (mine) return { kind: "paid", paid: { amountCents: mine.amountCents, providerRef: mine.providerRef, at: mine.updatedAt } };
  if (await attemptInFlight(db, spec)) return { kind: "wait" };
  const refusal = payNowRefusal(found.policyStatus, recibo, madridDate(req.now));
  if (refusal) throw new ApiProblem(409, refusal);
  return { kind: "charge", spec, policyNumber: found.policyNumber };
}

/** Steps 2 and 3: the charge attempt outside any transaction, then the short write (or the refund). */
async function chargeAndWrite(deps: LifecycleDeps, req: PayNowRequest, spec: AttemptSpec, policyNumber: string): Promise<PaidRecibo> {
  const { payments, logger, db } = deps;
  const payment = req.body.payment;
  const { key, result } = await chargeOnce(db, spec, (providerKey) =>
    payments.charge({
      amountCents: spec.amountCents,
      payment,
      idempotencyKey: providerKey,
      description: `Cotiza: recibo ${req.sequence} de la póliza ${policyNumber}`,
    }),
  );
  if (result.status === "declined") {
    logger.info("pay-now declined", { policyId: req.policyId, sequence: req.sequence, reason: result.reason });
    throw new ApiProblem(402, PAYMENT_DECLINED_MESSAGE, { cardNumber: [DECLINED_FIELD] });
  }
  const providerRef = result.providerRef;
  const label = paymentMethodLabel(payment);
  try {
    await withPolicy(deps, req.policyId, req.actor, req.now, async (c) => {
      const recibo = c.policy.recibos.find((r) => r.id === spec.reciboId);
      if (!recibo) throw new ApiProblem(404, RECIBO_NOT_FOUND_MESSAGE);
      const refusal = payNowRefusal(c.policy.status, recibo, c.today);
      if (refusal) throw new ApiProblem(409, refusal);
      // What was charged must be what is owed: a return fee added meanwhile is refused (and refunded below).
      if (amountDue(recibo) !== spec.amountCents) throw new ApiProblem(409, AMOUNT_CHANGED_MESSAGE);
      const check = checkReciboTransition(recibo.status, "cobrar");
      if (!check.ok) throw new ApiProblem(409, check.message);
      const before = recibo.status;
      await insertPayment(c.tx, {
        policyId: c.policy.id,
        reciboId: recibo.id,
        provider: payments.name,
        method: "card",
        methodLabel: label,
        amount: spec.amountCents,
        providerRef,
        at: c.now,
      });
      await updateRecibo(c.tx, recibo.id, { status: "cobrado", paidAt: c.now, paidReference: null }, c.now);
      recibo.status = "cobrado";
      recibo.paidAt = c.now;
      // The payment row records the attempt's charge: registrado now, or nothing is written (the sweep gave the charge back).
      await registerAttempt(c.tx, key.providerKey);
      const details = { amount: spec.amountCents, fee: spec.amountCents - recibo.amountCents, method: label, reference: providerRef };
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
        summary: `Recibo ${recibo.sequence} (${formatMoney(spec.amountCents)}) pagado por el cliente con tarjeta ${label}`,
        details: { recibo: recibo.sequence, via: "pago_cliente", ...details },
        at: c.now,
      });
      await afterPayment(c);
      // The receipt (justificante), e-mailed with the payment (ADR 040); its PDF rendered by the sender.
      const client = await clientContact(c.tx, c.policy.clientId);
      const to = client?.email ?? (c.actor.actorType === "user" ? c.actor.actorLabel : null);
      if (to) {
        const pdf = pendingPdf(DOCUMENT_FILENAMES.receipt(c.policy.number, recibo.sequence), {
          kind: "receipt",
          policyId: c.policy.id,
          sequence: recibo.sequence,
        });
        const values = {
          nombre_tomador: client?.name ?? "",
          numero_poliza: c.policy.number,
          numero_recibo: String(recibo.sequence),
          importe: formatMoney(spec.amountCents),
          fecha: formatIsoDate(c.today),
          fichero_justificante: pdf.filename,
          ...(await distributorContact(c.tx, c.now)),
        };
        const email = { template: "justificante-pago" as const, policyId: c.policy.id, clientId: c.policy.clientId, to, values, attachments: [pdf] };
        await queueEmail(c, email, "payment_receipt");
      }
    });
  } catch (error) {
    // Charged but not written: the money goes back (even when the database went away, ADR 031), and
    // this attempt's key is never used again. A submit beside this one that wrote this same charge keeps it.
    const refund = await refundAttempt(db, payments, key.providerKey, logger).catch((e: unknown) => `failed: ${errorMessage(e)}`);
    if (refund === "registrado") return paidAnswer(deps, req.policyId, req.sequence, { amountCents: spec.amountCents, providerRef, at: req.now });
    logger.warn("pay-now charged but not written: charge refunded", { policyId: req.policyId, providerRef, refund });
    if (error instanceof AttemptNotCaptured) throw new ApiProblem(409, PAY_NOW_MESSAGES.inProgress);
    throw error;
  }
  return paidAnswer(deps, req.policyId, req.sequence, { amountCents: spec.amountCents, providerRef, at: req.now });
}

/** The paid recibo as the customer is told (also the answer to an identical submit). */
async function paidAnswer(deps: LifecycleDeps, policyId: number, sequence: number, paid: Paid): Promise<PaidRecibo> {
  const found = await policyAndRecibo(deps.db, policyId, sequence);
  if (!found) throw new ApiProblem(404, RECIBO_NOT_FOUND_MESSAGE);
  const [row] = await deps.db
    .select({ methodLabel: paymentRows.methodLabel, at: paymentRows.createdAt })
    .from(paymentRows)
    .where(and(eq(paymentRows.reciboId, found.recibo.id), eq(paymentRows.providerRef, paid.providerRef ?? "")));
  return {
    policyId,
    policyNumber: found.policyNumber,
    sequence,
    amountPaid: paid.amountCents,
    paidAt: (found.recibo.paidAt ?? row?.at ?? paid.at).toISOString(),
    methodLabel: row?.methodLabel ?? "",
    providerRef: paid.providerRef ?? "",
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

/** The distributor's address and phone, as the e-mails' placeholders name them. */
async function distributorContact(db: DbOrTx, at: Date) {
  const d = await readDistributor(db, at);
  return { email_distribuidor: d.email, telefono_distribuidor: d.phone };
}
