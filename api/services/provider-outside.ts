// Payment provider calls made outside the transaction that needs their answer (ADR 017), for code
// written as one transaction (the policy lifecycle). The transaction runs with a provider that
// answers only what it already knows: the first time the work asks for a call, the call is
// noted, the transaction rolls back, the call is made with no transaction open, and the work runs
// again in a new transaction, which now gets the answer. Every call carries an idempotency key
// derived from the rows the work read (extorno-<id>, desistimiento-<id>…; a mandate charge's is its
// charge attempt's, ADR 027), so the run that commits asks for the same calls; a charge that no
// run recorded (the rows changed in between, or the work failed) is refunded.
import type { Logger } from "../../platform/logger";
import type { Database } from "../db/client";
import { assertOutsideTransaction } from "../db/transaction-scope";
import { callRecorded, refundAttempt, type AttemptKey, type AttemptSpec } from "./charge-attempts";
import type { ChargeResult, MandateChargeRequest, PaymentProvider, RefundRequest, SepaDetails } from "./payments";

type MandateResult = Awaited<ReturnType<PaymentProvider["registerSepaMandate"]>>;
type Known = {
  result: ChargeResult | MandateResult;
  kind: "charge" | "refund" | "mandate";
  amountCents: number;
  providerKey?: string;
  attempt?: { subject: string; key: AttemptKey };
};

/** The provider a transactional work sees: its mandate charges are charge attempts (recorded before the call, ADR 027). */
export type TransactionPayments = Omit<PaymentProvider, "chargeMandate"> & {
  chargeMandateAttempt(spec: AttemptSpec, key: AttemptKey, request: Omit<MandateChargeRequest, "idempotencyKey">): Promise<ChargeResult>;
  /**
   * The attempt of `spec` this work already got an answer for (accepted or declined): the run
   * that commits uses it, not the next number a declined attempt would give.
   */
  answeredAttempt(spec: AttemptSpec): AttemptKey | null;
};

/** Thrown inside the transaction: this call must be made outside it first. */
export class ProviderCallNeeded extends Error {
  constructor(
    readonly key: string,
    readonly call: () => Promise<Known>,
  ) {
    super(`Payment provider call ${key} is made outside the transaction`);
    this.name = "ProviderCallNeeded";
  }
}

/** A provider for one transactional work: answers known calls, asks for the others. */
class KnownAnswers implements TransactionPayments {
  readonly used = new Set<string>();
  constructor(
    private readonly db: Database,
    private readonly real: PaymentProvider,
    private readonly known: Map<string, Known>,
  ) {}
  get name() {
    return this.real.name;
  }
  private answer<T>(key: string, call: () => Promise<Known>): Promise<T> {
    const known = this.known.get(key);
    if (!known) throw new ProviderCallNeeded(key, call);
    this.used.add(key);
    return Promise.resolve(known.result as T);
  }
  charge(): Promise<ChargeResult> {
    // A first charge with the card's details is the checkout's (api/services/checkout.ts), never the lifecycle's.
    throw new Error("charge() is not made inside the lifecycle");
  }
  answeredAttempt(spec: AttemptSpec): AttemptKey | null {
    let last: AttemptKey | null = null;
    for (const k of this.known.values()) {
      if (k.attempt?.subject !== `${spec.purpose}-${spec.subject}` || k.result.status === "refunded") continue;
      if (!last || k.attempt.key.attempt > last.attempt) last = k.attempt.key;
    }
    return last;
  }
  findCharge(): Promise<ChargeResult | null> {
    throw new Error("findCharge() is not made inside the lifecycle");
  }
  chargeMandateAttempt(spec: AttemptSpec, key: AttemptKey, request: Omit<MandateChargeRequest, "idempotencyKey">): Promise<ChargeResult> {
    return this.answer(`mandate-charge:${key.providerKey}`, async () => ({
      kind: "charge",
      amountCents: request.amountCents,
      providerKey: key.providerKey,
      attempt: { subject: `${spec.purpose}-${spec.subject}`, key },
      result: await callRecorded(this.db, spec, key, (idempotencyKey) => this.real.chargeMandate({ ...request, idempotencyKey })),
    }));
  }
  registerSepaMandate(details: SepaDetails, reference: string) {
    return this.answer<MandateResult>(`sepa-mandate:${reference}`, async () => ({
      kind: "mandate",
      amountCents: 0,
      result: await this.real.registerSepaMandate(details, reference),
    }));
  }
  refund(request: RefundRequest): Promise<ChargeResult> {
    return this.answer(`refund:${request.idempotencyKey}`, async () => ({
      kind: "refund",
      amountCents: request.amountCents,
      result: await this.real.refund(request),
    }));
  }
}

const MAX_ROUNDS = 6;

/**
 * Runs `transaction(provider)` (one database transaction using `provider` for its payment calls)
 * until it needs no call it does not know the answer of, making those calls in between with no
 * transaction open. Charges the final run did not use are refunded.
 */
export async function withProviderCallsOutside<T>(
  db: Database,
  real: PaymentProvider,
  logger: Logger,
  transaction: (provider: TransactionPayments) => Promise<T>,
): Promise<T> {
  const known = new Map<string, Known>();
  let used = new Set<string>();
  try {
    for (let round = 0; ; round++) {
      const provider = new KnownAnswers(db, real, known);
      try {
        const result = await transaction(provider);
        used = provider.used;
        return result;
      } catch (error) {
        if (!(error instanceof ProviderCallNeeded) || round >= MAX_ROUNDS) {
          used = new Set();
          throw error;
        }
        assertOutsideTransaction("A payment provider call");
        known.set(error.key, await error.call());
      }
    }
  } finally {
    await refundUnused(db, real, logger, known, used);
  }
}

async function refundUnused(db: Database, real: PaymentProvider, logger: Logger, known: Map<string, Known>, used: Set<string>) {
  for (const [key, call] of known) {
    if (used.has(key) || call.result.status !== "accepted") continue;
    if (call.kind === "charge" && call.providerKey) {
      // A charge attempt registered by a concurrent run with the same key is not ours to undo: refundAttempt leaves it.
      const outcome = await refundAttempt(db, real, call.providerKey, logger).catch((e: unknown) => `failed: ${String(e)}`);
      logger.warn("payment charged but not recorded", { key, outcome });
    } else if (call.kind === "refund") {
      logger.warn("payment refunded but not recorded", { key });
    }
  }
}
