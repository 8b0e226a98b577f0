// The client pipeline's rules (issue 23, ADR 041 «Clientes»): given a client's stage, the facts of
// its policies and what just happened, the stage it moves to and why, or null. Pure: the writes
// that cause the events call them in their own transaction (api/db/client-stage.repo.ts), and the
// daily run applies the rules that time causes (renewal window, coming into force) in one
// set-based statement that follows dailyClientStage.
import type { ClientStage, ClientStageCause, PolicyEvent, PolicyStatus } from "../contract/vocabulary";
import { addDays, daysBetween } from "./calendar";

/** A renewal this close (days to the end of the term) moves an active client to «Renovación». */
export const RENEWAL_WINDOW_DAYS = 60;

/** What the rules look at of each of the client's policies. */
export type PolicyFacts = {
  id: number;
  status: PolicyStatus;
  startDate: string;
  endDate: string;
  /** Tacit renewal stopped (a non-renewal notice, by the client or the insurer). */
  renewalStopped: boolean;
  /** A recibo returned by the bank and not paid since. */
  returnedUnpaid: boolean;
};

export type StageChange = { to: ClientStage; cause: ClientStageCause; policyId: number | null };

/** The policy events that can move a client; the others (notes, documents, remittances…) never do. */
export const CLIENT_STAGE_EVENTS = [
  "emitida",
  "activada",
  "recibo_cobrado",
  "recibo_devuelto",
  "suspendida",
  "rehabilitada",
  "renovacion_detenida",
  "renovada",
  "anulada",
  "vencida",
] as const satisfies readonly PolicyEvent[];
export type ClientStageEvent = (typeof CLIENT_STAGE_EVENTS)[number];
export const isClientStageEvent = (event: string): event is ClientStageEvent => (CLIENT_STAGE_EVENTS as readonly string[]).includes(event);

const LIVE: readonly PolicyStatus[] = ["pendiente_pago", "en_vigor", "suspendida"];
/** The stages of a client with a policy that still works for it: what a risk or an end moves from. */
const WITH_POLICY: readonly ClientStage[] = ["alta", "activo", "renovacion"];

export const isLive = (p: PolicyFacts) => LIVE.includes(p.status);
export const isInForce = (p: PolicyFacts, today: string) => p.status === "en_vigor" && p.startDate <= today;
export const isAtRisk = (p: PolicyFacts) => isLive(p) && (p.status === "suspendida" || p.returnedUnpaid || p.renewalStopped);
/** The day the policy's renewal window opens: RENEWAL_WINDOW_DAYS before the end of its term. */
export const renewalWindowOpens = (p: PolicyFacts) => addDays(p.endDate, -RENEWAL_WINDOW_DAYS);
export const isRenewing = (p: PolicyFacts, today: string) =>
  isInForce(p, today) && !p.renewalStopped && daysBetween(today, p.endDate) >= 0 && daysBetween(today, p.endDate) <= RENEWAL_WINDOW_DAYS;

/** The stage of a client with nothing at risk, from its policies alone. */
export function settledStage(policies: readonly PolicyFacts[], today: string): { stage: ClientStage; policyId: number | null } {
  const renewing = policies.find((p) => isRenewing(p, today));
  if (renewing) return { stage: "renovacion", policyId: renewing.id };
  const inForce = policies.find((p) => isInForce(p, today));
  if (inForce) return { stage: "activo", policyId: inForce.id };
  const live = policies.find(isLive);
  if (live) return { stage: "alta", policyId: live.id };
  return { stage: policies.length ? "baja" : "prospecto", policyId: null };
}

const change = (current: ClientStage, to: ClientStage, cause: ClientStageCause, policyId: number | null): StageChange | null =>
  current === to ? null : { to, cause, policyId };

/** Back from «En riesgo» once nothing is at risk any more (the recibo paid, the policy rehabilitated or ended). */
function riskResolved(current: ClientStage, policies: readonly PolicyFacts[], today: string, policyId: number): StageChange | null {
  if (current !== "en_riesgo" || policies.some(isAtRisk) || !policies.some(isLive)) return null;
  return change(current, settledStage(policies, today).stage, "riesgo_resuelto", policyId);
}

/**
 * The move an event of policy `policyId` causes, given the client's stage and its policies as they
 * are after the event (`today`: the Madrid day of the event).
 */
export function clientStageAfter(
  current: ClientStage,
  event: ClientStageEvent,
  policyId: number,
  policies: readonly PolicyFacts[],
  today: string,
): StageChange | null {
  const policy = policies.find((p) => p.id === policyId);
  switch (event) {
    case "emitida":
      // A first policy, or a new one after all the others ended.
      return current === "prospecto" || current === "baja" ? change(current, "alta", "primera_poliza", policyId) : null;
    case "activada":
    case "recibo_cobrado":
      if (current === "alta" && policy && isInForce(policy, today)) return change(current, "activo", "poliza_en_vigor", policyId);
      return riskResolved(current, policies, today, policyId);
    case "rehabilitada":
      return riskResolved(current, policies, today, policyId);
    case "recibo_devuelto":
      return WITH_POLICY.includes(current) ? change(current, "en_riesgo", "recibo_devuelto", policyId) : null;
    case "suspendida":
      return WITH_POLICY.includes(current) ? change(current, "en_riesgo", "suspension", policyId) : null;
    case "renovacion_detenida":
      return WITH_POLICY.includes(current) ? change(current, "en_riesgo", "no_renovacion", policyId) : null;
    case "renovada":
      if (current !== "renovacion" || policies.some(isAtRisk)) return null;
      return settledStage(policies, today).stage === "renovacion" ? null : change(current, "activo", "renovada", policyId);
    case "anulada":
    case "vencida":
      if (!policies.some(isLive)) return current === "prospecto" ? null : change(current, "baja", "polizas_terminadas", policyId);
      return riskResolved(current, policies, today, policyId);
  }
}

/**
 * What the passing of time does on `today` (the daily run): an «Alta» client whose policy has come
 * into force becomes «Activo»; an «Activo» client whose in-force policy, not stopped, ends within
 * RENEWAL_WINDOW_DAYS goes to «Renovación», unless it entered «Activo» after that window opened
 * (moved there by hand, or back from a risk: the event already happened for it).
 */
export function dailyClientStage(current: ClientStage, stageSince: string, policies: readonly PolicyFacts[], today: string): StageChange | null {
  if (current === "alta") {
    const inForce = policies.find((p) => isInForce(p, today));
    return inForce ? change(current, "activo", "poliza_en_vigor", inForce.id) : null;
  }
  if (current === "activo") {
    const renewing = policies.find((p) => isRenewing(p, today) && stageSince < renewalWindowOpens(p));
    return renewing ? change(current, "renovacion", "renovacion_proxima", renewing.id) : null;
  }
  return null;
}
