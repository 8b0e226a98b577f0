// Spanish vehicle registration numbers (matrículas) of ordinary cars. Pure.
//
// - Current national format (since September 2000): four digits and three letters, "1234 BCD".
//   The letters are consonants: no vowels (to avoid words), no Ñ and no Q (mistaken for O and N).
// - Old provincial format (1971–2000): the province's code (one or two letters), four digits and
//   one or two letters, "M 1234 AB", "B-1234-XY", "SE-1234-Z". The series letters never used Ñ or Q.
//
// Other plates (historic, diplomatic, trailers, temporary, the pre-1971 numeric ones) are not cars a
// customer insures here and are refused. Stored normalised (upper case, no spaces or dashes:
// "1234BCD", "M1234AB") and shown with their usual separators ("1234 BCD", "M-1234-AB").

export const REGISTRATION_ERROR = "Introduzca una matrícula válida, por ejemplo 1234 BCD o M-1234-AB";

/** The province codes of the old plates (including the old GE, OR and PM, later GI, OU and IB). */
export const PROVINCE_PLATE_CODES = new Set([
  "A",
  "AB",
  "AL",
  "AV",
  "B",
  "BA",
  "BI",
  "BU",
  "C",
  "CA",
  "CC",
  "CE",
  "CO",
  "CR",
  "CS",
  "CU",
  "GC",
  "GE",
  "GI",
  "GR",
  "GU",
  "H",
  "HU",
  "IB",
  "J",
  "L",
  "LE",
  "LO",
  "LU",
  "M",
  "MA",
  "ML",
  "MU",
  "NA",
  "O",
  "OR",
  "OU",
  "P",
  "PM",
  "PO",
  "S",
  "SA",
  "SE",
  "SG",
  "SO",
  "SS",
  "T",
  "TE",
  "TF",
  "TO",
  "V",
  "VA",
  "VI",
  "Z",
  "ZA",
]);

const CURRENT = /^(\d{4})([BCDFGHJKLMNPRSTVWXYZ]{3})$/;
const PROVINCIAL = /^([A-Z]{1,2})(\d{4})([A-PR-Z]{1,2})$/;

export type Registration = { kind: "actual" | "provincial"; value: string };

/** Upper case without spaces, dots or dashes: " m-1234 ab " → "M1234AB". */
export function normalizeRegistration(input: string): string {
  return input.toUpperCase().replace(/[\s.·-]/g, "");
}

/** The registration in its stored form and its format, or null when it is not a Spanish car plate. */
export function parseRegistration(input: unknown): Registration | null {
  if (typeof input !== "string" || input.length > 20) return null;
  const value = normalizeRegistration(input);
  if (CURRENT.test(value)) return { kind: "actual", value };
  const old = PROVINCIAL.exec(value);
  if (old && PROVINCE_PLATE_CODES.has(old[1]!)) return { kind: "provincial", value };
  return null;
}

export function isValidRegistration(input: unknown): boolean {
  return parseRegistration(input) !== null;
}

/** As people write it: "1234 BCD", "M-1234-AB"; anything else unchanged. */
export function formatRegistration(stored: string): string {
  const current = CURRENT.exec(stored);
  if (current) return `${current[1]} ${current[2]}`;
  const old = PROVINCIAL.exec(stored);
  if (old) return `${old[1]}-${old[2]}-${old[3]}`;
  return stored;
}
