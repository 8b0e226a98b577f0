// Dates as people type them. Every date field of the site is a text input (not the browser's
// date picker, whose day/month order follows the browser's language, not the page's): a person
// writes dd/mm/aaaa, and this parser reads it the same in every browser, on the server and in the
// page. Pure: no clock, no locale. The API keeps ISO dates (aaaa-mm-dd); the forms turn what was
// typed into ISO before their schemas check it (ADR 020).
import { daysInMonth } from "../domain/calendar";

// Day, month and year (4 digits) separated by "/", "-", "." or spaces: 12/04/1985, 1/4/1985,
// 12-04-1985, 12.04.1985, "12 / 04 / 1985", "12 04 1985".
const DAY_MONTH_YEAR = /^(\d{1,2})\s*[/.\-\s]\s*(\d{1,2})\s*[/.\-\s]\s*(\d{4})$/;
// ISO, as the API and a date picker write it: 1985-04-12 (1985-4-12 too).
const YEAR_MONTH_DAY = /^(\d{4})\s*-\s*(\d{1,2})\s*-\s*(\d{1,2})$/;
// Eight digits with no separator, as typed into a date mask: 12041985 (day, month, year).
const COMPACT = /^(\d{2})(\d{2})(\d{4})$/;

function iso(year: number, month: number, day: number): string | null {
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * A date as a person types it in Spain (day first) as an ISO date, or null when it is not a real
 * calendar day written with a four-digit year: "12/04/1985", "1/4/1985", "12-4-1985", "12.04.1985",
 * "1985-04-12" and "12041985" all give "1985-04-12"; "31/02/2024", "12/04/85" and "mañana" give null.
 */
export function parseTypedDate(text: unknown): string | null {
  if (typeof text !== "string") return null;
  const value = text.trim();
  if (value.length > 40) return null;
  let match = DAY_MONTH_YEAR.exec(value) ?? COMPACT.exec(value);
  if (match) return iso(Number(match[3]), Number(match[2]), Number(match[1]));
  match = YEAR_MONTH_DAY.exec(value);
  if (match) return iso(Number(match[1]), Number(match[2]), Number(match[3]));
  return null;
}

/** An ISO date as the forms show it: "1985-04-12" → "12/04/1985"; anything else is returned as it is. */
export function formatTypedDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/**
 * zod preprocess step of a form's date field: what was typed, as ISO when it is a date, else as
 * typed (so the field's own schema answers "Introduzca una fecha válida (dd/mm/aaaa)"); empty stays
 * empty (so the field's "required" message shows).
 */
export function typedDateToIso(value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (value.trim() === "") return value;
  return parseTypedDate(value) ?? value;
}

// A time of day after the date: "14:30", "9:05", "14.30", "14h30", with an optional trailing "h".
const TIME = /^(\d{1,2})\s*[:.h]\s*(\d{2})\s*h?$/i;

/**
 * A date and time as a person types them in Spain, "dd/mm/aaaa hh:mm" (any date `parseTypedDate`
 * reads, then a space or a comma, then the time), as the calendar date and the wall-clock time in
 * Spain: "03/02/2026 9:05" gives { date: "2026-02-03", time: "09:05" }; a missing or impossible
 * time (25:00, 10:60) gives null. The instant is `madridInstant(date, time)` (api/domain/calendar.ts).
 */
export function parseTypedDateTime(text: unknown): { date: string; time: string } | null {
  if (typeof text !== "string") return null;
  const value = text.trim();
  if (value.length > 60) return null;
  const split = /^(.*\d)\s*[,\s]\s*(\d{1,2}\s*[:.h]\s*\d{2}\s*h?)$/i.exec(value);
  if (!split) return null;
  const date = parseTypedDate(split[1]);
  const time = TIME.exec(split[2]!);
  if (!date || !time) return null;
  const hour = Number(time[1]);
  const minute = Number(time[2]);
  if (hour > 23 || minute > 59) return null;
  return { date, time: `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}` };
}
