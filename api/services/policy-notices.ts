// The customer's notice of a suspension or a cancellation of their policy, made by
// staff in the back office or by the daily run (art. 15 LCS: unpaid one month, six months), queues
// an e-mail to the policyholder in the same transaction as the change, saying what happened,
// from when, why, and what they can do. A
// policyholder without an e-mail address gets none, and the policy's history says so, so that
// staff know to tell them another way. The texts are pure functions of what the change wrote.
import { eq } from "drizzle-orm";
import type { SiteInfo } from "../contract/site";
import type { CancellationReason } from "../contract/vocabulary";
import { writeAudit } from "../db/audit";
import type { DbOrTx } from "../db/client";
import { recordHistory, type HistoryActor } from "../db/lifecycle.repo";
import { readDistributor } from "../db/catalogue.repo";
import { loadPolicyViews, type PolicyView } from "../db/policies.repo";
import { users } from "../db/schema";
import { extinctionDate } from "../domain/lifecycle";
import { formatIsoDate, formatMoment, formatMoney } from "../contract/format";
import { sentence } from "./email-layout";
import { enqueueEmail, type TemplateEmail } from "./mail";

/** A recibo the notice names: its number, due date and amount. */
export type NoticeRecibo = { sequence: number; dueDate: string; amountCents: number };

/** `openRecibos`: the policy's recibos pendiente or devuelto, whatever their due date. */
export type SuspensionFacts = { reason: string; at: Date; today: string; openRecibos: NoticeRecibo[] };
export type CancellationFacts = {
  reason: CancellationReason;
  effectiveDate: string;
  today: string;
  annulledRecibos: NoticeRecibo[];
  refundCents: number;
};

export type NoticeContext = { distributor: SiteInfo; publicBaseUrl?: string };

const reciboLine = (r: NoticeRecibo, today: string) =>
  `- Recibo n.º ${r.sequence}, ${r.dueDate <= today ? "vencido el" : "con vencimiento el"} ${formatIsoDate(r.dueDate)}: ${formatMoney(r.amountCents)}`;

/** "Mi póliza" for a customer with an account and a known site address; nothing otherwise. */
function myPolicyLine(view: PolicyView, ctx: NoticeContext, lead: string): string[] {
  if (view.userId === null || !ctx.publicBaseUrl) return [];
  return ["", `${lead} ${new URL(`/mi-poliza/${view.id}`, ctx.publicBaseUrl).toString()}`];
}

function contactLines(d: SiteInfo): string[] {
  return [
    "",
    `Si cree que se trata de un error o tiene cualquier duda, escríbanos a ${d.email} o llámenos al ${d.phone}. Para quejas y reclamaciones: ${d.complaintsEmail}.`,
  ];
}

const policyName = (view: PolicyView) => `su ${view.lineName.toLowerCase()} (póliza ${view.number}, plan ${view.plan.name})`;

/** The suspension: cover stops now; paying what is pending lifts it (art. 15 LCS), or else the contract ends six months after the due date. */
export function suspensionNotice(view: PolicyView, to: string, f: SuspensionFacts, ctx: NoticeContext): TemplateEmail {
  const d = ctx.distributor;
  // What is owed today: the open recibos already due (later ones are not part of the suspension).
  const open = f.openRecibos.filter((r) => r.dueDate <= f.today).sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.sequence - b.sequence);
  const oldest = open[0];
  const how = `llámenos al ${d.phone} o escríbanos a ${d.email} y le cobraremos ${open.length > 1 ? "los recibos" : "el recibo"}${view.payment?.label ? ` en su medio de pago (${view.payment.label})` : ""} o le indicaremos cómo pagar por transferencia`;
  const lines = [
    `Hola, ${view.policyholder.name}:`,
    "",
    `Le informamos de que la cobertura de ${policyName(view)} está suspendida desde el ${formatMoment(f.at)}. Mientras siga suspendida, la póliza no cubre los siniestros que ocurran.`,
    "",
    `Motivo: ${sentence(f.reason)}`,
    "",
    ...(oldest
      ? [
          `Tiene pendiente de pago:`,
          ...open.map((r) => reciboLine(r, f.today)),
          "",
          `Para levantar la suspensión, pague lo pendiente: ${how}. La póliza vuelve a estar en vigor en cuanto se paga, y la cobertura se reanuda 24 horas después del pago (art. 15 de la Ley de Contrato de Seguro).`,
          ...(extinctionDate(oldest.dueDate) > f.today
            ? [
                "",
                `Si el recibo n.º ${oldest.sequence} sigue sin pagarse el ${formatIsoDate(extinctionDate(oldest.dueDate))}, seis meses después de su vencimiento, el contrato quedará extinguido.`,
              ]
            : []),
        ]
      : [`Para que la póliza vuelva a estar en vigor, o si necesita aclarar el motivo, escríbanos a ${d.email} o llámenos al ${d.phone}.`]),
    ...myPolicyLine(view, ctx, "Puede consultar su póliza y sus recibos en Mi póliza:"),
    ...contactLines(d),
  ];
  return {
    template: "suspension",
    policyId: view.id,
    clientId: view.clientId,
    to,
    // The body after the greeting depends on what is owed: one placeholder the template places (ADR 040).
    values: {
      nombre_tomador: view.policyholder.name,
      numero_poliza: view.number,
      fecha: formatMoment(f.at),
      motivo: sentence(f.reason),
      detalle: lines.slice(2).join("\n"),
    },
  };
}

/** Why, in the customer's words, and what follows for them. */
const CANCELLATION_WORDS: Record<CancellationReason, { why: string; next: (d: SiteInfo, quoteUrl: string | null) => string }> = {
  desistimiento: { why: "ha desistido usted del contrato.", next: () => "Hemos registrado su desistimiento; no tiene que hacer nada más." },
  impago: {
    why: "la prima no se ha pagado.",
    next: (_d, quoteUrl) =>
      `Si desea volver a asegurarse, puede calcular el precio y contratar un seguro nuevo cuando quiera${quoteUrl ? `: ${quoteUrl}` : "."}`,
  },
  peticion_cliente: {
    why: "nos lo ha pedido usted.",
    next: () => "Hemos tramitado la anulación que nos pidió. Si no la ha pedido usted, escríbanos cuanto antes.",
  },
  error_emision: {
    why: "un error al emitir la póliza.",
    next: (d) => `Si todavía necesita este seguro, escríbanos a ${d.email} o llámenos al ${d.phone} y le preparamos la póliza correcta.`,
  },
};

/** The cancellation: from its effective date the policy no longer covers; its open recibos are not charged; a withdrawal refunds. */
export function cancellationNotice(view: PolicyView, to: string, f: CancellationFacts, ctx: NoticeContext): TemplateEmail {
  const d = ctx.distributor;
  const words = CANCELLATION_WORDS[f.reason];
  const annulled = [...f.annulledRecibos].sort((a, b) => a.sequence - b.sequence);
  const lines = [
    `Hola, ${view.policyholder.name}:`,
    "",
    `Le informamos de que hemos anulado ${policyName(view)} con efecto el ${formatIsoDate(f.effectiveDate)}: desde ese día la póliza no cubre los siniestros que ocurran.`,
    "",
    `Motivo: ${words.why}`,
    "",
    ...(annulled.length
      ? ["Sus recibos pendientes quedan anulados y no se le cobrarán:", ...annulled.map((r) => reciboLine(r, f.today))]
      : ["No queda ningún recibo pendiente: no se le cobrará nada más."]),
    ...(f.refundCents > 0
      ? [
          "",
          `Le devolvemos ${formatMoney(f.refundCents)}, la prima de los días no cubiertos, en el mismo medio de pago${view.payment?.label ? ` (${view.payment.label})` : ""}; lo verá en su cuenta en un plazo máximo de 30 días.`,
        ]
      : []),
    "",
    words.next(d, ctx.publicBaseUrl ? new URL("/cotizar", ctx.publicBaseUrl).toString() : null),
    ...myPolicyLine(view, ctx, "Sus documentos siguen disponibles en Mi póliza:"),
    ...contactLines(d),
  ];
  return {
    template: "anulacion",
    policyId: view.id,
    clientId: view.clientId,
    to,
    values: {
      nombre_tomador: view.policyholder.name,
      numero_poliza: view.number,
      fecha: formatIsoDate(f.effectiveDate),
      motivo: words.why,
      detalle: lines.slice(2).join("\n"),
    },
  };
}

export type NoticeKind = "suspension" | "cancellation" | "dunning";
const NOTICE_NAMES: Record<NoticeKind, string> = {
  suspension: "de la suspensión",
  cancellation: "de la anulación",
  dunning: "de recordatorio de pago",
};

/**
 * Queues the notice to the policyholder (their e-mail, else their account's) in the transaction
 * of the change, with its audit row, and writes in the policy's history that it went, or that it
 * could not for want of an address. Answers the e-mail's id, or null.
 */
export async function notifyPolicyholder(
  tx: DbOrTx,
  o: { policyId: number; kind: NoticeKind; actor: HistoryActor & { ip?: string | null }; now: Date; publicBaseUrl?: string },
  build: (view: PolicyView, to: string, ctx: NoticeContext) => TemplateEmail,
): Promise<number | null> {
  const [view] = await loadPolicyViews(tx, { id: o.policyId });
  if (!view) return null;
  const account = view.userId === null ? null : (await tx.select({ email: users.email }).from(users).where(eq(users.id, view.userId)))[0]?.email;
  const to = view.policyholder.email ?? account ?? null;
  const history = (summary: string, details: Record<string, unknown>) =>
    recordHistory(tx, {
      actorType: o.actor.actorType,
      actorId: o.actor.actorId,
      actorLabel: o.actor.actorLabel,
      policyId: o.policyId,
      event: "aviso_cliente",
      summary,
      details: { notice: o.kind, ...details },
      at: o.now,
    });
  if (!to) {
    await history(`Sin aviso ${NOTICE_NAMES[o.kind]} por correo: el tomador no tiene dirección de correo electrónico`, { emailId: null });
    return null;
  }
  const distributor = await readDistributor(tx, o.now);
  const emailId = await enqueueEmail(tx, build(view, to, { distributor, publicBaseUrl: o.publicBaseUrl }), o.now);
  await writeAudit(tx, {
    ...o.actor,
    action: "email.queued",
    entity: "outbox_email",
    entityId: emailId,
    after: { to, kind: `${o.kind}_notice`, policyId: o.policyId },
    at: o.now,
  });
  await history(`Aviso ${NOTICE_NAMES[o.kind]} enviado al tomador por correo electrónico`, { emailId });
  return emailId;
}
