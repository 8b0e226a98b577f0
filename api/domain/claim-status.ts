// The machine of a claim's status (ADR 042): the table is CLAIM_TRANSITIONS in the vocabulary; this
// checks one move and says why it is refused, in the back office's Spanish. Pure. Which action makes
// which move (accept needs an amount, reject a reason, pay an IBAN and claims:pay) is the service's.
import { CLAIM_STATUS_LABELS, CLAIM_TRANSITIONS, type ClaimStatus } from "../contract/claim-vocabulary";

export type ClaimTransitionOutcome = { ok: true; from: ClaimStatus; to: ClaimStatus } | { ok: false; message: string };

export function checkClaimTransition(from: ClaimStatus, to: ClaimStatus): ClaimTransitionOutcome {
  if (CLAIM_TRANSITIONS[from].includes(to)) return { ok: true, from, to };
  const allowed = CLAIM_TRANSITIONS[from].map((s) => CLAIM_STATUS_LABELS[s].toLowerCase());
  return {
    ok: false,
    message:
      from === to
        ? `El siniestro ya está ${CLAIM_STATUS_LABELS[from].toLowerCase()}`
        : `Un siniestro ${CLAIM_STATUS_LABELS[from].toLowerCase()} no puede pasar a ${CLAIM_STATUS_LABELS[to].toLowerCase()}; puede pasar a: ${allowed.join(", ")}`,
  };
}

/** The statuses a claim may go to now (the buttons a page offers). */
export function claimStatusesFrom(from: ClaimStatus): readonly ClaimStatus[] {
  return CLAIM_TRANSITIONS[from];
}
