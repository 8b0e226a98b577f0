import { describe, expect, it } from "vitest";
import { factorSteps, withFactorSteps } from "./rating";
import { AUTO_BASE, expected, plan, priced, rateAuto } from "../../tests/support/rating-examples";

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
