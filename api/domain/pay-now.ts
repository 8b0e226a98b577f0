// "Pagar ahora" and dunning (ADR 031): which recibo a customer may pay by card from Mi póliza, and
// which reminder of the dunning schedule is due. Pure: values in, values out (the clock is `today`).
import { daysBetween } from "./calendar";
import type { PolicyStatus, ReciboStatus } from "../contract/vocabulary";

/** Policies whose open recibos may be paid online: in force, suspended for non-payment, or waiting for their first recibo. */
const PAYABLE_POLICY_STATUSES: readonly PolicyStatus[] = ["en_vigor", "suspendida", "pendiente_pago"];

export const PAY_NOW_MESSAGES = {
  paid: "Este recibo ya está pagado.",
  notDue: "Este recibo aún no ha vencido: se cobrará en su fecha por el medio de pago de la póliza.",
  closed: "Este recibo no se puede pagar: no está pendiente de pago.",
  policy: "Los recibos de esta póliza ya no se pueden pagar en línea: la póliza no está en vigor.",
  inProgress: "Ya se está procesando un pago de este recibo. Espere unos segundos y vuelva a Mi póliza.",
} as const;

/** Null when the customer may pay the recibo now ("Pagar ahora"); otherwise why not, in Spanish. */
export function payNowRefusal(policyStatus: PolicyStatus, recibo: { status: ReciboStatus; dueDate: string }, today: string): string | null {
  if (recibo.status === "cobrado") return PAY_NOW_MESSAGES.paid;
  if (recibo.status !== "devuelto" && recibo.status !== "pendiente") return PAY_NOW_MESSAGES.closed;
  if (!PAYABLE_POLICY_STATUSES.includes(policyStatus)) return PAY_NOW_MESSAGES.policy;
  if (recibo.status === "pendiente" && recibo.dueDate > today) return PAY_NOW_MESSAGES.notDue;
  return null;
}

/** What the customer pays: the recibo and, for a returned one, the bank's fee passed on. */
export const amountDue = (recibo: { amountCents: number; returnFeeCents: number; status: ReciboStatus }) =>
  recibo.amountCents + (recibo.status === "devuelto" ? recibo.returnFeeCents : 0);

/** A last step of the schedule more than this many days late (the run did not run) is not sent any more. */
export const DUNNING_CATCH_UP_DAYS = 7;

/**
 * The reminder due on `today` for a recibo unpaid since `since` (its return, or its due date):
 * the latest step of `schedule` (days after `since`, ascending) already reached and not yet sent.
 * Only the latest: after days without a run, one reminder, not a burst of the ones missed; and not
 * the last step once it is more than DUNNING_CATCH_UP_DAYS late. Null when none is due, or a step
 * as late or later was sent already.
 */
export function dunningStepDue(schedule: readonly number[], since: string, today: string, lastSentDay: number | null): number | null {
  const elapsed = daysBetween(since, today);
  const reached = schedule.filter((d) => d <= elapsed);
  if (reached.length === 0) return null;
  const step = Math.max(...reached);
  if (step === Math.max(...schedule) && elapsed - step > DUNNING_CATCH_UP_DAYS) return null;
  return lastSentDay !== null && lastSentDay >= step ? null : step;
}
