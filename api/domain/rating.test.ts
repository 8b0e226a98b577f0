import { describe, expect, it } from "vitest";
import { GUARANTEES, PLANS, SEED_RATING_TABLES, TARIFFS } from "../db/seed/catalogue";
import { DEFAULT_SETTINGS } from "../db/seed/settings";
import { addMonths, madridDate } from "./calendar";
import type { Frequency } from "../contract/vocabulary";
import {
  factorSteps,
  priceBreakdown,
  rateQuote,
  splitRecibos,
  type Breakdown,
  type PricedPlan,
  type RatingResult,
  type RatingTables,
  withFactorSteps,
} from "./rating";
import { RatingInputError, type AlquilerInputs, type AutoInputs, type HogarInputs, type QuoteRequest } from "./rating-inputs";

// The worked examples use the real seeded catalogue, so a change to the seeded tariffs shows up
// here as a failing figure that someone has to work out again by hand.
const TABLES: RatingTables = { plans: PLANS, guarantees: GUARANTEES, tariffs: TARIFFS, settings: DEFAULT_SETTINGS };

// 11:00 in Madrid on Sunday 15 March 2026: "today" for ages and the first due date.
const NOW = new Date("2026-03-15T10:00:00Z");

const DUE_DATES: Record<Frequency, string[]> = {
  anual: ["2026-03-15"],
  semestral: ["2026-03-15", "2026-09-15"],
  trimestral: ["2026-03-15", "2026-06-15", "2026-09-15", "2026-12-15"],
  mensual: [
    "2026-03-15",
    "2026-04-15",
    "2026-05-15",
    "2026-06-15",
    "2026-07-15",
    "2026-08-15",
    "2026-09-15",
    "2026-10-15",
    "2026-11-15",
    "2026-12-15",
    "2027-01-15",
    "2027-02-15",
  ],
};

/** The breakdown a worked example expects: `first` is recibo 1, `each` every later one. */
function expected(
  frequency: Frequency,
  c: { net: number; fractionation: number; consorcio: number; clea: number; ips: number; total: number; first: number; each?: number },
): Breakdown {
  return {
    net: c.net,
    fractionation: c.fractionation,
    consorcio: c.consorcio,
    clea: c.clea,
    ips: c.ips,
    total: c.total,
    recibos: DUE_DATES[frequency].map((dueDate, i) => ({ sequence: i + 1, dueDate, amount: i === 0 ? c.first : c.each! })),
  };
}

function priced(result: RatingResult): PricedPlan[] {
  if (result.status !== "priced") throw new Error(`Expected a price, got: ${result.reason}`);
  return result.plans;
}

function plan(result: RatingResult, code: string): PricedPlan {
  const found = priced(result).find((p) => p.code === code);
  if (!found) throw new Error(`No plan ${code}`);
  return found;
}

function rateAuto(inputs: AutoInputs, optionalGuarantees?: Record<string, string[]>): RatingResult {
  return rateQuote({ line: "auto", inputs, optionalGuarantees }, TABLES, NOW);
}
function rateHogar(inputs: HogarInputs, optionalGuarantees?: Record<string, string[]>): RatingResult {
  return rateQuote({ line: "hogar", inputs, optionalGuarantees }, TABLES, NOW);
}
function rateAlquiler(inputs: AlquilerInputs, optionalGuarantees?: Record<string, string[]>): RatingResult {
  return rateQuote({ line: "alquiler", inputs, optionalGuarantees }, TABLES, NOW);
}

// Settings used throughout (DEFAULT_SETTINGS): fraccionamiento 0 / 300 / 500 / 700 bp
// (0 % / 3 % / 5 % / 7 %), CLEA 15 bp (0,15 %), IPS 800 bp (8 %), Consorcio auto 210 cents per
// vehicle, hogar 70 ppm (0,07 ‰) of building + contents, alquiler 0. Every percentage is applied
// to integer cents and rounded half up to the cent. Recibos: (net + fracc. + IPS) is split into
// n equal whole cents (floor); the first recibo takes the remainder plus Consorcio + CLEA.

const AUTO_BASE: AutoInputs = {
  driverBirthDate: "1990-06-20",
  licenseDate: "2010-09-01",
  postalCode: "28013",
  vehicleBrand: "Seat",
  vehicleModel: "León",
  vehicleYear: 2021,
  vehicleValue: 1_800_000,
  use: "particular",
  annualKm: 12_000,
  claimFreeYears: 6,
};

describe("rateQuote · coche: ejemplos calculados a mano", () => {
  it("1 · Terceros ampliado, conductor de 35 años en Madrid con 6 años sin siniestros", () => {
    // Factors, in table order:
    //   driver_age     born 1990-06-20, on 2026-03-15 is 35 (36 in June) → "30–64"   ×1,00
    //   licence_years  licence 2010-09-01 → 15 full years → "10 años o más"          ×0,95
    //   vehicle_value  18.000 € = 1 800 000 cents → "10.000–20.000 €"                ×1,00
    //   zone           28013 → province 28 Madrid → zone 4                           ×1,20
    //   claim_free     6 years → −30 %                                               ×0,70
    //   vehicle_use    particular                                                    ×1,00
    //   annual_km      12 000 km → "10.000–20.000 km"                                ×1,00
    // Product: 0,95 × 1,20 × 0,70 = 0,798.
    // Prima neta = 310,00 € (base Terceros ampliado) × 0,798 = 247,38 € = 24 738 cents, exact.
    // No optional guarantees: net = 24 738. Consorcio = 210. CLEA = 24 738 × 0,0015 = 37,107 → 37.
    //
    // anual:      fracc. 0; IPS = 24 738 × 0,08 = 1 979,04 → 1 979;
    //             total = 24 738 + 0 + 210 + 37 + 1 979 = 26 964; one recibo of 26 964.
    // semestral:  fracc. = 24 738 × 0,03 = 742,14 → 742; IPS = (24 738 + 742 = 25 480) × 0,08 = 2 038,4 → 2 038;
    //             total = 24 738 + 742 + 210 + 37 + 2 038 = 27 765;
    //             shared = 24 738 + 742 + 2 038 = 27 518; / 2 = 13 759;
    //             recibo 1 = 13 759 + 210 + 37 = 14 006; recibo 2 = 13 759 (14 006 + 13 759 = 27 765).
    // trimestral: fracc. = 24 738 × 0,05 = 1 236,9 → 1 237; IPS = 25 975 × 0,08 = 2 078,0 → 2 078;
    //             total = 24 738 + 1 237 + 210 + 37 + 2 078 = 28 300;
    //             shared = 28 053; / 4 = 7 013,25 → 7 013; recibo 1 = 28 053 − 3 × 7 013 = 7 014, + 247 = 7 261;
    //             recibos 2–4 = 7 013 (7 261 + 21 039 = 28 300).
    // mensual:    fracc. = 24 738 × 0,07 = 1 731,66 → 1 732; IPS = 26 470 × 0,08 = 2 117,6 → 2 118;
    //             total = 24 738 + 1 732 + 210 + 37 + 2 118 = 28 835;
    //             shared = 28 588; / 12 = 2 382,33 → 2 382; recibo 1 = 28 588 − 11 × 2 382 = 2 386, + 247 = 2 633;
    //             recibos 2–12 = 2 382 (2 633 + 26 202 = 28 835).
    const p = plan(rateAuto(AUTO_BASE), "terceros_ampliado");
    expect(p.riskPremiumCents).toBe(24_738);
    expect(p.explanation.map((l) => [l.factor, l.value])).toEqual([
      ["driver_age", 10_000],
      ["licence_years", 9_500],
      ["vehicle_value", 10_000],
      ["zone", 12_000],
      ["claim_free_years", 7_000],
      ["vehicle_use", 10_000],
      ["annual_km", 10_000],
    ]);
    expect(p.prices.anual).toEqual(
      expected("anual", { net: 24_738, fractionation: 0, consorcio: 210, clea: 37, ips: 1_979, total: 26_964, first: 26_964 }),
    );
    expect(p.prices.semestral).toEqual(
      expected("semestral", { net: 24_738, fractionation: 742, consorcio: 210, clea: 37, ips: 2_038, total: 27_765, first: 14_006, each: 13_759 }),
    );
    expect(p.prices.trimestral).toEqual(
      expected("trimestral", { net: 24_738, fractionation: 1_237, consorcio: 210, clea: 37, ips: 2_078, total: 28_300, first: 7_261, each: 7_013 }),
    );
    expect(p.prices.mensual).toEqual(
      expected("mensual", { net: 24_738, fractionation: 1_732, consorcio: 210, clea: 37, ips: 2_118, total: 28_835, first: 2_633, each: 2_382 }),
    );
  });

  it("2 · Terceros con robo (12 %) y lunas, conductor joven profesional en Sevilla", () => {
    // Factors:
    //   driver_age     born 2005-01-10 → 21 → "21–24"                                ×1,70
    //   licence_years  2023-05-02 → 2 full years (3rd anniversary in May) → "1–2"    ×1,30
    //   vehicle_value  9.500 € → "hasta 10.000 €"                                    ×0,90
    //   zone           41001 → Sevilla → zone 3                                       ×1,10
    //   claim_free     1 year → −5 %                                                  ×0,95
    //   vehicle_use    profesional                                                    ×1,25
    //   annual_km      25 000 km → "20.000–30.000 km"                                 ×1,10
    // Product: 1,70 × 1,30 = 2,21; × 0,90 = 1,989; × 1,10 = 2,1879; × 0,95 = 2,078505;
    //          × 1,25 = 2,59813125; × 1,10 = 2,857944375.
    // Risk premium = 220,00 € × 2,857944375 = 628,7477625 € = 62 874,77625 cents → 62 875.
    // Optional Robo = 12 % of 62 875 = 7 545,0 → 7 545; optional Lunas = 45,00 € = 4 500.
    // Net = 62 875 + 7 545 + 4 500 = 74 920. Consorcio 210. CLEA = 74 920 × 0,0015 = 112,38 → 112.
    //
    // anual:      IPS = 74 920 × 0,08 = 5 993,6 → 5 994; total = 74 920 + 210 + 112 + 5 994 = 81 236.
    // semestral:  fracc. = 2 247,6 → 2 248; IPS = 77 168 × 0,08 = 6 173,44 → 6 173;
    //             total = 74 920 + 2 248 + 210 + 112 + 6 173 = 83 663;
    //             shared = 83 341; / 2 = 41 670,5 → 41 670; recibo 1 = 41 671 + 322 = 41 993; recibo 2 = 41 670.
    // trimestral: fracc. = 3 746,0 → 3 746; IPS = 78 666 × 0,08 = 6 293,28 → 6 293;
    //             total = 74 920 + 3 746 + 210 + 112 + 6 293 = 85 281;
    //             shared = 84 959; / 4 = 21 239,75 → 21 239; recibo 1 = 84 959 − 63 717 = 21 242, + 322 = 21 564.
    // mensual:    fracc. = 5 244,4 → 5 244; IPS = 80 164 × 0,08 = 6 413,12 → 6 413;
    //             total = 74 920 + 5 244 + 210 + 112 + 6 413 = 86 899;
    //             shared = 86 577; / 12 = 7 214,75 → 7 214; recibo 1 = 86 577 − 79 354 = 7 223, + 322 = 7 545.
    const result = rateAuto(
      {
        ...AUTO_BASE,
        driverBirthDate: "2005-01-10",
        licenseDate: "2023-05-02",
        postalCode: "41001",
        vehicleValue: 950_000,
        claimFreeYears: 1,
        use: "profesional",
        annualKm: 25_000,
      },
      { terceros: ["auto_robo", "auto_lunas"] },
    );
    const p = plan(result, "terceros");
    expect(p.riskPremiumCents).toBe(62_875);
    expect(p.optionalGuarantees.find((g) => g.code === "auto_robo")).toMatchObject({ priceCents: 7_545, selected: true });
    expect(p.optionalGuarantees.find((g) => g.code === "auto_lunas")).toMatchObject({ priceCents: 4_500, selected: true });
    expect(p.optionalGuarantees.find((g) => g.code === "auto_incendio")).toMatchObject({ priceCents: 3_000, selected: false });
    expect(p.selectedOptionalGuarantees).toEqual(["auto_lunas", "auto_robo"]);
    expect(p.prices.anual).toEqual(
      expected("anual", { net: 74_920, fractionation: 0, consorcio: 210, clea: 112, ips: 5_994, total: 81_236, first: 81_236 }),
    );
    expect(p.prices.semestral).toEqual(
      expected("semestral", { net: 74_920, fractionation: 2_248, consorcio: 210, clea: 112, ips: 6_173, total: 83_663, first: 41_993, each: 41_670 }),
    );
    expect(p.prices.trimestral).toEqual(
      expected("trimestral", {
        net: 74_920,
        fractionation: 3_746,
        consorcio: 210,
        clea: 112,
        ips: 6_293,
        total: 85_281,
        first: 21_564,
        each: 21_239,
      }),
    );
    expect(p.prices.mensual).toEqual(
      expected("mensual", { net: 74_920, fractionation: 5_244, consorcio: 210, clea: 112, ips: 6_413, total: 86_899, first: 7_545, each: 7_214 }),
    );
    // The optionals chosen for Terceros do not change the other plans.
    expect(plan(result, "terceros_ampliado").selectedOptionalGuarantees).toEqual([]);
  });

  it("3 · Todo riesgo con franquicia y vehículo de sustitución, conductor de 78 años en Ceuta", () => {
    // Factors:
    //   driver_age     born 1948-03-15: 78 today, his birthday → "75 o más"           ×1,40
    //   licence_years  1970-03-16 → 55 full years (56 tomorrow) → "10 o más"          ×0,95
    //   vehicle_value  65.000 € → "más de 60.000 €"                                   ×1,80
    //   zone           51001 → Ceuta → zone 5                                          ×1,30
    //   claim_free     12 years → "10 o más (−50 %)"                                   ×0,50
    //   vehicle_use    particular                                                     ×1,00
    //   annual_km      5 000 km → "menos de 10.000 km"                                 ×0,95
    // Product: 1,40 × 0,95 = 1,33; × 1,80 = 2,394; × 1,30 = 3,1122; × 0,50 = 1,5561; × 0,95 = 1,478295.
    // Risk premium = 480,00 € × 1,478295 = 709,5816 € = 70 958,16 cents → 70 958.
    // Optional vehículo de sustitución = 55,00 € = 5 500. Net = 76 458.
    // Consorcio 210. CLEA = 76 458 × 0,0015 = 114,687 → 115.
    //
    // anual:      IPS = 76 458 × 0,08 = 6 116,64 → 6 117; total = 76 458 + 210 + 115 + 6 117 = 82 900.
    // semestral:  fracc. = 2 293,74 → 2 294; IPS = 78 752 × 0,08 = 6 300,16 → 6 300;
    //             total = 76 458 + 2 294 + 210 + 115 + 6 300 = 85 377;
    //             shared = 85 052; / 2 = 42 526; recibo 1 = 42 526 + 325 = 42 851; recibo 2 = 42 526.
    // trimestral: fracc. = 3 822,9 → 3 823; IPS = 80 281 × 0,08 = 6 422,48 → 6 422;
    //             total = 76 458 + 3 823 + 210 + 115 + 6 422 = 87 028;
    //             shared = 86 703; / 4 = 21 675,75 → 21 675; recibo 1 = 86 703 − 65 025 = 21 678, + 325 = 22 003.
    // mensual:    fracc. = 5 352,06 → 5 352; IPS = 81 810 × 0,08 = 6 544,8 → 6 545;
    //             total = 76 458 + 5 352 + 210 + 115 + 6 545 = 88 680;
    //             shared = 88 355; / 12 = 7 362,92 → 7 362; recibo 1 = 88 355 − 80 982 = 7 373, + 325 = 7 698.
    const p = plan(
      rateAuto(
        {
          ...AUTO_BASE,
          driverBirthDate: "1948-03-15",
          licenseDate: "1970-03-16",
          postalCode: "51001",
          vehicleValue: 6_500_000,
          claimFreeYears: 12,
          annualKm: 5_000,
        },
        { todo_riesgo_franquicia: ["auto_vehiculo_sustitucion"] },
      ),
      "todo_riesgo_franquicia",
    );
    expect(p.riskPremiumCents).toBe(70_958);
    expect(p.deductibleCents).toBe(30_000);
    expect(p.prices.anual).toEqual(
      expected("anual", { net: 76_458, fractionation: 0, consorcio: 210, clea: 115, ips: 6_117, total: 82_900, first: 82_900 }),
    );
    expect(p.prices.semestral).toEqual(
      expected("semestral", { net: 76_458, fractionation: 2_294, consorcio: 210, clea: 115, ips: 6_300, total: 85_377, first: 42_851, each: 42_526 }),
    );
    expect(p.prices.trimestral).toEqual(
      expected("trimestral", {
        net: 76_458,
        fractionation: 3_823,
        consorcio: 210,
        clea: 115,
        ips: 6_422,
        total: 87_028,
        first: 22_003,
        each: 21_675,
      }),
    );
    expect(p.prices.mensual).toEqual(
      expected("mensual", { net: 76_458, fractionation: 5_352, consorcio: 210, clea: 115, ips: 6_545, total: 88_680, first: 7_698, each: 7_362 }),
    );
  });

  it("prices the four plans in catalogue order, with their guarantees and the recommended one", () => {
    const plans = priced(rateAuto(AUTO_BASE));
    expect(plans.map((p) => [p.code, p.recommended])).toEqual([
      ["terceros", false],
      ["terceros_ampliado", true],
      ["todo_riesgo_franquicia", false],
      ["todo_riesgo", false],
    ]);
    // Same factors for every plan: risk premium = base × 0,798.
    expect(plans.map((p) => p.riskPremiumCents)).toEqual([17_556, 24_738, 38_304, 57_456]);
    const terceros = plans[0]!;
    expect(terceros.guarantees.map((g) => g.code)).toEqual(["auto_rc_obligatoria", "auto_rc_voluntaria", "auto_defensa_juridica"]);
    expect(terceros.optionalGuarantees.map((g) => g.code)).toEqual([
      "auto_asistencia_viaje",
      "auto_accidentes_conductor",
      "auto_lunas",
      "auto_robo",
      "auto_incendio",
      "auto_vehiculo_sustitucion",
    ]);
    const todoRiesgo = plans[3]!;
    expect(todoRiesgo.guarantees.map((g) => g.code)).toContain("auto_vehiculo_sustitucion");
    expect(todoRiesgo.optionalGuarantees).toEqual([]);
    expect(terceros.explanation[0]).toEqual({
      factor: "driver_age",
      title: "Edad del conductor",
      label: "De 30 a 64 años",
      input: "35 años",
      value: 10_000,
      amountCents: 22_000,
    });
    expect(terceros.explanation[3]).toEqual({
      factor: "zone",
      title: "Zona de circulación (provincia)",
      label: "Madrid: Zona 4",
      input: "C. P. 28013",
      value: 12_000,
      amountCents: 25_080,
    });
  });

  it("explica la prima línea a línea: la base, cada factor con el dato que lo elige y el importe acumulado", () => {
    const terceros = priced(rateAuto(AUTO_BASE))[0]!;
    expect(terceros.basePremiumCents).toBe(22_000);
    expect(terceros.explanation.map((l) => [l.title, l.input, l.label, l.value, l.amountCents])).toEqual([
      ["Edad del conductor", "35 años", "De 30 a 64 años", 10_000, 22_000],
      ["Antigüedad del carné", "15 años", "10 años o más", 9_500, 20_900],
      ["Valor del vehículo", "18.000,00\u00a0€", "De 10.000 € a 20.000 €", 10_000, 20_900],
      ["Zona de circulación (provincia)", "C. P. 28013", "Madrid: Zona 4", 12_000, 25_080],
      ["Bonificación por años sin siniestros", "6 años", "6 años (−30 %)", 7_000, 17_556],
      ["Uso del vehículo", null, "Particular", 10_000, 17_556],
      ["Kilómetros al año", "12.000 km", "De 10.000 a 20.000 km", 10_000, 17_556],
    ]);
    // The last running amount is the risk premium, for every plan (each from its own base).
    for (const plan of priced(rateAuto(AUTO_BASE))) {
      expect(plan.explanation.at(-1)!.amountCents).toBe(plan.riskPremiumCents);
    }
  });

  it("redondea cada importe acumulado desde el producto exacto, sin arrastrar el redondeo anterior", () => {
    const f = (value: number) => ({ factor: String(value), title: "Factor", label: "tramo", input: null, value });
    // 220 € × 1,25 × 1,15 × 0,95 × 0,95 = 275 → 316,25 → 300,4375 → 285,415625.
    expect(factorSteps(22_000, [f(12_500), f(11_500), f(9_500), f(9_500)]).map((s) => s.amountCents)).toEqual([27_500, 31_625, 30_044, 28_542]);
    // 1,01 € × 0,5 = 0,505 (shown 0,51) and × 2 = 1,01 exactly: the shown 0,51 is not carried (0,51 × 2 would be 1,02).
    expect(factorSteps(101, [f(5_000), f(20_000)]).map((s) => s.amountCents)).toEqual([51, 101]);
  });

  it("lee una oferta guardada sin importes acumulados ni datos: los calcula de la base y los factores", () => {
    const stored = {
      basePremiumCents: 48_000,
      explanation: [
        { factor: "licence_years", title: "Antigüedad del carné", label: "10 años o más", value: 9_500 },
        { factor: "vehicle_value", title: "Valor del vehículo", label: "De 20.000 € a 35.000 €", value: 12_000 },
        { factor: "claim_free_years", title: "Bonificación por años sin siniestros", label: "5 años (−25 %)", value: 7_500 },
      ],
    };
    expect(withFactorSteps(stored).explanation.map((l) => [l.input, l.amountCents])).toEqual([
      [null, 45_600],
      [null, 54_720],
      [null, 41_040],
    ]);
  });
});

const HOGAR_BASE: HogarInputs = {
  postalCode: "28001",
  dwellingType: "piso",
  floor: "intermedio",
  areaM2: 85,
  yearBuilt: 1995,
  residence: "habitual",
  buildingValue: 15_000_000,
  contentsValue: 3_000_000,
  alarm: false,
  reinforcedDoor: true,
};

describe("rateQuote · hogar: ejemplos calculados a mano", () => {
  it("1 · Completo, piso de 85 m² en Madrid con puerta blindada", () => {
    // Factors:
    //   area_m2        85 m² → "60–89 m²"                          ×1,00
    //   dwelling_type  piso                                        ×1,00
    //   floor          intermedia                                  ×1,00
    //   building_age   2026 − 1995 = 31 years → "30–49"            ×1,10
    //   security       puerta blindada (no alarm)                  ×0,95
    //   residence      habitual                                    ×1,00
    //   zone           28001 → Madrid → zone 4                     ×1,15
    // Product: 1,10 × 0,95 = 1,045; × 1,15 = 1,20175.
    // Net = 155,00 € × 1,20175 = 186,27125 € = 18 627,125 cents → 18 627.
    // Consorcio = (150.000 € + 30.000 €) × 0,07 ‰ = 18 000 000 cents × 70 / 1 000 000 = 1 260 (12,60 €).
    // CLEA = 18 627 × 0,0015 = 27,9405 → 28.
    //
    // anual:      IPS = 18 627 × 0,08 = 1 490,16 → 1 490; total = 18 627 + 1 260 + 28 + 1 490 = 21 405.
    // semestral:  fracc. = 558,81 → 559; IPS = 19 186 × 0,08 = 1 534,88 → 1 535;
    //             total = 18 627 + 559 + 1 260 + 28 + 1 535 = 22 009;
    //             shared = 20 721; / 2 = 10 360,5 → 10 360; recibo 1 = 10 361 + 1 288 = 11 649; recibo 2 = 10 360.
    // trimestral: fracc. = 931,35 → 931; IPS = 19 558 × 0,08 = 1 564,64 → 1 565;
    //             total = 18 627 + 931 + 1 260 + 28 + 1 565 = 22 411;
    //             shared = 21 123; / 4 = 5 280,75 → 5 280; recibo 1 = 21 123 − 15 840 = 5 283, + 1 288 = 6 571.
    // mensual:    fracc. = 1 303,89 → 1 304; IPS = 19 931 × 0,08 = 1 594,48 → 1 594;
    //             total = 18 627 + 1 304 + 1 260 + 28 + 1 594 = 22 813;
    //             shared = 21 525; / 12 = 1 793,75 → 1 793; recibo 1 = 21 525 − 19 723 = 1 802, + 1 288 = 3 090.
    const p = plan(rateHogar(HOGAR_BASE), "completo");
    expect(p.recommended).toBe(true);
    expect(p.deductibleCents).toBe(6_000);
    expect(p.explanation.map((l) => [l.factor, l.label, l.value])).toEqual([
      ["area_m2", "De 60 a 89 m²", 10_000],
      ["dwelling_type", "Piso", 10_000],
      ["floor", "Planta intermedia", 10_000],
      ["building_age", "De 30 a 49 años", 11_000],
      ["security", "Puerta blindada (−5 %)", 9_500],
      ["residence", "Vivienda habitual", 10_000],
      ["zone", "Madrid: Zona 4", 11_500],
    ]);
    expect(p.prices.anual).toEqual(
      expected("anual", { net: 18_627, fractionation: 0, consorcio: 1_260, clea: 28, ips: 1_490, total: 21_405, first: 21_405 }),
    );
    expect(p.prices.semestral).toEqual(
      expected("semestral", { net: 18_627, fractionation: 559, consorcio: 1_260, clea: 28, ips: 1_535, total: 22_009, first: 11_649, each: 10_360 }),
    );
    expect(p.prices.trimestral).toEqual(
      expected("trimestral", { net: 18_627, fractionation: 931, consorcio: 1_260, clea: 28, ips: 1_565, total: 22_411, first: 6_571, each: 5_280 }),
    );
    expect(p.prices.mensual).toEqual(
      expected("mensual", { net: 18_627, fractionation: 1_304, consorcio: 1_260, clea: 28, ips: 1_594, total: 22_813, first: 3_090, each: 1_793 }),
    );
  });

  it("2 · Premium con joyas, casa de 200 m² de segunda residencia en Valencia con alarma (Consorcio redondeado a la mitad)", () => {
    // Factors:
    //   area_m2        200 m² → "180 m² o más"                    ×1,60
    //   dwelling_type  casa                                       ×1,25
    //   floor          bajo                                       ×1,15
    //   building_age   2026 − 2020 = 6 → "menos de 10"            ×0,90
    //   security       alarma                                     ×0,90
    //   security       puerta blindada                            ×0,95
    //   residence      segunda residencia                         ×1,30
    //   zone           46001 → Valencia → zone 4                  ×1,15
    // Product: 1,60 × 1,25 = 2; × 1,15 = 2,3; × 0,90 = 2,07; × 0,90 = 1,863; × 0,95 = 1,76985;
    //          × 1,30 = 2,300805; × 1,15 = 2,64592575.
    // Risk premium = 240,00 € × 2,64592575 = 635,02218 € = 63 502,218 cents → 63 502.
    // Optional joyas = 45,00 € = 4 500. Net = 68 002.
    // Consorcio = (200.000 € + 50.500 €) × 0,07 ‰ = 25 050 000 × 70 / 1 000 000 = 1 753,5 → 1 754 (half up).
    // CLEA = 68 002 × 0,0015 = 102,003 → 102.
    //
    // anual:      IPS = 68 002 × 0,08 = 5 440,16 → 5 440; total = 68 002 + 1 754 + 102 + 5 440 = 75 298.
    // semestral:  fracc. = 2 040,06 → 2 040; IPS = 70 042 × 0,08 = 5 603,36 → 5 603;
    //             total = 68 002 + 2 040 + 1 754 + 102 + 5 603 = 77 501;
    //             shared = 75 645; / 2 = 37 822,5 → 37 822; recibo 1 = 37 823 + 1 856 = 39 679; recibo 2 = 37 822.
    // trimestral: fracc. = 3 400,1 → 3 400; IPS = 71 402 × 0,08 = 5 712,16 → 5 712;
    //             total = 68 002 + 3 400 + 1 754 + 102 + 5 712 = 78 970;
    //             shared = 77 114; / 4 = 19 278,5 → 19 278; recibo 1 = 77 114 − 57 834 = 19 280, + 1 856 = 21 136.
    // mensual:    fracc. = 4 760,14 → 4 760; IPS = 72 762 × 0,08 = 5 820,96 → 5 821;
    //             total = 68 002 + 4 760 + 1 754 + 102 + 5 821 = 80 439;
    //             shared = 78 583; / 12 = 6 548,58 → 6 548; recibo 1 = 78 583 − 72 028 = 6 555, + 1 856 = 8 411.
    const p = plan(
      rateHogar(
        {
          postalCode: "46001",
          dwellingType: "casa",
          floor: "bajo",
          areaM2: 200,
          yearBuilt: 2020,
          residence: "secundaria",
          buildingValue: 20_000_000,
          contentsValue: 5_050_000,
          alarm: true,
          reinforcedDoor: true,
        },
        { premium: ["hogar_joyas_objetos_valor"] },
      ),
      "premium",
    );
    expect(p.riskPremiumCents).toBe(63_502);
    expect(p.explanation.filter((l) => l.factor === "security").map((l) => l.value)).toEqual([9_000, 9_500]);
    expect(p.prices.anual).toEqual(
      expected("anual", { net: 68_002, fractionation: 0, consorcio: 1_754, clea: 102, ips: 5_440, total: 75_298, first: 75_298 }),
    );
    expect(p.prices.semestral).toEqual(
      expected("semestral", {
        net: 68_002,
        fractionation: 2_040,
        consorcio: 1_754,
        clea: 102,
        ips: 5_603,
        total: 77_501,
        first: 39_679,
        each: 37_822,
      }),
    );
    expect(p.prices.trimestral).toEqual(
      expected("trimestral", {
        net: 68_002,
        fractionation: 3_400,
        consorcio: 1_754,
        clea: 102,
        ips: 5_712,
        total: 78_970,
        first: 21_136,
        each: 19_278,
      }),
    );
    expect(p.prices.mensual).toEqual(
      expected("mensual", { net: 68_002, fractionation: 4_760, consorcio: 1_754, clea: 102, ips: 5_821, total: 80_439, first: 8_411, each: 6_548 }),
    );
  });

  it("3 · Básico con robo (15 %) y asistencia, ático antiguo de 45 m² en Lugo, solo contenido", () => {
    // Factors:
    //   area_m2        45 m² → "menos de 60 m²"                   ×0,85
    //   dwelling_type  piso                                       ×1,00
    //   floor          ático                                      ×1,10
    //   building_age   2026 − 1960 = 66 → "50 o más"              ×1,25
    //   security       none                                       ×1,00
    //   residence      habitual                                   ×1,00
    //   zone           27002 → Lugo → zone 1                      ×0,95
    // Product: 0,85 × 1,10 = 0,935; × 1,25 = 1,16875; × 0,95 = 1,1103125.
    // Risk premium = 90,00 € × 1,1103125 = 99,928125 € = 9 992,8125 cents → 9 993.
    // Optional robo = 15 % of 9 993 = 1 498,95 → 1 499; optional asistencia = 15,00 € = 1 500.
    // Net = 9 993 + 1 499 + 1 500 = 12 992.
    // Consorcio = (0 + 12.000 €) × 0,07 ‰ = 1 200 000 × 70 / 1 000 000 = 84. CLEA = 12 992 × 0,0015 = 19,488 → 19.
    //
    // anual:      IPS = 12 992 × 0,08 = 1 039,36 → 1 039; total = 12 992 + 84 + 19 + 1 039 = 14 134.
    // semestral:  fracc. = 389,76 → 390; IPS = 13 382 × 0,08 = 1 070,56 → 1 071;
    //             total = 12 992 + 390 + 84 + 19 + 1 071 = 14 556;
    //             shared = 14 453; / 2 = 7 226,5 → 7 226; recibo 1 = 7 227 + 103 = 7 330; recibo 2 = 7 226.
    // trimestral: fracc. = 649,6 → 650; IPS = 13 642 × 0,08 = 1 091,36 → 1 091;
    //             total = 12 992 + 650 + 84 + 19 + 1 091 = 14 836;
    //             shared = 14 733; / 4 = 3 683,25 → 3 683; recibo 1 = 14 733 − 11 049 = 3 684, + 103 = 3 787.
    // mensual:    fracc. = 909,44 → 909; IPS = 13 901 × 0,08 = 1 112,08 → 1 112;
    //             total = 12 992 + 909 + 84 + 19 + 1 112 = 15 116;
    //             shared = 15 013; / 12 = 1 251,08 → 1 251; recibo 1 = 15 013 − 13 761 = 1 252, + 103 = 1 355.
    const p = plan(
      rateHogar(
        {
          postalCode: "27002",
          dwellingType: "piso",
          floor: "atico",
          areaM2: 45,
          yearBuilt: 1960,
          residence: "habitual",
          buildingValue: 0,
          contentsValue: 1_200_000,
          alarm: false,
          reinforcedDoor: false,
        },
        { basico: ["hogar_robo", "hogar_asistencia"] },
      ),
      "basico",
    );
    expect(p.riskPremiumCents).toBe(9_993);
    expect(p.explanation.find((l) => l.factor === "security")).toMatchObject({
      factor: "security",
      title: "Medidas de seguridad",
      label: "Ninguna",
      input: null,
      value: 10_000,
    });
    expect(p.explanation.at(-1)!.amountCents).toBe(9_993);
    expect(p.optionalGuarantees.find((g) => g.code === "hogar_robo")?.priceCents).toBe(1_499);
    expect(p.prices.anual).toEqual(
      expected("anual", { net: 12_992, fractionation: 0, consorcio: 84, clea: 19, ips: 1_039, total: 14_134, first: 14_134 }),
    );
    expect(p.prices.semestral).toEqual(
      expected("semestral", { net: 12_992, fractionation: 390, consorcio: 84, clea: 19, ips: 1_071, total: 14_556, first: 7_330, each: 7_226 }),
    );
    expect(p.prices.trimestral).toEqual(
      expected("trimestral", { net: 12_992, fractionation: 650, consorcio: 84, clea: 19, ips: 1_091, total: 14_836, first: 3_787, each: 3_683 }),
    );
    expect(p.prices.mensual).toEqual(
      expected("mensual", { net: 12_992, fractionation: 909, consorcio: 84, clea: 19, ips: 1_112, total: 15_116, first: 1_355, each: 1_251 }),
    );
  });
});

const ALQUILER_BASE: AlquilerInputs = { postalCode: "28010", monthlyRent: 120_000, tenantMonthlyIncome: 400_000 };

describe("rateQuote · alquiler: ejemplos calculados a mano", () => {
  it("1 · 12 meses, renta de 1.200 € en Madrid con un esfuerzo del 30 % exacto", () => {
    // Factors:
    //   monthly_rent       1.200 € → "1.000–1.500 €"                               ×1,20
    //   rent_income_ratio  1.200 / 4.000 = 30 % exactly = 3 000 bp → "30–35 %"     ×1,15
    //   tenant_contract    not given → indefinido                                  ×1,00
    //   zone               28010 → Madrid → zone 4                                 ×1,10
    // Product: 1,20 × 1,15 = 1,38; × 1,10 = 1,518.
    // Net = 220,00 € × 1,518 = 333,96 € = 33 396 cents, exact. Consorcio (alquiler) = 0.
    // CLEA = 33 396 × 0,0015 = 50,094 → 50.
    //
    // anual:      IPS = 33 396 × 0,08 = 2 671,68 → 2 672; total = 33 396 + 0 + 50 + 2 672 = 36 118.
    // semestral:  fracc. = 1 001,88 → 1 002; IPS = 34 398 × 0,08 = 2 751,84 → 2 752;
    //             total = 33 396 + 1 002 + 0 + 50 + 2 752 = 37 200;
    //             shared = 37 150; / 2 = 18 575; recibo 1 = 18 575 + 50 = 18 625; recibo 2 = 18 575.
    // trimestral: fracc. = 1 669,8 → 1 670; IPS = 35 066 × 0,08 = 2 805,28 → 2 805;
    //             total = 33 396 + 1 670 + 50 + 2 805 = 37 921;
    //             shared = 37 871; / 4 = 9 467,75 → 9 467; recibo 1 = 37 871 − 28 401 = 9 470, + 50 = 9 520.
    // mensual:    fracc. = 2 337,72 → 2 338; IPS = 35 734 × 0,08 = 2 858,72 → 2 859;
    //             total = 33 396 + 2 338 + 50 + 2 859 = 38 643;
    //             shared = 38 593; / 12 = 3 216,08 → 3 216; recibo 1 = 38 593 − 35 376 = 3 217, + 50 = 3 267.
    const result = rateAlquiler(ALQUILER_BASE);
    expect(priced(result).map((p) => [p.code, p.recommended])).toEqual([
      ["meses_6", false],
      ["meses_12", true],
      ["meses_18", false],
    ]);
    const p = plan(result, "meses_12");
    expect(p.explanation.map((l) => [l.factor, l.input, l.label, l.value, l.amountCents])).toEqual([
      ["monthly_rent", "1.200,00\u00a0€", "De 1.000 € a 1.500 €", 12_000, 26_400],
      ["rent_income_ratio", "1.200,00\u00a0€ de 4.000,00\u00a0€: 30,00 %", "Del 30 % al 35 %", 11_500, 30_360],
      ["tenant_contract", null, "Contrato indefinido", 10_000, 30_360],
      ["zone", "C. P. 28010", "Madrid: Zona 4", 11_000, 33_396],
    ]);
    expect(p.prices.anual).toEqual(
      expected("anual", { net: 33_396, fractionation: 0, consorcio: 0, clea: 50, ips: 2_672, total: 36_118, first: 36_118 }),
    );
    expect(p.prices.semestral).toEqual(
      expected("semestral", { net: 33_396, fractionation: 1_002, consorcio: 0, clea: 50, ips: 2_752, total: 37_200, first: 18_625, each: 18_575 }),
    );
    expect(p.prices.trimestral).toEqual(
      expected("trimestral", { net: 33_396, fractionation: 1_670, consorcio: 0, clea: 50, ips: 2_805, total: 37_921, first: 9_520, each: 9_467 }),
    );
    expect(p.prices.mensual).toEqual(
      expected("mensual", { net: 33_396, fractionation: 2_338, consorcio: 0, clea: 50, ips: 2_859, total: 38_643, first: 3_267, each: 3_216 }),
    );
  });

  it("2 · 6 meses con actos vandálicos y cerrajería, inquilino funcionario en Soria", () => {
    // Factors:
    //   monthly_rent       550 € → "hasta 600 €"                                    ×0,90
    //   rent_income_ratio  550 / 3.000 = 18,33 % → "menos del 20 %"                 ×0,90
    //   tenant_contract    funcionario                                             ×0,90
    //   zone               42002 → Soria → zone 1                                  ×0,95
    // Product: 0,90 × 0,90 × 0,90 = 0,729; × 0,95 = 0,69255.
    // Risk premium = 150,00 € × 0,69255 = 103,8825 € = 10 388,25 cents → 10 388.
    // Optionals: actos vandálicos 30,00 € = 3 000, cerrajería 15,00 € = 1 500. Net = 14 888.
    // Consorcio 0. CLEA = 14 888 × 0,0015 = 22,332 → 22.
    //
    // anual:      IPS = 14 888 × 0,08 = 1 191,04 → 1 191; total = 14 888 + 22 + 1 191 = 16 101.
    // semestral:  fracc. = 446,64 → 447; IPS = 15 335 × 0,08 = 1 226,8 → 1 227;
    //             total = 14 888 + 447 + 22 + 1 227 = 16 584;
    //             shared = 16 562; / 2 = 8 281; recibo 1 = 8 281 + 22 = 8 303; recibo 2 = 8 281.
    // trimestral: fracc. = 744,4 → 744; IPS = 15 632 × 0,08 = 1 250,56 → 1 251;
    //             total = 14 888 + 744 + 22 + 1 251 = 16 905;
    //             shared = 16 883; / 4 = 4 220,75 → 4 220; recibo 1 = 16 883 − 12 660 = 4 223, + 22 = 4 245.
    // mensual:    fracc. = 1 042,16 → 1 042; IPS = 15 930 × 0,08 = 1 274,4 → 1 274;
    //             total = 14 888 + 1 042 + 22 + 1 274 = 17 226;
    //             shared = 17 204; / 12 = 1 433,67 → 1 433; recibo 1 = 17 204 − 15 763 = 1 441, + 22 = 1 463.
    const result = rateAlquiler(
      { postalCode: "42002", monthlyRent: 55_000, tenantMonthlyIncome: 300_000, tenantContract: "funcionario" },
      { meses_6: ["alquiler_actos_vandalicos", "alquiler_cerrajeria"] },
    );
    const p = plan(result, "meses_6");
    // The recommended plan is the catalogue's, whatever the months (they are the plan: ADR 023).
    expect(p.recommended).toBe(false);
    expect(plan(result, "meses_12").recommended).toBe(true);
    expect(p.riskPremiumCents).toBe(10_388);
    expect(p.prices.anual).toEqual(
      expected("anual", { net: 14_888, fractionation: 0, consorcio: 0, clea: 22, ips: 1_191, total: 16_101, first: 16_101 }),
    );
    expect(p.prices.semestral).toEqual(
      expected("semestral", { net: 14_888, fractionation: 447, consorcio: 0, clea: 22, ips: 1_227, total: 16_584, first: 8_303, each: 8_281 }),
    );
    expect(p.prices.trimestral).toEqual(
      expected("trimestral", { net: 14_888, fractionation: 744, consorcio: 0, clea: 22, ips: 1_251, total: 16_905, first: 4_245, each: 4_220 }),
    );
    expect(p.prices.mensual).toEqual(
      expected("mensual", { net: 14_888, fractionation: 1_042, consorcio: 0, clea: 22, ips: 1_274, total: 17_226, first: 1_463, each: 1_433 }),
    );
  });

  it("3 · 18 meses, renta de 2.600 € en Barcelona con contrato temporal y esfuerzo del 39,4 % (prima redondeada a la mitad)", () => {
    // Factors:
    //   monthly_rent       2.600 € → "más de 2.500 €"                               ×1,80
    //   rent_income_ratio  2.600 / 6.600 = 39,39 % → "35–40 %" (not above 40 %)     ×1,30
    //   tenant_contract    temporal                                                ×1,25
    //   zone               08001 → Barcelona → zone 4                              ×1,10
    // Product: 1,80 × 1,30 = 2,34; × 1,25 = 2,925; × 1,10 = 3,2175.
    // Net = 290,00 € × 3,2175 = 933,075 € = 93 307,5 cents → 93 308 (half up). Consorcio 0.
    // CLEA = 93 308 × 0,0015 = 139,962 → 140.
    //
    // anual:      IPS = 93 308 × 0,08 = 7 464,64 → 7 465; total = 93 308 + 140 + 7 465 = 100 913.
    // semestral:  fracc. = 2 799,24 → 2 799; IPS = 96 107 × 0,08 = 7 688,56 → 7 689;
    //             total = 93 308 + 2 799 + 140 + 7 689 = 103 936;
    //             shared = 103 796; / 2 = 51 898; recibo 1 = 51 898 + 140 = 52 038; recibo 2 = 51 898.
    // trimestral: fracc. = 4 665,4 → 4 665; IPS = 97 973 × 0,08 = 7 837,84 → 7 838;
    //             total = 93 308 + 4 665 + 140 + 7 838 = 105 951;
    //             shared = 105 811; / 4 = 26 452,75 → 26 452; recibo 1 = 105 811 − 79 356 = 26 455, + 140 = 26 595.
    // mensual:    fracc. = 6 531,56 → 6 532; IPS = 99 840 × 0,08 = 7 987,2 → 7 987;
    //             total = 93 308 + 6 532 + 140 + 7 987 = 107 967;
    //             shared = 107 827; / 12 = 8 985,58 → 8 985; recibo 1 = 107 827 − 98 835 = 8 992, + 140 = 9 132.
    const p = plan(rateAlquiler({ postalCode: "08001", monthlyRent: 260_000, tenantMonthlyIncome: 660_000, tenantContract: "temporal" }), "meses_18");
    // The catalogue recommends 12 meses; the months are the plan the customer picks (ADR 023).
    expect(p.recommended).toBe(false);
    expect(p.riskPremiumCents).toBe(93_308);
    expect(p.guarantees.map((g) => g.code)).toEqual([
      "alquiler_impago_rentas",
      "alquiler_defensa_juridica",
      "alquiler_actos_vandalicos",
      "alquiler_cerrajeria",
    ]);
    expect(p.prices.anual).toEqual(
      expected("anual", { net: 93_308, fractionation: 0, consorcio: 0, clea: 140, ips: 7_465, total: 100_913, first: 100_913 }),
    );
    expect(p.prices.semestral).toEqual(
      expected("semestral", { net: 93_308, fractionation: 2_799, consorcio: 0, clea: 140, ips: 7_689, total: 103_936, first: 52_038, each: 51_898 }),
    );
    expect(p.prices.trimestral).toEqual(
      expected("trimestral", { net: 93_308, fractionation: 4_665, consorcio: 0, clea: 140, ips: 7_838, total: 105_951, first: 26_595, each: 26_452 }),
    );
    expect(p.prices.mensual).toEqual(
      expected("mensual", { net: 93_308, fractionation: 6_532, consorcio: 0, clea: 140, ips: 7_987, total: 107_967, first: 9_132, each: 8_985 }),
    );
  });

  it("declines a rent above 40 % of the income with the table's reason, and prices exactly 40 %", () => {
    const reason = "La renta supera el 40 % de los ingresos netos del inquilino, por lo que no podemos asegurar este alquiler.";
    // 1.000 € / 2.499,99 € = 40,0002 %: above 40 %, although it rounds to 4 000 bp.
    expect(rateAlquiler({ ...ALQUILER_BASE, monthlyRent: 100_000, tenantMonthlyIncome: 249_999 })).toEqual({
      status: "declined",
      line: "alquiler",
      factor: "rent_income_ratio",
      reason,
    });
    // No income at all: infinitely above.
    expect(rateAlquiler({ ...ALQUILER_BASE, tenantMonthlyIncome: 0 })).toMatchObject({ status: "declined", reason });
    // 1.000 € / 2.500 € = 40 % exactly: priced in the top band.
    const p = plan(rateAlquiler({ ...ALQUILER_BASE, monthlyRent: 100_000, tenantMonthlyIncome: 250_000 }), "meses_12");
    expect(p.explanation.find((l) => l.factor === "rent_income_ratio")).toMatchObject({ label: "Del 35 % al 40 %", value: 13_000 });
  });
});

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
