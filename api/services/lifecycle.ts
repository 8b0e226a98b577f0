// The policy lifecycle (DOMAIN.md "Lifecycles", LCS arts. 15 and 22): how every change of a policy
// is made, and staff's transitions of a policy (suspend, reactivate, cancel, stop the renewal).
// The other changes are made the same way in their own modules: the recibos in ./recibos.ts, the
// customer's own actions in ./my-policy-actions.ts, notes and edits in ./policy-details.ts, the
// renewal in ./renewal.ts and the daily run that moves policies by themselves in ./daily-run.ts.
// Every change locks the policy row, checks the state machine of api/domain/lifecycle.ts (a
// refusal is a 409 with its Spanish message) and writes the change, its history entry and its
// audit row in one transaction; payment provider calls are made outside it (withPolicy, ADR 017).
import { madridDate } from "../domain/calendar";
import { totalUnearned, unearnedPremium } from "../domain/unearned-premium";
import { checkPolicyTransition, type PolicyState, type PolicyTransitionInput } from "../domain/lifecycle";
import { formatIsoDate } from "../contract/format";
import {
  CANCELLATION_REASON_LABELS,
  RENEWAL_STOPPER_LABELS,
  type AuditAction,
  type CancellationReason,
  type PolicyEvent,
  type RenewalStopper,
} from "../contract/vocabulary";
import { writeAudit } from "../db/audit";
import type { Database, DbOrTx } from "../db/client";
import { lockPolicy, recordHistory, updatePolicy, updateRecibo, type HistoryActor, type LockedPolicy } from "../db/lifecycle.repo";

import { readWithdrawalRules } from "../db/document-context.repo";
import type { Policy } from "../db/schema";
import { ApiProblem } from "../http";
import { withProviderCallsOutside, type TransactionPayments } from "./provider-outside";
import { refundUnearnedPremium } from "./refunds";
import { enqueueEmail, type OutgoingEmail } from "./mail";
import type { PaymentProvider } from "./payments";
import { cancellationNotice, notifyPolicyholder, suspensionNotice } from "./policy-notices";
import type { Logger } from "../../platform/logger";

export const POLICY_NOT_FOUND_MESSAGE = "No existe esa póliza";
export const RECIBO_NOT_FOUND_MESSAGE = "No existe ese recibo en esta póliza";

/** `publicBaseUrl`: the site's address, for the links in the notices to the policyholder. */
export type LifecycleDeps = { db: Database; payments: PaymentProvider; logger: Logger; publicBaseUrl?: string };
export type Actor = HistoryActor & { ip?: string | null };
export const SYSTEM_ACTOR: Actor = { actorType: "system", actorId: null, actorLabel: "Proceso diario", ip: null };

/** `payments`: the provider for this transaction; its calls are made outside it (withProviderCallsOutside, ADR 017). */
export type Change = { tx: DbOrTx; policy: LockedPolicy; actor: Actor; now: Date; today: string; payments: TransactionPayments };

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
  return withProviderCallsOutside(deps.db, deps.payments, deps.logger, (payments) =>
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
  const withdrawal = input.action === "anular" ? await readWithdrawalRules(c.tx, c.policy.createdAt) : { days: 0, lines: [] };
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
export async function reactivate(c: Change, resumesAt: Date, summary: string) {
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

/**
 * Cancels the locked policy and its open recibos, and gives back the premium collected for the days
 * after the effective date (api/services/refunds.ts), whatever the reason. Answers the refund, in cents.
 */
export async function cancel(deps: LifecycleDeps, c: Change, input: CancelInput): Promise<number> {
  const open = c.policy.recibos.filter((r) => r.status === "pendiente" || r.status === "devuelto");
  const refundCents = totalUnearned(unearnedPremium(c.policy, input.effectiveDate));
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
        ...(refundCents === 0 ? { noRefund: "No hay prima cobrada de días posteriores a la fecha de efecto" } : {}),
      },
    },
  );
  for (const r of open) await updateRecibo(c.tx, r.id, { status: "anulado" }, c.now);
  const refunded = await refundUnearnedPremium(c, input.reason === "desistimiento" ? "desistimiento" : "anulacion", input.effectiveDate);
  return refunded.cents;
}

/**
 * Desistimiento: the premium of the days not covered goes back (Ley 22/2007 art. 10): of each
 * collected recibo, the days of its period after the effective date.
 */
export function withdrawalRefund(p: LockedPolicy, effectiveDate: string): number {
  return totalUnearned(unearnedPremium(p, effectiveDate));
}

export async function stopRenewal(deps: LifecycleDeps, policyId: number, by: RenewalStopper, actor: Actor, now: Date) {
  await withPolicy(deps, policyId, actor, now, (c) => stop(c, by));
}

export async function stop(c: Change, by: RenewalStopper) {
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

/** Queues an e-mail about the policy in the change's transaction, with its audit row. */
export async function queueEmail(c: Change, email: OutgoingEmail, kind: string): Promise<number> {
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
