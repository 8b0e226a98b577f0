// The premium a policy earned and the part it did not (DOMAIN.md "Lifecycles"; Ley 22/2007 art. 10
// for a withdrawal): each collected recibo of the term pays for its own period — a prima recibo from
// its due date to the next prima recibo's (the last one to the end of the term), a suplemento from
// its due date to the end — and only the days of that period after the cancellation's effective
// date come back. A whole period after it (a recibo collected early, a policy cancelled before its
// start) comes back in full: the recibo is extornado.
import { daysBetween } from "./calendar";

export type PaidPeriodRecibo = {
  id: number;
  sequence: number;
  kind: "prima" | "suplemento";
  term: number;
  dueDate: string;
  amountCents: number;
  status: string;
};

export type UnearnedPart = {
  reciboId: number;
  sequence: number;
  /** The period the recibo paid for: [from, to). */
  from: string;
  to: string;
  /** What goes back, in cents (rounded to the cent; never more than the recibo). */
  cents: number;
  /** The whole period is after the effective date: the recibo is refunded in full. */
  whole: boolean;
};

/** The unearned part of each collected recibo of `term` for a cancellation effective on `effectiveDate`. */
export function unearnedPremium(
  policy: { term: number; startDate: string; endDate: string; recibos: readonly PaidPeriodRecibo[] },
  effectiveDate: string,
): UnearnedPart[] {
  const ofTerm = policy.recibos.filter((r) => r.term === policy.term);
  const primas = ofTerm.filter((r) => r.kind === "prima").sort((a, b) => a.sequence - b.sequence);
  const parts: UnearnedPart[] = [];
  for (const r of ofTerm) {
    if (r.status !== "cobrado" || r.amountCents <= 0) continue;
    const next = r.kind === "prima" ? primas.find((p) => p.sequence > r.sequence) : undefined;
    const from = r.dueDate < policy.startDate ? policy.startDate : r.dueDate;
    const to = next ? next.dueDate : policy.endDate;
    const total = daysBetween(from, to);
    if (total <= 0) continue;
    const cutFrom = effectiveDate > from ? effectiveDate : from;
    const left = Math.max(0, daysBetween(cutFrom, to));
    if (left === 0) continue;
    const whole = left >= total;
    parts.push({ reciboId: r.id, sequence: r.sequence, from, to, cents: whole ? r.amountCents : Math.round((r.amountCents * left) / total), whole });
  }
  return parts.filter((p) => p.cents > 0).sort((a, b) => a.sequence - b.sequence);
}

export const totalUnearned = (parts: readonly UnearnedPart[]) => parts.reduce((sum, p) => sum + p.cents, 0);
