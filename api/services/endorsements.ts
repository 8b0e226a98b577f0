// Suplementos: guarantees added to a policy in force, priced pro rata for the days
// left in the term (api/domain/endorsement-price.ts) with the guarantee prices in force today
// (loadRatingTables), and paid with one recibo for the difference: by card now, or a SEPA recibo
// through the policy's mandate, which the daily run charges on its due date (ADR 018).
//
// Every check first; then the card is charged with no transaction open (ADR 017), as a charge
// attempt (ADR 027: recorded before the provider is called, its key `suplemento-<form key>-<n>`),
// so identical submits are one charge, a declined card leaves nothing but the attempt, and a
// charge whose write never committed is given back by the sweep. One short transaction then
// writes the endorsement, its recibo (kind suplemento), the card payment (its attempt
// registrado), the policy's new optional_guarantees, the history entry, the audit rows and the
// e-mail in the outbox. An advisory lock on the idempotency key serialises identical submits:
// the first writes the endorsement, the others find it by its key. The policy row is locked too,
// so two different submits cannot add the same guarantee twice; a charge that is not written is
// refunded through its attempt. No PDF is rendered in the transaction: the e-mail's attachments
// (the new version of the conditions and the recibo) are rendered after it, and the downloads on
// demand from the rows.
import { assertOutsideTransaction } from "../db/transaction-scope";
import { IDEMPOTENCY_KEY_REUSED_MESSAGE, PAYMENT_DECLINED_MESSAGE } from "../contract/checkout";
import type { EndorsementBody } from "../contract/endorsements";
import { writeAudit, type AuditWrite } from "../db/audit";
import type { Database } from "../db/client";
import { findEndorsementByKey, insertEndorsement } from "../db/endorsements.repo";
import { lockPolicy, recordHistory, updatePolicy } from "../db/lifecycle.repo";
import type { PolicyView } from "../db/policies.repo";
import { insertPayment, lockCheckoutKey, markReciboPaid } from "../db/policy-writes.repo";
import { loadRatingTables } from "../db/rating-tables.repo";
import type { EndorsedGuarantee } from "../db/schema";
import { isExpiryCurrent, parseCardExpiry, CARD_MESSAGES } from "../domain/card";
import { madridDate } from "../domain/calendar";
import {
  annualPremiumAfter,
  premiumInForce,
  effectiveDateProblem,
  effectiveDateRange,
  endorsementRecibos,
  endorsementRefusal,
  type EndorsementPrice,
} from "../domain/endorsement-price";
import { formatIsoDate, formatMoney } from "../contract/format";
import { ApiProblem } from "../http";
import { errorMessage, type Logger } from "../../platform/logger";
import { completeAttachments, pendingPdf } from "./attachments";
import type { DocumentStore } from "./document-store/store";
import { DOCUMENT_FILENAMES } from "./documents";
import { enqueueEmail, type TemplateEmail } from "./mail";
import { paymentMethodLabel, type PaymentProvider } from "./payments";
import { AttemptNotCaptured, chargeOnce, refundAttempt, registerAttempt } from "./charge-attempts";
import type { Actor } from "./lifecycle";
import { premiumBreakdown, premiumColumns } from "./premium-columns";
import { annualPremiumsOfTerm, endorsementCount, insertSuplementoRecibo } from "../db/suplementos.repo";
import { chosenEffectiveDate, payWith, priceCodes, readPolicyRow } from "./endorsement-pricing";

export type EndorsementDeps = { db: Database; payments: PaymentProvider; logger: Logger; publicBaseUrl?: string; documents: DocumentStore };

export const MANDATE_UNAVAILABLE_MESSAGE = "Su póliza no se paga por domiciliación bancaria: pague el suplemento con tarjeta";

export type EndorsementRequest = {
  view: PolicyView;
  body: EndorsementBody;
  actor: Actor;
  channel: "web" | "telefono";
  now: Date;
};

/** Adds the guarantees (one transaction, idempotent by the body's key). `created` is false for a repeated submit. */
export async function createEndorsement(deps: EndorsementDeps, req: EndorsementRequest): Promise<{ created: boolean; endorsementId: number }> {
  try {
    return await addGuarantees(deps, req);
  } catch (error) {
    // An identical submit that committed while this one was checking (its guarantees are now on
    // the policy, so the checks refuse them): the same answer as any repeat, not a 409.
    if (error instanceof ApiProblem && error.status === 409) {
      const replay = await repeatedSubmit(deps.db, req);
      if (replay) return replay;
    }
    throw error;
  }
}

/** The endorsement already made with this key, as a repeated submit's answer; null when none. */
async function repeatedSubmit(db: Database, { view, body }: EndorsementRequest): Promise<{ created: false; endorsementId: number } | null> {
  const done = await findEndorsementByKey(db, body.idempotencyKey);
  if (!done) return null;
  if (done.policyId !== view.id) throw new ApiProblem(409, IDEMPOTENCY_KEY_REUSED_MESSAGE);
  return { created: false, endorsementId: done.id };
}

async function addGuarantees(deps: EndorsementDeps, req: EndorsementRequest): Promise<{ created: boolean; endorsementId: number }> {
  const { db, payments: provider, logger } = deps;
  const { view, body, actor, now } = req;
  const done = await repeatedSubmit(db, req);
  if (done) return done;
  const today = madridDate(now);
  // Checked before the transaction for a quick answer, and again on the locked row inside it.
  const before = await readPolicyRow(db, view.id);
  const refusal = endorsementRefusal(before, today);
  if (refusal) throw new ApiProblem(409, refusal);
  const effectiveDate = chosenEffectiveDate(body.effectiveDate, effectiveDateRange(before, today)!);
  if (body.payment.method === "card") {
    const expiry = parseCardExpiry(body.payment.expiry);
    if (!expiry || !isExpiryCurrent(expiry, now)) throw new ApiProblem(400, "Datos no válidos", { expiry: [CARD_MESSAGES.expired] });
  } else if (!payWith(before).includes("mandate")) {
    throw new ApiProblem(409, MANDATE_UNAVAILABLE_MESSAGE, { payment: [MANDATE_UNAVAILABLE_MESSAGE] });
  }
  const tables = await loadRatingTables(db, before.lineCode, now);
  const quoted = endorsementRecibos((await priceCodes(db, before, view.plan.name, tables, body.guarantees, effectiveDate)).price)[0]!;

  // The card is charged before the transaction, never inside it (ADR 017), as a charge attempt
  // (ADR 027, purpose suplemento, subject the form's key): recorded before the provider is called,
  // so the sweep gives back a charge whose write never committed; identical submits are one charge.
  let charge: { providerKey: string; providerRef: string; label: string } | null = null;
  if (body.payment.method === "card") {
    assertOutsideTransaction("A payment charge");
    const payment = body.payment;
    const { key, result } = await chargeOnce(
      db,
      { purpose: "suplemento", subject: body.idempotencyKey, amountCents: quoted.amount, policyId: view.id, requestKey: body.idempotencyKey },
      (providerKey) =>
        provider.charge({
          amountCents: quoted.amount,
          payment,
          idempotencyKey: providerKey,
          description: `Cotiza: suplemento de la póliza ${before.number}`,
        }),
    );
    if (result.status === "declined") {
      logger.info("endorsement payment declined", { policyId: view.id, reason: result.reason });
      throw new ApiProblem(402, PAYMENT_DECLINED_MESSAGE, { cardNumber: ["La tarjeta ha sido rechazada. Pruebe con otra tarjeta."] });
    }
    charge = { providerKey: key.providerKey, providerRef: result.providerRef, label: paymentMethodLabel(payment) };
  }

  try {
    const written = await db.transaction(async (tx): Promise<{ created: boolean; endorsementId: number; emailId?: number }> => {
      await lockCheckoutKey(tx, `suplemento:${body.idempotencyKey}`);
      const existing = await findEndorsementByKey(tx, body.idempotencyKey);
      if (existing) {
        if (existing.policyId !== view.id) throw new ApiProblem(409, IDEMPOTENCY_KEY_REUSED_MESSAGE);
        return { created: false, endorsementId: existing.id };
      }
      const policy = await lockPolicy(tx, view.id);
      if (!policy) throw new ApiProblem(404, "Póliza no encontrada");
      const lockedRefusal = endorsementRefusal(policy, today);
      if (lockedRefusal) throw new ApiProblem(409, lockedRefusal);
      // The term may have moved meanwhile (a renewal): the date is judged again on the locked row.
      const dateProblem = effectiveDateProblem(effectiveDate, effectiveDateRange(policy, today)!);
      if (dateProblem) throw new ApiProblem(409, dateProblem, { effectiveDate: [dateProblem] });
      const { price, chosen } = await priceCodes(tx, policy, view.plan.name, tables, body.guarantees, effectiveDate);
      const [recibo] = endorsementRecibos(price);
      // What was charged must be what is written: a policy changed between the two is refused (and refunded below).
      if (charge && recibo!.amount !== quoted.amount) throw new ApiProblem(409, PRICE_CHANGED_MESSAGE);

      const sequence = Math.max(0, ...policy.recibos.map((r) => r.sequence)) + 1;
      const reciboId = await insertSuplementoRecibo(tx, {
        policyId: policy.id,
        sequence,
        term: policy.term,
        dueDate: recibo!.dueDate,
        amountCents: recibo!.amount,
        at: now,
      });
      const audit = (entry: Omit<AuditWrite, "actorType" | "actorId" | "actorLabel" | "ip" | "at">) =>
        writeAudit(tx, { ...actor, ...entry, at: now });
      if (charge) {
        const paymentId = await insertPayment(tx, {
          policyId: policy.id,
          reciboId: reciboId,
          provider: provider.name,
          method: "card",
          methodLabel: charge.label,
          amount: recibo!.amount,
          providerRef: charge.providerRef,
          at: now,
        });
        await markReciboPaid(tx, reciboId, now);
        // The payment row records the attempt's charge: registrado now, or nothing is written (the sweep gave it back).
        await registerAttempt(tx, charge.providerKey, { policyId: policy.id, reciboId });
        await audit({
          action: "payment.accepted",
          entity: "payment",
          entityId: paymentId,
          after: {
            policyId: policy.id,
            recibo: sequence,
            amount: recibo!.amount,
            provider: provider.name,
            method: "card",
            methodLabel: charge.label,
            providerRef: charge.providerRef,
          },
        });
      }

      const version = (await endorsementCount(tx, policy.id)) + 2;
      const described: EndorsedGuarantee[] = chosen.map((g) => {
        const priced = price.guarantees.find((x) => x.code === g.code)!;
        return {
          code: g.code,
          name: g.name,
          description: g.description,
          limitText: g.limitText,
          deductibleCents: g.deductibleCents,
          yearlyCents: priced.yearlyCents,
          netCents: priced.netCents,
        };
      });
      // The yearly premium from now on (ADR 023): the one in force plus what these guarantees cost a year.
      const thisTerm = await annualPremiumsOfTerm(tx, policy.id, policy.term);
      const before = premiumInForce({ term: policy.term, premium: premiumBreakdown(policy), endorsements: thisTerm });
      const annualPremium = annualPremiumAfter({ before, yearlyNetAdded: price.yearlyNet, frequency: policy.frequency, settings: tables.settings });
      const endorsementId = await insertEndorsement(tx, {
        policyId: policy.id,
        version,
        term: policy.term,
        effectiveDate,
        guarantees: described,
        remainingDays: price.remainingDays,
        termDays: price.termDays,
        ...premiumColumns(price),
        annualPremium,
        reciboId: reciboId,
        paymentMethod: charge ? "card" : "sepa",
        idempotencyKey: body.idempotencyKey,
        channel: req.channel,
        createdAt: now,
      });
      const optionalGuarantees = [...policy.optionalGuarantees, ...described.map((g) => g.code)];
      await updatePolicy(tx, policy.id, { optionalGuarantees }, now);

      const names = described.map((g) => g.name).join(", ");
      const paid = charge ? `cobrado con tarjeta ${charge.label}` : `domiciliado en su cuenta, se cargará el ${formatIsoDate(recibo!.dueDate)}`;
      await recordHistory(tx, {
        ...actor,
        policyId: policy.id,
        event: "suplemento",
        summary: `Suplemento (condiciones versión ${version}): ${names} desde el ${formatIsoDate(effectiveDate)}; recibo n.º ${sequence} de ${formatMoney(price.total)} ${paid}; prima total anual desde entonces ${formatMoney(annualPremium.total)} (antes ${formatMoney(before.total)})`,
        fromStatus: policy.status,
        toStatus: policy.status,
        details: {
          endorsementId,
          version,
          effectiveDate,
          guarantees: described.map((g) => g.code),
          total: price.total,
          recibo: sequence,
          annualTotal: annualPremium.total,
          annualTotalBefore: before.total,
        },
        at: now,
      });
      await audit({
        action: "policy.endorsed",
        entity: "policy",
        entityId: policy.id,
        before: { optionalGuarantees: policy.optionalGuarantees, annualTotal: before.total },
        after: {
          optionalGuarantees,
          endorsementId,
          version,
          effectiveDate,
          total: price.total,
          recibo: sequence,
          channel: req.channel,
          annualTotal: annualPremium.total,
        },
      });

      const to = view.policyholder.email ?? (actor.actorType === "user" ? actor.actorLabel : null);
      if (!to) return { created: true, endorsementId };
      const emailId = await enqueueEmail(
        tx,
        endorsementEmail(view, { to, version, effectiveDate, described, price, sequence, paid, publicBaseUrl: deps.publicBaseUrl }),
        now,
      );
      await audit({
        action: "email.queued",
        entity: "outbox_email",
        entityId: emailId,
        after: { to, kind: "endorsement_confirmation", policyId: policy.id, endorsementId },
      });
      return { created: true, endorsementId, emailId };
    });
    // A repeated submit's charge is the first one's (the same attempt, registered by it); any other is given back.
    if (charge && !written.created) await refundAttempt(db, provider, charge.providerKey, logger);
    // The new conditions and the recibo are rendered now that the transaction is over (ADR 017);
    // should this fail, the sender renders them before it sends.
    if (written.emailId !== undefined) {
      await completeAttachments({ db, documents: deps.documents, now: () => now }, written.emailId).catch((error: unknown) =>
        logger.warn("endorsement e-mail attachments left to the sender", { emailId: written.emailId, error: errorMessage(error) }),
      );
    }
    return { created: written.created, endorsementId: written.endorsementId };
  } catch (error) {
    // Charged but not written (refused on the locked row, a database failure…): give the money
    // back, unless a payment records it (an identical submit wrote this same charge meanwhile).
    if (charge) {
      const refund = await refundAttempt(db, provider, charge.providerKey, logger).catch((e: unknown) => `failed: ${errorMessage(e)}`);
      if (refund !== "registrado")
        logger.warn("endorsement charged but not written: charge refunded", { policyId: view.id, providerRef: charge.providerRef, refund });
      if (error instanceof AttemptNotCaptured) throw new ApiProblem(409, CHARGE_GIVEN_BACK_MESSAGE);
    }
    throw error;
  }
}

const CHARGE_GIVEN_BACK_MESSAGE =
  "El pago se ha devuelto porque el suplemento no se pudo registrar a tiempo. No se ha añadido ninguna garantía: vuelva a intentarlo.";

const PRICE_CHANGED_MESSAGE =
  "La póliza ha cambiado mientras añadía las garantías y el precio ya no es el mismo. No se le ha cobrado nada: vuelva a intentarlo.";

function endorsementEmail(
  view: PolicyView,
  e: {
    to: string;
    version: number;
    effectiveDate: string;
    described: EndorsedGuarantee[];
    price: EndorsementPrice;
    sequence: number;
    paid: string;
    publicBaseUrl?: string;
  },
): TemplateEmail {
  // The new version of the conditions and the suplemento's recibo, rendered after the commit (ADR 017).
  const conditions = pendingPdf(DOCUMENT_FILENAMES.conditions(view.number, e.version), { kind: "conditions", policyId: view.id, version: e.version });
  const recibo = pendingPdf(DOCUMENT_FILENAMES.recibo(view.number, e.sequence), { kind: "recibo", policyId: view.id, sequence: e.sequence });
  return {
    template: "suplemento",
    policyId: view.id,
    clientId: view.clientId,
    to: e.to,
    values: {
      nombre_tomador: view.policyholder.name,
      numero_poliza: view.number,
      ramo: view.lineName.toLowerCase(),
      plan: view.plan.name,
      fecha_efecto: formatIsoDate(e.effectiveDate),
      fecha_vencimiento: formatIsoDate(view.endDate),
      garantias: e.described
        .map((g) => `- ${g.name}${g.limitText ? ` (límite: ${g.limitText})` : ""}: ${formatMoney(g.netCents)} por ${e.price.remainingDays} días`)
        .join("\n"),
      importes: [
        `Prima neta: ${formatMoney(e.price.net)}`,
        ...(e.price.fractionation ? [`Recargo por fraccionamiento: ${formatMoney(e.price.fractionation)}`] : []),
        ...(e.price.clea ? [`Recargo CLEA: ${formatMoney(e.price.clea)}`] : []),
        `IPS: ${formatMoney(e.price.ips)}`,
      ].join("\n"),
      numero_recibo: String(e.sequence),
      importe: formatMoney(e.price.total),
      estado_pago: e.paid,
      version_condiciones: String(e.version),
      enlace_mi_poliza: e.publicBaseUrl ? new URL(`/mi-poliza/${view.id}`, e.publicBaseUrl).toString() : "",
      fichero_condiciones: conditions.filename,
      fichero_recibo: recibo.filename,
    },
    attachments: [conditions, recibo],
  };
}
