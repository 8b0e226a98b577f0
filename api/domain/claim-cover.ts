// The cover rules of a claim (issue 26; ADR 042): given the policy as it stood (a snapshot, built by
// api/db/claim-cover.repo.ts), the event type, the instant it happened and the amount claimed, a
// checklist with one line per rule (ok | fallo | aviso), its reason for staff, plain words for the
// customer when it refuses, and the article of the Ley 50/1980 de Contrato de Seguro where there is
// one; and the amounts (deductible, limit, payable). Pure: the caller passes `now`.
//
// Every rule works on calendar days in Spain (the day of occurrence is madridDate(occurredAt)):
// - term: from its start date to the day before its end date, both covered (a term ends at 00:00
//   of its end date, when the next one starts: api/domain/calendar.ts policyTerm);
// - cancellation: the effective date is the first day without cover (the premium of the days from
//   it on is given back: api/domain/unearned-premium.ts);
// - suspension (art. 15 LCS): the day the suspension was recorded is not covered, nor any day until
//   cover resumes; the day cover resumes is covered whole. Payment resumes it "a las veinticuatro
//   horas del día en que el tomador pagó": we record paidAt + 24 h, whose day is the day after the
//   payment, covered from its 00:00. A suspension lifted by staff the same day leaves no day out;
// - a guarantee covers from its `since` day (the policy's first start, an endorsement's effective
//   date) to the day before its `until` (the effective date of an endorsement that removed it);
// - waiting period (carencia) of n days: the n days from `since` are not covered, the next one is.
import { formatIsoDate as fmt, formatMoney } from "../contract/format";
import type { ClaimAmounts, ClaimCheckLine, ClaimCoverResult } from "../contract/claims";
import { CLAIM_EVENT_TYPE_INFO, type ClaimCheck, type ClaimEventType } from "../contract/claim-vocabulary";
import type { Line } from "../contract/vocabulary";
import { addDays, madridDate } from "./calendar";

export const LCS_ART_15 = "art. 15 LCS";

/** A term of the contract: `endDate` is the first day of the next term (not covered by this one). */
export type CoverTerm = { startDate: string; endDate: string };

/** A suspension for an unpaid recibo: from its first day (not covered) to the day cover resumes (covered); null while it lasts. */
export type CoverSuspension = { from: string; resumesOn: string | null };

export type CoverGuarantee = {
  code: string;
  name: string;
  /** The limit in cents, or null when it is not an amount (then `limitText` says it). */
  limitCents: number | null;
  limitText: string | null;
  deductibleCents: number;
  /** Carencia: days from `since` during which it does not cover yet (0: none). */
  waitingDays: number;
  /** The first day it covered, without a break up to today: the policy's first start, or an endorsement's effective date. */
  since: string;
  /** The first day it no longer covers (removed by an endorsement), or null. */
  until: string | null;
};

/** The policy as the rules need it (api/db/claim-cover.repo.ts builds it from the tables). */
export type PolicyCoverSnapshot = {
  policyNumber: string;
  line: Line;
  /** The plan's general deductible (franquicia por siniestro en daños propios). */
  planDeductibleCents: number;
  /** Every term, oldest first (a renewal adds one). */
  terms: readonly CoverTerm[];
  /** The day the policy came into force with its first premium paid (or its SEPA mandate signed); null while unpaid. */
  inForceFrom: string | null;
  cancellationEffectiveDate: string | null;
  suspensions: readonly CoverSuspension[];
  /** Every guarantee the policy has held, each with the days it held it. */
  guarantees: readonly CoverGuarantee[];
};

export type ClaimCoverInput = {
  snapshot: PolicyCoverSnapshot;
  eventType: ClaimEventType;
  occurredAt: Date;
  /** What the customer claims (or staff accept), in cents; null when not known yet. */
  amountCents: number | null;
};

type Line_ = Omit<ClaimCheckLine, "check">;
const ok = (reason: string): Line_ => ({ result: "ok", reason, customerText: null, article: null });
const fallo = (reason: string, customerText: string, article: string | null = null): Line_ => ({ result: "fallo", reason, customerText, article });
const aviso = (reason: string, customerText: string | null = null): Line_ => ({ result: "aviso", reason, customerText, article: null });

/** Whether `guarantee` covers the day `day` (not counting its waiting period). */
export function heldOn(guarantee: Pick<CoverGuarantee, "since" | "until">, day: string): boolean {
  return guarantee.since <= day && (guarantee.until === null || day < guarantee.until);
}

/** The guarantee that answers for `eventType` on `day`: the first of the event's covering codes the policy held that day. */
export function coveringGuarantee(snapshot: PolicyCoverSnapshot, eventType: ClaimEventType, day: string): CoverGuarantee | null {
  for (const code of CLAIM_EVENT_TYPE_INFO[eventType].coveredBy) {
    const held = snapshot.guarantees.find((g) => g.code === code && heldOn(g, day));
    if (held) return held;
  }
  return null;
}

/** payable = min(limit, max(0, amount − deductible)), in cents; no limit when it is not an amount. */
export function payableCents(amountCents: number, deductibleCents: number, limitCents: number | null): number {
  const afterDeductible = Math.max(0, amountCents - deductibleCents);
  return limitCents === null ? afterDeductible : Math.min(limitCents, afterDeductible);
}

/** The deductible of a claim: the guarantee's own, else the plan's when the event is damage to the customer's own things. */
export function deductibleFor(snapshot: PolicyCoverSnapshot, eventType: ClaimEventType, guarantee: CoverGuarantee): number {
  if (guarantee.deductibleCents > 0) return guarantee.deductibleCents;
  return CLAIM_EVENT_TYPE_INFO[eventType].planDeductible ? snapshot.planDeductibleCents : 0;
}

function termRule(s: PolicyCoverSnapshot, day: string): Line_ {
  const term = s.terms.find((t) => t.startDate <= day && day < t.endDate);
  const first = s.terms[0];
  const last = s.terms[s.terms.length - 1];
  if (term) return ok(`El ${fmt(day)} está dentro de la anualidad del ${fmt(term.startDate)} al ${fmt(addDays(term.endDate, -1))}`);
  if (!first || !last) return fallo("La póliza no tiene periodo de cobertura", "Su póliza no tenía cobertura ese día.");
  if (day < first.startDate) {
    return fallo(
      `El siniestro (${fmt(day)}) es anterior al inicio de la cobertura (${fmt(first.startDate)})`,
      `El siniestro ocurrió el ${fmt(day)}, antes de que empezara la cobertura de su póliza, el ${fmt(first.startDate)}. Un seguro cubre lo que ocurre mientras está en vigor.`,
    );
  }
  const lastDay = addDays(last.endDate, -1);
  return fallo(
    `El siniestro (${fmt(day)}) es posterior al último día de cobertura (${fmt(lastDay)})`,
    `El siniestro ocurrió el ${fmt(day)}, después del último día de cobertura de su póliza, el ${fmt(lastDay)}.`,
  );
}

function cancellationRule(s: PolicyCoverSnapshot, day: string): Line_ {
  const effective = s.cancellationEffectiveDate;
  if (effective === null) return ok("La póliza no está anulada");
  if (day < effective) return ok(`La póliza se anuló con efecto el ${fmt(effective)}, después del siniestro`);
  return fallo(
    `La póliza está anulada con efecto el ${fmt(effective)}; el siniestro es del ${fmt(day)}`,
    `Su póliza quedó anulada el ${fmt(effective)} y el siniestro ocurrió el ${fmt(day)}, cuando ya no tenía cobertura.`,
  );
}

function firstPremiumRule(s: PolicyCoverSnapshot, day: string): Line_ {
  if (s.inForceFrom !== null && s.inForceFrom <= day) return ok(`Primera prima pagada: en vigor desde el ${fmt(s.inForceFrom)}`);
  return fallo(
    s.inForceFrom === null
      ? "La primera prima sigue sin pagar: el asegurador queda liberado si el siniestro ocurre antes del pago"
      : `La primera prima se pagó el ${fmt(s.inForceFrom)}, después del siniestro (${fmt(day)}): el asegurador queda liberado`,
    `El primer recibo de su póliza no estaba pagado el día del siniestro (${fmt(day)}). La Ley de Contrato de Seguro (artículo 15) dice que, si la primera prima no se ha pagado antes del siniestro, la aseguradora no tiene que pagarlo.`,
    LCS_ART_15,
  );
}

function suspensionRule(s: PolicyCoverSnapshot, day: string): Line_ {
  const during = s.suspensions.find((p) => p.from <= day && (p.resumesOn === null || day < p.resumesOn));
  if (!during) {
    const before = s.suspensions.filter((p) => p.resumesOn !== null && p.resumesOn <= day).at(-1);
    return ok(before ? `Cobertura reanudada el ${fmt(before.resumesOn!)}, antes del siniestro` : "Sin suspensión de la cobertura ese día");
  }
  const until = during.resumesOn
    ? `hasta el ${fmt(addDays(during.resumesOn, -1))} (la cobertura se reanudó el ${fmt(during.resumesOn)})`
    : "y sigue suspendida";
  return fallo(
    `Cobertura suspendida por impago de un recibo desde el ${fmt(during.from)} ${until}; el siniestro es del ${fmt(day)}. Mientras dura la suspensión el asegurador no responde`,
    `El día del siniestro (${fmt(day)}) la cobertura de su póliza estaba suspendida porque un recibo llevaba más de un mes sin pagar. Según el artículo 15 de la Ley de Contrato de Seguro, mientras la cobertura está suspendida la aseguradora no responde de los siniestros. ${
      during.resumesOn
        ? `La cobertura se reanudó el ${fmt(during.resumesOn)}, después del pago.`
        : "La cobertura volverá al día siguiente de pagar el recibo pendiente."
    }`,
    LCS_ART_15,
  );
}

function guaranteeRule(s: PolicyCoverSnapshot, eventType: ClaimEventType, day: string, held: CoverGuarantee | null): Line_ {
  const info = CLAIM_EVENT_TYPE_INFO[eventType];
  if (held) return ok(`«${held.name}» (${held.code}) cubre «${info.label}»; la póliza la tiene desde el ${fmt(held.since)}`);
  const covering = s.guarantees.filter((g) => info.coveredBy.includes(g.code));
  const later = covering.find((g) => g.since > day);
  const removed = covering.find((g) => g.until !== null && g.until <= day);
  const why = later
    ? `«${later.name}» se añadió con efecto el ${fmt(later.since)}, después del siniestro`
    : removed
      ? `«${removed.name}» dejó de cubrir el ${fmt(removed.until!)}, antes del siniestro`
      : `la póliza no tiene ninguna de las garantías que lo cubren (${info.coveredBy.join(", ")})`;
  return fallo(
    `Ninguna garantía de la póliza cubría «${info.label}» el ${fmt(day)}: ${why}`,
    later
      ? `El ${fmt(day)} su póliza no incluía la garantía que cubre este siniestro («${later.name}»): la añadió con efecto el ${fmt(later.since)}, después de que ocurriera.`
      : `Su póliza no incluía el ${fmt(day)} ninguna garantía que cubra este tipo de siniestro («${info.label}»).`,
  );
}

function waitingRule(held: CoverGuarantee | null, day: string): Line_ {
  if (!held) return aviso("Sin garantía que lo cubra: no hay carencia que comprobar");
  if (held.waitingDays <= 0) return ok(`«${held.name}» no tiene periodo de carencia`);
  const firstCovered = addDays(held.since, held.waitingDays);
  const lastWaiting = addDays(firstCovered, -1);
  if (day >= firstCovered) return ok(`Carencia de ${held.waitingDays} días cumplida el ${fmt(lastWaiting)}; cubre desde el ${fmt(firstCovered)}`);
  return fallo(
    `Dentro de la carencia de «${held.name}»: ${held.waitingDays} días desde el ${fmt(held.since)}, hasta el ${fmt(lastWaiting)}; el siniestro es del ${fmt(day)}`,
    `La garantía «${held.name}» tiene un periodo de carencia de ${held.waitingDays} días desde el ${fmt(held.since)}: lo que ocurre hasta el ${fmt(lastWaiting)} no está cubierto, y su siniestro ocurrió el ${fmt(day)}. Cubre lo que ocurra desde el ${fmt(firstCovered)}.`,
  );
}

function amountRule(s: PolicyCoverSnapshot, eventType: ClaimEventType, held: CoverGuarantee | null, amountCents: number | null) {
  if (!held) return { line: aviso("Sin garantía que lo cubra: no se calcula el importe"), amounts: null };
  const deductibleCents = deductibleFor(s, eventType, held);
  const limit = held.limitCents !== null ? formatMoney(held.limitCents) : (held.limitText ?? "sin límite de importe");
  const terms = `franquicia ${deductibleCents > 0 ? formatMoney(deductibleCents) : "sin franquicia"}, límite ${limit}`;
  const base = { guaranteeCode: held.code, claimedCents: amountCents, deductibleCents, limitCents: held.limitCents };
  if (amountCents === null) return { line: aviso(`Importe por valorar (${terms})`), amounts: { ...base, payableCents: null } };
  const payable = payableCents(amountCents, deductibleCents, held.limitCents);
  const sum = `${formatMoney(amountCents)} − franquicia ${formatMoney(deductibleCents)}${held.limitCents !== null ? `, con el límite de ${formatMoney(held.limitCents)}` : ""} = ${formatMoney(payable)}`;
  const amounts: ClaimAmounts = { ...base, payableCents: payable };
  if (payable === 0) {
    return {
      line: aviso(
        `${sum}: el importe no supera la franquicia`,
        `El importe de los daños (${formatMoney(amountCents)}) no supera la franquicia de su póliza (${formatMoney(deductibleCents)}), la parte de cada siniestro que corre a su cargo.`,
      ),
      amounts,
    };
  }
  if (held.limitCents !== null && payable === held.limitCents && amountCents - deductibleCents > held.limitCents) {
    return { line: aviso(`${sum}: se paga hasta el límite de la garantía`), amounts };
  }
  return { line: ok(sum), amounts };
}

/** The checklist of a claim: every rule, in the order staff read them, and the amounts. */
export function checkClaimCover(input: ClaimCoverInput, now: Date): ClaimCoverResult {
  const { snapshot: s, eventType } = input;
  const day = madridDate(input.occurredAt);
  const held = coveringGuarantee(s, eventType, day);
  const amount = amountRule(s, eventType, held, input.amountCents);
  const rules: [ClaimCheck, Line_][] = [
    ["vigencia", termRule(s, day)],
    ["anulacion", cancellationRule(s, day)],
    ["primera_prima", firstPremiumRule(s, day)],
    ["suspension", suspensionRule(s, day)],
    ["garantia", guaranteeRule(s, eventType, day, held)],
    ["carencia", waitingRule(held, day)],
    ["importe", amount.line],
  ];
  const lines = rules.map(([check, line]) => ({ check, ...line }));
  return { covered: lines.every((l) => l.result !== "fallo"), lines, amounts: amount.amounts, occurredOn: day, checkedAt: now.toISOString() };
}

/** The sentences a refused customer reads: one per failed line, in order. */
export function refusalForCustomer(result: ClaimCoverResult): string[] {
  return result.lines.filter((l) => l.result === "fallo" && l.customerText).map((l) => l.customerText!);
}
