// Fraud signals of a claim (issue 26; ADR 042): facts the handler should look at, never a decision
// (the claim is not refused nor delayed by them). Pure: takes the claim and the policy's facts.
// Days are calendar days in Spain, as the cover rules count them.
import { formatIsoDate as fmt } from "../contract/format";
import type { ClaimFraudSignalItem } from "../contract/claims";
import type { ClaimEventType } from "../contract/claim-vocabulary";
import { addDays, addMonths, daysBetween, madridDate } from "./calendar";

/** A claim in the first 30 days of cover (the start day is day 1, so start + 29 is the last one flagged). */
export const FRAUD_DAYS_AFTER_START = 30;
/** Claims of one policy in the 12 months up to this one's day, this one included, from which it is a signal. */
export const FRAUD_CLAIMS_IN_A_YEAR = 3;
const THEFTS: readonly ClaimEventType[] = ["auto_robo", "hogar_robo"];

export type ClaimFraudInput = {
  eventType: ClaimEventType;
  occurredAt: Date;
  /** The first day of the policy's cover (its first term's start; a renewal does not start it again). */
  coverStartDate: string;
  /** The effective dates of the policy's endorsements. */
  endorsementDates: readonly string[];
  /** The policy's other claims (declared, whatever their status), by the day they happened. */
  previousClaims: ReadonlyArray<{ number: string; occurredAt: Date }>;
  /** Whether a police report (denuncia) is among the claim's documents. */
  hasPoliceReport: boolean;
};

const within = (from: string, day: string) => {
  const n = daysBetween(from, day);
  return n >= 0 && n < FRAUD_DAYS_AFTER_START;
};

export function claimFraudSignals(input: ClaimFraudInput): ClaimFraudSignalItem[] {
  const day = madridDate(input.occurredAt);
  const signals: ClaimFraudSignalItem[] = [];
  if (within(input.coverStartDate, day)) {
    signals.push({
      signal: "cerca_del_inicio",
      detail: `Ocurrido el ${fmt(day)}, el día ${daysBetween(input.coverStartDate, day) + 1} de cobertura (la póliza empezó el ${fmt(input.coverStartDate)})`,
    });
  }
  const endorsement = input.endorsementDates
    .filter((d) => within(d, day))
    .sort()
    .at(-1);
  if (endorsement) {
    signals.push({
      signal: "cerca_de_un_suplemento",
      detail: `Ocurrido el ${fmt(day)}, ${daysBetween(endorsement, day)} días después del suplemento con efecto el ${fmt(endorsement)}`,
    });
  }
  const yearAgo = addMonths(day, -12);
  const recent = input.previousClaims.filter((c) => {
    const d = madridDate(c.occurredAt);
    return d > yearAgo && d <= day;
  });
  if (recent.length + 1 >= FRAUD_CLAIMS_IN_A_YEAR) {
    signals.push({
      signal: "varios_en_un_ano",
      detail: `${recent.length + 1} siniestros de la póliza entre el ${fmt(addDays(yearAgo, 1))} y el ${fmt(day)}: este y ${recent.map((c) => c.number).join(", ")}`,
    });
  }
  if (THEFTS.includes(input.eventType) && !input.hasPoliceReport) {
    signals.push({ signal: "robo_sin_denuncia", detail: "Robo declarado sin una denuncia entre sus documentos" });
  }
  return signals;
}
