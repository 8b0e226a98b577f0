// Step 3 of a checkout (ADR 017): in its short transaction, the rows of the new policy — the client
// (tomador), the policy, its recibos, the payment, the consents, the history, the audit rows — and
// the confirmation e-mail in the outbox with its PDFs by reference (rendered after the commit).
// A card's first recibo is cobrado with its payment row; a direct debit's stays pendiente, its
// mandate FRST, and the policy is in force on the signed mandate (ADR 033).
import { ApiProblem } from "../http";
import { normalizeIban } from "../domain/iban";
import { NIF_OTHER_ACCOUNT_MESSAGE, type CheckoutBody } from "../contract/checkout";
import { writeAudit, type AuditWrite } from "../db/audit";
import { recordHistory } from "../db/lifecycle.repo";
import { insertMandate } from "../db/sepa-mandates.repo";
import type { Transaction } from "../db/client";
import { loadPolicyViews, type PolicyView } from "../db/policies.repo";
import {
  insertConsents,
  insertPayment,
  insertPolicy,
  insertRecibos,
  markQuoteContracted,
  markReciboPaid,
  nextPolicyNumber,
  setPolicyStatus,
  upsertClient,
} from "../db/policy-writes.repo";
import { readDocumentContext, readInsurer, type DocumentContext } from "../db/document-context.repo";
import { type StoredQuote } from "../db/quotes.repo";
import { formatIsoDate, formatMoney } from "../contract/format";
import { madridDate, type policyTerm } from "../domain/calendar";
import { formatRiskAddress, insuredObjectRisk, readRiskAddress } from "../domain/insured-object";
import { formatRegistration } from "../domain/registration";
import { pendingPdf } from "./attachments";
import { DOCUMENT_FILENAMES } from "./documents";
import type { TemplateValues } from "./email-render";
import { policyValues } from "./email-templates";
import { winLeadForPolicy } from "./pipeline-leads";
import { enqueueEmail, type TemplateEmail } from "./mail";
import { paymentMethodLabel } from "./payments";

import { type Buyer, type chooseFromOffer, type priceChoice } from "./checkout-quote";

export type PolicyWrite = {
  quote: StoredQuote;
  buyer: Buyer;
  body: CheckoutBody;
  plan: ReturnType<typeof chooseFromOffer>["plan"];
  optional: string[];
  term: ReturnType<typeof policyTerm>;
  price: Awaited<ReturnType<typeof priceChoice>>[CheckoutBody["frequency"]];
  /** The card's charge; null for a direct debit (not charged at the sale, ADR 033). */
  charge: { providerRef: string; mandate?: string } | null;
  actor: Pick<AuditWrite, "actorType" | "actorId" | "actorLabel" | "ip">;
  channel: "web" | "telefono";
  ip: string | null;
  now: Date;
  lockedStatus: StoredQuote["status"];
  provider: string;
  publicBaseUrl?: string;
};

/** Rows only: the client, the policy, its recibos, the payment, consents, history, audit and the queued e-mail (its PDFs by reference). */
export async function writePolicy(tx: Transaction, w: PolicyWrite): Promise<{ policyId: number; emailId: number | null }> {
  const { quote, buyer, body, plan, optional, term, price, charge, actor, channel, now } = w;
  const firstRecibo = price.recibos[0]!;
  const client = await upsertClient(tx, {
    account: buyer.kind === "visitor" ? { userId: buyer.user.id, email: buyer.user.email } : null,
    email: buyer.kind === "staff" ? buyer.email : undefined,
    holder: body.policyholder,
    at: now,
  });
  if (client.kind === "other_account") throw new ApiProblem(409, NIF_OTHER_ACCOUNT_MESSAGE, { nif: [NIF_OTHER_ACCOUNT_MESSAGE] });

  // The insurer of the line today: the policy keeps its copy (a later change of insurer does not change this contract).
  const insurer = await readInsurer(tx, quote.line, now);
  // Numbered in the year it is issued, which may be before the year it starts.
  const number = await nextPolicyNumber(tx, Number(madridDate(now).slice(0, 4)));
  const policyId = await insertPolicy(tx, {
    number,
    quoteId: quote.id,
    clientId: client.id,
    // Bought by phone for a customer with an account, it shows in their Mi póliza too.
    userId: client.userId,
    line: quote.line,
    planCode: plan.code,
    startDate: term.startDate,
    endDate: term.endDate,
    frequency: body.frequency,
    optionalGuarantees: optional,
    // The quote's rating inputs and what identifies the insured object (registration or riskAddress).
    risk: { ...quote.inputs, ...insuredObjectRisk(quote.line, body), ...(insurer ? { insurer } : {}) },
    premium: price,
    idempotencyKey: body.idempotencyKey,
    payment: {
      method: body.payment.method,
      mandate: charge?.mandate ?? null,
      iban: body.payment.method === "sepa" ? normalizeIban(body.payment.iban) : null,
    },
    channel,
    at: now,
  });
  const reciboIds = await insertRecibos(tx, policyId, price.recibos, now);
  const first = reciboIds.find((r) => r.sequence === 1)!;
  const methodLabel = paymentMethodLabel(body.payment);
  const paymentId = charge
    ? await insertPayment(tx, {
        policyId,
        reciboId: first.id,
        provider: w.provider,
        method: body.payment.method,
        methodLabel,
        amount: firstRecibo.amount,
        providerRef: charge.providerRef,
        at: now,
      })
    : null;
  if (charge) await markReciboPaid(tx, first.id, now);
  if (body.payment.method === "sepa") {
    // The mandate signed at the sale (ADR 029); FRST: its first debit is recibo 1, in the next remittance (ADR 033).
    await insertMandate(tx, {
      policyId,
      policyNumber: number,
      debtorName: body.policyholder.name,
      iban: normalizeIban(body.payment.iban),
      signedOn: madridDate(now),
      sequenceType: "FRST",
      at: now,
    });
  }
  await setPolicyStatus(tx, policyId, "en_vigor", now);
  const history = { ...actor, policyId, at: now };
  const issuedBy = buyer.kind === "visitor" ? "desde la web" : `por teléfono (${buyer.admin.username})`;
  await recordHistory(tx, { ...history, event: "emitida", summary: `Póliza ${number} emitida ${issuedBy}`, toStatus: "pendiente_pago" });
  await recordHistory(tx, {
    ...history,
    event: "activada",
    summary: charge
      ? "Primer recibo cobrado: póliza en vigor"
      : `Póliza en vigor con el mandato SEPA firmado: el primer recibo (${formatMoney(firstRecibo.amount)}) se cobrará por domiciliación a partir del ${formatIsoDate(firstRecibo.dueDate)}`,
    fromStatus: "pendiente_pago",
    toStatus: "en_vigor",
  });
  await insertConsents(tx, {
    userId: client.userId,
    clientId: client.id,
    decisions: body.consents,
    given: buyer.kind === "visitor" ? { channel: "web", ip: w.ip } : { channel: "telefono", recordedByAdminId: buyer.admin.id },
    at: now,
  });
  await markQuoteContracted(tx, quote.id, client.userId, now);

  const audit = (entry: Omit<AuditWrite, "actorType" | "actorId" | "actorLabel" | "ip" | "at">) => writeAudit(tx, { ...actor, ...entry, at: now });
  await audit({
    action: client.kind === "created" ? "client.created" : "client.updated",
    entity: "client",
    entityId: client.id,
    before: client.before,
    after: {
      name: body.policyholder.name,
      nif: body.policyholder.nif,
      userId: client.userId,
      ...(buyer.kind === "staff" && buyer.email ? { email: buyer.email } : {}),
    },
  });
  await audit({
    action: "policy.created",
    entity: "policy",
    entityId: policyId,
    after: {
      number,
      quoteId: quote.id,
      line: quote.line,
      plan: plan.code,
      optionalGuarantees: optional,
      frequency: body.frequency,
      startDate: term.startDate,
      endDate: term.endDate,
      total: price.total,
      status: "pendiente_pago",
      channel,
    },
  });
  if (charge && paymentId !== null) {
    await audit({
      action: "payment.accepted",
      entity: "payment",
      entityId: paymentId,
      after: {
        policyId,
        recibo: 1,
        amount: firstRecibo.amount,
        provider: w.provider,
        method: body.payment.method,
        methodLabel,
        providerRef: charge.providerRef,
      },
    });
  }
  await audit({
    action: "policy.activated",
    entity: "policy",
    entityId: policyId,
    before: { status: "pendiente_pago" },
    // A direct debit: in force on the signed mandate, recibo 1 pendiente for the remittance (ADR 033).
    after: charge ? { status: "en_vigor" } : { status: "en_vigor", firstRecibo: "pendiente", via: "mandato_sepa", iban: methodLabel },
  });
  await audit({
    action: "consent.recorded",
    entity: "client",
    entityId: client.id,
    after: { ...body.consents, policyId, channel },
  });
  await audit({
    action: "quote.contracted",
    entity: "quote",
    entityId: quote.id,
    before: { status: w.lockedStatus },
    after: { status: "contratada", policyId },
  });
  // Issue 23: the sales lead holding this quote (or this person, for this line) is won with the policy.
  await winLeadForPolicy(
    tx,
    {
      policyId,
      quoteId: quote.id,
      lineCode: quote.line,
      email: buyer.kind === "visitor" ? buyer.user.email : buyer.email,
      phone: body.policyholder.phone,
    },
    actor,
    now,
  );

  const [view] = await loadPolicyViews(tx, { id: policyId });
  // A phone customer who gave no e-mail gets the documents another way (staff download them).
  const to = buyer.kind === "visitor" ? buyer.user.email : view!.policyholder.email;
  if (!to) return { policyId, emailId: null };
  const ctx = await readDocumentContext(tx, now);
  const emailId = await enqueueEmail(tx, confirmationEmail(view!, to, ctx, now, w.publicBaseUrl), now);
  await audit({ action: "email.queued", entity: "outbox_email", entityId: emailId, after: { to, kind: "policy_confirmation", policyId } });
  return { policyId, emailId };
}

/** Recibo 1 as it stands: charged to the card, or to be debited from the account on or after its due date (ADR 033). */
function firstReciboLine(policy: PolicyView): string {
  const first = policy.recibos[0]!;
  const label = policy.payment?.label;
  if (first.status === "cobrado") return `Primer recibo: ${formatMoney(first.amount)}, cobrado${label ? ` en ${label}` : ""}`;
  return `Primer recibo: ${formatMoney(first.amount)}, se cargará por domiciliación bancaria${label ? ` en la cuenta ${label}` : ""} a partir del ${formatIsoDate(first.dueDate)}. Todavía no se le ha cobrado nada.`;
}

/** The insured object in one line of the e-mail: "Matrícula 1234 BCD", "Vivienda en Calle Mayor 12, 46001 Valencia". */
function insuredObjectLine(policy: PolicyView): string | null {
  if (typeof policy.risk.registration === "string") return `Vehículo asegurado: matrícula ${formatRegistration(policy.risk.registration)}`;
  const address = readRiskAddress(policy.risk.riskAddress);
  return address ? `Vivienda asegurada: ${formatRiskAddress(address)}` : null;
}

/** The confirmation e-mail, with the particular conditions, the IPID and the first recibo attached (rendered after the commit). */
function confirmationEmail(policy: PolicyView, to: string, ctx: DocumentContext, now: Date, publicBaseUrl: string | undefined): TemplateEmail {
  const conditions = pendingPdf(DOCUMENT_FILENAMES.conditions(policy.number), { kind: "conditions", policyId: policy.id, version: 1 });
  const ipid = pendingPdf(DOCUMENT_FILENAMES.ipid(policy.line), { kind: "ipid", line: policy.line, at: now.toISOString(), policyId: policy.id });
  const recibo = pendingPdf(DOCUMENT_FILENAMES.recibo(policy.number, 1), { kind: "recibo", policyId: policy.id, sequence: 1 });
  const d = ctx.distributor;
  const values: TemplateValues = {
    ...policyValues(policy, d),
    objeto_asegurado: insuredObjectLine(policy) ?? "",
    primer_recibo: firstReciboLine(policy),
    // Bought by phone without an account: there is no Mi póliza to point to.
    documentos_intro:
      policy.userId !== null
        ? [
            "Le adjuntamos estos documentos, que también puede descargar en cualquier momento desde Mi póliza:",
            ...(publicBaseUrl ? [new URL("/mi-poliza", publicBaseUrl).toString()] : []),
          ].join("\n")
        : `Le adjuntamos estos documentos; guárdelos, son su contrato. Si necesita otra copia, escríbanos a ${d.email} o llámenos al ${d.phone}.`,
    fichero_condiciones: conditions.filename,
    fichero_ipid: ipid.filename,
    fichero_recibo: recibo.filename,
    frase_desistimiento:
      policy.withdrawal.allowed && policy.withdrawal.until
        ? `Puede desistir del contrato sin coste hasta el ${formatIsoDate(policy.withdrawal.until)} ${policy.userId !== null ? "desde Mi póliza o " : ""}escribiendo a ${d.email}.`
        : "",
  };
  return {
    template: "confirmacion-poliza",
    policyId: policy.id,
    clientId: policy.clientId,
    to,
    values,
    attachments: [conditions, ipid, recibo],
  };
}
