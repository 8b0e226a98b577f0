// The back office's answers about a policy: the policy as staff see it (its lifecycle, recibos,
// history, notes and the actions allowed now) and the rows of the policies' CSV.
import type { AdminPolicyRow, AdminPolicyAction, AdminReciboAction, AdminPolicy } from "../contract/admin-policies";
import { formatIsoDate } from "../contract/format";
import { LINE_LABELS, POLICY_STATUS_LABELS, type CancellationReason, type RenewalStopper } from "../contract/vocabulary";
import { csvMoney, csvDateTime } from "../csv";
import type { Database } from "../db/client";
import { type LockedPolicy, policyHistoryOf, notesOf } from "../db/lifecycle.repo";
import { loadPolicyViews, policyRowWithRecibos } from "../db/policies.repo";
import { renewalNoticeMonthsAt } from "../db/settings.repo";
import { reciboPeriods } from "../domain/calendar";
import { maskIban } from "../domain/iban";
import {
  type PolicyAction,
  type ReciboAction,
  checkPolicyTransition,
  type PolicyTransitionInput,
  policyActionsFrom,
  reciboActionsFrom,
} from "../domain/lifecycle";
import { ApiProblem } from "../http";
import { policyStateOf, POLICY_NOT_FOUND_MESSAGE } from "../services/lifecycle";
import { policyAnswer } from "./policy";

export const ADMIN_POLICY_CSV_HEADER = [
  "Póliza",
  "Tomador",
  "NIF/NIE",
  "Ramo",
  "Plan",
  "Estado",
  "Efecto",
  "Vencimiento",
  "Prima total (€)",
  "Alta",
] as const;
export const adminPolicyCsvRow = (p: AdminPolicyRow) => [
  p.number,
  p.holder.name,
  p.holder.nif ?? "",
  LINE_LABELS[p.line],
  p.planName,
  POLICY_STATUS_LABELS[p.status],
  formatIsoDate(p.startDate),
  formatIsoDate(p.endDate),
  csvMoney(p.totalPremiumCents),
  csvDateTime(p.createdAt),
];

const API_ACTION: Record<PolicyAction, AdminPolicyAction | null> = {
  suspender: "suspend",
  rehabilitar: "reactivate",
  anular: "cancel",
  detener_renovacion: "stop-renewal",
  renovar: "renew",
  activar: null,
  vencer: null,
};
const API_RECIBO_ACTIONS: Record<ReciboAction, AdminReciboAction[]> = {
  cobrar: ["charge", "mark-paid"],
  // Remittances are made from /admin/payments and settled by the daily run, not from one policy.
  remesar: [],
  liquidar: [],
  devolver: ["return"],
  anular: ["cancel"],
  extornar: ["refund"],
};

/**
 * The actions the machine allows now, its guards included where they do not depend on what staff
 * type (a renewal before its window, a reactivation with a recibo over a month overdue are not
 * offered); a cancellation's reason and date are judged when it is sent.
 */
function allowedActions(policy: LockedPolicy, today: string, renewalNoticeMonths: number): AdminPolicyAction[] {
  const state = policyStateOf(policy);
  const ctx = { today, withdrawal: { days: 0, lines: [] }, renewalNoticeMonths };
  const passes = (action: PolicyAction): boolean => {
    switch (action) {
      case "anular":
        return true;
      case "detener_renovacion":
        return (["cliente", "aseguradora"] as const).some((by) => checkPolicyTransition(state, { action, by }, ctx).ok);
      default:
        return checkPolicyTransition(state, { action } as PolicyTransitionInput, ctx).ok;
    }
  };
  return policyActionsFrom(policy.status)
    .filter(passes)
    .map((a) => API_ACTION[a])
    .filter((a): a is AdminPolicyAction => a !== null);
}

/** The policy as staff see it, read after any change so that the answer is what is stored. */
export async function adminPolicyAnswer(db: Database, id: number, today: string): Promise<AdminPolicy> {
  const [view] = await loadPolicyViews(db, { id });
  const stored = await policyRowWithRecibos(db, id);
  if (!view || !stored) throw new ApiProblem(404, POLICY_NOT_FOUND_MESSAGE);
  const { row, recibos: reciboRows } = stored;
  const history = await policyHistoryOf(db, id);
  const noteRows = await notesOf(db, "policy", id);
  const { recibos: _r, documents: _d, ...policy } = policyAnswer(view);
  // One rule with the customer's documents: a suplemento's recibo covers from its effective date to the end of its term.
  const periods = reciboPeriods({ ...row, recibos: reciboRows, endorsements: view.endorsements });
  return {
    policy,
    clientId: row.clientId,
    term: row.term,
    lifecycle: {
      suspendedAt: row.suspendedAt?.toISOString() ?? null,
      coverResumesAt: row.coverResumesAt?.toISOString() ?? null,
      cancellation:
        row.cancellationReason && row.cancellationEffectiveDate && row.cancelledAt
          ? { reason: row.cancellationReason as CancellationReason, effectiveDate: row.cancellationEffectiveDate, at: row.cancelledAt.toISOString() }
          : null,
      renewalStopped:
        row.renewalStoppedBy && row.renewalStoppedAt ? { by: row.renewalStoppedBy as RenewalStopper, at: row.renewalStoppedAt.toISOString() } : null,
      renewalOffer: row.renewalOffer
        ? {
            startDate: row.renewalOffer.startDate,
            endDate: row.renewalOffer.endDate,
            totalPremiumCents: row.renewalOffer.totalPremiumCents,
            noticeSentAt: row.renewalNoticeSentAt?.toISOString() ?? null,
          }
        : null,
    },
    payment: { method: row.paymentMethod, hasMandate: !!row.paymentMandate, iban: row.iban ? maskIban(row.iban) : null },
    recibos: reciboRows.map((r) => {
      return {
        id: r.id,
        sequence: r.sequence,
        term: r.term,
        kind: r.kind,
        period: periods.get(r.sequence)!,
        dueDate: r.dueDate,
        amountCents: r.amountCents,
        status: r.status,
        attempts: r.attempts,
        lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
        paidAt: r.paidAt?.toISOString() ?? null,
        returnReason: r.returnReason,
        paidReference: r.paidReference,
        // A direct debit is collected by remittance, never charged through the gateway (ADR 033): no "Cobrar ahora".
        actions: reciboActionsFrom(r.status)
          .flatMap((a) => API_RECIBO_ACTIONS[a])
          .filter((a) => a !== "charge" || row.paymentMethod !== "sepa"),
      };
    }),
    history: history.map((h) => ({
      id: h.id,
      at: h.at.toISOString(),
      event: h.event,
      summary: h.summary,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      actorType: h.actorType,
      actorLabel: h.actorLabel,
    })),
    notes: noteRows.map((n) => ({ id: n.id, body: n.body, authorLabel: n.authorLabel, at: n.at.toISOString() })),
    actions: allowedActions({ ...row, recibos: reciboRows }, today, await renewalNoticeMonthsAt(db, today)),
    today,
  };
}
