/**
 * Money, dates and date-times as people in Spain read them: "1.234,56 €", "dd/mm/aaaa" and
 * "dd/mm/aaaa hh:mm[:ss]" (Europe/Madrid).
 * Pure functions, safe on server and browser.
 */

// es-ES leaves 4-digit numbers ungrouped by default ("1234,56 €"); `useGrouping: "always"`
// (ES2023 Intl, Node 20, current browsers) groups them as "1.234,56 €". TypeScript's ES2022
// lib still types the option as boolean, hence the cast.
const money = new Intl.NumberFormat("es-ES", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: "always" as unknown as boolean,
});

/** Cents to euros in es-ES: 123456 → "1.234,56 €" (with a non-breaking space before €). */
export function formatMoney(cents: number): string {
  if (!Number.isFinite(cents)) throw new RangeError(`Importe no válido: ${cents}`);
  // Avoid "-0,00 €" for -0 and tiny negative rounding.
  const euros = cents / 100;
  return money.format(Object.is(euros, -0) ? 0 : euros);
}

// One formatter for every date and time shown: the parts of an instant as a clock in Spain reads
// them (Europe/Madrid, 24-hour clock with midnight as 00), whatever the server's time zone.
const madrid = new Intl.DateTimeFormat("es-ES", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  timeZone: "Europe/Madrid",
});

type MadridParts = Record<"day" | "month" | "year" | "hour" | "minute" | "second", string>;

function toInstant(value: Date | string): Date {
  const instant = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Fecha no válida: ${String(value)}`);
  return instant;
}

function formatParts(instant: Date): MadridParts {
  const parts: Record<string, string> = {};
  for (const part of madrid.formatToParts(instant)) parts[part.type] = part.value;
  return parts as MadridParts;
}

const HOUR_MS = 3_600_000;
/** The parts of each UTC hour's start already formatted; null for an hour not starting at :00:00 in Madrid. */
const hourStarts = new Map<number, MadridParts | null>();
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * formatToParts is slow (a list page formats dozens of instants), so it runs once per UTC hour:
 * Madrid's offset is a whole number of hours (CET/CEST, changing on the hour), so within an hour
 * only the minutes and seconds move, and they are UTC's. An hour whose start does not read
 * "…:00:00" in Madrid (local mean time before 1901) is formatted instant by instant.
 */
function madridParts(value: Date | string): MadridParts {
  const instant = toInstant(value);
  const ms = instant.getTime();
  const hour = Math.floor(ms / HOUR_MS);
  let start = hourStarts.get(hour);
  if (start === undefined) {
    const parts = formatParts(new Date(hour * HOUR_MS));
    start = parts.minute === "00" && parts.second === "00" ? parts : null;
    if (hourStarts.size >= 5_000) hourStarts.clear();
    hourStarts.set(hour, start);
  }
  if (start === null) return formatParts(instant);
  const seconds = Math.floor((ms - hour * HOUR_MS) / 1000);
  return { day: start.day, month: start.month, year: start.year, hour: start.hour, minute: two(Math.floor(seconds / 60)), second: two(seconds % 60) };
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date as dd/mm/aaaa.
 * - A calendar date string ("2026-03-01") is shown as is: 01/03/2026, whatever the time zone.
 * - An instant (Date or ISO date-time string) is shown as its calendar day in Spain
 *   (Europe/Madrid), so the server (often UTC) and the browser agree.
 */
export function formatDate(date: Date | string): string {
  if (typeof date === "string") {
    const match = DATE_ONLY.exec(date);
    if (match) {
      const [, year, month, day] = match;
      const check = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
      if (check.getUTCMonth() !== Number(month) - 1 || check.getUTCDate() !== Number(day)) {
        throw new RangeError(`Fecha no válida: ${date}`);
      }
      return `${day}/${month}/${year}`;
    }
  }
  const p = madridParts(date);
  return `${p.day}/${p.month}/${p.year}`;
}

/** An instant as "dd/mm/aaaa hh:mm" in Europe/Madrid (e.g. a last sign-in). */
export function formatDateTime(value: Date | string): string {
  const p = madridParts(value);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** An instant as "dd/mm/aaaa hh:mm:ss" in Europe/Madrid (e.g. an audit row). */
export function formatDateTimeSeconds(value: Date | string): string {
  const p = madridParts(value);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** The same instant as a machine-readable value for <time dateTime>. */
export function isoDateTime(value: Date | string): string {
  return toInstant(value).toISOString();
}
