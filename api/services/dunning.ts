// Dunning (ADR 031), a step of the daily run: each recibo devuelto, or pendiente past its due date,
// of a policy en_vigor or suspendida gets a reminder by e-mail on the days of the schedule
// (settings `dunning_days`, e.g. 1, 7, 20) counted from its latest return, else its due date, with
// the link to pay it now. The row of dunning_notices (recibo + step) is written in the same
// transaction as the e-mail, so each step goes once across runs and instances. After days
// without a run only the latest step reached is sent; a replayed past day sends none (today's
// run does). A paid recibo is never selected. The suspension and extinction stay in the run's
// art. 15 steps; the reminder only says when they come.
import { formatIsoDate, formatMoment, formatMoney } from "../contract/format";
import { dunningCandidates, lastDunningDay, readDunningDays, recordDunningNotice } from "../db/dunning.repo";
import type { PolicyView } from "../db/policies.repo";
import type { Recibo } from "../db/schema";
import { addDays, madridDate } from "../domain/calendar";
import { extinctionDate, suspensionDate } from "../domain/lifecycle";
import { amountDue, DUNNING_CATCH_UP_DAYS, dunningStepDue } from "../domain/pay-now";
import { errorMessage } from "../../platform/logger";
import { SYSTEM_ACTOR, withPolicy, type LifecycleDeps } from "./lifecycle";
import type { TemplateEmail } from "./mail";
import { notifyPolicyholder, type NoticeContext } from "./policy-notices";

const BATCH = 500;

export type DunningFacts = { recibo: Recibo; step: number; today: string; policyStatus: string; suspendedAt: Date | null };

/** The reminder: what is owed, the link to pay it, and what follows if it stays unpaid (art. 15 LCS). */
export function dunningNotice(view: PolicyView, to: string, f: DunningFacts, ctx: NoticeContext): TemplateEmail {
  const d = ctx.distributor;
  const r = f.recibo;
  const due = amountDue(r);
  const fee = due - r.amountCents;
  const payUrl =
    view.userId !== null && ctx.publicBaseUrl ? new URL(`/mi-poliza/${view.id}/recibos/${r.sequence}/pagar`, ctx.publicBaseUrl).toString() : null;
  const what =
    r.status === "devuelto"
      ? `el banco ha devuelto el recibo n.º ${r.sequence} de su póliza ${view.number} (${view.lineName.toLowerCase()})${r.returnReason ? ` (motivo: ${r.returnReason})` : ""}`
      : `el recibo n.º ${r.sequence} de su póliza ${view.number} (${view.lineName.toLowerCase()}) venció el ${formatIsoDate(r.dueDate)} y está pendiente de pago`;
  const lines = [
    `Hola, ${view.policyholder.name}:`,
    "",
    `Le recordamos que ${what}.`,
    "",
    `Importe pendiente: ${formatMoney(due)}${fee > 0 ? ` (${formatMoney(r.amountCents)} del recibo y ${formatMoney(fee)} de gastos de devolución)` : ""}.`,
    "",
    payUrl
      ? `Puede pagarlo ahora con tarjeta en Mi póliza: ${payUrl}`
      : `Para pagarlo, llámenos al ${d.phone} o escríbanos a ${d.email} y le indicaremos cómo.`,
    "",
    f.policyStatus === "suspendida"
      ? `La cobertura de su póliza está suspendida por impago${f.suspendedAt ? ` desde el ${formatMoment(f.suspendedAt)}` : ""}: se reanuda 24 horas después del pago. Si el recibo sigue sin pagarse el ${formatIsoDate(extinctionDate(r.dueDate))}, seis meses después de su vencimiento, el contrato quedará extinguido (art. 15 de la Ley de Contrato de Seguro).`
      : `Si sigue sin pagarse el ${formatIsoDate(suspensionDate(r.dueDate))}, un mes después de su vencimiento, la cobertura quedará suspendida, y si no se paga en seis meses desde el vencimiento, el contrato quedará extinguido (art. 15 de la Ley de Contrato de Seguro).`,
    "",
    `Si ya lo ha pagado, no tenga en cuenta este mensaje. Para cualquier duda, escríbanos a ${d.email} o llámenos al ${d.phone}.`,
  ];
  return {
    template: "recordatorio-pago",
    policyId: view.id,
    clientId: view.clientId,
    to,
    values: {
      nombre_tomador: view.policyholder.name,
      numero_poliza: view.number,
      numero_recibo: String(r.sequence),
      importe: formatMoney(due),
      // What is owed, how to pay it and what follows: computed here, one placeholder (ADR 040).
      detalle: lines.slice(2, -2).join("\n"),
      email_distribuidor: d.email,
      telefono_distribuidor: d.phone,
    },
  };
}

const unpaidOn = (r: Recibo, day: string) => r.status === "devuelto" || (r.status === "pendiente" && r.dueDate < day);

/** The dunning step of the daily run of `day`: how many reminders went out, and how many recibos failed. */
export async function runDunning(
  deps: LifecycleDeps,
  day: string,
  now: () => Date,
  hooks: { checkLease?: () => void } = {},
): Promise<{ sent: number; errors: number }> {
  const outcome = { sent: 0, errors: 0 };
  if (day < madridDate(now())) return outcome;
  const started = Date.now();
  const schedule = await readDunningDays(deps.db, day);
  const dueFrom = addDays(day, -(schedule.at(-1)! + DUNNING_CATCH_UP_DAYS));
  const dueTo = addDays(day, -schedule[0]!);
  let after = 0;
  for (;;) {
    const batch = await dunningCandidates(deps.db, { dueFrom, dueTo, after, limit: BATCH });
    if (batch.length === 0) {
      // The bench of the daily run (bench/lifecycle.mjs) reads this line for the step's time.
      deps.logger.info("dunning step", { day, ...outcome, ms: Date.now() - started });
      return outcome;
    }
    for (const candidate of batch) {
      const since = candidate.returnedAt ? madridDate(candidate.returnedAt) : candidate.dueDate;
      if (dunningStepDue(schedule, since, day, candidate.lastSentDay) === null) continue;
      hooks.checkLease?.();
      try {
        const sent = await withPolicy(deps, candidate.policyId, SYSTEM_ACTOR, now(), async (c) => {
          const recibo = c.policy.recibos.find((r) => r.id === candidate.reciboId);
          if (!recibo || !unpaidOn(recibo, day) || (c.policy.status !== "en_vigor" && c.policy.status !== "suspendida")) return false;
          // Read again under the policy's lock: another run may have sent a step meanwhile.
          const step = dunningStepDue(schedule, since, day, await lastDunningDay(c.tx, recibo.id));
          if (step === null || !(await recordDunningNotice(c.tx, recibo.id, step, day, c.now))) return false;
          const facts: DunningFacts = { recibo, step, today: day, policyStatus: c.policy.status, suspendedAt: c.policy.suspendedAt };
          await notifyPolicyholder(
            c.tx,
            { policyId: c.policy.id, kind: "dunning", actor: c.actor, now: c.now, publicBaseUrl: deps.publicBaseUrl },
            (view, to, ctx) => dunningNotice(view, to, facts, ctx),
          );
          return true;
        });
        if (sent) outcome.sent += 1;
      } catch (error) {
        outcome.errors += 1;
        deps.logger.error("dunning: recibo failed", { day, reciboId: candidate.reciboId, error: errorMessage(error) });
      }
    }
    after = batch[batch.length - 1]!.reciboId;
  }
}
