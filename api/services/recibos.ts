// A policy's recibos (DOMAIN.md "Lifecycles", art. 15 LCS): staff's and the daily run's changes of
// a recibo — charge it (through the mandate or by transfer), return, cancel or refund it — each a
// change of ./lifecycle.ts checked by the recibo machine of api/domain/lifecycle.ts; a paid recibo
// may end a suspension or put a new policy in force.
import { checkReciboTransition, coverResumesAt, overdueRecibos, type ReciboAction } from "../domain/lifecycle";
import { formatMoment, formatMoney } from "../contract/format";
import type { AuditAction, PolicyEvent } from "../contract/vocabulary";
import { writeAudit } from "../db/audit";
import { recordHistory, updateRecibo } from "../db/lifecycle.repo";
import { insertPayment } from "../db/policy-writes.repo";
import { setItemStatus } from "../db/remittances.repo";
import { reopenFirstDebits } from "../db/sepa-mandates.repo";
import type { Recibo } from "../db/schema";
import { ApiProblem } from "../http";
import { refundRecibo } from "./refunds";
import { currentAttempt, nextAttempt, registerAttempt } from "./charge-attempts";
import {
  policyStateOf,
  reactivate,
  RECIBO_NOT_FOUND_MESSAGE,
  transition,
  withPolicy,
  type Actor,
  type Change,
  type LifecycleDeps,
} from "./lifecycle";

export type ReciboChange =
  | { action: "cobrar"; via: "mandato" }
  | { action: "cobrar"; via: "transferencia"; reference: string }
  | { action: "devolver"; reason: string }
  | { action: "anular"; reason?: string }
  | { action: "extornar" };

export type ReciboOutcome = { status: Recibo["status"]; declined?: string };

/** Staff "Cobrar" on a direct-debit recibo: the remittance collects it, never the card gateway (ADR 033). */
export const SEPA_CHARGE_REFUSED_MESSAGE =
  "Este recibo se cobra por domiciliación bancaria: inclúyalo en una remesa SEPA (Pagos › Remesas) o márquelo como cobrado si lo pagó por transferencia. No se ha cobrado nada.";

export async function changeRecibo(
  deps: LifecycleDeps,
  policyId: number,
  reciboId: number,
  change: ReciboChange,
  actor: Actor,
  now: Date,
): Promise<ReciboOutcome> {
  return withPolicy(deps, policyId, actor, now, (c) => {
    const recibo = c.policy.recibos.find((r) => r.id === reciboId);
    if (!recibo) throw new ApiProblem(404, RECIBO_NOT_FOUND_MESSAGE);
    return applyReciboChange(deps, c, recibo, change);
  });
}

export async function applyReciboChange(deps: LifecycleDeps, c: Change, recibo: Recibo, change: ReciboChange): Promise<ReciboOutcome> {
  const check = checkReciboTransition(recibo.status, change.action as ReciboAction);
  if (!check.ok) throw new ApiProblem(409, check.message);
  const n = recibo.sequence;
  const euros = formatMoney(recibo.amountCents);
  const audit = (action: AuditAction, after: Record<string, unknown>) =>
    writeAudit(c.tx, {
      ...c.actor,
      action,
      entity: "recibo",
      entityId: recibo.id,
      before: { status: recibo.status },
      after: { policyId: c.policy.id, sequence: n, ...after },
      at: c.now,
    });
  const history = (event: PolicyEvent, summary: string, details: Record<string, unknown>) =>
    recordHistory(c.tx, { ...c.actor, policyId: c.policy.id, event, summary, details: { recibo: n, ...details }, at: c.now });

  switch (change.action) {
    case "cobrar": {
      let reference: string;
      if (change.via === "mandato") {
        if (c.policy.paymentMethod === "sepa") throw new ApiProblem(409, SEPA_CHARGE_REFUSED_MESSAGE);
        const attempt = await chargeThroughMandate(deps, c, recibo);
        if (!attempt.ok) return { status: attempt.status, declined: attempt.reason };
        reference = attempt.providerRef;
      } else {
        reference = change.reference;
      }
      await updateRecibo(
        c.tx,
        recibo.id,
        { status: "cobrado", paidAt: c.now, paidReference: change.via === "transferencia" ? reference : null },
        c.now,
      );
      recibo.status = "cobrado";
      const how = change.via === "transferencia" ? `por transferencia (referencia ${reference})` : "por el medio de pago de la póliza";
      await audit(change.via === "transferencia" ? "recibo.paid_by_transfer" : "recibo.charged", { status: "cobrado", via: change.via, reference });
      await history("recibo_cobrado", `Recibo ${n} (${euros}) cobrado ${how}`, { via: change.via, reference });
      await afterPayment(c);
      return { status: "cobrado" };
    }
    case "devolver": {
      // A collected recibo returned (SEPA Core: up to 8 weeks after) is owed again: paid_at goes.
      // Returned by hand before settlement: its debit is no longer open (it may be presented again), and a first debit stays FRST (ADR 033).
      if (recibo.status === "remesado" && recibo.remittanceId !== null) {
        const debit = { remittanceId: recibo.remittanceId, reciboId: recibo.id };
        await setItemStatus(c.tx, debit.remittanceId, debit.reciboId, "devuelto");
        await reopenFirstDebits(c.tx, [debit]);
      }
      await updateRecibo(c.tx, recibo.id, { status: "devuelto", returnReason: change.reason, paidAt: null }, c.now);
      await audit("recibo.returned", { status: "devuelto", reason: change.reason });
      await history("recibo_devuelto", `Recibo ${n} (${euros}) devuelto: ${change.reason}`, { reason: change.reason });
      return { status: "devuelto" };
    }
    case "anular": {
      await updateRecibo(c.tx, recibo.id, { status: "anulado" }, c.now);
      await audit("recibo.cancelled", { status: "anulado", reason: change.reason ?? null });
      await history("recibo_anulado", `Recibo ${n} (${euros}) anulado${change.reason ? `: ${change.reason}` : ""}`, {
        reason: change.reason ?? null,
      });
      return { status: "anulado" };
    }
    case "extornar": {
      const refund = await refundRecibo(c, recibo, recibo.amountCents, "extorno_recibo", "extorno del recibo", `extorno-${recibo.id}`);
      await updateRecibo(c.tx, recibo.id, { status: "extornado" }, c.now);
      // What is left of it: a pro rata extorno may have given part of it back already.
      await audit("recibo.refunded", {
        status: "extornado",
        amount: refund.amountCents,
        viaProvider: refund.status === "hecho",
        refundId: refund.id,
      });
      await history(
        "recibo_extornado",
        `Recibo ${n} extornado: ${formatMoney(refund.amountCents)} ${refund.status === "hecho" ? "devueltos" : "a devolver por transferencia"}`,
        { amount: refund.amountCents, refundId: refund.id },
      );
      return { status: "extornado" };
    }
  }
}

type Attempt = { ok: true; providerRef: string } | { ok: false; status: Recibo["status"]; reason: string };

/**
 * One charge of the recibo through the policy's mandate; a refusal leaves it devuelto with the
 * reason. The provider key is the recibo's charge attempt's (ADR 027), recorded before the call:
 * not the `attempts` column, which a failed transaction rolls back.
 */
async function chargeThroughMandate(deps: LifecycleDeps, c: Change, recibo: Recibo): Promise<Attempt> {
  const p = c.policy;
  const attempt = recibo.attempts + 1;
  const spec = { purpose: "recibo" as const, subject: String(recibo.id), amountCents: recibo.amountCents, policyId: p.id, reciboId: recibo.id };
  let key = c.payments.answeredAttempt(spec) ?? (await currentAttempt(c.tx, spec));
  const charge = () =>
    p.paymentMethod && p.paymentMandate
      ? c.payments.chargeMandateAttempt(spec, key, {
          amountCents: recibo.amountCents,
          method: p.paymentMethod,
          mandate: p.paymentMandate,
          description: `Cotiza: recibo ${recibo.sequence} de la póliza ${p.number}`,
        })
      : Promise.resolve({ status: "declined", reason: "La póliza no tiene medio de pago para cobrar recibos" } as const);
  let result = await charge();
  // A refunded charge is never a payment: the next attempt (n+1, a new key) is charged instead.
  for (let round = 0; result.status === "refunded"; round++) {
    if (round >= 2) throw new Error(`Charge of recibo ${recibo.id}: the provider answered "refunded" again`);
    key = nextAttempt(spec, key);
    result = await charge();
  }
  await updateRecibo(c.tx, recibo.id, { attempts: attempt, lastAttemptAt: c.now }, c.now);
  recibo.attempts = attempt;
  if (result.status === "accepted") {
    await insertPayment(c.tx, {
      policyId: p.id,
      reciboId: recibo.id,
      provider: deps.payments.name,
      method: p.paymentMethod!,
      methodLabel: "",
      amount: recibo.amountCents,
      providerRef: result.providerRef,
      at: c.now,
    });
    await registerAttempt(c.tx, key.providerKey);
    return { ok: true, providerRef: result.providerRef };
  }
  if (recibo.status === "pendiente") {
    await applyReciboChange(deps, c, recibo, { action: "devolver", reason: result.reason });
    recibo.status = "devuelto";
  } else {
    await recordHistory(c.tx, {
      ...c.actor,
      policyId: p.id,
      event: "recibo_devuelto",
      summary: `Nuevo intento de cobro del recibo ${recibo.sequence} rechazado: ${result.reason}`,
      details: { recibo: recibo.sequence, attempt },
      at: c.now,
    });
  }
  return { ok: false, status: recibo.status, reason: result.reason };
}

/** A paid recibo may end a suspension (cover back 24 h later, art. 15) or put a new policy in force. */
export async function afterPayment(c: Change) {
  if (c.policy.status === "suspendida" && overdueRecibos(policyStateOf(c.policy), c.today).length === 0) {
    const resumes = coverResumesAt(c.now);
    await reactivate(c, resumes, `Póliza rehabilitada por el pago: la cobertura se reanuda el ${formatMoment(resumes)}`);
  } else if (c.policy.status === "pendiente_pago" && c.policy.recibos.some((r) => r.sequence === 1 && r.status === "cobrado")) {
    await transition(c, { action: "activar" }, { event: "activada", action: "policy.activated", summary: "Primer recibo cobrado: póliza en vigor" });
  }
}
