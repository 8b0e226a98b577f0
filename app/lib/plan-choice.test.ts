import { describe, expect, it } from "vitest";
import {
  checkoutSearch,
  choosePlanButtonName,
  extrasOfPlan,
  extraValue,
  factorText,
  notIncluded,
  parseExtras,
  parseFrequency,
  recibosSummary,
  sameSelection,
} from "./plan-choice";

const g = (code: string) => ({ code, name: code.toUpperCase() });
const PLANS = [
  { code: "terceros", guarantees: [g("rc")], optionalGuarantees: [g("lunas"), g("robo"), g("sustitucion")] },
  { code: "ampliado", guarantees: [g("rc"), g("lunas"), g("robo")], optionalGuarantees: [g("sustitucion")] },
  { code: "todo", guarantees: [g("rc"), g("lunas"), g("robo"), g("danos"), g("sustitucion")], optionalGuarantees: [] },
];

describe("parseFrequency", () => {
  it("anual si falta o no es una forma de pago", () => {
    expect(parseFrequency(null)).toBe("anual");
    expect(parseFrequency("diaria")).toBe("anual");
    expect(parseFrequency("mensual")).toBe("mensual");
  });
});

describe("parseExtras", () => {
  it("cada plan recibe sus garantías opcionales, en el orden del plan y sin repetir", () => {
    const values = [
      extraValue("terceros", "sustitucion"),
      extraValue("terceros", "lunas"),
      extraValue("terceros", "lunas"),
      extraValue("ampliado", "sustitucion"),
    ];
    expect(parseExtras(values, PLANS)).toEqual({ terceros: ["lunas", "sustitucion"], ampliado: ["sustitucion"], todo: [] });
  });

  it("descarta planes desconocidos y garantías que el plan no ofrece como opcionales", () => {
    const values = [extraValue("otro", "lunas"), extraValue("ampliado", "lunas"), "lunas", extraValue("todo", "danos")];
    expect(parseExtras(values, PLANS)).toEqual({ terceros: [], ampliado: [], todo: [] });
  });
});

describe("sameSelection", () => {
  it("compara conjuntos", () => {
    expect(sameSelection(["a", "b"], ["b", "a"])).toBe(true);
    expect(sameSelection([], [])).toBe(true);
    expect(sameSelection(["a"], ["a", "b"])).toBe(false);
  });
});

describe("extrasOfPlan", () => {
  it("toma las garantías del plan elegido del formulario entero de /results", () => {
    expect(extrasOfPlan(["terceros:lunas", "todo:lunas", "terceros:robo", "todo:asistencia"], "terceros")).toEqual(["lunas", "robo"]);
  });

  it("acepta códigos sin plan y no repite", () => {
    expect(extrasOfPlan(["lunas", "terceros:lunas", "robo"], "terceros")).toEqual(["lunas", "robo"]);
  });

  it("sin garantías del plan elegido no hay extras", () => {
    expect(extrasOfPlan(["todo:lunas"], "terceros")).toEqual([]);
    expect(extrasOfPlan([], "terceros")).toEqual([]);
  });
});

describe("recibosSummary", () => {
  const r = (...amounts: number[]) => amounts.map((amount) => ({ amount }));
  it.each([
    [r(14502), "1 recibo de 145,02 €"],
    [r(3794, 3794, 3794, 3794), "4 recibos de 37,94 €"],
    [r(7987, 6918), "1 recibo de 79,87 € y 1 de 69,18 €"],
    [r(2276, ...Array<number>(11).fill(1197)), "1 recibo de 22,76 € y 11 de 11,97 €"],
    [r(100, 200, 300), "3 recibos de 1,00 € a 3,00 €"],
  ])("%j → %s", (recibos, text) => {
    expect(recibosSummary(recibos).replace(/\u00a0/g, " ")).toBe(text);
  });
});

describe("notIncluded", () => {
  it("lo que otros planes cubren y este ni incluye ni ofrece", () => {
    expect(notIncluded(PLANS[0], PLANS).map((x) => x.code)).toEqual(["danos"]);
    expect(notIncluded(PLANS[1], PLANS).map((x) => x.code)).toEqual(["danos"]);
    expect(notIncluded(PLANS[2], PLANS)).toEqual([]);
  });
});

describe("factorText", () => {
  it("puntos básicos como multiplicador", () => {
    expect(factorText(11_500)).toBe("×\u00a01,15");
    expect(factorText(10_000)).toBe("×\u00a01,00");
    expect(factorText(9_500)).toBe("×\u00a00,95");
    expect(factorText(12_000)).toBe("×\u00a01,20");
    expect(factorText(12_345)).toBe("×\u00a01,2345");
    expect(factorText(10_050)).toBe("×\u00a01,005");
    expect(factorText(220_000)).toBe("×\u00a022,00");
  });
});

describe("checkoutSearch: the plan card's button, named by the plan, without a value", () => {
  it("turns the button a browser (or Lynx, with its 'BUTTON') sends into plan={code}, in its place", () => {
    for (const sent of ["", "BUTTON"]) {
      const params = new URLSearchParams([
        ["cotizacion", "q1"],
        ["frecuencia", "anual"],
        [choosePlanButtonName("terceros"), sent],
        ["extras", "terceros:lunas"],
      ]);
      expect(checkoutSearch(params)?.toString()).toBe("cotizacion=q1&frecuencia=anual&plan=terceros&extras=terceros%3Alunas");
    }
  });

  it("leaves a search that already says plan= as it is, and answers null with no plan chosen", () => {
    const canonical = new URLSearchParams("cotizacion=q1&plan=meses_12&frecuencia=anual");
    expect(checkoutSearch(canonical)?.toString()).toBe(canonical.toString());
    expect(checkoutSearch(new URLSearchParams("cotizacion=q1&frecuencia=anual"))).toBeNull();
    expect(checkoutSearch(new URLSearchParams("cotizacion=q1&plan="))).toBeNull();
  });
});
