// Spanish tax identifiers of a person: NIF (DNI number + check letter) and NIE (foreigners:
// X/Y/Z + 7 digits + check letter). The check letter is the number modulo 23 looked up in a
// fixed table; for a NIE the X/Y/Z stands for a leading 0/1/2.

export const NIF_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";
export const NIF_ERROR = "Introduzca un NIF o NIE válido";

export type NifKind = "NIF" | "NIE";
export type NifResult = { ok: true; value: string; kind: NifKind } | { ok: false; error: typeof NIF_ERROR };

/** Upper case, without spaces, dots or dashes ("12.345.678-z" → "12345678Z"). */
export function normalizeNif(input: string): string {
  return input.replace(/[\s.-]/g, "").toUpperCase();
}

/** The check letter of a number of up to 8 digits. */
export function nifCheckLetter(digits: string): string {
  if (!/^\d{1,8}$/.test(digits)) throw new RangeError(`Not a NIF number: ${digits}`);
  return NIF_LETTERS[Number(digits) % 23]!;
}

export function validateNif(input: string): NifResult {
  if (typeof input !== "string") return { ok: false, error: NIF_ERROR };
  const value = normalizeNif(input);
  const nif = /^(\d{8})([A-Z])$/.exec(value);
  if (nif) {
    return nifCheckLetter(nif[1]!) === nif[2] ? { ok: true, value, kind: "NIF" } : { ok: false, error: NIF_ERROR };
  }
  const nie = /^([XYZ])(\d{7})([A-Z])$/.exec(value);
  if (nie) {
    const number = String("XYZ".indexOf(nie[1]!)) + nie[2];
    return nifCheckLetter(number) === nie[3] ? { ok: true, value, kind: "NIE" } : { ok: false, error: NIF_ERROR };
  }
  return { ok: false, error: NIF_ERROR };
}

export function isValidNif(input: string): boolean {
  return validateNif(input).ok;
}

// ─── Companies: CIF (the NIF of a legal person) ───────────────────────────────────────────

export const CIF_ERROR = "Introduzca un NIF de empresa válido (por ejemplo, B12345674)";

/**
 * A company's NIF (formerly CIF): an organisation letter, 7 digits and a control that is a digit
 * or a letter (JABCDEFGHI) depending on the letter. Odd positions are doubled (digits summed).
 */
export function isValidCif(input: string): boolean {
  if (typeof input !== "string") return false;
  const match = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(normalizeNif(input));
  if (!match) return false;
  const [, letter, digits, control] = match as unknown as [string, string, string, string];
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const n = Number(digits[i]);
    sum += i % 2 === 0 ? Math.floor((n * 2) / 10) + ((n * 2) % 10) : n;
  }
  const check = (10 - (sum % 10)) % 10;
  const asLetter = "JABCDEFGHI"[check]!;
  if ("PQRSNW".includes(letter)) return control === asLetter;
  if ("ABEH".includes(letter)) return control === String(check);
  return control === String(check) || control === asLetter;
}
