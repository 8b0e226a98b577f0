// Checking out a quote (ADR 017: keep transactions short). Three steps:
//   1. a short transaction locks the quote, checks everything that can refuse the checkout and
//      claims the quote for this idempotency key (checkout_claims);
//   2. the charge of a card, with no transaction open, under the provider's idempotency key (our
//      key), so a retry after a crash is the same charge, never a second one; a direct debit is not
//      charged: the policy is issued on its signed mandate and its first recibo waits for the
//      remittance (ADR 033);
//   3. a short transaction writes the client (tomador), the policy, its recibos, the payment row,
//      the consents, the history, the audit rows and the confirmation e-mail in the outbox with its
//      PDFs by reference, marks the quote contratada and releases the claim.
// Then the PDFs are rendered (the outbox sender renders them if that never happens). A declined
// charge releases the claim and writes nothing; a charge whose step 3 fails is refunded.
// Here the three steps in order; the quote a buyer may buy and every check before the claim are in
// ./checkout-quote.ts, step 3's rows and the confirmation e-mail in ./checkout-write.ts.
//
// Two buyers: a visitor on the web (the quote is theirs, the client becomes their account's), or
// staff selling by phone (/admin/policies/new: a quote staff made, the consents recorded as given
// by phone by that staff member, the client keeping whatever account it has). Same prices, same
// steps, same documents.
//
// The charge is a charge attempt (ADR 027) of the quote, recorded before the provider is called
// under its own key (checkout-<quote>-<n>): a request with another key after the claim lease finds
// a captured attempt and completes with it (the same key is the same charge), never a second
// charge; a refunded attempt is never a payment, the next one is charged.
//
// Idempotency: an advisory lock on the key serialises identical requests in steps 1 and 3; the
// first claims the quote, the others wait for its policy (found by the key, unique in policies)
// and answer it without charging; a later retry answers it at once. The request that holds the
// claim writes its heartbeat while it charges and writes; a claim whose request is gone (its
// process died, or it failed and could not let go because the database was away) is taken over
// by the same key at once, or when its heartbeat is 15 s old: the same key is the same
// charge at the provider, so the retry completes the checkout with the money already taken.
import { ApiProblem } from "../http";
import {
  CHECKOUT_IN_PROGRESS_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  NIF_OTHER_ACCOUNT_MESSAGE,
  PAYMENT_DECLINED_MESSAGE,
  type CheckoutBody,
} from "../contract/checkout";
import { type AuditWrite } from "../db/audit";
import type { Database } from "../db/client";
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
import { findPolicyByIdempotencyKey, lockCheckoutKey, lockQuote, nifOfOtherAccount } from "../db/policy-writes.repo";
import { policyTerm, startDateRange } from "../domain/calendar";
import { systemClock, type Clock } from "../../platform/clock";
import type { DocumentStore } from "./document-store/store";
import { errorMessage, type Logger } from "../../platform/logger";
import { completeAttachments } from "./attachments";
import { AttemptNotCaptured, chargeOnce, refundAttempt, registerAttempt, type AttemptKey } from "./charge-attempts";
import { type PaymentProvider } from "./payments";

import {
  assertContractable,
  checkAgainstClockAndQuote,
  chooseFromOffer,
  findBuyersQuote,
  quoteNotFound,
  priceChoice,
  sameCheckout,
  type Buyer,
} from "./checkout-quote";
import { writePolicy } from "./checkout-write";

/** The provider declined the card (nothing is written); answered as 402. */
class PaymentDeclined extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "PaymentDeclined";
  }
}

export type CheckoutDeps = {
  db: Database;
  payments: PaymentProvider;
  logger: Logger;
  publicBaseUrl?: string;
  /** The clock of heartbeats and of a retry that waits (the request's own `now` is fixed); the system's when not given. */
  clock?: Clock;
  /** Where the e-mail's documents are issued (ADR 036). */
  documents: DocumentStore;
};
export type CheckoutRequest = {
  quoteId: string;
  buyer: Buyer;
  body: CheckoutBody;
  ip: string | null;
  now: Date;
};
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
    if (!locked || (buyer.kind === "visitor" && locked.userId !== null && locked.userId !== buyer.user.id)) throw quoteNotFound();
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

  // 2. The card charge, with no transaction open; the provider's idempotency key makes a retry the same charge.
  // While it lasts (and the write), the claim's heartbeat says this request is alive.
  const heartbeat = startHeartbeat(
    CHECKOUT_HEARTBEAT_MS,
    () => heartbeatCheckoutClaim(db, quote.id, lease, clock()),
    (error) => logger.warn("checkout claim heartbeat failed", { quoteId: quote.id, error: errorMessage(error) }),
  );
  let outcome: { created: boolean; policyId: number; emailId: number | null };
  try {
    // A direct debit never goes through the gateway (ADR 033): its IBAN was checked with the body,
    // and its first recibo is collected by the next remittance.
    const card = body.payment.method === "card" ? body.payment : null;
    let paid: { attempt: AttemptKey; charge: { providerRef: string; mandate?: string } } | null = null;
    if (card) {
      assertOutsideTransaction("A payment charge");
      const { key: attempt, result: charge } = await chargeOnce(
        db,
        { purpose: "checkout", subject: quote.id, amountCents: firstRecibo.amount },
        (providerKey) =>
          payments.charge({
            amountCents: firstRecibo.amount,
            payment: card,
            idempotencyKey: providerKey,
            description: `Cotiza: primer recibo del seguro (${plan.name})`,
          }),
      );
      if (charge.status === "declined") throw new PaymentDeclined(charge.reason);
      paid = { attempt, charge };
    }

    // 3. A short transaction writes the policy and everything with it, and releases the claim.
    try {
      outcome = await db.transaction(async (tx) => {
        await lockCheckoutKey(tx, key);
        const existing = await findPolicyByIdempotencyKey(tx, key);
        // Written by a request that took the claim over after its lease: the same key, the same charge.
        if (existing) return { created: false, policyId: existing.id, emailId: null };
        const locked = await lockQuote(tx, quote.id);
        if (!locked) throw quoteNotFound();
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
          charge: paid?.charge ?? null,
          actor,
          channel,
          ip: req.ip,
          now,
          lockedStatus: locked.status,
          provider: payments.name,
          publicBaseUrl: deps.publicBaseUrl,
        });
        // The payment row records the attempt's charge: registrado now, or no policy (the sweep gave the charge back).
        if (paid) await registerAttempt(tx, paid.attempt.providerKey, { policyId: written.policyId });
        await releaseCheckoutClaim(tx, quote.id, key);
        return { created: true, ...written };
      });
    } catch (error) {
      // Nothing was charged (a direct debit): nothing to keep or give back.
      if (!paid) throw error;
      if (isDatabaseUnavailable(error)) {
        // The database went away: whether the write committed is unknown, and the customer's retry
        // (the form keeps the key) takes the claim over and completes it with this same charge.
        // Refunding now could leave a policy in force whose money was given back.
        logger.warn("checkout charged but not written (database unavailable): charge kept for the retry with the same key", {
          quoteId: quote.id,
          providerRef: paid.charge.providerRef,
        });
        throw error;
      }
      // Charged but not written (the quote changed meanwhile…): give the money back; the retry is another attempt.
      const refund = await refundAttempt(db, payments, paid.attempt.providerKey, logger).catch((e: unknown) => `failed: ${errorMessage(e)}`);
      logger.warn("checkout charged but not written: charge refunded", { quoteId: quote.id, providerRef: paid.charge.providerRef, refund });
      if (error instanceof AttemptNotCaptured) throw new ApiProblem(409, CHECKOUT_IN_PROGRESS_MESSAGE);
      throw error;
    }
  } catch (error) {
    heartbeat.stop();
    // If the database is away this fails too: the claim stays, and a retry of this key takes it over (mayTakeOver).
    await releaseCheckoutClaim(db, quote.id, key).catch(() => {});
    if (error instanceof PaymentDeclined) {
      logger.info("checkout payment declined", { quoteId: quote.id, reason: error.reason });
      throw new ApiProblem(402, PAYMENT_DECLINED_MESSAGE, {
        cardNumber: ["La tarjeta ha sido rechazada. Pruebe con otra tarjeta o con domiciliación bancaria."],
      });
    }
    throw error;
  }
  heartbeat.stop();

  // 4. After the commit: the e-mail's PDFs (the sender renders them if this fails or never runs).
  if (outcome.emailId !== null) {
    await completeAttachments({ db, documents: deps.documents, now: () => req.now }, outcome.emailId).catch((error: unknown) =>
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
