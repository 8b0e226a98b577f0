// When a client's personal data may be erased (anonymised) at their request: the right to erasure
// (art. 17 RGPD) gives way to the legal duty to keep the contract's records (ADR 012). Pure:
// the policies and "today" come in, the decision goes out.
import { addMonths } from "./calendar";
import type { PolicyStatus } from "../contract/vocabulary";

/**
 * Years the data of a client is kept after their last policy ended or was cancelled: the
 * Código de Comercio (art. 30) keeps a business's records six years, and the claims of an
 * insurance contract prescribe in two (damage) or five (persons) years (art. 23 LCS), so six
 * years covers both. A constant, not a setting: shortening it is a legal decision, not a
 * back-office one.
 */
export const CLIENT_DATA_RETENTION_YEARS = 6;

/** A policy as far as erasure cares: its status and the dates it ended or was cancelled on. */
export type PolicyForErasure = {
  status: PolicyStatus;
  endDate: string;
  /** The day a cancellation took effect (anulada), when known. */
  cancellationEffectiveDate: string | null;
};

/** Statuses of a contract still running (or about to): its data is needed to perform it. */
export const LIVE_POLICY_STATUSES = ["pendiente_pago", "en_vigor", "suspendida"] as const satisfies readonly PolicyStatus[];

export type ErasureDecision =
  { allowed: true } | { allowed: false; reason: "live_policy"; livePolicies: number } | { allowed: false; reason: "retention"; keepUntil: string };

/** The day a finished policy stopped: its cancellation's effect, else its end date (whichever is earlier). */
export function policyEndedOn(policy: PolicyForErasure): string {
  const cancelled = policy.status === "anulada" ? policy.cancellationEffectiveDate : null;
  return cancelled !== null && cancelled < policy.endDate ? cancelled : policy.endDate;
}

/**
 * Whether a client's data may be erased on `today` (aaaa-mm-dd, Madrid): never while a policy is
 * live; otherwise once CLIENT_DATA_RETENTION_YEARS have passed since the last policy stopped
 * (the first day allowed is the anniversary itself). A client without policies (a prospect) may
 * be erased at once.
 */
export function erasureDecision(policies: readonly PolicyForErasure[], today: string): ErasureDecision {
  const live = policies.filter((p) => (LIVE_POLICY_STATUSES as readonly string[]).includes(p.status)).length;
  if (live > 0) return { allowed: false, reason: "live_policy", livePolicies: live };
  if (policies.length === 0) return { allowed: true };
  const lastEnded = policies.map(policyEndedOn).reduce((a, b) => (a > b ? a : b));
  const keepUntil = addMonths(lastEnded, CLIENT_DATA_RETENTION_YEARS * 12);
  return today >= keepUntil ? { allowed: true } : { allowed: false, reason: "retention", keepUntil };
}
