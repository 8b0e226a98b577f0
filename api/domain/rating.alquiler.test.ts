import { describe, expect, it } from "vitest";
import { ALQUILER_BASE, expected, plan, priced, rateAlquiler } from "../../tests/support/rating-examples";

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
