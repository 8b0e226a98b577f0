import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CARD_MESSAGES,
  isExpiryCurrent,
  isTestDeclinedCard,
  isValidCardNumber,
  isValidCvc,
  luhnValid,
  maskCardNumber,
  parseCardExpiry,
  TEST_DECLINED_CARD_NUMBER,
  validateCard,
} from "./card";

// 10:00 in Madrid on 15 March 2026.
const NOW = new Date("2026-03-15T09:00:00Z");

describe("card number", () => {
  it("accepts Luhn-valid numbers, with or without spaces", () => {
    expect(isValidCardNumber("4242 4242 4242 4242")).toBe(true);
    expect(isValidCardNumber("5555-5555-5555-4444")).toBe(true);
    expect(isValidCardNumber("378282246310005")).toBe(true); // American Express, 15 digits
    expect(luhnValid("79927398713")).toBe(true); // the textbook example
  });

  it("rejects a wrong check digit, letters and impossible lengths", () => {
    expect(isValidCardNumber("4242 4242 4242 4241")).toBe(false);
    expect(isValidCardNumber("4242 4242 4242 424a")).toBe(false);
    expect(isValidCardNumber("79927398713")).toBe(false); // 11 digits, Luhn-valid though
    expect(isValidCardNumber("0004242424242424242")).toBe(true); // 19 digits (leading zeros keep the Luhn sum)
    expect(isValidCardNumber("00004242424242424242")).toBe(false); // 20 digits
    expect(isValidCardNumber("")).toBe(false);
    expect(luhnValid("")).toBe(false);
  });

  it("catches every single mistyped digit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (i, delta) => {
        const card = "4242424242424242";
        const typo = card.slice(0, i) + ((Number(card[i]) + delta) % 10) + card.slice(i + 1);
        expect(isValidCardNumber(typo)).toBe(false);
      }),
    );
  });

  it("knows the test gateway's declined card, which is itself valid", () => {
    expect(TEST_DECLINED_CARD_NUMBER).toBe("4000000000000002");
    expect(isValidCardNumber("4000 0000 0000 0002")).toBe(true);
    expect(isTestDeclinedCard("4000 0000 0000 0002")).toBe(true);
    expect(isTestDeclinedCard("4242 4242 4242 4242")).toBe(false);
  });

  it("masks all but the last four digits", () => {
    expect(maskCardNumber("4242 4242 4242 4242")).toBe("•••• 4242");
    expect(maskCardNumber("378282246310005")).toBe("•••• 0005");
  });
});

describe("expiry and CVC", () => {
  it("parses MM/AA and its usual variants", () => {
    expect(parseCardExpiry("03/26")).toEqual({ month: 3, year: 2026 });
    expect(parseCardExpiry(" 12 / 30 ")).toEqual({ month: 12, year: 2030 });
    expect(parseCardExpiry("0727")).toEqual({ month: 7, year: 2027 });
    expect(parseCardExpiry("07/2027")).toEqual({ month: 7, year: 2027 });
    for (const bad of ["13/26", "00/26", "3/26", "03/2", "mm/aa", "", "03//26"]) expect(parseCardExpiry(bad), bad).toBeNull();
  });

  it("accepts this month or later, in Spanish time", () => {
    expect(isExpiryCurrent({ month: 3, year: 2026 }, NOW)).toBe(true);
    expect(isExpiryCurrent({ month: 2, year: 2026 }, NOW)).toBe(false);
    expect(isExpiryCurrent({ month: 12, year: 2025 }, NOW)).toBe(false);
    expect(isExpiryCurrent({ month: 1, year: 2027 }, NOW)).toBe(true);
    expect(isExpiryCurrent({ month: 1, year: 2060 }, NOW)).toBe(false);
    // 23:30 UTC on 31 March is already April in Madrid: a card ending in March has expired.
    expect(isExpiryCurrent({ month: 3, year: 2026 }, new Date("2026-03-31T23:30:00Z"))).toBe(false);
    expect(isExpiryCurrent({ month: 3, year: 2026 }, new Date("2026-03-31T21:30:00Z"))).toBe(true);
  });

  it("wants 3 or 4 digits of CVC", () => {
    expect(isValidCvc("123")).toBe(true);
    expect(isValidCvc("1234")).toBe(true);
    for (const bad of ["12", "12345", "12a", ""]) expect(isValidCvc(bad), bad).toBe(false);
  });
});

describe("validateCard", () => {
  it("returns the normalised card when every field is right", () => {
    expect(validateCard({ number: "4242 4242 4242 4242", expiry: "04/28", cvc: "123" }, NOW)).toEqual({
      ok: true,
      card: { number: "4242424242424242", last4: "4242", expMonth: 4, expYear: 2028 },
    });
  });

  it("reports every wrong field with its Spanish message", () => {
    expect(validateCard({ number: "4242 4242 4242 4241", expiry: "02/26", cvc: "12" }, NOW)).toEqual({
      ok: false,
      fieldErrors: { number: "Introduzca un número de tarjeta válido", expiry: "La tarjeta está caducada", cvc: CARD_MESSAGES.cvc },
    });
    expect(validateCard({ number: "4242424242424242", expiry: "15/26", cvc: "123" }, NOW)).toEqual({
      ok: false,
      fieldErrors: { expiry: "Introduzca la fecha de caducidad como MM/AA" },
    });
  });
});
