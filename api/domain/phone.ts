// Telephone numbers as people type them: Spanish (optionally +34/0034) or another country's in
// international form. Kept apart from the checkout contract so small forms (the profile) can use
// it without the checkout's validators in their bundle.

const PHONE_SPAIN = /^(?:\+34|0034)?[6789]\d{8}$/;
// Another country's number; a Spanish one (+34) must pass the Spanish rule.
const PHONE_INTERNATIONAL = /^\+(?!34)[1-9]\d{6,14}$/;

/** Without spaces, dots, dashes or brackets ("+34 600 12 34 56" → "+34600123456"). */
export function normalizePhone(input: string): string {
  return input.replace(/[\s.()-]/g, "");
}

export function isValidPhone(input: string): boolean {
  const phone = normalizePhone(input);
  return PHONE_SPAIN.test(phone) || PHONE_INTERNATIONAL.test(phone);
}
