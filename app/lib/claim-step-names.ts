// The steps of declaring a claim (/mi-poliza/{id}/siniestro/{paso}; issue 26, ADR 042): one question
// per screen, in this order. Zod-free: the pages and their components import it in the browser.
import type { ClaimDraft } from "../../api/contract/claims";

export const CLAIM_STEPS = ["que", "cuando", "donde", "descripcion", "documentos", "contacto", "resumen"] as const;
export type ClaimStep = (typeof CLAIM_STEPS)[number];

/** Each step's question: the page's heading, and the summary's term. */
export const CLAIM_STEP_TITLES: Record<ClaimStep, string> = {
  que: "¿Qué ha pasado?",
  cuando: "¿Cuándo ocurrió?",
  donde: "¿Dónde ocurrió?",
  descripcion: "Cuéntenos qué ocurrió",
  documentos: "Fotos y documentos",
  contacto: "¿Cómo le contactamos?",
  resumen: "Revise su declaración",
};

/** The search parameter a «Cambiar» link of the summary carries: the step goes back to the summary when saved. */
export const BACK_TO_SUMMARY = "volver";

export const isClaimStep = (value: string | undefined): value is ClaimStep => (CLAIM_STEPS as readonly string[]).includes(value ?? "");

export const claimStepPath = (policyId: number | string, step: ClaimStep) => `/mi-poliza/${policyId}/siniestro/${step}`;
export const claimPagePath = (policyId: number | string, claimId: number) => `/mi-poliza/${policyId}/siniestros/${claimId}`;

export function nextStep(step: ClaimStep): ClaimStep {
  return CLAIM_STEPS[Math.min(CLAIM_STEPS.indexOf(step) + 1, CLAIM_STEPS.length - 1)]!;
}
export function previousStep(step: ClaimStep): ClaimStep | null {
  const at = CLAIM_STEPS.indexOf(step);
  return at > 0 ? CLAIM_STEPS[at - 1]! : null;
}

/** Where a draft resumes: the first step with its question unanswered (the summary when all are). */
export function resumeStep(draft: ClaimDraft | null): ClaimStep {
  if (!draft?.eventType) return "que";
  if (!draft.occurredAt) return "cuando";
  if (!draft.place) return "donde";
  if (!draft.description) return "descripcion";
  if (!draft.contactPhone) return "documentos";
  return "resumen";
}
