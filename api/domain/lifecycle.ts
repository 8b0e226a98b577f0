// The lifecycles of a policy and of its recibos (DOMAIN.md "Lifecycles"), as tables of transitions
// with their guards, and the dates the Ley 50/1980 de Contrato de Seguro (LCS) sets. Pure: the
// caller passes the state, today's date in Spain and the instant; nothing here reads a clock or
// the database. The API answers a refused transition with a 409 carrying the message.
import { addDays, addMonths } from "./calendar";
import { formatIsoDate as fmt } from "../contract/format";
import {
  CANCELLATION_REASONS,
  POLICY_STATUS_LABELS,
  RECIBO_STATUS_LABELS,
  type CancellationReason,
  type Line,
  type PolicyStatus,
  type ReciboStatus,
  type RenewalStopper,
} from "../contract/vocabulary";

// ─── The law's dates ────────────────────────────────────────────────────────────────────────

/** Art. 15 LCS: a later recibo unpaid one month after its due date suspends cover from this day. */
export function suspensionDate(dueDate: string): string {
  return addMonths(dueDate, 1);
}

/** Art. 15 LCS: six months after the due date without the premium claimed, the contract is extinguished. */
export function extinctionDate(dueDate: string): string {
  return addMonths(dueDate, 6);
}

/** Art. 15 LCS: after a suspension, cover resumes 24 hours after the day the customer pays. */
export function coverResumesAt(paidAt: Date): Date {
  return new Date(paidAt.getTime() + 24 * 60 * 60 * 1000);
}

/**
 * Art. 22 LCS: the insurer announces the renewal premium at least two months before the end; the
 * business may announce it earlier (the setting renewal_notice_months, never under two).
 */
export function renewalNoticeDate(endDate: string, months: number = LCS_RENEWAL_NOTICE_MONTHS): string {
  return addMonths(endDate, -Math.max(LCS_RENEWAL_NOTICE_MONTHS, months));
}

/** The law's shortest notice of the renewal premium (art. 22 LCS). */
export const LCS_RENEWAL_NOTICE_MONTHS = 2;
const MONTH_WORDS: Record<number, string> = { 2: "dos", 3: "tres", 4: "cuatro", 5: "cinco", 6: "seis" };

/** Art. 22 LCS: the last day each party may stop the tacit renewal (one month's notice, two for the insurer). */
export function renewalStopDeadline(endDate: string, by: RenewalStopper): string {
  return addMonths(endDate, by === "cliente" ? -1 : -2);
}

// ─── Policy ─────────────────────────────────────────────────────────────────────────────────

export const POLICY_ACTIONS = ["activar", "suspender", "rehabilitar", "anular", "vencer", "renovar", "detener_renovacion"] as const;
export type PolicyAction = (typeof POLICY_ACTIONS)[number];

/** What a guard may look at: the policy and its recibos as they are, and today's date in Spain. */
export type PolicyState = {
  status: PolicyStatus;
  line: Line;
  startDate: string;
  endDate: string;
  /** The day it was contracted (Madrid), for the withdrawal period. */
  contractedOn: string;
  renewalStoppedBy: RenewalStopper | null;
  recibos: readonly { status: ReciboStatus; dueDate: string; sequence: number }[];
};

export type PolicyTransitionInput =
  | { action: "anular"; reason: CancellationReason; effectiveDate: string }
  | { action: "detener_renovacion"; by: RenewalStopper }
  | { action: Exclude<PolicyAction, "anular" | "detener_renovacion"> };

export type Withdrawal = { days: number; lines: readonly string[] };
export type GuardContext = {
  today: string;
  withdrawal: Withdrawal;
  /** Months before the end when the renewal is prepared (renewal_notice_months); two when not given. */
  renewalNoticeMonths?: number;
};

type PolicyRule = {
  from: readonly PolicyStatus[];
  /** null: the status does not change (a renewal, a stopped renewal). */
  to: PolicyStatus | null;
  /** The verb of the refusal: "La póliza está anulada; no se puede <verb>". */
  verb: string;
  guard?: (policy: PolicyState, input: PolicyTransitionInput, ctx: GuardContext) => string | null;
};

/** Recibos unpaid past the art. 15 month, oldest first. */
export function overdueRecibos(policy: Pick<PolicyState, "recibos">, today: string) {
  return policy.recibos
    .filter((r) => (r.status === "pendiente" || r.status === "devuelto") && suspensionDate(r.dueDate) <= today)
    .sort((a, b) => a.sequence - b.sequence);
}

export const POLICY_RULES: Record<PolicyAction, PolicyRule> = {
  activar: { from: ["pendiente_pago"], to: "en_vigor", verb: "poner en vigor" },
  suspender: { from: ["en_vigor"], to: "suspendida", verb: "suspender" },
  rehabilitar: {
    from: ["suspendida"],
    to: "en_vigor",
    verb: "rehabilitar",
    guard: (policy, _input, { today }) => {
      const overdue = overdueRecibos(policy, today);
      return overdue.length ? `El recibo ${overdue[0]!.sequence} lleva más de un mes impagado; cóbrelo para rehabilitar la póliza` : null;
    },
  },
  anular: {
    from: ["pendiente_pago", "en_vigor", "suspendida"],
    to: "anulada",
    verb: "anular",
    guard: (policy, input, { today, withdrawal }) => {
      if (input.action !== "anular") return null;
      if (!CANCELLATION_REASONS.includes(input.reason)) return "Indique el motivo de la anulación";
      // Before the term only for a policy not started yet (cancelled before its cover begins), or for a withdrawal or an issuing error.
      if (
        input.effectiveDate < policy.startDate &&
        input.effectiveDate < today &&
        input.reason !== "error_emision" &&
        input.reason !== "desistimiento"
      ) {
        return `La fecha de efecto de la anulación no puede ser anterior al inicio de la anualidad (${fmt(policy.startDate)})`;
      }
      if (input.effectiveDate > policy.endDate)
        return `La fecha de efecto de la anulación no puede ser posterior al vencimiento (${fmt(policy.endDate)})`;
      if (input.reason === "desistimiento") {
        if (!withdrawal.lines.includes(policy.line)) {
          return policy.line === "auto"
            ? "El seguro de coche no admite desistimiento: incluye la responsabilidad civil obligatoria, un seguro obligatorio por ley"
            : "Este seguro no admite desistimiento";
        }
        const last = addDays(policy.contractedOn, withdrawal.days);
        if (today > last) return `El plazo para desistir terminó el ${fmt(last)} (${withdrawal.days} días naturales desde la contratación)`;
      }
      return null;
    },
  },
  vencer: {
    from: ["en_vigor", "suspendida"],
    to: "vencida",
    verb: "dar por vencida",
    guard: (policy, _input, { today }) => (policy.endDate > today ? `La póliza no vence hasta el ${fmt(policy.endDate)}` : null),
  },
  renovar: {
    from: ["en_vigor"],
    to: null,
    verb: "renovar",
    guard: (policy, _input, { today, renewalNoticeMonths }) => {
      if (policy.renewalStoppedBy) return "La renovación de esta póliza está detenida";
      const opens = renewalNoticeDate(policy.endDate, renewalNoticeMonths);
      const months = Math.max(LCS_RENEWAL_NOTICE_MONTHS, renewalNoticeMonths ?? LCS_RENEWAL_NOTICE_MONTHS);
      return today < opens
        ? `La renovación se prepara a partir del ${fmt(opens)}, ${MONTH_WORDS[months] ?? months} meses antes del vencimiento`
        : null;
    },
  },
  detener_renovacion: {
    from: ["pendiente_pago", "en_vigor", "suspendida"],
    to: null,
    verb: "detener la renovación",
    guard: (policy, input, { today }) => {
      if (input.action !== "detener_renovacion") return null;
      if (policy.renewalStoppedBy) return "La renovación de esta póliza ya está detenida";
      const deadline = renewalStopDeadline(policy.endDate, input.by);
      if (today > deadline) {
        return input.by === "cliente"
          ? `Es tarde para no renovar: el tomador debe oponerse a la prórroga con un mes de antelación al vencimiento (art. 22 LCS) y el plazo terminó el ${fmt(deadline)}`
          : `Es tarde para que la aseguradora se oponga a la prórroga: debe hacerlo con dos meses de antelación al vencimiento (art. 22 LCS) y el plazo terminó el ${fmt(deadline)}`;
      }
      return null;
    },
  },
};

export type TransitionOutcome<S> = { ok: true; from: S; to: S } | { ok: false; message: string };

/** Whether `input` may happen to `policy` now, and the status it leaves it in. */
export function checkPolicyTransition(policy: PolicyState, input: PolicyTransitionInput, ctx: GuardContext): TransitionOutcome<PolicyStatus> {
  const rule = POLICY_RULES[input.action];
  if (!rule.from.includes(policy.status)) {
    return { ok: false, message: `La póliza está ${POLICY_STATUS_LABELS[policy.status].toLowerCase()}; no se puede ${rule.verb}` };
  }
  const refused = rule.guard?.(policy, input, ctx);
  if (refused) return { ok: false, message: refused };
  return { ok: true, from: policy.status, to: rule.to ?? policy.status };
}

/** The actions whose status rule allows them now (the buttons a page offers; guards still apply on submit). */
export function policyActionsFrom(status: PolicyStatus): PolicyAction[] {
  return POLICY_ACTIONS.filter((a) => POLICY_RULES[a].from.includes(status));
}

// ─── Recibo ─────────────────────────────────────────────────────────────────────────────────

export const RECIBO_ACTIONS = ["cobrar", "remesar", "liquidar", "devolver", "anular", "extornar"] as const;
export type ReciboAction = (typeof RECIBO_ACTIONS)[number];

// A SEPA recibo goes in a remittance (remesado) and is collected when the bank's return deadline
// passes; the bank may return it while remitted or after it was collected (up to 8 weeks, SEPA Core).
const RECIBO_RULES: Record<ReciboAction, { from: readonly ReciboStatus[]; to: ReciboStatus; verb: string }> = {
  cobrar: { from: ["pendiente", "devuelto"], to: "cobrado", verb: "cobrar" },
  remesar: { from: ["pendiente", "devuelto"], to: "remesado", verb: "remesar" },
  /** The bank's return deadline passed: the remitted recibo is collected (the daily run). */
  liquidar: { from: ["remesado"], to: "cobrado", verb: "dar por cobrado" },
  devolver: { from: ["pendiente", "remesado", "cobrado"], to: "devuelto", verb: "devolver" },
  anular: { from: ["pendiente", "devuelto"], to: "anulado", verb: "anular" },
  extornar: { from: ["cobrado"], to: "extornado", verb: "extornar" },
};

export function checkReciboTransition(status: ReciboStatus, action: ReciboAction): TransitionOutcome<ReciboStatus> {
  const rule = RECIBO_RULES[action];
  if (!rule.from.includes(status)) {
    return { ok: false, message: `El recibo está ${RECIBO_STATUS_LABELS[status].toLowerCase()}; no se puede ${rule.verb}` };
  }
  return { ok: true, from: status, to: rule.to };
}

export function reciboActionsFrom(status: ReciboStatus): ReciboAction[] {
  return RECIBO_ACTIONS.filter((a) => RECIBO_RULES[a].from.includes(status));
}
