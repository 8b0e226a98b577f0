import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyFactorsBp, centsToEurosInput, parseEurosToCents, percentOfCents, perMilleOfCents, ppmOfCents, roundHalfUp } from "./money";

describe("roundHalfUp", () => {
  it("rounds halves away from zero and everything else to the nearest integer", () => {
    expect(roundHalfUp(5, 2)).toBe(3); // 2,5
    expect(roundHalfUp(7, 2)).toBe(4); // 3,5
    expect(roundHalfUp(-5, 2)).toBe(-3);
    expect(roundHalfUp(49, 100)).toBe(0);
    expect(roundHalfUp(50, 100)).toBe(1);
    expect(roundHalfUp(149_999, 100_000)).toBe(1);
    expect(roundHalfUp(12)).toBe(12);
    expect(roundHalfUp(0, 7)).toBe(0);
  });

  it("is exact where floating point is not", () => {
    // 1,005 × 100 is 100,49999… in binary floating point; the exact half must round up.
    expect(Math.round(1.005 * 100)).toBe(100);
    expect(roundHalfUp(1_005, 10)).toBe(101);
    // A numerator far beyond 2^53 (seven factors in basis points) still rounds exactly…
    expect(roundHalfUp(10n ** 30n + 5n * 10n ** 19n, 10n ** 20n)).toBe(10_000_000_001);
    expect(roundHalfUp(10n ** 30n + 5n * 10n ** 19n - 1n, 10n ** 20n)).toBe(10_000_000_000);
    // …and a result that would not be a safe integer is refused rather than approximated.
    expect(() => roundHalfUp(2n ** 60n)).toThrow(RangeError);
  });

  it("refuses non-integers and a zero denominator", () => {
    expect(() => roundHalfUp(1.5, 2)).toThrow(RangeError);
    expect(() => roundHalfUp(1, 0)).toThrow(RangeError);
    expect(() => roundHalfUp(Number.NaN, 1)).toThrow(RangeError);
  });

  it("agrees with floor(x + ½) for non-negative integers", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 1, max: 2 ** 12 }), (n, d) => {
        expect(roundHalfUp(n, d)).toBe(Math.floor((2 * n + d) / (2 * d)));
      }),
    );
  });
});

describe("rates on cents", () => {
  it("takes basis points, per mille and ppm of an amount, half up", () => {
    expect(percentOfCents(24_738, 15)).toBe(37); // CLEA 0,15 %: 37,107
    expect(percentOfCents(1_000, 15)).toBe(2); // 1,5 → 2
    expect(percentOfCents(1_050, 300)).toBe(32); // 31,5 → 32
    expect(percentOfCents(25_480, 800)).toBe(2_038); // IPS 8 %: 2 038,4
    expect(ppmOfCents(25_050_000, 70)).toBe(1_754); // 0,07 ‰ of 250.500 €: 1 753,5 → 1 754
    expect(perMilleOfCents(25_050_000, 0.07)).toBe(1_754);
    expect(perMilleOfCents(100_000, 2)).toBe(200);
    expect(() => perMilleOfCents(100, 0.0001)).toThrow(RangeError);
  });

  it("multiplies several factors exactly and rounds once", () => {
    // 220 € × 1,70 × 1,30 × 0,90 × 1,10 × 0,95 × 1,25 × 1,10 = 628,7477625 €.
    expect(applyFactorsBp(22_000, [17_000, 13_000, 9_000, 11_000, 9_500, 12_500, 11_000])).toBe(62_875);
    expect(applyFactorsBp(15_500, [])).toBe(15_500);
    expect(applyFactorsBp(29_000, [18_000, 13_000, 12_500, 11_000])).toBe(93_308); // 93 307,5 → 93 308
  });

  it("does not depend on the order of the factors", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(fc.integer({ min: 1, max: 30_000 }), { maxLength: 10 }), (cents, factors) => {
        expect(applyFactorsBp(cents, [...factors].reverse())).toBe(applyFactorsBp(cents, factors));
      }),
    );
  });
});

describe("parseEurosToCents", () => {
  it("reads amounts written the Spanish way", () => {
    expect(parseEurosToCents("1.234,56")).toBe(123_456);
    expect(parseEurosToCents("1234,5")).toBe(123_450);
    expect(parseEurosToCents("1234")).toBe(123_400);
    expect(parseEurosToCents("1.234")).toBe(123_400);
    expect(parseEurosToCents("1.234.567,89")).toBe(123_456_789);
    expect(parseEurosToCents("0,07")).toBe(7);
    expect(parseEurosToCents("  18.000 € ")).toBe(1_800_000);
    expect(parseEurosToCents("1 234,56")).toBe(123_456);
    expect(parseEurosToCents("1\u00a0234,56 €")).toBe(123_456);
    expect(parseEurosToCents("0")).toBe(0);
  });

  it("takes a lone dot with one or two decimals as the decimal point", () => {
    expect(parseEurosToCents("12.5")).toBe(1_250);
    expect(parseEurosToCents("1234.56")).toBe(123_456);
  });

  it("refuses anything it would have to guess", () => {
    for (const bad of [
      "",
      " ",
      "abc",
      "12,345",
      "1,2,3",
      "1.23.4",
      "12.3456",
      "1.234.56",
      "-5",
      "+5",
      "1e3",
      "1,",
      ",5",
      "12 34",
      "1.234,5,6",
      "Infinity",
      "NaN",
      "12345678901234",
    ]) {
      expect(parseEurosToCents(bad), bad).toBeNull();
    }
  });

  it("reads back what it writes, with or without thousands separators", () => {
    const withThousands = (cents: number): string => {
      const [euros, dec] = centsToEurosInput(cents).split(",");
      return euros!.replace(/\B(?=(\d{3})+$)/g, ".") + (dec ? `,${dec}` : "");
    };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (cents) => {
        expect(parseEurosToCents(centsToEurosInput(cents))).toBe(cents);
        expect(parseEurosToCents(withThousands(cents))).toBe(cents);
      }),
    );
  });
});

describe("centsToEurosInput", () => {
  it("writes cents as a Spanish form value", () => {
    expect(centsToEurosInput(123_456)).toBe("1234,56");
    expect(centsToEurosInput(123_400)).toBe("1234");
    expect(centsToEurosInput(7)).toBe("0,07");
    expect(centsToEurosInput(-150)).toBe("-1,50");
    expect(() => centsToEurosInput(1.5)).toThrow(RangeError);
  });
});
