import { describe, expect, it, vi } from "vitest";
import { normalizeOptionalChoice, OfferChoiceError, offerNetCents, offerPlan, priceOffer } from "./offer-price";
import { AUTO } from "../../tests/support/quote-inputs";
import { FREQUENCIES } from "../contract/vocabulary";
import { SEED_RATING_TABLES } from "../db/seed/catalogue";
import { rateQuote, type PricedPlan, type RatingSettings } from "./rating";

// 10:00 in Madrid on 10 March 2026.
const NOW = new Date("2026-03-10T09:00:00Z");

function quotedPlans(optionalGuarantees?: Record<string, string[]>, startDate?: string): PricedPlan[] {
  const result = rateQuote({ line: "auto", inputs: AUTO, optionalGuarantees, startDate }, SEED_RATING_TABLES, NOW);
  if (result.status !== "priced") throw new Error("expected a price");
  return result.plans;
}

const settings = () => Promise.resolve(SEED_RATING_TABLES.settings as RatingSettings);

describe("offerPlan and normalizeOptionalChoice", () => {
  const plans = quotedPlans();
  const terceros = offerPlan(plans, "terceros");

  it("finds the plan or says which field is wrong", () => {
    expect(terceros.code).toBe("terceros");
    expect(() => offerPlan(plans, "platino")).toThrow(OfferChoiceError);
    try {
      offerPlan(plans, "platino");
    } catch (error) {
      expect((error as OfferChoiceError).field).toBe("plan");
    }
  });

  it("drops repeats and keeps the plan's order", () => {
    const [a, b] = terceros.optionalGuarantees.map((g) => g.code);
    expect(normalizeOptionalChoice(terceros, [b!, a!, b!])).toEqual([a, b]);
    expect(normalizeOptionalChoice(terceros, [])).toEqual([]);
  });

  it("refuses a guarantee the plan does not offer as optional (included, other line or unknown)", () => {
    const todoRiesgo = offerPlan(plans, "todo_riesgo");
    for (const code of ["auto_lunas", "hogar_joyas", "no_existe"]) {
      expect(() => normalizeOptionalChoice(todoRiesgo, [code])).toThrow("Esa garantía no se puede añadir al plan Todo riesgo");
    }
  });
});

describe("priceOffer", () => {
  it("without a new choice gives the stored prices, re-dated from the start, without reading the settings", async () => {
    const [terceros] = quotedPlans();
    const load = vi.fn(settings);
    const prices = await priceOffer(terceros!, [], "2026-03-20", load);
    expect(load).not.toHaveBeenCalled();
    for (const f of FREQUENCIES) {
      const { recibos, ...amounts } = prices[f];
      const { recibos: stored, ...storedAmounts } = terceros!.prices[f];
      expect(amounts).toEqual(storedAmounts);
      expect(recibos.map((r) => r.amount)).toEqual(stored.map((r) => r.amount));
      expect(recibos[0]!.dueDate).toBe("2026-03-20");
    }
    expect(prices.trimestral.recibos.map((r) => r.dueDate)).toEqual(["2026-03-20", "2026-06-20", "2026-09-20", "2026-12-20"]);
  });

  it("with optional guarantees gives exactly what the rating engine gives for that choice", async () => {
    const terceros = offerPlan(quotedPlans(), "terceros");
    const extras = terceros.optionalGuarantees.slice(0, 3).map((g) => g.code);
    const prices = await priceOffer(terceros, extras, "2026-03-10", settings);
    const rated = offerPlan(quotedPlans({ terceros: extras }, "2026-03-10"), "terceros");
    expect(prices).toEqual(rated.prices);
    expect(prices.anual.net).toBe(offerNetCents(terceros, extras));
    expect(offerNetCents(terceros, extras)).toBe(
      terceros.riskPremiumCents + terceros.optionalGuarantees.slice(0, 3).reduce((s, g) => s + g.priceCents, 0),
    );
  });

  it("removing a guarantee the offer had priced lowers the price back to the plan alone", async () => {
    const extra = offerPlan(quotedPlans(), "terceros").optionalGuarantees[0]!.code;
    const withExtra = offerPlan(quotedPlans({ terceros: [extra] }), "terceros");
    expect(withExtra.selectedOptionalGuarantees).toEqual([extra]);
    const prices = await priceOffer(withExtra, [], "2026-03-10", settings);
    expect(prices.anual.net).toBe(withExtra.riskPremiumCents);
    expect(prices.mensual.recibos.reduce((s, r) => s + r.amount, 0)).toBe(prices.mensual.total);
  });

  it("keeps the offer's risk premium and guarantee prices even when the tariff has changed since", async () => {
    const terceros = offerPlan(quotedPlans(), "terceros");
    const frozen = { ...terceros, riskPremiumCents: terceros.riskPremiumCents + 1_000 };
    const extras = [terceros.optionalGuarantees[0]!.code];
    const prices = await priceOffer(frozen, extras, "2026-03-10", settings);
    expect(prices.anual.net).toBe(frozen.riskPremiumCents + terceros.optionalGuarantees[0]!.priceCents);
  });
});
