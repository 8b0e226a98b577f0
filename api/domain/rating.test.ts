import { describe, expect, it } from "vitest";
import { SEED_RATING_TABLES } from "../db/seed/catalogue";
import { DEFAULT_SETTINGS } from "../db/seed/settings";
import { addMonths, madridDate } from "./calendar";
import { priceBreakdown, rateQuote, splitRecibos, type RatingTables } from "./rating";
import { RatingInputError, type AutoInputs, type HogarInputs, type QuoteRequest } from "./rating-inputs";
import {
  ALQUILER_BASE,
  AUTO_BASE,
  expected,
  HOGAR_BASE,
  NOW,
  plan,
  priced,
  rateAlquiler,
  rateAuto,
  rateHogar,
  TABLES,
} from "../../tests/support/rating-examples";

describe("rateQuote · validación de los datos", () => {
  function inputError(run: () => unknown): RatingInputError {
    try {
      run();
    } catch (error) {
      if (error instanceof RatingInputError) return error;
      throw error;
    }
    throw new Error("Expected a RatingInputError");
  }

  it("rejects a driver under 18, counting the birthday itself as the day the age changes", () => {
    const under = inputError(() => rateAuto({ ...AUTO_BASE, driverBirthDate: "2008-03-16", licenseDate: "2026-03-15", claimFreeYears: 0 }));
    expect(under).toMatchObject({ field: "driverBirthDate", message: "El conductor debe tener al menos 18 años" });
    // 18 today, licence today: priced at the 18–20 band and the first licence band.
    const p = plan(rateAuto({ ...AUTO_BASE, driverBirthDate: "2008-03-15", licenseDate: "2026-03-15", claimFreeYears: 0 }), "terceros");
    expect(p.explanation.slice(0, 2).map((l) => l.value)).toEqual([22_000, 15_000]);
  });

  it("rejects a licence before the 18th birthday or in the future", () => {
    expect(inputError(() => rateAuto({ ...AUTO_BASE, licenseDate: "2008-06-19" }))).toMatchObject({
      field: "licenseDate",
      message: "La fecha del carné no puede ser anterior a que el conductor cumpliera 18 años",
    });
    expect(() => rateAuto({ ...AUTO_BASE, licenseDate: "2008-06-20" })).not.toThrow();
    expect(inputError(() => rateAuto({ ...AUTO_BASE, licenseDate: "2026-03-16" }))).toMatchObject({
      field: "licenseDate",
      message: "La fecha del carné no puede ser posterior a hoy",
    });
  });

  it("uses the date in Madrid, not UTC, for today", () => {
    // 23:30 UTC on 14 March is already 15 March in Madrid: 18 that day.
    const lateNight = new Date("2026-03-14T23:30:00Z");
    expect(madridDate(lateNight)).toBe("2026-03-15");
    const inputs: AutoInputs = { ...AUTO_BASE, driverBirthDate: "2008-03-15", licenseDate: "2026-03-15", claimFreeYears: 0 };
    expect(rateQuote({ line: "auto", inputs }, TABLES, lateNight).status).toBe("priced");
    expect(madridDate(new Date("2026-07-01T21:59:59Z"))).toBe("2026-07-01"); // CEST, UTC+2
    expect(madridDate(new Date("2026-07-01T22:00:00Z"))).toBe("2026-07-02");
  });

  it("rejects malformed or impossible values with the field and a Spanish message", () => {
    const cases: [Partial<AutoInputs>, string][] = [
      [{ driverBirthDate: "1990-02-30" }, "driverBirthDate"],
      [{ driverBirthDate: "20/06/1990" }, "driverBirthDate"],
      [{ licenseDate: "" }, "licenseDate"],
      [{ postalCode: "2801" }, "postalCode"],
      [{ postalCode: "53001" }, "postalCode"],
      [{ postalCode: "00123" }, "postalCode"],
      [{ vehicleValue: 0 }, "vehicleValue"],
      [{ vehicleValue: 1_000.5 }, "vehicleValue"],
      [{ vehicleYear: 2028 }, "vehicleYear"],
      [{ vehicleBrand: "  " }, "vehicleBrand"],
      [{ annualKm: -1 }, "annualKm"],
      [{ claimFreeYears: 16 }, "claimFreeYears"],
      [{ use: "alquiler" as AutoInputs["use"] }, "use"],
    ];
    for (const [patch, field] of cases) {
      const error = inputError(() => rateAuto({ ...AUTO_BASE, ...patch }));
      expect(error.field, JSON.stringify(patch)).toBe(field);
      expect(error.message).toMatch(/^[A-ZÁÉÍÓÚ]/);
    }
    expect(inputError(() => rateHogar({ ...HOGAR_BASE, buildingValue: 0, contentsValue: 0 })).field).toBe("buildingValue");
    expect(inputError(() => rateHogar({ ...HOGAR_BASE, yearBuilt: 2027 })).field).toBe("yearBuilt");
    expect(inputError(() => rateHogar({ ...HOGAR_BASE, floor: "sotano" as HogarInputs["floor"] })).field).toBe("floor");
    expect(inputError(() => rateAlquiler({ ...ALQUILER_BASE, tenantContract: "becario" })).field).toBe("tenantContract");
  });

  it("rejects an optional guarantee the plan does not offer (or already includes)", () => {
    expect(inputError(() => rateAuto(AUTO_BASE, { todo_riesgo: ["auto_vehiculo_sustitucion"] }))).toMatchObject({
      field: "optionalGuarantees",
      message: "Esa garantía no se puede añadir al plan Todo riesgo",
    });
    expect(inputError(() => rateAuto(AUTO_BASE, { terceros: ["hogar_robo"] })).field).toBe("optionalGuarantees");
    expect(inputError(() => rateAuto(AUTO_BASE, { basico: [] })).field).toBe("optionalGuarantees");
  });
});

describe("rateQuote · tablas como datos", () => {
  it("reads the factors, plans, guarantees and settings it is given, not the seed", () => {
    const tables: RatingTables = {
      ...SEED_RATING_TABLES,
      plans: SEED_RATING_TABLES.plans.map((p) => (p.code === "terceros" ? { ...p, basePremiumCents: 10_000 } : p)),
      tariffs: SEED_RATING_TABLES.tariffs.map((t) =>
        t.line === "auto" && t.factor === "vehicle_use" && t.table.kind === "choice"
          ? { ...t, table: { ...t.table, options: t.table.options.map((o) => ({ ...o, factorBp: 20_000 })) } }
          : t,
      ),
      settings: { ...DEFAULT_SETTINGS, consorcio: { ...DEFAULT_SETTINGS.consorcio, autoCentsPerVehicle: 500 } },
    };
    // 100,00 € × 0,798 (example 1) × 2 = 159,60 €.
    const request: QuoteRequest = { line: "auto", inputs: AUTO_BASE };
    const p = plan(rateQuote(request, tables, NOW), "terceros");
    expect(p.riskPremiumCents).toBe(15_960);
    expect(p.prices.anual.consorcio).toBe(500);
  });

  it("leaves out inactive plans and guarantees", () => {
    const tables: RatingTables = {
      ...SEED_RATING_TABLES,
      plans: SEED_RATING_TABLES.plans.map((p) => (p.code === "todo_riesgo" ? { ...p, active: false } : p)),
      guarantees: SEED_RATING_TABLES.guarantees.map((g) => (g.code === "auto_lunas" ? { ...g, active: false } : g)),
    };
    const plans = priced(rateQuote({ line: "auto", inputs: AUTO_BASE }, tables, NOW));
    expect(plans.map((p) => p.code)).not.toContain("todo_riesgo");
    expect(plans.flatMap((p) => [...p.guarantees, ...p.optionalGuarantees].map((g) => g.code))).not.toContain("auto_lunas");
  });

  it("starts the payment schedule on the date asked for", () => {
    const p = plan(rateQuote({ line: "alquiler", inputs: ALQUILER_BASE, startDate: "2026-04-01" }, TABLES, NOW), "meses_12");
    expect(p.prices.trimestral.recibos.map((r) => r.dueDate)).toEqual(["2026-04-01", "2026-07-01", "2026-10-01", "2027-01-01"]);
  });
});

describe("splitRecibos, priceBreakdown, addMonths", () => {
  it("gives the first recibo the remainder and the surcharges", () => {
    // 1 000 + 7 (Consorcio 5 + CLEA 2): shared 1 000 / 12 = 83,33 → 83; first = 1 000 − 11 × 83 = 87, + 7 = 94.
    const recibos = splitRecibos(1_007, "mensual", 5, 2, "2026-01-31");
    expect(recibos.map((r) => r.amount)).toEqual([94, 83, 83, 83, 83, 83, 83, 83, 83, 83, 83, 83]);
    expect(recibos.reduce((s, r) => s + r.amount, 0)).toBe(1_007);
    // The 31st falls back to the month's last day, without drifting afterwards.
    expect(recibos.slice(0, 4).map((r) => r.dueDate)).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"]);
  });

  it("refuses amounts that cannot be split", () => {
    expect(() => splitRecibos(10, "anual", 8, 3, "2026-01-01")).toThrow(RangeError);
    expect(() => splitRecibos(10.5, "anual", 0, 0, "2026-01-01")).toThrow(RangeError);
    expect(() => splitRecibos(10, "anual", 0, 0, "2026-02-30")).toThrow(RangeError);
  });

  it("prices a net premium the way checkout will reprice it", () => {
    // Example 1 of the cars, mensual.
    expect(
      priceBreakdown({ netCents: 24_738, frequency: "mensual", consorcioCents: 210, settings: DEFAULT_SETTINGS, startDate: "2026-03-15" }),
    ).toEqual(
      expected("mensual", { net: 24_738, fractionation: 1_732, consorcio: 210, clea: 37, ips: 2_118, total: 28_835, first: 2_633, each: 2_382 }),
    );
  });

  it("adds months across years and leap days", () => {
    expect(addMonths("2027-11-30", 3)).toBe("2028-02-29");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
    expect(addMonths("2026-03-15", 0)).toBe("2026-03-15");
  });
});
