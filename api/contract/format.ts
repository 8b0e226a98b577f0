/**
 * The one home of how figures read (es-ES): money "1.234,56 €", counts "1.234", percentages
 * "12,5 %", dates "dd/mm/aaaa" and date-times "dd/mm/aaaa hh:mm[:ss]" (Europe/Madrid). Used by the
 * web, the API, the PDFs and the e-mails alike; dependency-free, so the browser bundle carries it.
 */
import { madridParts, toInstant } from "../../platform/madrid-time";

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

// Counts follow es-ES's own rule: four digits ungrouped ("1234"), from five grouped ("12.345").
const count = new Intl.NumberFormat("es-ES");

/** A count as es-ES writes it: 1234 → "1234", 12345 → "12.345". */
export function formatCount(n: number): string {
  return count.format(n);
}

const percent = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 2 });

/** Basis points as a percentage: 1250 → "12,5 %". */
export function formatBasisPoints(bp: number): string {
  return `${percent.format(bp / 100)} %`;
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

/** An ISO calendar date as dd/mm/aaaa; anything else unchanged (a text that is already one). */
export function formatIsoDate(value: string): string {
  const m = DATE_ONLY.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
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

/** An instant as a sentence says it: "10/03/2026 a las 10:00 h" (Europe/Madrid). */
export function formatMoment(value: Date | string): string {
  const p = madridParts(value);
  return `${p.day}/${p.month}/${p.year} a las ${p.hour}:${p.minute} h`;
}

/** The same instant as a machine-readable value for <time dateTime>. */
export function isoDateTime(value: Date | string): string {
  return toInstant(value).toISOString();
}
