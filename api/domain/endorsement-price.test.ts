import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FREQUENCIES } from "../contract/vocabulary";
import { addDays, policyTerm } from "./calendar";
import { annualPremiumAfter, endorsementRecibos, guaranteeYearlyCents, premiumInForce, priceEndorsement, proRataCents } from "./endorsement-price";
import type { RatingSettings } from "./rating";

const SETTINGS: RatingSettings = {
  fractionation_surcharges_bp: { anual: 0, semestral: 300, trimestral: 500, mensual: 700 },
  consorcio: { autoCentsPerVehicle: 210, hogarPpmOfSumInsured: 70, alquilerCents: 0 },
  clea_bp: 15,
  ips_bp: 800,
};
const FIXED = { code: "hogar_asistencia", priceType: "fixed" as const, priceValue: 36_500 };
const PERCENT = { code: "hogar_robo", priceType: "percent" as const, priceValue: 1_200 };
const term = policyTerm("2026-03-11"); // 2026-03-11 → 2027-03-11: 365 days

type G = { code: string; priceType: "fixed" | "percent"; priceValue: number };
const price = (effectiveDate: string, frequency: (typeof FREQUENCIES)[number] = "anual", t = term, guarantees: G[] = [FIXED]) =>
  priceEndorsement({ guarantees, riskPremiumCents: 20_000, term: t, effectiveDate, frequency, settings: SETTINGS });

describe("precio de un suplemento a prorrata", () => {
  it("añadida el primer día del periodo cuesta el precio anual entero", () => {
    const p = price("2026-03-11");
    expect(p.remainingDays).toBe(365);
    expect(p.termDays).toBe(365);
    expect(p.net).toBe(36_500);
    expect(p.clea).toBe(55); // 0,15 % de 365,00 € = 0,5475 € → 0,55 €
    expect(p.ips).toBe(2_920);
    expect(p.total).toBe(36_500 + 55 + 2_920);
  });

  it("a mitad del periodo cuesta los días que quedan", () => {
    const p = price(addDays("2026-03-11", 165)); // 200 days left
    expect(p.remainingDays).toBe(200);
    expect(p.net).toBe(20_000); // 365,00 € × 200 / 365
    expect(p.guarantees).toEqual([{ code: "hogar_asistencia", yearlyCents: 36_500, netCents: 20_000 }]);
  });

  it("el último día del periodo cuesta un día", () => {
    const p = price("2027-03-10");
    expect(p.remainingDays).toBe(1);
    expect(p.net).toBe(100);
  });

  it("fuera del periodo no tiene precio: el día del vencimiento o antes del efecto", () => {
    expect(() => price("2027-03-11")).toThrow(RangeError);
    expect(() => price("2026-03-10")).toThrow(RangeError);
  });

  it("en un periodo bisiesto divide entre 366 días", () => {
    const leap = policyTerm("2028-01-01");
    const p = price("2028-07-01", "anual", leap, [{ code: "x", priceType: "fixed", priceValue: 36_600 }]);
    expect(p.termDays).toBe(366);
    expect(p.remainingDays).toBe(184);
    expect(p.net).toBe(18_400);
  });

  it("una garantía en porcentaje se calcula sobre la prima de riesgo de la póliza", () => {
    expect(guaranteeYearlyCents(PERCENT, 20_000)).toBe(2_400);
    const p = price("2026-03-11", "anual", term, [FIXED, PERCENT]);
    expect(p.yearlyNet).toBe(36_500 + 2_400);
    expect(p.net).toBe(36_500 + 2_400);
  });

  it.each(FREQUENCIES)("con pago %s aplica el recargo de fraccionamiento de la póliza y el IPS sobre neta + recargo", (frequency) => {
    const p = price(addDays("2026-03-11", 165), frequency);
    const bp = SETTINGS.fractionation_surcharges_bp[frequency];
    expect(p.fractionation).toBe(Math.round((p.net * bp) / 10_000));
    expect(p.ips).toBe(Math.round(((p.net + p.fractionation) * 800) / 10_000));
    expect(p.consorcio).toBe(0);
    expect(p.total).toBe(p.net + p.fractionation + p.consorcio + p.clea + p.ips);
    // One recibo for the whole difference, whatever the frequency (ADR 018).
    const recibos = endorsementRecibos(p);
    expect(recibos).toHaveLength(1);
    expect(recibos.reduce((s, r) => s + r.amount, 0)).toBe(p.total);
    expect(recibos[0]!.dueDate).toBe(p.effectiveDate);
  });

  it("las partes suman el total exacto y la prorrata nunca supera el precio anual (propiedad)", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2040-12-31T00:00:00Z"), noInvalidDate: true }),
        fc.integer({ min: 0, max: 366 }),
        fc.array(
          fc.record({ priceType: fc.constantFrom("fixed" as const, "percent" as const), priceValue: fc.integer({ min: 0, max: 5_000_000 }) }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom(...FREQUENCIES),
        (start, offset, raw, riskPremiumCents, frequency) => {
          const t = policyTerm(start.toISOString().slice(0, 10));
          const effectiveDate = addDays(t.startDate, offset);
          if (effectiveDate >= t.endDate) return;
          const guarantees = raw.map((g, i) => ({ ...g, code: `g${i}` }));
          const p = priceEndorsement({ guarantees, riskPremiumCents, term: t, effectiveDate, frequency, settings: SETTINGS });
          expect(p.total).toBe(p.net + p.fractionation + p.consorcio + p.clea + p.ips);
          expect(p.net).toBe(p.guarantees.reduce((s, g) => s + g.netCents, 0));
          for (const g of p.guarantees) expect(g.netCents).toBeLessThanOrEqual(g.yearlyCents);
          expect(p.net).toBeLessThanOrEqual(p.yearlyNet);
          expect(endorsementRecibos(p).reduce((s, r) => s + r.amount, 0)).toBe(p.total);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("redondea la prorrata por mitad hacia arriba", () => {
    expect(proRataCents(1, 1, 2)).toBe(1);
    expect(proRataCents(3, 1, 2)).toBe(2);
    expect(() => proRataCents(100, 367, 366)).toThrow(RangeError);
  });
});

describe("la prima anual después de un suplemento (ADR 023)", () => {
  // A term issued at 400,00 € net, paid quarterly: 20,00 € fraccionamiento, 2,10 € Consorcio, 0,60 € CLEA, 33,60 € IPS.
  const issued = { net: 40_000, fractionation: 2_000, consorcio: 210, clea: 60, ips: 3_360, total: 45_630 };

  it("suma a la neta el precio anual de lo añadido y recalcula recargos e IPS; el Consorcio no cambia", () => {
    // 400 + 36,50 = 436,50 €: fracc. 5 % = 21,825 → 21,83; CLEA 0,15 % = 0,654… → 0,65; IPS 8 % of 458,33 = 36,666… → 36,67.
    expect(annualPremiumAfter({ before: issued, yearlyNetAdded: 3_650, frequency: "trimestral", settings: SETTINGS })).toEqual({
      net: 43_650,
      fractionation: 2_183,
      consorcio: 210,
      clea: 65,
      ips: 3_667,
      total: 49_775,
    });
  });

  it("la prima en vigor es la del último suplemento de la anualidad en curso; sin él, la emitida", () => {
    const after = (total: number) => ({ ...issued, total });
    expect(premiumInForce({ term: 1, premium: issued, endorsements: [] })).toEqual(issued);
    const endorsements = [
      { term: 1, version: 2, annualPremium: after(50_000) },
      { term: 1, version: 3, annualPremium: after(52_000) },
    ];
    expect(premiumInForce({ term: 1, premium: issued, endorsements }).total).toBe(52_000);
    // Order of the rows does not matter; the version does.
    expect(premiumInForce({ term: 1, premium: issued, endorsements: [...endorsements].reverse() }).total).toBe(52_000);
    // After a renewal (term 2) the earlier term's suplementos are in the renewed premium already.
    expect(premiumInForce({ term: 2, premium: issued, endorsements })).toEqual(issued);
    // An old row without the figure is passed over.
    expect(premiumInForce({ term: 1, premium: issued, endorsements: [{ term: 1, version: 2, annualPremium: null }] })).toEqual(issued);
  });
});
