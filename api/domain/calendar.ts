// The calendar of the domain: calendar days in Spain, ages, policy terms, recibo due dates and
// periods, withdrawal deadlines and pro rata days. Pure: every function takes the instant (`now`)
// or the dates as values and reads no clock. Calendar dates travel as ISO strings (YYYY-MM-DD),
// as the database's `date` columns and the contract carry them; the arithmetic is done on the
// UTC calendar, where no day is 23 or 25 hours long.
import { INSTALMENTS, type Frequency } from "../contract/vocabulary";

export type CalendarDate = { year: number; month: number; day: number };

/** Months of a policy's term: one year, renewed yearly. */
export const POLICY_TERM_MONTHS = 12;

// Swedish writes dates as ISO (2026-11-22): format() gives the string directly, several times
// cheaper than assembling formatToParts() (measured: 2 % of a quote POST).
const madridFormat = new Intl.DateTimeFormat("sv-SE", {
  timeZone: "Europe/Madrid",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar date in Spain at the instant `now`, as an ISO date. */
export function madridDate(now: Date): string {
  if (Number.isNaN(now.getTime())) throw new RangeError("Invalid date");
  return madridFormat.format(now);
}

const madridClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Madrid",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** Minutes Spain's clock is ahead of UTC at the instant `ms` (60 in winter, 120 in summer). */
function madridOffsetMinutes(ms: number): number {
  const p = Object.fromEntries(madridClock.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return Math.round((wall - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/**
 * The instant at which Spain's clock reads `time` ("hh:mm") on the calendar day `isoDate`: what a
 * person means by "el 03/02/2026 a las 14:30". In the autumn hour that happens twice, the first; a
 * time skipped in spring (02:30 on the last Sunday of March) is read with winter's offset (03:30).
 */
export function madridInstant(isoDate: string, time: string): Date {
  const { year, month, day } = requireIsoDate(isoDate);
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) throw new RangeError(`Invalid time: ${time}`);
  const wall = Date.UTC(year, month - 1, day, Number(match[1]), Number(match[2]));
  // Spain is UTC+2 (summer) or UTC+1 (winter): the earlier reading that the clock confirms, else winter's.
  const summer = wall - 120 * 60_000;
  const winter = wall - 60 * 60_000;
  return new Date(madridOffsetMinutes(summer) === 120 ? summer : winter);
}

/** Days of `month` (1–12) of `year`: 28 or 29 for February. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (no 2026-02-30), or null. */
export function parseIsoDate(value: unknown): CalendarDate | null {
  if (typeof value !== "string") return null;
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** True for a real calendar day written YYYY-MM-DD. */
export function isIsoDate(value: unknown): value is string {
  return parseIsoDate(value) !== null;
}

function requireIsoDate(value: string): CalendarDate {
  const d = parseIsoDate(value);
  if (!d) throw new RangeError(`Not an ISO date: ${value}`);
  return d;
}

export function toIsoDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Negative when `a` is before `b`, 0 on the same day, positive after. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Whole years from `from` to `to` (an anniversary not yet reached in `to`'s year does not count). */
export function fullYearsBetween(from: CalendarDate, to: CalendarDate): number {
  const years = to.year - from.year;
  return to.month < from.month || (to.month === from.month && to.day < from.day) ? years - 1 : years;
}

/** Age in whole years on `onIso` of someone born on `birthIso` (born 29 Feb: a year older on 1 Mar). */
export function ageOn(birthIso: string, onIso: string): number {
  return fullYearsBetween(requireIsoDate(birthIso), requireIsoDate(onIso));
}

/** The same day `months` later, or the month's last day when it is shorter (31 Jan + 1 → 28/29 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const d = requireIsoDate(isoDate);
  const index = d.year * 12 + (d.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return toIsoDate({ year, month, day: Math.min(d.day, daysInMonth(year, month)) });
}

/** ISO date plus whole days (negative goes back). */
export function addDays(isoDate: string, days: number): string {
  const d = requireIsoDate(isoDate);
  return new Date(Date.UTC(d.year, d.month - 1, d.day + days)).toISOString().slice(0, 10);
}

/** Calendar days from `fromIso` to `toIso` (0 on the same day, negative when `to` is earlier). */
export function daysBetween(fromIso: string, toIso: string): number {
  const a = requireIsoDate(fromIso);
  const b = requireIsoDate(toIso);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

export type PolicyTerm = { startDate: string; endDate: string };

/** The latest start date (fecha de efecto) a customer may choose: this many days after today. */
export const MAX_START_DAYS_AHEAD = 60;

/**
 * The start dates a policy contracted at `now` may take: from tomorrow (Madrid) — cover never
 * starts on the day of purchase, which may already have seen the accident — to
 * MAX_START_DAYS_AHEAD days after today. `earliest` is also the default.
 */
export function startDateRange(now: Date): { earliest: string; latest: string } {
  const today = madridDate(now);
  return { earliest: addDays(today, 1), latest: addDays(today, MAX_START_DAYS_AHEAD) };
}

/** Why `startDate` cannot be a new policy's start at `now` ("too_early", "too_late"), or null when it can. */
export function startDateProblem(startDate: string, now: Date): "too_early" | "too_late" | null {
  requireIsoDate(startDate);
  const { earliest, latest } = startDateRange(now);
  if (startDate < earliest) return "too_early";
  if (startDate > latest) return "too_late";
  return null;
}

/** The term of a new policy starting on `startDate` (00:00 in Spain): one year, to 00:00 of the end date. */
export function policyTerm(startDate: string): PolicyTerm {
  requireIsoDate(startDate);
  return { startDate, endDate: addMonths(startDate, POLICY_TERM_MONTHS) };
}

/**
 * Days of `term` left from `fromIso` (inclusive) to the end (exclusive: the policy ends at 00:00
 * of its end date), for pricing a change pro rata; 0 outside the term.
 */
export function proRataDays(term: PolicyTerm, fromIso: string): { remaining: number; total: number } {
  const total = daysBetween(term.startDate, term.endDate);
  const from = daysBetween(term.startDate, fromIso);
  return { remaining: from < 0 || from >= total ? 0 : total - from, total };
}

/** Due date of recibo `sequence` (1-based): one every 12/n months from the start. */
export function reciboDueDate(startDate: string, frequency: Frequency, sequence: number): string {
  return addMonths(startDate, (sequence - 1) * (12 / INSTALMENTS[frequency]));
}

/** The due dates of every recibo of a year's term at `frequency`. */
export function reciboDueDates(startDate: string, frequency: Frequency): string[] {
  return Array.from({ length: INSTALMENTS[frequency] }, (_, i) => reciboDueDate(startDate, frequency, i + 1));
}

/** The covered period of recibo `sequence` (1-based): from its due date to the day before the next. */
export function reciboPeriod(startDate: string, frequency: Frequency, sequence: number): { from: string; to: string } {
  return {
    from: reciboDueDate(startDate, frequency, sequence),
    to: addDays(reciboDueDate(startDate, frequency, sequence + 1), -1),
  };
}

export type PeriodRecibo = { sequence: number; kind: "prima" | "suplemento"; term: number; dueDate: string };

/**
 * The period every recibo of a policy covers, by sequence: one rule for the customer's documents
 * and the back office. A prima recibo covers its share of its term (from its due date
 * to the day before the next one's); a suplemento's, from the suplemento's effective date to the
 * last day of the term it was made in (the day before that term's end date), not just its due day.
 * The current term runs from `startDate` to `endDate`; an earlier one from its first prima recibo
 * to the start of the next.
 */
export function reciboPeriods(p: {
  startDate: string;
  endDate: string;
  term: number;
  frequency: Frequency;
  recibos: readonly PeriodRecibo[];
  endorsements: ReadonlyArray<{ reciboSequence: number | null; effectiveDate: string }>;
}): Map<number, { from: string; to: string }> {
  const primas = (term: number) => p.recibos.filter((r) => r.kind === "prima" && r.term === term).sort((a, b) => a.sequence - b.sequence);
  const termStart = (term: number): string => (term === p.term ? p.startDate : (primas(term)[0]?.dueDate ?? p.startDate));
  const termEnd = (term: number): string => {
    if (term >= p.term) return p.endDate;
    return term + 1 === p.term || primas(term + 1).length > 0 ? termStart(term + 1) : addMonths(termStart(term), POLICY_TERM_MONTHS);
  };
  const periods = new Map<number, { from: string; to: string }>();
  for (const r of p.recibos) {
    if (r.kind === "suplemento") {
      const from = p.endorsements.find((e) => e.reciboSequence === r.sequence)?.effectiveDate ?? r.dueDate;
      periods.set(r.sequence, { from, to: addDays(termEnd(r.term), -1) });
    } else {
      const inTerm = primas(r.term).findIndex((x) => x.sequence === r.sequence) + 1;
      periods.set(r.sequence, reciboPeriod(termStart(r.term), p.frequency, inTerm));
    }
  }
  return periods;
}

/** Last day of the desistimiento period: `days` calendar days after the day of contracting (Madrid). */
export function withdrawalUntil(contractedAt: Date, days: number): string {
  return addDays(madridDate(contractedAt), days);
}

/** The calendar month in Spain at `now` as year × 12 + month, to compare with a card's expiry. */
export function madridMonthIndex(now: Date): number {
  const { year, month } = requireIsoDate(madridDate(now));
  return year * 12 + month;
}
