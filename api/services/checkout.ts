// Checking out a quote: one transaction creates the client (tomador), the policy, its recibos, the
// first charge and its payment row, the consents, the confirmation e-mail in the outbox and the
// audit rows, and marks the quote contratada. The charge runs inside the transaction after every
// check that could refuse the checkout, so a declined payment (or any later failure) rolls back
// everything, and a refused checkout never charges.
//
// Two buyers: a visitor on the web (the quote is theirs, the client becomes their account's), or
// staff selling by phone (/admin/policies/new: a quote staff made, the consents recorded as given
// by phone by that staff member, the client keeping whatever account it has). Same prices, same
// transaction, same documents.
//
// Idempotency: an advisory lock on the idempotency key serialises identical requests; the first
// creates the policy, the others (and any later retry) find it by the key (unique in policies)
// and answer it without charging again.
import { ApiProblem } from "../http";
import { normalizeIban } from "../domain/iban";
import {
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  NIF_OTHER_ACCOUNT_MESSAGE,
  PAYMENT_DECLINED_MESSAGE,
  QUOTE_ALREADY_CONTRACTED_MESSAGE,
  QUOTE_DISCARDED_MESSAGE,
  QUOTE_EXPIRED_MESSAGE,
  SEPA_DECLINED_MESSAGE,
  START_DATE_TOO_EARLY_MESSAGE,
  START_DATE_TOO_LATE_MESSAGE,
  UNDERAGE_POLICYHOLDER_MESSAGE,
  type CheckoutBody,
} from "../contract/checkout";
import { isUuid } from "../contract/ids";
import { QUOTE_NOT_FOUND_MESSAGE } from "../contract/quotes";
import { writeAudit, type AuditWrite } from "../db/audit";
import { recordHistory } from "../db/lifecycle.repo";
import type { Database } from "../db/client";
import {
  findPolicyByIdempotencyKey,
  insertConsents,
  insertPayment,
  insertPolicy,
  insertRecibos,
  loadPolicyViews,
  lockCheckoutKey,
  lockQuote,
  markQuoteContracted,
  markReciboPaid,
  nextPolicyNumber,
  readDocumentContext,
  setPolicyStatus,
  upsertClient,
  type DocumentContext,
  type PolicyView,
} from "../db/policies.repo";
import { findQuote, hashOwnerToken, loadRatingTables, type StoredQuote } from "../db/quotes.repo";
import { CARD_MESSAGES, isExpiryCurrent, parseCardExpiry } from "../domain/card";
import { normalizeOptionalChoice, offerPlan, OfferChoiceError, priceOffer } from "../domain/offer-price";
import { formatEuros, formatIsoDate } from "../domain/product-info";
import { ageOn, madridDate, policyTerm, startDateProblem, startDateRange } from "../domain/calendar";
import { formatRiskAddress, insuredObjectErrors, insuredObjectRisk, readRiskAddress } from "../domain/insured-object";
import { formatRegistration } from "../domain/registration";
import type { AdminPrincipal, UserPrincipal } from "../principal";
import type { Logger } from "../../platform/logger";
import { conditionsDocument, ipidDocument, reciboDocument, type RenderedDocument } from "./documents";
import { enqueueEmail, pdfAttachment } from "./mail";
import { paymentMethodLabel, type PaymentProvider } from "./payments";

const notFound = () => new ApiProblem(404, QUOTE_NOT_FOUND_MESSAGE);

/** Thrown inside the transaction so that it rolls back; answered as 402. */
class PaymentDeclined extends Error {
  constructor(
    readonly method: "card" | "sepa",
    readonly reason: string,
  ) {
    super(reason);
    this.name = "PaymentDeclined";
  }
}

/** Whether the caller may use this quote: its account, or the owner token of an unclaimed quote. */
export function ownsQuote(quote: Pick<StoredQuote, "userId" | "ownerTokenHash">, userId: number | undefined, ownerToken: string | undefined): boolean {
  if (quote.userId !== null) return userId !== undefined && quote.userId === userId;
  // An owner token is 43 characters; anything far longer is not one (and is not worth hashing).
  return !!ownerToken && ownerToken.length <= 200 && quote.ownerTokenHash === hashOwnerToken(ownerToken);
}

/** The quote (expired lazily) if the caller may use it; 404 otherwise, as for an id that does not exist. */
export async function findOwnedQuote(
  db: Database,
  id: string,
  caller: { userId?: number; ownerToken?: string },
  now: Date,
): Promise<StoredQuote> {
  if (!isUuid(id)) throw notFound();
  const quote = await findQuote(db, id.toLowerCase(), now);
  if (!quote || !ownsQuote(quote, caller.userId, caller.ownerToken)) throw notFound();
  return quote;
}

/** The plan and optional guarantees of the choice, or 400 with the field that is wrong. */
export function chooseFromOffer(quote: StoredQuote, planCode: string, optional: readonly string[]) {
  try {
    const plan = offerPlan(quote.plans, planCode);
    return { plan, optional: normalizeOptionalChoice(plan, optional) };
  } catch (error) {
    if (error instanceof OfferChoiceError) throw new ApiProblem(400, "Datos no válidos", { [error.field]: [error.message] });
    throw error;
  }
}

/** Prices for every frequency of one choice of the quote's offer, with recibos from `startDate`. */
export function priceChoice(db: Database, quote: StoredQuote, plan: ReturnType<typeof chooseFromOffer>["plan"], optional: string[], startDate: string, now: Date) {
  return priceOffer(plan, optional, startDate, async () => (await loadRatingTables(db, quote.line, now)).settings);
}

/** 409 unless the quote can still be contracted. */
export function assertContractable(quote: { status: StoredQuote["status"]; validUntil: Date }, now: Date): void {
  if (quote.status === "contratada") throw new ApiProblem(409, QUOTE_ALREADY_CONTRACTED_MESSAGE);
  if (quote.status === "descartada") throw new ApiProblem(409, QUOTE_DISCARDED_MESSAGE);
  if (quote.status === "caducada" || quote.validUntil.getTime() < now.getTime()) throw new ApiProblem(409, QUOTE_EXPIRED_MESSAGE);
}

/** The start date asked for (tomorrow when none), or 400 when it is not between tomorrow and 60 days ahead. */
export function chosenStartDate(startDate: string | undefined, now: Date): string {
  const errors = startDateErrors(startDate, now);
  if (errors) throw new ApiProblem(400, "Datos no válidos", errors);
  return startDate ?? startDateRange(now).earliest;
}

function startDateErrors(startDate: string | undefined, now: Date): Record<string, string[]> | null {
  if (startDate === undefined) return null;
  const problem = startDateProblem(startDate, now);
  if (problem === "too_early") return { startDate: [START_DATE_TOO_EARLY_MESSAGE] };
  if (problem === "too_late") return { startDate: [START_DATE_TOO_LATE_MESSAGE] };
  return null;
}

/**
 * The checks that need the clock or the quote (the contract checks formats): the start date, card
 * expiry, an adult policyholder, and the insured object the line asks for (the car's registration,
 * the dwelling's address in the quote's postal code). Every refusal at once, by field.
 */
function checkAgainstClockAndQuote(body: CheckoutBody, quote: StoredQuote, now: Date): void {
  const today = madridDate(now);
  const fieldErrors: Record<string, string[]> = {
    ...startDateErrors(body.startDate, now),
    ...insuredObjectErrors(quote.line, quotePostalCode(quote), { registration: body.registration, riskAddress: body.riskAddress }),
  };
  if (body.policyholder.birthDate > today || ageOn(body.policyholder.birthDate, today) < 18) {
    fieldErrors.birthDate = [UNDERAGE_POLICYHOLDER_MESSAGE];
  }
  if (body.payment.method === "card") {
    const expiry = parseCardExpiry(body.payment.expiry);
    if (!expiry || !isExpiryCurrent(expiry, now)) fieldErrors.expiry = [CARD_MESSAGES.expired];
  }
  if (Object.keys(fieldErrors).length) throw new ApiProblem(400, "Datos no válidos", fieldErrors);
}

export type CheckoutDeps = { db: Database; payments: PaymentProvider; logger: Logger; publicBaseUrl?: string };
export type Buyer =
  | {
      kind: "visitor";
      user: UserPrincipal;
      /** X-Quote-Owner of a quote made before signing in and not yet claimed. */
      ownerToken?: string;
    }
  | {
      kind: "staff";
      admin: AdminPrincipal;
      /** The customer's e-mail as given on the phone (the documents go there); without it, the client's. */
      email?: string;
    };
export type CheckoutRequest = {
  quoteId: string;
  buyer: Buyer;
  body: CheckoutBody;
  ip: string | null;
  now: Date;
};

/** A quote staff made by phone (any staff member may sell it); 404 for any other, as for one that does not exist. */
export async function findStaffQuote(db: Database, id: string, now: Date): Promise<StoredQuote> {
  if (!isUuid(id)) throw notFound();
  const quote = await findQuote(db, id.toLowerCase(), now);
  if (!quote || quote.madeByAdminId === null) throw notFound();
  return quote;
}

function findBuyersQuote(db: Database, id: string, buyer: Buyer, now: Date): Promise<StoredQuote> {
  return buyer.kind === "visitor" ? findOwnedQuote(db, id, { userId: buyer.user.id, ownerToken: buyer.ownerToken }, now) : findStaffQuote(db, id, now);
}

/** Whether an earlier policy of this idempotency key is this buyer's checkout of this quote. */
function sameCheckout(existing: { userId: number | null; quoteId: string | null }, quote: StoredQuote, buyer: Buyer): boolean {
  return existing.quoteId === quote.id && (buyer.kind === "staff" || existing.userId === buyer.user.id);
}
export type CheckoutResult = { created: boolean; policy: PolicyView };

export async function checkoutQuote(deps: CheckoutDeps, req: CheckoutRequest): Promise<CheckoutResult> {
  const { db, payments, logger } = deps;
  const { body, buyer, now } = req;
  const quote = await findBuyersQuote(db, req.quoteId, buyer, now);
  // A retry of a checkout that went through answers its policy at once (checked again under the lock below).
  const done = await findPolicyByIdempotencyKey(db, body.idempotencyKey);
  if (done && sameCheckout(done, quote, buyer)) {
    const [policy] = await loadPolicyViews(db, { id: done.id });
    if (policy) return { created: false, policy };
  }
  // A quote that can no longer be bought says so before any field is judged (its start date may
  // have become today while the form stayed open); checked again under the lock below.
  assertContractable(quote, now);
  const { plan, optional } = chooseFromOffer(quote, body.plan, body.optionalGuarantees);
  checkAgainstClockAndQuote(body, quote, now);
  const term = policyTerm(body.startDate ?? startDateRange(now).earliest);
  const price = (await priceChoice(db, quote, plan, optional, term.startDate, now))[body.frequency];
  const firstRecibo = price.recibos[0]!;
  // The IPID does not depend on the policy: rendered before the transaction, which it need not hold up.
  const ipid = await ipidDocument(db, quote.line, now);
  const actor: Pick<AuditWrite, "actorType" | "actorId" | "actorLabel" | "ip"> =
    buyer.kind === "visitor"
      ? { actorType: "user", actorId: buyer.user.id, actorLabel: buyer.user.email, ip: req.ip }
      : { actorType: "admin", actorId: buyer.admin.id, actorLabel: buyer.admin.email, ip: req.ip };
  const channel = buyer.kind === "visitor" ? "web" : "telefono";

  let outcome: { created: boolean; policyId: number };
  try {
    outcome = await db.transaction(async (tx) => {
      await lockCheckoutKey(tx, body.idempotencyKey);
      const existing = await findPolicyByIdempotencyKey(tx, body.idempotencyKey);
      if (existing) {
        if (!sameCheckout(existing, quote, buyer)) throw new ApiProblem(409, IDEMPOTENCY_KEY_REUSED_MESSAGE);
        return { created: false, policyId: existing.id };
      }

      const locked = await lockQuote(tx, quote.id);
      if (!locked || (buyer.kind === "visitor" && locked.userId !== null && locked.userId !== buyer.user.id)) throw notFound();
      assertContractable(locked, now);

      // Everything that can refuse the checkout comes before the charge.
      const client = await upsertClient(tx, {
        account: buyer.kind === "visitor" ? { userId: buyer.user.id, email: buyer.user.email } : null,
        email: buyer.kind === "staff" ? buyer.email : undefined,
        holder: body.policyholder,
        at: now,
      });
      if (client.kind === "other_account") throw new ApiProblem(409, NIF_OTHER_ACCOUNT_MESSAGE, { nif: [NIF_OTHER_ACCOUNT_MESSAGE] });

      const charge = await payments.charge({
        amountCents: firstRecibo.amount,
        payment: body.payment,
        idempotencyKey: body.idempotencyKey,
        description: `Cotiza: primer recibo del seguro (${plan.name})`,
      });
      if (charge.status === "declined") throw new PaymentDeclined(body.payment.method, charge.reason);

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
        risk: { ...quote.inputs, ...insuredObjectRisk(quote.line, body) },
        premium: price,
        idempotencyKey: body.idempotencyKey,
        payment: {
          method: body.payment.method,
          mandate: charge.mandate ?? null,
          iban: body.payment.method === "sepa" ? normalizeIban(body.payment.iban) : null,
        },
        channel,
        at: now,
      });
      const reciboIds = await insertRecibos(tx, policyId, price.recibos, now);
      const first = reciboIds.find((r) => r.sequence === 1)!;
      const methodLabel = paymentMethodLabel(body.payment);
      const paymentId = await insertPayment(tx, {
        policyId,
        reciboId: first.id,
        provider: payments.name,
        method: body.payment.method,
        methodLabel,
        amount: firstRecibo.amount,
        providerRef: charge.providerRef,
        at: now,
      });
      await markReciboPaid(tx, first.id, now);
      await setPolicyStatus(tx, policyId, "en_vigor", now);
      const history = { ...actor, policyId, at: now };
      const issuedBy = buyer.kind === "visitor" ? "desde la web" : `por teléfono (${buyer.admin.username})`;
      await recordHistory(tx, { ...history, event: "emitida", summary: `Póliza ${number} emitida ${issuedBy}`, toStatus: "pendiente_pago" });
      await recordHistory(tx, { ...history, event: "activada", summary: "Primer recibo cobrado: póliza en vigor", fromStatus: "pendiente_pago", toStatus: "en_vigor" });
      await insertConsents(tx, {
        userId: client.userId,
        clientId: client.id,
        decisions: body.consents,
        given: buyer.kind === "visitor" ? { channel: "web", ip: req.ip } : { channel: "telefono", recordedByAdminId: buyer.admin.id },
        at: now,
      });
      await markQuoteContracted(tx, quote.id, client.userId, now);

      const audit = (entry: Omit<AuditWrite, "actorType" | "actorId" | "actorLabel" | "ip" | "at">) => writeAudit(tx, { ...actor, ...entry, at: now });
      await audit({
        action: client.kind === "created" ? "client.created" : "client.updated",
        entity: "client",
        entityId: client.id,
        before: client.before,
        after: { name: body.policyholder.name, nif: body.policyholder.nif, stage: "activo", userId: client.userId, ...(buyer.kind === "staff" && buyer.email ? { email: buyer.email } : {}) },
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
      await audit({
        action: "payment.accepted",
        entity: "payment",
        entityId: paymentId,
        after: { policyId, recibo: 1, amount: firstRecibo.amount, provider: payments.name, method: body.payment.method, methodLabel, providerRef: charge.providerRef },
      });
      await audit({ action: "policy.activated", entity: "policy", entityId: policyId, before: { status: "pendiente_pago" }, after: { status: "en_vigor" } });
      await audit({
        action: "consent.recorded",
        entity: "client",
        entityId: client.id,
        after: { ...body.consents, policyId, channel },
      });
      await audit({ action: "quote.contracted", entity: "quote", entityId: quote.id, before: { status: locked.status }, after: { status: "contratada", policyId } });

      const [view] = await loadPolicyViews(tx, { id: policyId });
      // A phone customer who gave no e-mail gets the documents another way (staff download them).
      const to = buyer.kind === "visitor" ? buyer.user.email : view!.policyholder.email;
      if (to) {
        const ctx = await readDocumentContext(tx);
        const emailId = await enqueueEmail(tx, await confirmationEmail(tx, view!, to, ctx, ipid, deps.publicBaseUrl), now);
        await audit({ action: "email.queued", entity: "outbox_email", entityId: emailId, after: { to, kind: "policy_confirmation", policyId } });
      }
      return { created: true, policyId };
    });
  } catch (error) {
    if (error instanceof PaymentDeclined) {
      logger.info("checkout payment declined", { quoteId: quote.id, method: error.method, reason: error.reason });
      throw error.method === "card"
        ? new ApiProblem(402, PAYMENT_DECLINED_MESSAGE, { cardNumber: ["La tarjeta ha sido rechazada. Pruebe con otra tarjeta o con domiciliación bancaria."] })
        : new ApiProblem(402, SEPA_DECLINED_MESSAGE, { iban: ["No se ha podido domiciliar el pago en esta cuenta."] });
    }
    throw error;
  }

  const [policy] = await loadPolicyViews(db, { id: outcome.policyId });
  if (!policy) throw new Error(`Policy ${outcome.policyId} vanished after checkout`);
  return { created: outcome.created, policy };
}

/** The postal code the quote was priced for (every line rates one). */
function quotePostalCode(quote: StoredQuote): string | undefined {
  const code = (quote.inputs as Record<string, unknown>).postalCode;
  return typeof code === "string" ? code : undefined;
}

/** The insured object in one line of the e-mail: "Matrícula 1234 BCD", "Vivienda en Calle Mayor 12, 46001 Valencia". */
function insuredObjectLine(policy: PolicyView): string | null {
  if (typeof policy.risk.registration === "string") return `Vehículo asegurado: matrícula ${formatRegistration(policy.risk.registration)}`;
  const address = readRiskAddress(policy.risk.riskAddress);
  return address ? `Vivienda asegurada: ${formatRiskAddress(address)}` : null;
}

/** The confirmation e-mail, with the particular conditions, the IPID and the first recibo attached. */
async function confirmationEmail(
  tx: Parameters<typeof conditionsDocument>[0],
  policy: PolicyView,
  to: string,
  ctx: DocumentContext,
  ipid: RenderedDocument,
  publicBaseUrl: string | undefined,
) {
  // With ctx given, rendering reads nothing more from the transaction.
  const conditions = await conditionsDocument(tx, policy, ctx);
  const recibo = await reciboDocument(tx, policy, 1, ctx);
  const first = policy.recibos[0]!;
  const d = ctx.distributor;
  const lines = [
    `Hola, ${policy.policyholder.name}:`,
    "",
    `Gracias por contratar su ${policy.lineName.toLowerCase()} con ${d.distributorName}. Su póliza está contratada y le cubre desde el ${formatIsoDate(policy.startDate)} a las 00:00 h.`,
    "",
    `Número de póliza: ${policy.number}`,
    `Plan: ${policy.plan.name}`,
    ...[insuredObjectLine(policy)].filter((line): line is string => line !== null),
    `Fecha de efecto: ${formatIsoDate(policy.startDate)}`,
    `Fecha de vencimiento: ${formatIsoDate(policy.endDate)}`,
    `Prima total anual: ${formatEuros(policy.premium.total)}`,
    `Primer recibo: ${formatEuros(first.amount)}, cobrado${policy.payment?.label ? ` en ${policy.payment.label}` : ""}`,
    "",
    // Bought by phone without an account: there is no Mi póliza to point to.
    ...(policy.userId !== null
      ? ["Le adjuntamos estos documentos, que también puede descargar en cualquier momento desde Mi póliza:", ...(publicBaseUrl ? [new URL("/mi-poliza", publicBaseUrl).toString()] : [])]
      : [`Le adjuntamos estos documentos; guárdelos, son su contrato. Si necesita otra copia, escríbanos a ${d.email} o llámenos al ${d.phone}.`]),
    `- Condiciones particulares (${conditions.filename})`,
    `- Documento de información del producto, IPID (${ipid.filename})`,
    `- Recibo n.º 1 (${recibo.filename})`,
    "",
    ...(policy.withdrawal.allowed && policy.withdrawal.until
      ? [`Puede desistir del contrato sin coste hasta el ${formatIsoDate(policy.withdrawal.until)} ${policy.userId !== null ? "desde Mi póliza o " : ""}escribiendo a ${d.email}.`, ""]
      : []),
    `Si tiene cualquier duda, escríbanos a ${d.email} o llámenos al ${d.phone}. Para quejas y reclamaciones: ${d.complaintsEmail}.`,
    "",
    d.distributorName,
    `Inscrita en el Registro de distribuidores de seguros de la DGSFP con la clave ${d.registrationNumber}`,
    d.address,
  ];
  return {
    to,
    subject: `Su póliza ${policy.number}: ${policy.lineName}`,
    text: lines.join("\n"),
    attachments: [
      pdfAttachment(conditions.filename, conditions.content),
      pdfAttachment(ipid.filename, ipid.content),
      pdfAttachment(recibo.filename, recibo.content),
    ],
  };
}
