import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IBAN_ERROR, ibanCheckDigits, isValidIban, maskIban, normalizeIban, validateIban } from "./iban";

describe("validateIban", () => {
  it("accepts valid Spanish and other SEPA IBANs, normalised", () => {
    expect(validateIban("ES91 2100 0418 4502 0005 1332")).toEqual({ ok: true, value: "ES9121000418450200051332", country: "ES" });
    expect(validateIban("es91-2100-0418-4502-0005-1332")).toEqual({ ok: true, value: "ES9121000418450200051332", country: "ES" });
    expect(isValidIban("ES7921000813610123456789")).toBe(true);
    expect(isValidIban("DE89 3704 0044 0532 0130 00")).toBe(true);
    expect(isValidIban("GB82 WEST 1234 5698 7654 32")).toBe(true);
    expect(isValidIban("FR14 2004 1010 0505 0001 3M02 606")).toBe(true);
  });

  it("rejects a wrong checksum, length, country or character with the Spanish message", () => {
    for (const bad of [
      "ES9121000418450200051333", // last digit changed
      "ES9221000418450200051332", // check digits changed
      "ES91210004184502000513", // too short
      "ES912100041845020005133200", // too long
      "ES91 2100 0418 4502 0005 133A",
      "US64SVBKUS6S3300958879", // not SEPA
      "BR1500000000000010932840814P2",
      "",
      "ES",
    ]) {
      expect(validateIban(bad), bad).toEqual({ ok: false, error: "Introduzca un IBAN válido" });
    }
    expect(IBAN_ERROR).toBe("Introduzca un IBAN válido");
  });

  it("catches any single changed digit and any swap of two different adjacent digits", () => {
    const iban = "ES9121000418450200051332";
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 23 }), fc.integer({ min: 1, max: 9 }), (i, delta) => {
        const digit = (Number(iban[i]) + delta) % 10;
        expect(isValidIban(iban.slice(0, i) + digit + iban.slice(i + 1))).toBe(false);
      }),
    );
    for (let i = 4; i < iban.length - 1; i++) {
      if (iban[i] === iban[i + 1]) continue;
      expect(isValidIban(iban.slice(0, i) + iban[i + 1] + iban[i] + iban.slice(i + 2))).toBe(false);
    }
  });

  it("computes the check digits of an account number", () => {
    expect(ibanCheckDigits("ES", "21000418450200051332")).toBe("91");
    fc.assert(
      fc.property(fc.stringMatching(/^\d{20}$/), (bban) => {
        expect(isValidIban(`ES${ibanCheckDigits("ES", bban)}${bban}`)).toBe(true);
      }),
    );
  });
});

describe("maskIban", () => {
  it("shows only the country, the check digits and the last four", () => {
    expect(maskIban("ES9121000418450200051332")).toBe("ES91 •••• •••• •••• •••• 1332");
    expect(maskIban("es91 2100 0418 4502 0005 1332")).toBe("ES91 •••• •••• •••• •••• 1332");
    expect(maskIban("DE89370400440532013000")).toBe("DE89 •••• •••• •••• •• 3000");
    expect(normalizeIban(" de89 3704 ")).toBe("DE893704");
  });
});
