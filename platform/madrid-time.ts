// Instants as a clock in Spain reads them (Europe/Madrid, 24-hour clock with midnight as 00),
// whatever the process's time zone: the one place where pages and CSV exports get their dates.
// Dependency-free, so the browser bundle can carry it.
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

export type MadridParts = Record<"day" | "month" | "year" | "hour" | "minute" | "second", string>;

export function toInstant(value: Date | string): Date {
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
export function madridParts(value: Date | string): MadridParts {
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
