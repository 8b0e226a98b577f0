import { describe, expect, it } from "vitest";
import { priceInForce, scheduledPrices, type GuaranteePriceVersion } from "./guarantee-prices";

const v = (version: number, validFrom: string, priceValue = version * 100): GuaranteePriceVersion => ({
  version,
  priceType: "fixed",
  priceValue,
  validFrom,
});

describe("priceInForce", () => {
  const versions = [v(1, "2026-01-01"), v(2, "2026-12-01"), v(3, "2026-06-01")];

  it("elige la versión con la fecha de efecto más reciente que ya ha llegado", () => {
    expect(priceInForce(versions, "2026-05-31")?.version).toBe(1);
    expect(priceInForce(versions, "2026-06-01")?.version).toBe(3);
    expect(priceInForce(versions, "2026-11-30")?.version).toBe(3);
    expect(priceInForce(versions, "2026-12-01")?.version).toBe(2);
  });

  it("de dos versiones del mismo día gana la última", () => {
    expect(priceInForce([v(1, "2026-01-01"), v(2, "2026-03-01"), v(3, "2026-03-01")], "2026-03-01")?.version).toBe(3);
  });

  it("antes de la primera versión aplica la primera; sin versiones, ninguna", () => {
    expect(priceInForce(versions, "2025-01-01")?.version).toBe(1);
    expect(priceInForce([], "2026-01-01")).toBeNull();
  });
});

describe("scheduledPrices", () => {
  it("da los cambios futuros, el más próximo primero", () => {
    expect(scheduledPrices([v(1, "2026-01-01"), v(2, "2026-12-01"), v(3, "2026-06-01")], "2026-02-01").map((x) => x.version)).toEqual([3, 2]);
  });
});
