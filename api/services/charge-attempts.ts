// Every charge at the payment provider goes through here (ADR 027). An attempt is recorded and
// committed BEFORE the provider is called, under its own key `<purpose>-<subject>-<n>`; its outcome
// follows: capturado, rechazado, reembolsado, and registrado in the transaction that writes the
// payment row. A subject's next attempt after a refunded or declined one is n+1, so a key whose
// charge was refunded is never used again, and a provider answer "refunded" is never a payment.
// Attempts left open by a request that died are settled by sweepChargeAttempts.
import type { Database, DbOrTx } from "../db/client";
import {
  attemptByKey,
  hasAttemptInFlight,
  insertAttempt,
  latestAttempt,
  moveAttempt,
  openAttemptsOlderThan,
  registeredAttemptOfRequest,
  type ChargePurpose,
} from "../db/charge-attempts.repo";
import type { ChargeAttempt } from "../db/schema";
import { isPaymentRecorded } from "../db/lifecycle-reads.repo";
import { assertOutsideTransaction } from "../db/transaction-scope";
import { errorMessage, type Logger } from "../../platform/logger";
import type { ChargeResult, PaymentProvider } from "./payments";

export type { ChargePurpose };

/**
 * What is charged: `subject` names it within its purpose (the quote's id, the recibo's id…).
 * `requestKey`: the customer's form key, kept on the attempt so that the same submit finds it ("Pagar ahora").
 */
export type AttemptSpec = {
  purpose: ChargePurpose;
  subject: string;
  amountCents: number;
  policyId?: number | null;
  reciboId?: number | null;
  requestKey?: string | null;
};
/** One numbered attempt of a spec and its provider key. */
export type AttemptKey = { attempt: number; providerKey: string };
/** A charge that went through (accepted) or was declined; never "refunded". */
export type FinalChargeResult = Exclude<ChargeResult, { status: "refunded" }>;

const storedSubject = (spec: Pick<AttemptSpec, "purpose" | "subject">) => `${spec.purpose}-${spec.subject}`;
const OPEN = ["iniciado", "capturado"] as const;
/** How old an open attempt must be before the sweep settles it: a live checkout's claim lease, so a retry can still complete with it first. */
export const ATTEMPT_SWEEP_AGE_MS = 2 * 60_000;

/**
 * The attempt a charge of `spec` uses now: the subject's open one (same purpose and amount: its
 * charge may already be taken, and asking again with its key is the same charge), or the one of the
 * same request (`requestKey`) a payment already records (answered, not charged), else the next
 * number. Only reads: callable inside a transaction (the lifecycle's mandate charges).
 */
export async function currentAttempt(db: DbOrTx, spec: AttemptSpec): Promise<AttemptKey> {
  const subject = storedSubject(spec);
  const last = await latestAttempt(db, subject);
  // The same request (its form key) whose charge a payment already records gets that answer again, never a second charge.
  const answered = last?.status === "registrado" && !!spec.requestKey && last.requestKey === spec.requestKey;
  const open = (OPEN as readonly string[]).includes(last?.status ?? "");
  if (last && (open || answered) && last.purpose === spec.purpose && last.amountCents === spec.amountCents) {
    return { attempt: last.attempt, providerKey: last.providerKey };
  }
  return nextAttempt(spec, { attempt: last?.attempt ?? 0, providerKey: "" });
}

/** The attempt of `spec`'s subject that the request `requestKey` made and a payment records (the same submit again), or null. */
export function registeredAttemptOf(db: DbOrTx, spec: Pick<AttemptSpec, "purpose" | "subject">, requestKey: string): Promise<ChargeAttempt | null> {
  return registeredAttemptOfRequest(db, storedSubject(spec), requestKey);
}

/** Whether another request is charging `spec`'s subject now (an open attempt younger than the sweep's age). */
export function attemptInFlight(db: DbOrTx, spec: Pick<AttemptSpec, "purpose" | "subject">): Promise<boolean> {
  return hasAttemptInFlight(db, storedSubject(spec), ATTEMPT_SWEEP_AGE_MS);
}

/** The attempt after `key` (its charge was refunded or declined). */
export function nextAttempt(spec: AttemptSpec, key: AttemptKey): AttemptKey {
  return { attempt: key.attempt + 1, providerKey: `${storedSubject(spec)}-${key.attempt + 1}` };
}

/**
 * Records the attempt (committed), then calls the provider with its key, then writes the answer.
 * An attempt already settled is not asked again: its outcome is answered.
 */
export async function callRecorded(
  db: Database,
  spec: AttemptSpec,
  key: AttemptKey,
  call: (providerKey: string) => Promise<ChargeResult>,
): Promise<ChargeResult> {
  assertOutsideTransaction("A payment charge");
  const row = await insertAttempt(db, {
    purpose: spec.purpose,
    subject: storedSubject(spec),
    attempt: key.attempt,
    providerKey: key.providerKey,
    amountCents: spec.amountCents,
    policyId: spec.policyId ?? null,
    reciboId: spec.reciboId ?? null,
    requestKey: spec.requestKey ?? null,
  });
  // The number went to a concurrent twin under another key: it is not ours to charge under.
  if (!row) return { status: "declined", reason: "Otro intento de cobro está en curso" };
  if (row.status === "rechazado") return { status: "declined", reason: row.failureReason ?? "" };
  if (row.status === "reembolsado") return { status: "refunded", providerRef: row.providerRef ?? "" };
  if (row.status === "registrado") return { status: "accepted", providerRef: row.providerRef ?? "" };
  const result = await call(key.providerKey);
  if (result.status === "accepted") await moveAttempt(db, key.providerKey, [...OPEN], "capturado", { providerRef: result.providerRef });
  else if (result.status === "declined") await moveAttempt(db, key.providerKey, [...OPEN], "rechazado", { failureReason: result.reason });
  else await moveAttempt(db, key.providerKey, [...OPEN], "reembolsado", { providerRef: result.providerRef });
  return result;
}

const MAX_REFUNDED_IN_A_ROW = 3;

/**
 * Charges `spec` once: the one function every charge goes through (checkout, "Pagar ahora"…).
 * `call(providerKey)` asks the provider (charge or chargeMandate) with that key. An answer
 * "refunded" (the key's charge was given back) takes the next attempt; the answer is accepted or
 * declined. An accepted charge must then be recorded with registerAttempt in the transaction that
 * writes its payment row, or given back with refundAttempt.
 */
export async function chargeOnce(
  db: Database,
  spec: AttemptSpec,
  call: (providerKey: string) => Promise<ChargeResult>,
): Promise<{ key: AttemptKey; result: FinalChargeResult }> {
  for (let round = 0; round < MAX_REFUNDED_IN_A_ROW; round++) {
    const key = await currentAttempt(db, spec);
    const result = await callRecorded(db, spec, key, call);
    if (result.status !== "refunded") return { key, result };
  }
  throw new Error(`Charge ${storedSubject(spec)}: the provider answered "refunded" ${MAX_REFUNDED_IN_A_ROW} times`);
}

/** Thrown in the payment's transaction when its attempt is no longer captured (the sweep gave it back): the transaction rolls back. */
export class AttemptNotCaptured extends Error {
  constructor(readonly providerKey: string) {
    super(`Charge attempt ${providerKey} is no longer captured: not written as a payment`);
    this.name = "AttemptNotCaptured";
  }
}

/** In the transaction that writes the payment row: the attempt becomes registrado, or the transaction fails. */
export async function registerAttempt(tx: DbOrTx, providerKey: string, of: { policyId?: number; reciboId?: number } = {}): Promise<void> {
  if (!(await moveAttempt(tx, providerKey, ["capturado"], "registrado", of))) throw new AttemptNotCaptured(providerKey);
}

/**
 * Gives back the attempt's charge unless a payment already records it: the attempt is marked
 * reembolsado first (committed, so a writer can no longer register it), then refunded at the
 * provider; if the provider call fails, it is open again for the next sweep.
 */
export async function refundAttempt(
  db: Database,
  provider: PaymentProvider,
  providerKey: string,
  logger: Logger,
): Promise<"reembolsado" | "registrado" | "sin_cobro" | "fallido"> {
  assertOutsideTransaction("A payment refund");
  const row = await attemptByKey(db, providerKey);
  if (!row) return "fallido";
  if (row.status === "registrado") return "registrado";
  // It may have been captured with its answer lost (iniciado): ask the provider.
  const known = row.providerRef ? { status: "accepted" as const, providerRef: row.providerRef } : await provider.findCharge(providerKey);
  if (!known || known.status === "declined") {
    await moveAttempt(db, providerKey, [...OPEN], "rechazado", { failureReason: "Sin cobro en la pasarela" });
    return "sin_cobro";
  }
  if (!(await moveAttempt(db, providerKey, [...OPEN, "reembolsado"], "reembolsado", { providerRef: known.providerRef }))) return "registrado";
  if (known.status === "refunded") return "reembolsado";
  const refund = await provider
    .refund({ amountCents: row.amountCents, providerRef: known.providerRef, idempotencyKey: `${providerKey}:devolucion` })
    .catch((error: unknown) => ({ status: "failed" as const, reason: errorMessage(error) }));
  if (refund.status !== "accepted") {
    await moveAttempt(db, providerKey, ["reembolsado"], "capturado");
    logger.warn("charge attempt not refunded: left for the next sweep", { providerKey, reason: "reason" in refund ? refund.reason : refund.status });
    return "fallido";
  }
  logger.warn("charge attempt refunded", { providerKey, providerRef: known.providerRef });
  return "reembolsado";
}

export type SweepSummary = { registrados: number; reembolsados: number; sinCobro: number; fallidos: number };

/**
 * Attempts left open by a request that is gone (its process killed between the charge and the
 * commit): one whose payment row was written is registrado; any other is refunded (ADR 027).
 * Runs at start-up and at the start of the daily run.
 */
export async function sweepChargeAttempts(
  deps: { db: Database; payments: PaymentProvider; logger: Logger },
  olderThanMs = ATTEMPT_SWEEP_AGE_MS,
): Promise<SweepSummary> {
  const summary: SweepSummary = { registrados: 0, reembolsados: 0, sinCobro: 0, fallidos: 0 };
  for (const row of await openAttemptsOlderThan(deps.db, olderThanMs)) {
    if (row.providerRef && (await isPaymentRecorded(deps.db, row.providerRef))) {
      if (await moveAttempt(deps.db, row.providerKey, [...OPEN], "registrado")) summary.registrados += 1;
      continue;
    }
    const outcome = await refundAttempt(deps.db, deps.payments, row.providerKey, deps.logger);
    summary[({ registrado: "registrados", reembolsado: "reembolsados", sin_cobro: "sinCobro", fallido: "fallidos" } as const)[outcome]] += 1;
  }
  if (Object.values(summary).some((n) => n > 0)) deps.logger.info("charge attempts swept", summary);
  return summary;
}
