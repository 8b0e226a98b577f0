// The customer's own actions on a policy (Mi póliza, GET and POST /me/policies/{id}): what may be
// done today, the withdrawal (desistimiento, Ley 22/2007) with its confirmation e-mail and PDF,
// and the opposition to the tacit renewal (art. 22 LCS). Each is a change of ./lifecycle.ts.
import { madridDate } from "../domain/calendar";
import { checkPolicyTransition, renewalStopDeadline } from "../domain/lifecycle";
import { formatIsoDate, formatMoney } from "../contract/format";
import { LINE_NAMES, type CancellationReason, type RenewalStopper } from "../contract/vocabulary";
import type { PolicyLifecycle } from "../contract/policies";
import type { DbOrTx } from "../db/client";
import { clientContact, readPolicyWithRecibos, refundedCents } from "../db/lifecycle-reads.repo";
import { loadPolicyViews } from "../db/policies.repo";
import { readDocumentContext, readWithdrawalRules } from "../db/document-context.repo";
import { ApiProblem } from "../http";
import { completeAttachments, pendingPdf } from "./attachments";
import type { DocumentStore } from "./document-store/store";
import { DOCUMENT_FILENAMES } from "./documents";
import {
  cancel,
  policyStateOf,
  POLICY_NOT_FOUND_MESSAGE,
  queueEmail,
  stop,
  withdrawalRefund,
  withPolicy,
  type Actor,
  type LifecycleDeps,
} from "./lifecycle";
import { errorMessage } from "../../platform/logger";

export type CustomerDeps = LifecycleDeps;

/**
 * What the customer may do with the policy today and what has been done, judged by the same
 * machine that judges the actions (GET /me/policies/{id}): the withdrawal (with what it would
 * refund) and the opposition to the renewal, each with the machine's refusal when not possible.
 */
export async function customerLifecycle(db: DbOrTx, policyId: number, now: Date): Promise<PolicyLifecycle> {
  const policy = await readPolicyWithRecibos(db, policyId);
  if (!policy) throw new ApiProblem(404, POLICY_NOT_FOUND_MESSAGE);
  const today = madridDate(now);
  const state = policyStateOf(policy);
  const withdrawal = checkPolicyTransition(
    state,
    { action: "anular", reason: "desistimiento", effectiveDate: today },
    { today, withdrawal: await readWithdrawalRules(db, policy.createdAt) },
  );
  const renewal = checkPolicyTransition(state, { action: "detener_renovacion", by: "cliente" }, { today, withdrawal: { days: 0, lines: [] } });
  return {
    withdrawal: {
      possible: withdrawal.ok,
      refusal: withdrawal.ok ? null : withdrawal.message,
      refundCents: withdrawal.ok ? withdrawalRefund(policy, today) : null,
    },
    renewal: {
      stopped:
        policy.renewalStoppedBy && policy.renewalStoppedAt
          ? { by: policy.renewalStoppedBy as RenewalStopper, at: policy.renewalStoppedAt.toISOString() }
          : null,
      stopUntil: renewalStopDeadline(policy.endDate, "cliente"),
      possible: renewal.ok,
      refusal: renewal.ok ? null : renewal.message,
    },
    cancellation:
      policy.status === "anulada" && policy.cancellationReason && policy.cancellationEffectiveDate && policy.cancelledAt
        ? {
            reason: policy.cancellationReason as CancellationReason,
            effectiveDate: policy.cancellationEffectiveDate,
            at: policy.cancelledAt.toISOString(),
            refundedCents: await refundedCents(db, policyId),
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
export async function withdrawFromPolicy(
  deps: CustomerDeps & { documents: DocumentStore },
  policyId: number,
  actor: Actor,
  now: Date,
): Promise<{ refundCents: number }> {
  const { refundCents, emailId } = await withPolicy(deps, policyId, actor, now, async (c) => {
    let emailId: number | null = null;
    const refundCents = await cancel(deps, c, { reason: "desistimiento", effectiveDate: c.today, note: "comunicado por el tomador desde Mi póliza" });
    const [view] = await loadPolicyViews(c.tx, { id: policyId });
    const to = view?.policyholder.email ?? (actor.actorType === "user" ? actor.actorLabel : null);
    if (view && to) {
      const ctx = await readDocumentContext(c.tx, now);
      // The confirmation PDF is rendered after the commit (ADR 017).
      const pdf = pendingPdf(DOCUMENT_FILENAMES.withdrawal(view.number), {
        kind: "withdrawal",
        policyId,
        requestedAt: c.now.toISOString(),
        effectiveDate: c.today,
        refundCents,
      });
      const d = ctx.distributor;
      emailId = await queueEmail(
        c,
        {
          template: "desistimiento",
          policyId: view.id,
          clientId: view.clientId,
          to,
          values: {
            nombre_tomador: view.policyholder.name,
            numero_poliza: view.number,
            ramo: view.lineName.toLowerCase(),
            plan: view.plan.name,
            fecha: formatIsoDate(c.today),
            frase_devolucion:
              refundCents > 0
                ? `Le devolvemos ${formatMoney(refundCents)}, la prima de los días no cubiertos, en el mismo medio de pago${view.payment?.label ? ` (${view.payment.label})` : ""}; lo verá en su cuenta en un plazo máximo de 30 días.`
                : "No hay importe que devolver: no se había cobrado prima de los días no cubiertos.",
            fichero_justificante: pdf.filename,
            enlace_mi_poliza: deps.publicBaseUrl
              ? `También puede ver la póliza en Mi póliza: ${new URL(`/mi-poliza/${view.id}`, deps.publicBaseUrl).toString()}`
              : "",
            email_distribuidor: d.email,
            telefono_distribuidor: d.phone,
          },
          attachments: [pdf],
        },
        "withdrawal_confirmation",
      );
    }
    return { refundCents, emailId };
  });
  if (emailId !== null) {
    await completeAttachments({ db: deps.db, documents: deps.documents, now: () => now }, emailId).catch((error: unknown) =>
      deps.logger.warn("withdrawal e-mail attachment left to the sender", { emailId, error: errorMessage(error) }),
    );
  }
  return { refundCents };
}

/** Art. 22 LCS: the customer opposes the tacit renewal (up to one month before the end); the policy expires at the end of its term. */
export async function stopRenewalByCustomer(deps: CustomerDeps, policyId: number, actor: Actor, now: Date): Promise<void> {
  await withPolicy(deps, policyId, actor, now, async (c) => {
    await stop(c, "cliente");
    const client = await clientContact(c.tx, c.policy.clientId);
    const to = client?.email ?? (actor.actorType === "user" ? actor.actorLabel : null);
    if (!to) return;
    await queueEmail(
      c,
      {
        template: "no-renovacion",
        policyId: c.policy.id,
        clientId: c.policy.clientId,
        to,
        values: {
          nombre_tomador: client?.name ?? "",
          numero_poliza: c.policy.number,
          ramo: LINE_NAMES[c.policy.lineCode].toLowerCase(),
          fecha_vencimiento: formatIsoDate(c.policy.endDate),
        },
      },
      "renewal_stopped",
    );
  });
}
