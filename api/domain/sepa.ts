// SEPA Core direct debit rules the remittances and the creditor settings check (ADR 029): the
// creditor identifier (EPC262-08: ES + check digits + business code + NIF, ISO 7064 mod 97-10), the
// BIC, the SEPA character set of names, the business days of the TARGET2 calendar (the bank's
// return deadline, the earliest collection date) and the mandate reference of a policy.
import { addDays, parseIsoDate } from "./calendar";
import { validateIban, IBAN_ERROR } from "./iban";

export const CREDITOR_MESSAGES = {
  name: "El nombre del acreedor es obligatorio, de 70 caracteres como máximo, sin símbolos que el banco no admite",
  creditorId: "El identificador de acreedor no es válido: debe ser ES, dos dígitos de control, el código de negocio (ZZZ) y el NIF",
  iban: `IBAN de abono no válido. ${IBAN_ERROR}`,
  bic: "El BIC debe tener 8 u 11 caracteres (por ejemplo CAIXESBBXXX)",
} as const;

/** Letters count as two digits (A = 10 … Z = 35), ISO 7064 mod 97-10. */
function mod97(text: string): number {
  let remainder = 0;
  for (const ch of text) {
    const value = ch >= "A" && ch <= "Z" ? ch.charCodeAt(0) - 55 : Number(ch);
    remainder = (value > 9 ? remainder * 100 + value : remainder * 10 + value) % 97;
  }
  return remainder;
}

export const normalizeCreditorId = (input: string) => input.replace(/[\s-]/g, "").toUpperCase();

/** The creditor identifier's check digits: those of the national id followed by the country and "00" (the business code does not count). */
export function creditorIdCheckDigits(country: string, nationalId: string): string {
  return String(98 - mod97(`${nationalId}${country}00`)).padStart(2, "0");
}

/** A Spanish creditor identifier: ES, two check digits, a 3-character business code and the 9-character NIF. */
export function isValidCreditorId(input: string): boolean {
  const value = normalizeCreditorId(input);
  const match = /^ES(\d{2})([A-Z0-9]{3})([A-Z0-9]{9})$/.exec(value);
  if (!match) return false;
  return creditorIdCheckDigits("ES", match[3]!) === match[1];
}

export const isValidBic = (input: string) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(input.trim().toUpperCase());

/** The SEPA basic Latin set (EPC217-08): what a bank accepts in names and texts. */
const SEPA_CHARS = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

/** Accents and ñ as their base letter, anything else outside the SEPA set as a space; at most `max` characters. */
export function toSepaText(input: string, max: number): string {
  const plain = input
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[ºª]/g, "")
    .replace(/&/g, "+");
  return [...plain]
    .map((ch) => (SEPA_CHARS.test(ch) ? ch : " "))
    .join("")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max)
    .trim();
}

/** A creditor name the bank takes: 1–70 characters that stay the same in the SEPA set once accents are dropped. */
export const isValidCreditorName = (input: string) => {
  const name = input.trim();
  return (
    name.length > 0 &&
    name.length <= 70 &&
    toSepaText(name, 70) ===
      name
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .replace(/\s+/g, " ")
  );
};

export type SepaCreditorInput = { name: string; creditorId: string; iban: string; bic: string };

/** Each field's Spanish message, empty when the creditor is valid. */
export function creditorErrors(c: SepaCreditorInput): Partial<Record<keyof SepaCreditorInput, string[]>> {
  const errors: Partial<Record<keyof SepaCreditorInput, string[]>> = {};
  if (!isValidCreditorName(c.name ?? "")) errors.name = [CREDITOR_MESSAGES.name];
  if (!isValidCreditorId(c.creditorId ?? "")) errors.creditorId = [CREDITOR_MESSAGES.creditorId];
  if (!validateIban(c.iban ?? "").ok) errors.iban = [CREDITOR_MESSAGES.iban];
  if (!isValidBic(c.bic ?? "")) errors.bic = [CREDITOR_MESSAGES.bic];
  return errors;
}

/** The creditor as stored: normalized identifier, IBAN and BIC. */
export function normalizeCreditor(c: SepaCreditorInput): SepaCreditorInput {
  return {
    name: c.name.trim().replace(/\s+/g, " "),
    creditorId: normalizeCreditorId(c.creditorId),
    iban: c.iban.replace(/[\s-]/g, "").toUpperCase(),
    bic: c.bic.trim().toUpperCase(),
  };
}

// ─── TARGET2 business days ──────────────────────────────────────────────────────────────

/** Easter Sunday (anonymous Gregorian algorithm), as an ISO date. */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** SEPA settles on TARGET2 days: Monday to Friday except 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December. */
export function isBusinessDay(iso: string): boolean {
  const d = parseIsoDate(iso);
  if (!d) throw new RangeError(`Not an ISO date: ${iso}`);
  const weekday = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const md = iso.slice(5);
  if (md === "01-01" || md === "05-01" || md === "12-25" || md === "12-26") return false;
  const easter = easterSunday(d.year);
  return iso !== addDays(easter, -2) && iso !== addDays(easter, 1);
}

/** The business day `n` business days after `iso` (n ≥ 1). */
export function addBusinessDays(iso: string, n: number): string {
  let day = iso;
  for (let left = n; left > 0;) {
    day = addDays(day, 1);
    if (isBusinessDay(day)) left -= 1;
  }
  return day;
}

/** The earliest collection date of a remittance made today: the next business day (SEPA Core, D-1). */
export const earliestCollectionDate = (today: string) => addBusinessDays(today, 1);

/** The latest collection date whose deadline of `n` business days has passed by `day`. */
export function settledCollectionDateOn(day: string, n: number): string {
  // Walk back: the collection date c is settled when addBusinessDays(c, n) <= day.
  let c = day;
  while (addBusinessDays(c, n) > day) c = addDays(c, -1);
  return c;
}

// ─── Mandates ──────────────────────────────────────────────────────────────────────────

/** The mandate reference (Unique Mandate Reference, ≤ 35 characters): COT-<policy number>-<n>. */
export const mandateReference = (policyNumber: string, n: number) => `COT-${policyNumber}-${n}`;
