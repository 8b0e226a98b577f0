// Checking out a quote (ADR 017: keep transactions short). Three steps:
//   1. a short transaction locks the quote, checks everything that can refuse the checkout and
//      claims the quote for this idempotency key (checkout_claims);
//   2. the charge, with no transaction open, under the provider's idempotency key (our key), so a
//      retry after a crash is the same charge, never a second one;
//   3. a short transaction writes the client (tomador), the policy, its recibos, the payment row,
//      the consents, the history, the audit rows and the confirmation e-mail in the outbox with its
//      PDFs by reference, marks the quote contratada and releases the claim.
// Then the PDFs are rendered (the outbox sender renders them if that never happens). A declined
// charge releases the claim and writes nothing; a charge whose step 3 fails is refunded.
//
// Two buyers: a visitor on the web (the quote is theirs, the client becomes their account's), or
// staff selling by phone (/admin/policies/new: a quote staff made, the consents recorded as given
// by phone by that staff member, the client keeping whatever account it has). Same prices, same
// steps, same documents.
//
// Idempotency: an advisory lock on the key serialises identical requests in steps 1 and 3; the
// first claims the quote, the others wait for its policy (found by the key, unique in policies)
// and answer it without charging; a later retry answers it at once. The request that holds the
// claim writes its heartbeat while it charges and writes; a claim whose request is gone (its
// process died, or it failed and could not let go because the database was away) is taken over
// by the same key at once, or when its heartbeat is 15 s old: the same key is the same
// charge at the provider, so the retry completes the checkout with the money already taken.
import { ApiProblem } from "../http";
import { normalizeIban } from "../domain/iban";
import {
  CHECKOUT_IN_PROGRESS_MESSAGE,
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
import type { Database, Transaction } from "../db/client";
import {
  CHECKOUT_HEARTBEAT_MS,
  claimCheckout,
  heartbeatCheckoutClaim,
  holdsCheckoutClaim,
  mayTakeOver,
  readCheckoutClaim,
  releaseCheckoutClaim,
} from "../db/checkout-claims.repo";
import { newLeaseToken, startHeartbeat } from "../db/leases";
import { isDatabaseUnavailable } from "../db/unavailable";
import { assertOutsideTransaction } from "../db/transaction-scope";
import { loadPolicyViews, type PolicyView } from "../db/policies.repo";
import {
  findPolicyByIdempotencyKey,
  insertConsents,
  insertPayment,
  insertPolicy,
  insertRecibos,
  lockCheckoutKey,
  lockQuote,
  markQuoteContracted,
  markReciboPaid,
  nextPolicyNumber,
  nifOfOtherAccount,
  setPolicyStatus,
  upsertClient,
} from "../db/policy-writes.repo";
import { readDocumentContext, readInsurer, type DocumentContext } from "../db/document-context.repo";
import { findQuote, hashOwnerToken, type StoredQuote } from "../db/quotes.repo";
import { loadRatingTables } from "../db/rating-tables.repo";
import { CARD_MESSAGES, isExpiryCurrent, parseCardExpiry } from "../domain/card";
import { normalizeOptionalChoice, offerPlan, OfferChoiceError, priceOffer } from "../domain/offer-price";
import { formatIsoDate, formatMoney } from "../contract/format";
import { ageOn, madridDate, policyTerm, startDateProblem, startDateRange } from "../domain/calendar";
import { insurerText } from "../domain/insurer";
import { formatRiskAddress, insuredObjectErrors, insuredObjectRisk, readRiskAddress } from "../domain/insured-object";
import { formatRegistration } from "../domain/registration";
import type { AdminPrincipal, UserPrincipal } from "../principal";
import { systemClock, type Clock } from "../../platform/clock";
import { errorMessage, type Logger } from "../../platform/logger";
import { completeAttachments, pendingPdf } from "./attachments";
import { DOCUMENT_FILENAMES } from "./documents";
import { sentence } from "./email-layout";
import { enqueueEmail, type OutgoingEmail } from "./mail";
import { paymentMethodLabel, type PaymentProvider } from "./payments";

const notFound = () => new ApiProblem(404, QUOTE_NOT_FOUND_MESSAGE);

/** The provider declined the charge (nothing is written); answered as 402. */
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
export function ownsQuote(
  quote: Pick<StoredQuote, "userId" | "ownerTokenHash">,
  userId: number | undefined,
  ownerToken: string | undefined,
): boolean {
  if (quote.userId !== null) return userId !== undefined && quote.userId === userId;
  // An owner token is 43 characters; anything far longer is not one (and is not worth hashing).
  return !!ownerToken && ownerToken.length <= 200 && quote.ownerTokenHash === hashOwnerToken(ownerToken);
}

/** The quote (expired lazily) if the caller may use it; 404 otherwise, as for an id that does not exist. */
export async function findOwnedQuote(db: Database, id: string, caller: { userId?: number; ownerToken?: string }, now: Date): Promise<StoredQuote> {
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
export function priceChoice(
  db: Database,
  quote: StoredQuote,
  plan: ReturnType<typeof chooseFromOffer>["plan"],
  optional: string[],
  startDate: string,
  now: Date,
) {
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

export type CheckoutDeps = {
  db: Database;
  payments: PaymentProvider;
  logger: Logger;
  publicBaseUrl?: string;
  /** The clock of heartbeats and of a retry that waits (the request's own `now` is fixed); the system's when not given. */
  clock?: Clock;
};
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
  return buyer.kind === "visitor"
    ? findOwnedQuote(db, id, { userId: buyer.user.id, ownerToken: buyer.ownerToken }, now)
    : findStaffQuote(db, id, now);
}

/** Whether an earlier policy of this idempotency key is this buyer's checkout of this quote. */
function sameCheckout(existing: { userId: number | null; quoteId: string | null }, quote: StoredQuote, buyer: Buyer): boolean {
  return existing.quoteId === quote.id && (buyer.kind === "staff" || existing.userId === buyer.user.id);
}
export type CheckoutResult = { created: boolean; policy: PolicyView };

export async function checkoutQuote(deps: CheckoutDeps, req: CheckoutRequest, attempt = 0): Promise<CheckoutResult> {
  const lease = newLeaseToken();
  try {
    return await checkoutWithLease(deps, req, attempt, lease);
  } finally {
    lease.release();
  }
}

async function checkoutWithLease(
  deps: CheckoutDeps,
  req: CheckoutRequest,
  attempt: number,
  lease: ReturnType<typeof newLeaseToken>,
): Promise<CheckoutResult> {
  const { db, payments, logger } = deps;
  const clock = deps.clock ?? systemClock;
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
  const actor: Pick<AuditWrite, "actorType" | "actorId" | "actorLabel" | "ip"> =
    buyer.kind === "visitor"
      ? { actorType: "user", actorId: buyer.user.id, actorLabel: buyer.user.email, ip: req.ip }
      : { actorType: "admin", actorId: buyer.admin.id, actorLabel: buyer.admin.email, ip: req.ip };
  const channel = buyer.kind === "visitor" ? "web" : "telefono";
  const key = body.idempotencyKey;

  // 1. A short transaction checks the quote and claims it for this key (ADR 017).
  const claim = await db.transaction(async (tx) => {
    await lockCheckoutKey(tx, key);
    const existing = await findPolicyByIdempotencyKey(tx, key);
    if (existing) {
      if (!sameCheckout(existing, quote, buyer)) throw new ApiProblem(409, IDEMPOTENCY_KEY_REUSED_MESSAGE);
      return { kind: "done" as const, policyId: existing.id };
    }
    const locked = await lockQuote(tx, quote.id);
    if (!locked || (buyer.kind === "visitor" && locked.userId !== null && locked.userId !== buyer.user.id)) throw notFound();
    assertContractable(locked, now);
    // Everything that can refuse the checkout comes before the charge.
    if (buyer.kind === "visitor" && (await nifOfOtherAccount(tx, body.policyholder.nif, buyer.user.id))) {
      throw new ApiProblem(409, NIF_OTHER_ACCOUNT_MESSAGE, { nif: [NIF_OTHER_ACCOUNT_MESSAGE] });
    }
    return { kind: (await claimCheckout(tx, quote.id, key, lease, now)).kind, policyId: null };
  });
  if (claim.kind === "done") return answerPolicy(db, claim.policyId, false);
  if (claim.kind === "other_key_busy") throw new ApiProblem(409, CHECKOUT_IN_PROGRESS_MESSAGE);
  if (claim.kind === "same_key_busy") return waitForSameCheckout(deps, req, attempt);

  // 2. The charge, with no transaction open; the provider's idempotency key makes a retry the same charge.
  // While it lasts (and the write), the claim's heartbeat says this request is alive.
  const heartbeat = startHeartbeat(
    CHECKOUT_HEARTBEAT_MS,
    () => heartbeatCheckoutClaim(db, quote.id, lease, clock()),
    (error) => logger.warn("checkout claim heartbeat failed", { quoteId: quote.id, error: errorMessage(error) }),
  );
  let outcome: { created: boolean; policyId: number; emailId: number | null };
  try {
    assertOutsideTransaction("A payment charge");
    const charge = await payments.charge({
      amountCents: firstRecibo.amount,
      payment: body.payment,
      idempotencyKey: key,
      description: `Cotiza: primer recibo del seguro (${plan.name})`,
    });
    if (charge.status === "declined") throw new PaymentDeclined(body.payment.method, charge.reason);

    // 3. A short transaction writes the policy and everything with it, and releases the claim.
    try {
      outcome = await db.transaction(async (tx) => {
        await lockCheckoutKey(tx, key);
        const existing = await findPolicyByIdempotencyKey(tx, key);
        // Written by a request that took the claim over after its lease: the same key, the same charge.
        if (existing) return { created: false, policyId: existing.id, emailId: null };
        const locked = await lockQuote(tx, quote.id);
        if (!locked) throw notFound();
        assertContractable(locked, now);
        if (!(await holdsCheckoutClaim(tx, quote.id, key))) throw new ApiProblem(409, CHECKOUT_IN_PROGRESS_MESSAGE);
        const written = await writePolicy(tx, {
          quote,
          buyer,
          body,
          plan,
          optional,
          term,
          price,
          charge,
          actor,
          channel,
          ip: req.ip,
          now,
          lockedStatus: locked.status,
          provider: payments.name,
          publicBaseUrl: deps.publicBaseUrl,
        });
        await releaseCheckoutClaim(tx, quote.id, key);
        return { created: true, ...written };
      });
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        // The database went away: whether the write committed is unknown, and the customer's retry
        // (the form keeps the key) takes the claim over and completes it with this same charge.
        // Refunding now could leave a policy in force whose money was given back.
        logger.warn("checkout charged but not written (database unavailable): charge kept for the retry with the same key", {
          quoteId: quote.id,
          providerRef: charge.providerRef,
        });
        throw error;
      }
      // Charged but not written (the quote changed meanwhile…): give the money back.
      const refund = await payments
        .refund({ amountCents: firstRecibo.amount, providerRef: charge.providerRef, idempotencyKey: `${key}:devolucion` })
        .catch((e: unknown) => ({ status: "failed", reason: String(e) }));
      logger.warn("checkout charged but not written: charge refunded", { quoteId: quote.id, providerRef: charge.providerRef, refund: refund.status });
      throw error;
    }
  } catch (error) {
    heartbeat.stop();
    // If the database is away this fails too: the claim stays, and a retry of this key takes it over (mayTakeOver).
    await releaseCheckoutClaim(db, quote.id, key).catch(() => {});
    if (error instanceof PaymentDeclined) {
      logger.info("checkout payment declined", { quoteId: quote.id, method: error.method, reason: error.reason });
      throw error.method === "card"
        ? new ApiProblem(402, PAYMENT_DECLINED_MESSAGE, {
            cardNumber: ["La tarjeta ha sido rechazada. Pruebe con otra tarjeta o con domiciliación bancaria."],
          })
        : new ApiProblem(402, SEPA_DECLINED_MESSAGE, { iban: ["No se ha podido domiciliar el pago en esta cuenta."] });
    }
    throw error;
  }
  heartbeat.stop();

  // 4. After the commit: the e-mail's PDFs (the sender renders them if this fails or never runs).
  if (outcome.emailId !== null) {
    await completeAttachments(db, outcome.emailId).catch((error: unknown) =>
      logger.warn("checkout e-mail attachments left to the sender", { emailId: outcome.emailId, error: errorMessage(error) }),
    );
  }
  return answerPolicy(db, outcome.policyId, outcome.created);
}

async function answerPolicy(db: Database, policyId: number, created: boolean): Promise<CheckoutResult> {
  const [policy] = await loadPolicyViews(db, { id: policyId });
  if (!policy) throw new Error(`Policy ${policyId} vanished after checkout`);
  return { created, policy };
}

/** How long an identical submit waits for the checkout in progress before answering 409. */
const SAME_CHECKOUT_WAIT_MS = 20_000;
const SAME_CHECKOUT_POLL_MS = 50;

/**
 * The same checkout (same key) is being charged by another request that is alive (a double click,
 * a retry while the first still works): wait for its policy and answer it. If that request gave
 * up (a declined charge, a failure), its claim is gone; if it is gone itself (its heartbeat
 * stopped), its claim may be taken over: either way start again (a declined card is declined
 * again; the provider's idempotency key makes a charge that did go through the same charge).
 */
async function waitForSameCheckout(deps: CheckoutDeps, req: CheckoutRequest, attempt: number): Promise<CheckoutResult> {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  const key = req.body.idempotencyKey;
  const quoteId = req.quoteId.toLowerCase();
  const deadline = Date.now() + SAME_CHECKOUT_WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, SAME_CHECKOUT_POLL_MS));
    const done = await findPolicyByIdempotencyKey(db, key);
    if (done) return answerPolicy(db, done.id, false);
    const claim = await readCheckoutClaim(db, quoteId);
    const now = clock();
    if (!claim || claim.idempotencyKey !== key || mayTakeOver(claim, key, now)) {
      if (attempt >= 3) break;
      return checkoutQuote(deps, { ...req, now }, attempt + 1);
    }
  }
  throw new ApiProblem(409, CHECKOUT_IN_PROGRESS_MESSAGE);
}

type PolicyWrite = {
  quote: StoredQuote;
  buyer: Buyer;
  body: CheckoutBody;
  plan: ReturnType<typeof chooseFromOffer>["plan"];
  optional: string[];
  term: ReturnType<typeof policyTerm>;
  price: Awaited<ReturnType<typeof priceChoice>>[CheckoutBody["frequency"]];
  charge: { providerRef: string; mandate?: string };
  actor: Pick<AuditWrite, "actorType" | "actorId" | "actorLabel" | "ip">;
  channel: "web" | "telefono";
  ip: string | null;
  now: Date;
  lockedStatus: StoredQuote["status"];
  provider: string;
  publicBaseUrl?: string;
};

/** Rows only: the client, the policy, its recibos, the payment, consents, history, audit and the queued e-mail (its PDFs by reference). */
async function writePolicy(tx: Transaction, w: PolicyWrite): Promise<{ policyId: number; emailId: number | null }> {
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
  const insurer = await readInsurer(tx, quote.line);
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
    provider: w.provider,
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
  await recordHistory(tx, {
    ...history,
    event: "activada",
    summary: "Primer recibo cobrado: póliza en vigor",
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
      stage: "activo",
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
  await audit({
    action: "policy.activated",
    entity: "policy",
    entityId: policyId,
    before: { status: "pendiente_pago" },
    after: { status: "en_vigor" },
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

  const [view] = await loadPolicyViews(tx, { id: policyId });
  // A phone customer who gave no e-mail gets the documents another way (staff download them).
  const to = buyer.kind === "visitor" ? buyer.user.email : view!.policyholder.email;
  if (!to) return { policyId, emailId: null };
  const ctx = await readDocumentContext(tx);
  const emailId = await enqueueEmail(tx, confirmationEmail(view!, to, ctx, now, w.publicBaseUrl), now);
  await audit({ action: "email.queued", entity: "outbox_email", entityId: emailId, after: { to, kind: "policy_confirmation", policyId } });
  return { policyId, emailId };
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

/** The confirmation e-mail, with the particular conditions, the IPID and the first recibo attached (rendered after the commit). */
function confirmationEmail(policy: PolicyView, to: string, ctx: DocumentContext, now: Date, publicBaseUrl: string | undefined): OutgoingEmail {
  const conditions = pendingPdf(DOCUMENT_FILENAMES.conditions(policy.number), { kind: "conditions", policyId: policy.id, version: 1 });
  const ipid = pendingPdf(DOCUMENT_FILENAMES.ipid(policy.line), { kind: "ipid", line: policy.line, at: now.toISOString() });
  const recibo = pendingPdf(DOCUMENT_FILENAMES.recibo(policy.number, 1), { kind: "recibo", policyId: policy.id, sequence: 1 });
  const first = policy.recibos[0]!;
  const d = ctx.distributor;
  const lines = [
    `Hola, ${policy.policyholder.name}:`,
    "",
    // sentence(): a name ending in "S.L." takes no second full stop.
    `Gracias por contratar su ${policy.lineName.toLowerCase()} con ${sentence(d.distributorName)} Su póliza está contratada y le cubre desde el ${formatIsoDate(policy.startDate)} a las 00:00 h.`,
    "",
    `Número de póliza: ${policy.number}`,
    `Plan: ${policy.plan.name}`,
    `Entidad aseguradora: ${insurerText(policy.insurer)}`,
    ...[insuredObjectLine(policy)].filter((line): line is string => line !== null),
    `Fecha de efecto: ${formatIsoDate(policy.startDate)}`,
    `Fecha de vencimiento: ${formatIsoDate(policy.endDate)}`,
    `Prima total anual: ${formatMoney(policy.premium.total)}`,
    `Primer recibo: ${formatMoney(first.amount)}, cobrado${policy.payment?.label ? ` en ${policy.payment.label}` : ""}`,
    "",
    // Bought by phone without an account: there is no Mi póliza to point to.
    ...(policy.userId !== null
      ? [
          "Le adjuntamos estos documentos, que también puede descargar en cualquier momento desde Mi póliza:",
          ...(publicBaseUrl ? [new URL("/mi-poliza", publicBaseUrl).toString()] : []),
        ]
      : [`Le adjuntamos estos documentos; guárdelos, son su contrato. Si necesita otra copia, escríbanos a ${d.email} o llámenos al ${d.phone}.`]),
    `- Condiciones particulares (${conditions.filename})`,
    `- Documento de información del producto, IPID (${ipid.filename})`,
    `- Recibo n.º 1 (${recibo.filename})`,
    "",
    ...(policy.withdrawal.allowed && policy.withdrawal.until
      ? [
          `Puede desistir del contrato sin coste hasta el ${formatIsoDate(policy.withdrawal.until)} ${policy.userId !== null ? "desde Mi póliza o " : ""}escribiendo a ${d.email}.`,
          "",
        ]
      : []),
    `Si tiene cualquier duda, escríbanos a ${d.email} o llámenos al ${d.phone}. Para quejas y reclamaciones: ${d.complaintsEmail}.`,
  ];
  return {
    to,
    subject: `Su póliza ${policy.number}: ${policy.lineName}`,
    text: lines.join("\n"),
    attachments: [conditions, ipid, recibo],
  };
}
