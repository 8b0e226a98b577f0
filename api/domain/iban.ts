// IBAN checks for SEPA direct debit (ISO 13616): the country's length and the mod-97 check
// digits. Only SEPA countries are accepted, since only they can be debited by SEPA.

export const IBAN_ERROR = "Introduzca un IBAN válido";

/** IBAN length per SEPA country (EU, EEA, Switzerland, the UK and the microstates). */
export const SEPA_IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

export type IbanResult = { ok: true; value: string; country: string } | { ok: false; error: typeof IBAN_ERROR };

/** Upper case without spaces or dashes ("es91 2100-0418…" → "ES9121000418…"). */
export function normalizeIban(input: string): string {
  return input.replace(/[\s-]/g, "").toUpperCase();
}

/** The IBAN modulo 97 after moving the first four characters to the end (1 for a valid IBAN). */
function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    // Letters count as two digits, A = 10 … Z = 35.
    const value = ch >= "A" && ch <= "Z" ? ch.charCodeAt(0) - 55 : Number(ch);
    remainder = (value > 9 ? remainder * 100 + value : remainder * 10 + value) % 97;
  }
  return remainder;
}

export function validateIban(input: string): IbanResult {
  if (typeof input !== "string") return { ok: false, error: IBAN_ERROR };
  const value = normalizeIban(input);
  const country = value.slice(0, 2);
  const length = SEPA_IBAN_LENGTHS[country];
  if (length === undefined || value.length !== length || !/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(value)) return { ok: false, error: IBAN_ERROR };
  // A Spanish account number (BBAN) is all digits.
  if (country === "ES" && !/^ES\d{22}$/.test(value)) return { ok: false, error: IBAN_ERROR };
  return ibanMod97(value) === 1 ? { ok: true, value, country } : { ok: false, error: IBAN_ERROR };
}

export function isValidIban(input: string): boolean {
  return validateIban(input).ok;
}

/** The two check digits an IBAN needs for a country and an account number (BBAN). */
export function ibanCheckDigits(country: string, bban: string): string {
  const remainder = ibanMod97(`${country.toUpperCase()}00${bban.toUpperCase()}`);
  return String(98 - remainder).padStart(2, "0");
}

/** For display: "ES91 •••• •••• •••• •••• 1332" — country, check digits and last four only. */
export function maskIban(input: string): string {
  const value = normalizeIban(input);
  if (value.length < 9) return "•".repeat(value.length);
  const hidden = value.length - 8;
  const groups = Array.from({ length: Math.ceil(hidden / 4) }, (_, i) => "•".repeat(Math.min(4, hidden - i * 4)));
  return [value.slice(0, 4), ...groups, value.slice(-4)].join(" ");
}
