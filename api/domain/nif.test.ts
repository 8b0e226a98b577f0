import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidNif, NIF_ERROR, NIF_LETTERS, nifCheckLetter, normalizeNif, validateNif } from "./nif";

describe("validateNif", () => {
  it("accepts a NIF whose letter is its number modulo 23", () => {
    // 12345678 = 23 × 536 768 + 14 → letter 14 of TRWAGMYFPDXBNJZSQVHLCKE = Z.
    expect(validateNif("12345678Z")).toEqual({ ok: true, value: "12345678Z", kind: "NIF" });
    // 00000000 → 0 → T.
    expect(validateNif("00000000T")).toEqual({ ok: true, value: "00000000T", kind: "NIF" });
    // 99999999 = 23 × 4 347 826 + 1 → R.
    expect(isValidNif("99999999R")).toBe(true);
  });

  it("accepts a NIE, reading X/Y/Z as 0/1/2", () => {
    // X1234567 → 01234567 = 23 × 53 676 + 19 → L.
    expect(validateNif("X1234567L")).toEqual({ ok: true, value: "X1234567L", kind: "NIE" });
    // Y1234567 → 11234567 = 23 × 488 459 + 10 → X.
    expect(isValidNif("Y1234567X")).toBe(true);
    // Z1234567 → 21234567 = 23 × 923 242 + 1 → R.
    expect(isValidNif("Z1234567R")).toBe(true);
  });

  it("normalises case, spaces, dots and dashes", () => {
    expect(normalizeNif(" 12.345.678-z ")).toBe("12345678Z");
    expect(validateNif("12 345 678 z")).toEqual({ ok: true, value: "12345678Z", kind: "NIF" });
    expect(validateNif("x-1234567-l")).toEqual({ ok: true, value: "X1234567L", kind: "NIE" });
  });

  it("rejects a wrong letter or shape with the Spanish message", () => {
    for (const bad of ["12345678A", "1234567Z", "123456789Z", "12345678", "X12345678L", "W1234567L", "X1234567A", "ABCDEFGHZ", "", "12345678Ñ"]) {
      expect(validateNif(bad), bad).toEqual({ ok: false, error: "Introduzca un NIF o NIE válido" });
    }
    expect(NIF_ERROR).toBe("Introduzca un NIF o NIE válido");
  });

  it("accepts exactly one letter for every number", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (n) => {
        const digits = String(n).padStart(8, "0");
        const valid = [...NIF_LETTERS].filter((letter) => isValidNif(digits + letter));
        expect(valid).toEqual([nifCheckLetter(digits)]);
      }),
      { numRuns: 200 },
    );
  });
});
