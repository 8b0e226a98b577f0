import { describe, expect, it } from "vitest";
import { expected, HOGAR_BASE, plan, rateHogar } from "../../tests/support/rating-examples";

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
