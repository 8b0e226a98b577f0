// The policy lifecycle (DOMAIN.md "Lifecycles", LCS arts. 15 and 22): staff transitions of a
// policy and of its recibos, the customer's own actions and the renewal; the daily run that moves
// policies by themselves is in ./daily-run.ts and the renewal in ./renewal.ts; both use these same changes.
// Every change locks the policy row, checks the state machine of api/domain/lifecycle.ts (a
// refusal is a 409 with its Spanish message) and writes the change, its history entry and its
// audit row in one transaction; payment provider calls are made outside it (withPolicy, ADR 017).
import { madridDate } from "../domain/calendar";
import {
  checkPolicyTransition,
  checkReciboTransition,
  coverResumesAt,
  overdueRecibos,
  renewalStopDeadline,
  type PolicyState,
  type PolicyTransitionInput,
  type ReciboAction,
} from "../domain/lifecycle";
import { formatIsoDate, formatMoment, formatMoney } from "../contract/format";
import {
  CANCELLATION_REASON_LABELS,
  LINE_NAMES,
  RENEWAL_STOPPER_LABELS,
  type AuditAction,
  type CancellationReason,
  type PolicyEvent,
  type RenewalStopper,
} from "../contract/vocabulary";
import { ENDORSEMENT_NEEDED_MESSAGE, type UpdatePolicyBody } from "../contract/admin-policies";
import type { PolicyLifecycle } from "../contract/policies";
import { insuredObjectErrors, insuredObjectRisk } from "../domain/insured-object";
import { maskIban, normalizeIban } from "../domain/iban";
import { writeAudit } from "../db/audit";
import type { Database, DbOrTx } from "../db/client";
import { insertNote, lockPolicy, recordHistory, updatePolicy, updateRecibo, type HistoryActor, type LockedPolicy } from "../db/lifecycle.repo";
import { loadPolicyViews } from "../db/policies.repo";
import { insertPayment } from "../db/policy-writes.repo";
import { readDocumentContext, readWithdrawalRules } from "../db/document-context.repo";
import { clients, payments as paymentsTable, policies, recibos, type Policy, type Recibo } from "../db/schema";
import { ApiProblem } from "../http";
import { completeAttachments, pendingPdf } from "./attachments";
import { DOCUMENT_FILENAMES } from "./documents";
import { withProviderCallsOutside } from "./provider-outside";
import { enqueueEmail, type OutgoingEmail } from "./mail";
import type { PaymentProvider } from "./payments";
import { cancellationNotice, notifyPolicyholder, suspensionNotice } from "./policy-notices";
import { errorMessage, type Logger } from "../../platform/logger";
import { and, asc, desc, eq, sql } from "drizzle-orm";

export const POLICY_NOT_FOUND_MESSAGE = "No existe esa póliza";
export const RECIBO_NOT_FOUND_MESSAGE = "No existe ese recibo en esta póliza";

/** `publicBaseUrl`: the site's address, for the links in the notices to the policyholder. */
export type LifecycleDeps = { db: Database; payments: PaymentProvider; logger: Logger; publicBaseUrl?: string };
export type Actor = HistoryActor & { ip?: string | null };
export const SYSTEM_ACTOR: Actor = { actorType: "system", actorId: null, actorLabel: "Proceso diario", ip: null };

/** `payments`: the provider for this transaction; its calls are made outside it (withProviderCallsOutside, ADR 017). */
export type Change = { tx: DbOrTx; policy: LockedPolicy; actor: Actor; now: Date; today: string; payments: PaymentProvider };

/** What the machine's guards look at, from the policy row and its recibos. */
export const policyStateOf = (p: LockedPolicy): PolicyState => ({
  status: p.status,
  line: p.lineCode,
  startDate: p.startDate,
  endDate: p.endDate,
  contractedOn: madridDate(p.createdAt),
  renewalStoppedBy: (p.renewalStoppedBy as RenewalStopper | null) ?? null,
  recibos: p.recibos,
});

/**
 * Runs `work` on the locked policy in one transaction; 404 when there is no such policy. A
 * payment provider call the work makes (c.payments) is made outside the transaction: the work
 * runs again with its answer (api/services/provider-outside.ts).
 */
export async function withPolicy<T>(deps: LifecycleDeps, policyId: number, actor: Actor, now: Date, work: (c: Change) => Promise<T>): Promise<T> {
  const isRecorded = async (providerRef: string) =>
    (await deps.db.select({ id: paymentsTable.id }).from(paymentsTable).where(eq(paymentsTable.providerRef, providerRef)).limit(1)).length > 0;
  return withProviderCallsOutside(deps.payments, deps.logger, isRecorded, (payments) =>
    deps.db.transaction(async (tx) => {
      const policy = await lockPolicy(tx, policyId);
      if (!policy) throw new ApiProblem(404, POLICY_NOT_FOUND_MESSAGE);
      return work({ tx, policy, actor, now, today: madridDate(now), payments });
    }),
  );
}

type Effect = {
  event: PolicyEvent;
  action: AuditAction;
  summary: string;
  patch?: Partial<Policy>;
  details?: Record<string, unknown>;
};

/** Checks the machine and writes the transition, its history entry and its audit row. */
export async function transition(c: Change, input: PolicyTransitionInput, effect: Effect): Promise<void> {
  const withdrawal = input.action === "anular" ? await readWithdrawalRules(c.tx) : { days: 0, lines: [] };
  const outcome = checkPolicyTransition(policyStateOf(c.policy), input, { today: c.today, withdrawal });
  if (!outcome.ok) throw new ApiProblem(409, outcome.message);
  const patch = { ...effect.patch, status: outcome.to };
  await updatePolicy(c.tx, c.policy.id, patch, c.now);
  await record(c, effect, outcome.from, outcome.to);
  Object.assign(c.policy, patch);
}

export async function record(c: Change, effect: Omit<Effect, "patch">, fromStatus: Policy["status"] | null, toStatus: Policy["status"] | null) {
  await recordHistory(c.tx, {
    ...c.actor,
    policyId: c.policy.id,
    event: effect.event,
    summary: effect.summary,
    fromStatus,
    toStatus,
    details: effect.details,
    at: c.now,
  });
  await writeAudit(c.tx, {
    ...c.actor,
    action: effect.action,
    entity: "policy",
    entityId: c.policy.id,
    before: fromStatus === toStatus ? undefined : { status: fromStatus },
    after: { status: toStatus, ...effect.details },
    at: c.now,
  });
}

// ─── Staff actions on a policy ──────────────────────────────────────────────────────────────

/** Staff suspend the cover; the policyholder is told by e-mail why and how to lift it. */
export async function suspendPolicy(deps: LifecycleDeps, policyId: number, reason: string, actor: Actor, now: Date) {
  await withPolicy(deps, policyId, actor, now, (c) => suspendAndNotify(deps, c, reason));
}

/** Suspends the locked policy and tells the policyholder (staff's suspension and the daily run's, art. 15). */
export async function suspendAndNotify(deps: LifecycleDeps, c: Change, reason: string) {
  await suspend(c, reason);
  const openRecibos = c.policy.recibos.filter((r) => r.status === "pendiente" || r.status === "devuelto");
  await notifyPolicyholder(
    c.tx,
    { policyId: c.policy.id, kind: "suspension", actor: c.actor, now: c.now, publicBaseUrl: deps.publicBaseUrl },
    (view, to, ctx) => suspensionNotice(view, to, { reason, at: c.now, today: c.today, openRecibos }, ctx),
  );
}

async function suspend(c: Change, reason: string) {
  await transition(
    c,
    { action: "suspender" },
    {
      event: "suspendida",
      action: "policy.suspended",
      summary: `Cobertura suspendida: ${reason}`,
      patch: { suspendedAt: c.now, coverResumesAt: null },
      details: { reason },
    },
  );
}

export async function reactivatePolicy(deps: LifecycleDeps, policyId: number, actor: Actor, now: Date) {
  await withPolicy(deps, policyId, actor, now, (c) => reactivate(c, c.now, "Póliza rehabilitada"));
}

/** Back in force; cover resumes at `resumesAt` (24 h after the payment that ended the suspension). */
async function reactivate(c: Change, resumesAt: Date, summary: string) {
  await transition(
    c,
    { action: "rehabilitar" },
    {
      event: "rehabilitada",
      action: "policy.reactivated",
      summary,
      patch: { suspendedAt: null, coverResumesAt: resumesAt },
      details: { coverResumesAt: resumesAt.toISOString() },
    },
  );
}

export type CancelInput = { reason: CancellationReason; effectiveDate: string; note?: string };

/** Staff cancel the policy; the policyholder is told by e-mail from when, why and what follows. */
export async function cancelPolicy(deps: LifecycleDeps, policyId: number, input: CancelInput, actor: Actor, now: Date) {
  await withPolicy(deps, policyId, actor, now, (c) => cancelAndNotify(deps, c, input));
}

/** Cancels the locked policy and tells the policyholder (staff's cancellation and the daily run's extinction, art. 15). */
export async function cancelAndNotify(deps: LifecycleDeps, c: Change, input: CancelInput) {
  const annulledRecibos = c.policy.recibos.filter((r) => r.status === "pendiente" || r.status === "devuelto");
  const refundCents = await cancel(deps, c, input);
  await notifyPolicyholder(
    c.tx,
    { policyId: c.policy.id, kind: "cancellation", actor: c.actor, now: c.now, publicBaseUrl: deps.publicBaseUrl },
    (view, to, ctx) =>
      cancellationNotice(view, to, { reason: input.reason, effectiveDate: input.effectiveDate, today: c.today, annulledRecibos, refundCents }, ctx),
  );
}

/** Cancels the locked policy and its open recibos; a withdrawal refunds the days not covered. Answers the refund, in cents. */
async function cancel(deps: LifecycleDeps, c: Change, input: CancelInput): Promise<number> {
  const open = c.policy.recibos.filter((r) => r.status === "pendiente" || r.status === "devuelto");
  const refundCents = input.reason === "desistimiento" ? withdrawalRefund(c.policy, input.effectiveDate) : 0;
  const note = input.note?.trim();
  await transition(
    c,
    { action: "anular", reason: input.reason, effectiveDate: input.effectiveDate },
    {
      event: "anulada",
      action: "policy.cancelled",
      summary: `Póliza anulada (${CANCELLATION_REASON_LABELS[input.reason].toLowerCase()}) con efecto ${formatIsoDate(input.effectiveDate)}${note ? `: ${note}` : ""}`,
      patch: { cancellationReason: input.reason, cancelledAt: c.now, cancellationEffectiveDate: input.effectiveDate, renewalOffer: null },
      details: {
        reason: input.reason,
        effectiveDate: input.effectiveDate,
        ...(note ? { note } : {}),
        annulledRecibos: open.map((r) => r.sequence),
        refundCents,
      },
    },
  );
  for (const r of open) await updateRecibo(c.tx, r.id, { status: "anulado" }, c.now);
  if (refundCents > 0) await refundLastPayment(deps, c, refundCents, `desistimiento-${c.policy.id}`);
  return refundCents;
}

/**
 * Desistimiento: the premium of the days not covered goes back (Ley 22/2007): what was paid of
 * this term, pro rata of the days from the effective date (or the start, if later) to the end.
 */
function withdrawalRefund(p: LockedPolicy, effectiveDate: string): number {
  const paid = p.recibos.filter((r) => r.term === p.term && r.status === "cobrado").reduce((s, r) => s + r.amountCents, 0);
  const from = effectiveDate > p.startDate ? effectiveDate : p.startDate;
  const total = daysBetweenIso(p.startDate, p.endDate);
  const left = Math.max(0, daysBetweenIso(from, p.endDate));
  return Math.round((paid * left) / total);
}

const daysBetweenIso = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

async function refundLastPayment(deps: LifecycleDeps, c: Change, amountCents: number, key: string) {
  const [last] = await c.tx
    .select()
    .from(paymentsTable)
    .where(and(eq(paymentsTable.policyId, c.policy.id), eq(paymentsTable.status, "aceptado")))
    .orderBy(desc(paymentsTable.id))
    .limit(1);
  if (!last?.providerRef) return;
  const refund = await c.payments.refund({ amountCents, providerRef: last.providerRef, idempotencyKey: key });
  if (refund.status !== "accepted") throw new ApiProblem(409, `No se ha podido devolver el importe: ${refund.reason}`);
  await insertPayment(c.tx, {
    policyId: c.policy.id,
    reciboId: last.reciboId,
    provider: deps.payments.name,
    method: last.method,
    methodLabel: last.methodLabel ?? "",
    amount: amountCents,
    providerRef: refund.providerRef,
    at: c.now,
    status: "reembolsado",
  });
}

export async function stopRenewal(deps: LifecycleDeps, policyId: number, by: RenewalStopper, actor: Actor, now: Date) {
  await withPolicy(deps, policyId, actor, now, (c) => stop(c, by));
}

async function stop(c: Change, by: RenewalStopper) {
  await transition(
    c,
    { action: "detener_renovacion", by },
    {
      event: "renovacion_detenida",
      action: "policy.renewal_stopped",
      summary: `${RENEWAL_STOPPER_LABELS[by]} se opone a la prórroga: la póliza vencerá el ${formatIsoDate(c.policy.endDate)}`,
      patch: { renewalStoppedAt: c.now, renewalStoppedBy: by, renewalOffer: null },
      details: { by },
    },
  );
}

// ─── The customer's own actions (Mi póliza) ────────────────────────────────────────────────

export type CustomerDeps = LifecycleDeps;

/**
 * What the customer may do with the policy today and what has been done, judged by the same
 * machine that judges the actions (GET /me/policies/{id}): the withdrawal (with what it would
 * refund) and the opposition to the renewal, each with the machine's refusal when not possible.
 */
export async function customerLifecycle(db: DbOrTx, policyId: number, now: Date): Promise<PolicyLifecycle> {
  const [row] = await db.select().from(policies).where(eq(policies.id, policyId));
  if (!row) throw new ApiProblem(404, POLICY_NOT_FOUND_MESSAGE);
  const policy: LockedPolicy = {
    ...row,
    recibos: await db.select().from(recibos).where(eq(recibos.policyId, policyId)).orderBy(asc(recibos.sequence)),
  };
  const today = madridDate(now);
  const state = policyStateOf(policy);
  const withdrawal = checkPolicyTransition(
    state,
    { action: "anular", reason: "desistimiento", effectiveDate: today },
    { today, withdrawal: await readWithdrawalRules(db) },
  );
  const renewal = checkPolicyTransition(state, { action: "detener_renovacion", by: "cliente" }, { today, withdrawal: { days: 0, lines: [] } });
  const [refunded] = await db
    .select({ cents: sql<string | null>`sum(${paymentsTable.amountCents})` })
    .from(paymentsTable)
    .where(and(eq(paymentsTable.policyId, policyId), eq(paymentsTable.status, "reembolsado")));
  return {
    withdrawal: {
      possible: withdrawal.ok,
      refusal: withdrawal.ok ? null : withdrawal.message,
      refundCents: withdrawal.ok ? withdrawalRefund(policy, today) : null,
    },
    renewal: {
      stopped:
        row.renewalStoppedBy && row.renewalStoppedAt ? { by: row.renewalStoppedBy as RenewalStopper, at: row.renewalStoppedAt.toISOString() } : null,
      stopUntil: renewalStopDeadline(row.endDate, "cliente"),
      possible: renewal.ok,
      refusal: renewal.ok ? null : renewal.message,
    },
    cancellation:
      row.status === "anulada" && row.cancellationReason && row.cancellationEffectiveDate && row.cancelledAt
        ? {
            reason: row.cancellationReason as CancellationReason,
            effectiveDate: row.cancellationEffectiveDate,
            at: row.cancelledAt.toISOString(),
            refundedCents: Number(refunded?.cents ?? 0),
          }
        : null,
  };
}

/**
 * Desistimiento by the customer (Ley 22/2007, from Mi póliza): the staff cancellation with reason
 * desistimiento and effect today (the machine refuses it outside the period, for a line that does
 * not admit it, or for a policy already cancelled: a double submit refunds once), then the
 * confirmation e-mail, in the same transaction; its PDF is rendered after the commit.
 */
export async function withdrawFromPolicy(deps: CustomerDeps, policyId: number, actor: Actor, now: Date): Promise<{ refundCents: number }> {
  const { refundCents, emailId } = await withPolicy(deps, policyId, actor, now, async (c) => {
    let emailId: number | null = null;
    const refundCents = await cancel(deps, c, { reason: "desistimiento", effectiveDate: c.today, note: "comunicado por el tomador desde Mi póliza" });
    const [view] = await loadPolicyViews(c.tx, { id: policyId });
    const to = view?.policyholder.email ?? (actor.actorType === "user" ? actor.actorLabel : null);
    if (view && to) {
      const ctx = await readDocumentContext(c.tx);
      // The confirmation PDF is rendered after the commit (ADR 017).
      const pdf = pendingPdf(DOCUMENT_FILENAMES.withdrawal(view.number), {
        kind: "withdrawal",
        policyId,
        requestedAt: c.now.toISOString(),
        effectiveDate: c.today,
        refundCents,
      });
      const d = ctx.distributor;
      const lines = [
        `Hola, ${view.policyholder.name}:`,
        "",
        `Hemos recibido su desistimiento de la póliza ${view.number} (${view.lineName.toLowerCase()}, plan ${view.plan.name}). La póliza queda anulada con efecto ${formatIsoDate(c.today)} y sus recibos pendientes, anulados: no se le cobrará nada más.`,
        refundCents > 0
          ? `Le devolvemos ${formatMoney(refundCents)}, la prima de los días no cubiertos, en el mismo medio de pago${view.payment?.label ? ` (${view.payment.label})` : ""}; lo verá en su cuenta en un plazo máximo de 30 días.`
          : "No hay importe que devolver: no se había cobrado prima de los días no cubiertos.",
        "",
        `Le adjuntamos la confirmación del desistimiento (${pdf.filename}).${deps.publicBaseUrl ? ` También puede ver la póliza en Mi póliza: ${new URL(`/mi-poliza/${view.id}`, deps.publicBaseUrl).toString()}` : ""}`,
        "",
        `Si no ha sido usted, escríbanos cuanto antes a ${d.email} o llámenos al ${d.phone}.`,
      ];
      emailId = await queueEmail(
        c,
        { to, subject: `Desistimiento de su póliza ${view.number}`, text: lines.join("\n"), attachments: [pdf] },
        "withdrawal_confirmation",
      );
    }
    return { refundCents, emailId };
  });
  if (emailId !== null) {
    await completeAttachments(deps.db, emailId).catch((error: unknown) =>
      deps.logger.warn("withdrawal e-mail attachment left to the sender", { emailId, error: errorMessage(error) }),
    );
  }
  return { refundCents };
}

/** Art. 22 LCS: the customer opposes the tacit renewal (up to one month before the end); the policy expires at the end of its term. */
export async function stopRenewalByCustomer(deps: CustomerDeps, policyId: number, actor: Actor, now: Date): Promise<void> {
  await withPolicy(deps, policyId, actor, now, async (c) => {
    await stop(c, "cliente");
    const [client] = await c.tx.select().from(clients).where(eq(clients.id, c.policy.clientId));
    const to = client?.email ?? (actor.actorType === "user" ? actor.actorLabel : null);
    if (!to) return;
    const lines = [
      `Hola, ${client?.name ?? ""}:`.replace(" :", ":"),
      "",
      `Hemos registrado que no desea renovar su ${LINE_NAMES[c.policy.lineCode].toLowerCase()} (póliza ${c.policy.number}).`,
      `La póliza sigue en vigor hasta el ${formatIsoDate(c.policy.endDate)}, fecha en que vencerá sin renovarse; no se le cobrará ninguna anualidad más.`,
      "",
      "Si cambia de opinión antes del vencimiento, escríbanos y la renovaremos.",
    ];
    await queueEmail(c, { to, subject: `Su póliza ${c.policy.number} no se renovará`, text: lines.join("\n") }, "renewal_stopped");
  });
}

async function queueEmail(c: Change, email: OutgoingEmail, kind: string): Promise<number> {
  const emailId = await enqueueEmail(c.tx, email, c.now);
  await writeAudit(c.tx, {
    ...c.actor,
    action: "email.queued",
    entity: "outbox_email",
    entityId: emailId,
    after: { to: email.to, kind, policyId: c.policy.id },
    at: c.now,
  });
  return emailId;
}

// ─── Recibos ────────────────────────────────────────────────────────────────────────────────

export type ReciboChange =
  | { action: "cobrar"; via: "mandato" }
  | { action: "cobrar"; via: "transferencia"; reference: string }
  | { action: "devolver"; reason: string }
  | { action: "anular"; reason?: string }
  | { action: "extornar" };

export type ReciboOutcome = { status: Recibo["status"]; declined?: string };

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
      await updateRecibo(c.tx, recibo.id, { status: "devuelto", returnReason: change.reason }, c.now);
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
      const [paid] = await c.tx
        .select()
        .from(paymentsTable)
        .where(and(eq(paymentsTable.reciboId, recibo.id), eq(paymentsTable.status, "aceptado")))
        .orderBy(desc(paymentsTable.id))
        .limit(1);
      if (paid?.providerRef) {
        const refund = await c.payments.refund({
          amountCents: recibo.amountCents,
          providerRef: paid.providerRef,
          idempotencyKey: `extorno-${recibo.id}`,
        });
        if (refund.status !== "accepted") throw new ApiProblem(409, `No se ha podido devolver el importe: ${refund.reason}`);
        await insertPayment(c.tx, {
          policyId: c.policy.id,
          reciboId: recibo.id,
          provider: deps.payments.name,
          method: paid.method,
          methodLabel: paid.methodLabel ?? "",
          amount: recibo.amountCents,
          providerRef: refund.providerRef,
          at: c.now,
          status: "reembolsado",
        });
      }
      await updateRecibo(c.tx, recibo.id, { status: "extornado" }, c.now);
      await audit("recibo.refunded", { status: "extornado", amount: recibo.amountCents, viaProvider: !!paid?.providerRef });
      await history("recibo_extornado", `Recibo ${n} extornado: ${euros} devueltos${paid?.providerRef ? "" : " (fuera de la pasarela)"}`, {
        amount: recibo.amountCents,
      });
      return { status: "extornado" };
    }
  }
}

type Attempt = { ok: true; providerRef: string } | { ok: false; status: Recibo["status"]; reason: string };

/** One charge of the recibo through the policy's mandate; a refusal leaves it devuelto with the reason. */
async function chargeThroughMandate(deps: LifecycleDeps, c: Change, recibo: Recibo): Promise<Attempt> {
  const p = c.policy;
  const attempt = recibo.attempts + 1;
  const result =
    p.paymentMethod && p.paymentMandate
      ? await c.payments.chargeMandate({
          amountCents: recibo.amountCents,
          method: p.paymentMethod,
          mandate: p.paymentMandate,
          idempotencyKey: `recibo-${recibo.id}-${attempt}`,
          description: `Cotiza: recibo ${recibo.sequence} de la póliza ${p.number}`,
        })
      : ({ status: "declined", reason: "La póliza no tiene medio de pago para cobrar recibos" } as const);
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
async function afterPayment(c: Change) {
  if (c.policy.status === "suspendida" && overdueRecibos(policyStateOf(c.policy), c.today).length === 0) {
    const resumes = coverResumesAt(c.now);
    await reactivate(c, resumes, `Póliza rehabilitada por el pago: la cobertura se reanuda el ${formatMoment(resumes)}`);
  } else if (c.policy.status === "pendiente_pago" && c.policy.recibos.some((r) => r.sequence === 1 && r.status === "cobrado")) {
    await transition(c, { action: "activar" }, { event: "activada", action: "policy.activated", summary: "Primer recibo cobrado: póliza en vigor" });
  }
}

export async function addPolicyNote(
  deps: LifecycleDeps,
  policyId: number,
  body: string,
  author: { id: number; label: string },
  actor: Actor,
  now: Date,
) {
  return withPolicy(deps, policyId, actor, now, async (c) => {
    const id = await insertNote(c.tx, { entity: "policy", entityId: policyId, body, authorId: author.id, authorLabel: author.label, at: now });
    await writeAudit(c.tx, { ...actor, action: "policy.note_added", entity: "policy", entityId: policyId, after: { noteId: id }, at: now });
    return id;
  });
}

// ─── Changes that do not change the price ──────────────────────────────────────────────────

/**
 * The insured object's identification and the IBAN of the next SEPA recibos, with the before and
 * after in the audit and the history. Anything that changes the price is refused (a 409 that
 * says an endorsement is needed); so is a dwelling moved to another postal code.
 */
export async function updatePolicyDetails(deps: LifecycleDeps, policyId: number, body: UpdatePolicyBody, actor: Actor, now: Date) {
  const priced = (["plan", "frequency", "optionalGuarantees", "startDate", "risk"] as const).filter((k) => body[k] !== undefined);
  if (priced.length) throw new ApiProblem(409, ENDORSEMENT_NEEDED_MESSAGE, Object.fromEntries(priced.map((k) => [k, [ENDORSEMENT_NEEDED_MESSAGE]])));
  return withPolicy(deps, policyId, actor, now, async (c) => {
    const p = c.policy;
    if (p.status === "anulada" || p.status === "vencida") throw new ApiProblem(409, `La póliza está ${p.status}; no se puede modificar`);
    const given = { registration: body.registration, riskAddress: body.riskAddress };
    const insured = body.registration !== undefined || body.riskAddress !== undefined;
    if (insured) {
      const errors = insuredObjectErrors(p.lineCode, typeof p.risk.postalCode === "string" ? p.risk.postalCode : undefined, given);
      if (Object.keys(errors).length) throw new ApiProblem(400, "Datos no válidos", errors);
    }
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const patch: Partial<Policy> = {};
    if (insured) {
      const risk = { ...p.risk, ...insuredObjectRisk(p.lineCode, given) };
      for (const key of ["registration", "riskAddress"] as const) {
        if (JSON.stringify(p.risk[key]) !== JSON.stringify(risk[key])) {
          before[key] = p.risk[key] ?? null;
          after[key] = risk[key];
        }
      }
      patch.risk = risk;
    }
    if (body.iban !== undefined) {
      const iban = normalizeIban(body.iban);
      if (iban !== p.iban) {
        const mandate = await c.payments.registerSepaMandate({ method: "sepa", iban, holder: "" }, `policy-${p.id}-${iban}`);
        if (mandate.status !== "accepted") throw new ApiProblem(400, "Datos no válidos", { iban: [mandate.reason] });
        before.iban = p.iban ? maskIban(p.iban) : null;
        after.iban = maskIban(iban);
        Object.assign(patch, { iban, paymentMethod: "sepa", paymentMandate: mandate.mandate });
      }
    }
    if (Object.keys(after).length === 0) return;
    await updatePolicy(c.tx, p.id, patch, c.now);
    const fields = Object.keys(after).map((k) =>
      k === "iban" ? "IBAN de los recibos" : k === "registration" ? "matrícula" : "dirección de la vivienda",
    );
    await recordHistory(c.tx, {
      ...actor,
      policyId: p.id,
      event: "modificada",
      summary: `Datos modificados: ${fields.join(", ")}`,
      details: { before, after },
      at: c.now,
    });
    await writeAudit(c.tx, { ...actor, action: "policy.updated", entity: "policy", entityId: p.id, before, after, at: c.now });
  });
}
