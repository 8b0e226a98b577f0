// Integer-cent arithmetic for prices. Every amount is an integer number of cents and every rate
// an integer (basis points, parts per million), so each operation is one exact integer division
// rounded half up. BigInt keeps the intermediate products exact even when several factors are
// multiplied together, far beyond Number.MAX_SAFE_INTEGER.

/** 10 000 basis points = 100 % = ×1. */
export const BP_ONE = 10_000;
/** 1 000 000 parts per million = 100 %. */
export const PPM_ONE = 1_000_000;

type IntLike = number | bigint;

function toBigInt(value: IntLike, what: string): bigint {
  if (typeof value === "bigint") return value;
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer, got ${value}`);
  return BigInt(value);
}

function toSafeNumber(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`Result ${value} is beyond a safe integer`);
  return n;
}

/**
 * numerator / denominator rounded to the nearest integer, halves away from zero (the commercial
 * "half up": 0,5 → 1 and −0,5 → −1), computed exactly on integers.
 */
export function roundHalfUp(numerator: IntLike, denominator: IntLike = 1): number {
  const n = toBigInt(numerator, "numerator");
  const d = toBigInt(denominator, "denominator");
  if (d === 0n) throw new RangeError("Division by zero");
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (2n * an + ad) / (2n * ad);
  return toSafeNumber(negative ? -q : q);
}

/** basisPoints / 10 000 of an amount in cents, half up (CLEA 15 bp, IPS 800 bp…). */
export function percentOfCents(cents: number, basisPoints: number): number {
  return roundHalfUp(toBigInt(cents, "cents") * toBigInt(basisPoints, "basisPoints"), BP_ONE);
}

/** ppm / 1 000 000 of an amount in cents, half up (0,07 ‰ = 70 ppm). */
export function ppmOfCents(cents: number, ppm: number): number {
  return roundHalfUp(toBigInt(cents, "cents") * toBigInt(ppm, "ppm"), PPM_ONE);
}

/**
 * perMille ‰ of an amount in cents, half up. The rate may have up to three decimals
 * (0,07 ‰); it is turned into whole parts per million so the arithmetic stays exact.
 */
export function perMilleOfCents(cents: number, perMille: number): number {
  const ppm = Math.round(perMille * 1000);
  if (!Number.isFinite(perMille) || Math.abs(perMille * 1000 - ppm) > 1e-6) {
    throw new RangeError(`A per-mille rate may have at most three decimals, got ${perMille}`);
  }
  return ppmOfCents(cents, ppm);
}

/**
 * cents × f1 × f2 × … with every factor in basis points, rounded half up ONCE at the end, so the
 * result does not depend on the order of the factors and carries no intermediate rounding.
 */
export function applyFactorsBp(cents: number, factorsBp: readonly number[]): number {
  let numerator = toBigInt(cents, "cents");
  let denominator = 1n;
  for (const f of factorsBp) {
    numerator *= toBigInt(f, "factorBp");
    denominator *= BigInt(BP_ONE);
  }
  return roundHalfUp(numerator, denominator);
}

// ─── Euros as typed in a Spanish form ─────────────────────────────────────────────────

/** Euros above this are refused as input (10 000 millones): far beyond any sum insured here. */
const MAX_INPUT_CENTS = 1_000_000_000_000;

/**
 * Parses an amount of euros written the Spanish way into cents: "1.234,56", "1234,5", "1234",
 * "1.234" (a dot followed by groups of three digits separates thousands), "1 234,56 €".
 * A lone dot followed by one or two digits ("12.5") is taken as the decimal point, since that is
 * what someone typing on an English keypad means. More than two decimals, signs, letters or
 * misplaced separators give null: an amount is never guessed or silently rounded.
 */
export function parseEurosToCents(input: string): number | null {
  if (typeof input !== "string") return null;
  let s = input
    .trim()
    .replace(/\s*(€|eur|euros)$/i, "")
    .replace(/[\u00a0\u202f]/g, " ");
  // A space may only separate thousands ("1 234,56").
  if (s.includes(" ")) {
    if (!/^\d{1,3}( \d{3})+(,\d{1,2})?$/.test(s)) return null;
    s = s.replace(/ /g, "");
  }

  const thousands = /^\d{1,3}(\.\d{3})+$/;
  let integerPart: string;
  let decimalPart = "";
  const comma = /^([\d.]+),(\d{1,2})$/.exec(s);
  const dotDecimal = /^(\d+)\.(\d{1,2})$/.exec(s);
  if (comma) {
    if (!/^\d+$/.test(comma[1]!) && !thousands.test(comma[1]!)) return null;
    integerPart = comma[1]!.replace(/\./g, "");
    decimalPart = comma[2]!;
  } else if (/^\d+$/.test(s) || thousands.test(s)) {
    integerPart = s.replace(/\./g, "");
  } else if (dotDecimal) {
    integerPart = dotDecimal[1]!;
    decimalPart = dotDecimal[2]!;
  } else {
    return null;
  }
  if (integerPart.length > 13) return null;
  const cents = Number(integerPart) * 100 + Number(decimalPart.padEnd(2, "0"));
  return Number.isSafeInteger(cents) && cents <= MAX_INPUT_CENTS ? cents : null;
}

/** Cents back to what a Spanish form field shows ("1234,56", "1234" for whole euros). */
export function centsToEurosInput(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an integer amount of cents: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100);
  const rest = abs % 100;
  return rest === 0 ? `${sign}${euros}` : `${sign}${euros},${String(rest).padStart(2, "0")}`;
}
