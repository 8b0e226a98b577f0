// Pure checks of a payment card as typed in the checkout form. The payment provider (another
// module) decides whether a charge goes through; here is only what can be known without it.
import { madridMonthIndex } from "./calendar";

export const CARD_MESSAGES = {
  number: "Introduzca un número de tarjeta válido",
  expiry: "Introduzca la fecha de caducidad como MM/AA",
  expired: "La tarjeta está caducada",
  cvc: "Introduzca el código de seguridad (3 o 4 cifras)",
} as const;

/** The test gateway's card that is always declined (DOMAIN.md "Money in"); it is Luhn-valid. */
export const TEST_DECLINED_CARD_NUMBER = "4000000000000002";

export type CardExpiry = { month: number; year: number };
export type CardField = "number" | "expiry" | "cvc";
export type CardCheck =
  | { ok: true; card: { number: string; last4: string; expMonth: number; expYear: number } }
  | { ok: false; fieldErrors: Partial<Record<CardField, string>> };

/** Digits only: spaces and dashes between groups are dropped. */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, "");
}

/** The Luhn (mod 10) check of a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card number of 12 to 19 digits that passes the Luhn check. */
export function isValidCardNumber(input: string): boolean {
  const digits = normalizeCardNumber(input);
  return /^\d{12,19}$/.test(digits) && luhnValid(digits);
}

export function isTestDeclinedCard(input: string): boolean {
  return normalizeCardNumber(input) === TEST_DECLINED_CARD_NUMBER;
}

/** "MM/AA" (also "MM / AA", "MM-AA", "MMAA" or "MM/AAAA") → month and four-digit year, or null. */
export function parseCardExpiry(input: string): CardExpiry | null {
  if (typeof input !== "string") return null;
  const m = /^(\d{2})\s*[/-]?\s*(\d{2}|\d{4})$/.exec(input.trim());
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** A card is valid until the end of its expiry month: this month (in Spain) or later passes. */
export function isExpiryCurrent(expiry: CardExpiry, now: Date): boolean {
  const current = madridMonthIndex(now);
  const given = expiry.year * 12 + expiry.month;
  // No card is issued for more than 20 years: further out is a typing mistake.
  return given >= current && given <= current + 20 * 12;
}

export function isValidCvc(input: string): boolean {
  return typeof input === "string" && /^\d{3,4}$/.test(input.trim());
}

/** For display: "•••• 4242". */
export function maskCardNumber(input: string): string {
  return `•••• ${normalizeCardNumber(input).slice(-4)}`;
}

/** Every check of the card form at once, with a Spanish message per failing field. */
export function validateCard(input: { number: string; expiry: string; cvc: string }, now: Date): CardCheck {
  const fieldErrors: Partial<Record<CardField, string>> = {};
  const number = normalizeCardNumber(typeof input.number === "string" ? input.number : "");
  if (!isValidCardNumber(number)) fieldErrors.number = CARD_MESSAGES.number;
  const expiry = parseCardExpiry(input.expiry);
  if (!expiry) fieldErrors.expiry = CARD_MESSAGES.expiry;
  else if (!isExpiryCurrent(expiry, now)) fieldErrors.expiry = CARD_MESSAGES.expired;
  if (!isValidCvc(input.cvc)) fieldErrors.cvc = CARD_MESSAGES.cvc;
  if (Object.keys(fieldErrors).length > 0 || !expiry) return { ok: false, fieldErrors };
  return { ok: true, card: { number, last4: number.slice(-4), expMonth: expiry.month, expYear: expiry.year } };
}
