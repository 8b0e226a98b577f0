import { describe, expect, it } from "vitest";
import { SEED_RATING_TABLES } from "../db/seed/catalogue";
import { fromPrice, fromPriceProfile } from "./from-price";
import { rateQuote, type PricedPlan } from "./rating";
import { ageOn, madridDate } from "./calendar";

const NOW = new Date("2026-11-25T10:00:00Z");

describe("fromPrice", () => {
  it("es el total anual del plan más barato que la tarifa da al perfil, no la prima base", () => {
    for (const line of ["auto", "hogar", "alquiler"] as const) {
      const from = fromPrice(line, SEED_RATING_TABLES, NOW)!;
      const profile = fromPriceProfile(line, NOW);
      const quote = rateQuote({ line, inputs: profile.inputs } as Parameters<typeof rateQuote>[0], SEED_RATING_TABLES, NOW);
      if (quote.status !== "priced") throw new Error(`${line} declined`);
      const cheapest = Math.min(...quote.plans.map((p: PricedPlan) => p.prices.anual.total));
      expect(from.totalCents, line).toBe(cheapest);
      expect(quote.plans.find((p) => p.code === from.plan.code)!.prices.anual.total).toBe(cheapest);
      // Taxes and surcharges included: above the cheapest plan's bare base premium × factors.
      const cheapestPlan = quote.plans.find((p) => p.code === from.plan.code)!;
      expect(from.totalCents).toBeGreaterThan(cheapestPlan.riskPremiumCents);
    }
    expect(fromPrice("auto", SEED_RATING_TABLES, NOW)!.plan.name).toBe("Terceros");
    expect(fromPrice("alquiler", SEED_RATING_TABLES, NOW)!.plan.name).toBe("6 meses");
  });

  it("el perfil dice lo que supone y sus datos lo cumplen en cualquier fecha", () => {
    for (const now of [NOW, new Date("2028-02-29T12:00:00Z"), new Date("2027-01-01T00:30:00+01:00")]) {
      const auto = fromPriceProfile("auto", now);
      expect(ageOn(auto.inputs.driverBirthDate, madridDate(now))).toBe(45);
      expect(ageOn(auto.inputs.licenseDate, madridDate(now))).toBe(20);
      expect(auto.inputs.claimFreeYears).toBe(10);
      expect(auto.description).toMatch(/^Conductor de 45 años en Madrid, con carné desde hace 20 años y 10 años sin siniestros/);
      const hogar = fromPriceProfile("hogar", now);
      expect(hogar.description).toContain(`construido en ${hogar.inputs.yearBuilt}`);
    }
  });

  it("sin tarifa que lo cotice no hay «desde»", () => {
    const noZones = {
      ...SEED_RATING_TABLES,
      tariffs: SEED_RATING_TABLES.tariffs
        .filter((t) => !(t.line === "auto" && t.factor === "driver_age"))
        .map((t) => (t.line === "auto" && t.table.kind === "zone" ? { ...t, table: { ...t.table, provinces: {} } } : t)),
    };
    expect(fromPrice("auto", noZones, NOW)).toBeNull();
  });
});
