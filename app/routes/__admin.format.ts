/**
 * Date-times of the back office as staff in Spain read them, in Europe/Madrid whatever the
 * server's time zone: "dd/mm/aaaa hh:mm" (last sign-in) and "dd/mm/aaaa hh:mm:ss" (audit).
 * Pure; shared by server and browser so both render the same text.
 */
const madridParts = new Intl.DateTimeFormat("es-ES", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  timeZone: "Europe/Madrid",
});

function parts(value: Date | string): Record<string, string> {
  const instant = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Fecha no válida: ${String(value)}`);
  const out: Record<string, string> = {};
  for (const part of madridParts.formatToParts(instant)) out[part.type] = part.value;
  return out;
}

/** "dd/mm/aaaa hh:mm" in Europe/Madrid. */
export function formatDateTime(value: Date | string): string {
  const p = parts(value);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** "dd/mm/aaaa hh:mm:ss" in Europe/Madrid. */
export function formatDateTimeSeconds(value: Date | string): string {
  const p = parts(value);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** The same instant as a machine-readable value for <time dateTime>. */
export function isoDateTime(value: Date | string): string {
  return (typeof value === "string" ? new Date(value) : value).toISOString();
}
