import { describe, expect, it } from "vitest";
import { ALQUILER, AUTO } from "../../tests/support/quote-inputs";
import { describeRisk, insuredObjectRow, ipidObligations, IPID_TEXTS, riskTitle } from "./product-info";
import { formatIsoDate, formatMoney } from "../contract/format";

describe("formatMoney and formatIsoDate", () => {
  it("write amounts and dates as in Spain", () => {
    expect(formatMoney(123_456)).toBe("1.234,56\u00a0€");
    expect(formatMoney(5)).toBe("0,05\u00a0€");
    expect(formatMoney(-0)).toBe("0,00\u00a0€");
    expect(formatIsoDate("2026-03-09")).toBe("09/03/2026");
  });
});

describe("describeRisk", () => {
  it("describes a car with Spanish labels and formatted values", () => {
    const rows = describeRisk("auto", AUTO);
    expect(Object.fromEntries(rows)).toMatchObject({
      Marca: "Seat",
      "Valor del vehículo": "22.000,00\u00a0€",
      Uso: "Particular",
      "Kilómetros al año": "15.000 km",
      "Fecha de nacimiento del conductor": "15/06/1985",
      "Código postal de circulación": "28013 (Madrid)",
    });
  });

  it("describes a home and a rental, leaving out what was not given", () => {
    const home = Object.fromEntries(
      describeRisk("hogar", {
        postalCode: "46001",
        dwellingType: "piso",
        floor: "atico",
        areaM2: 85,
        alarm: true,
        reinforcedDoor: false,
        residence: "secundaria",
      }),
    );
    expect(home).toMatchObject({ Planta: "Ático", Superficie: "85 m²", Alarma: "Sí", "Puerta blindada": "No", Uso: "Segunda residencia" });
    expect(home).not.toHaveProperty("Año de construcción");
    const rent = Object.fromEntries(describeRisk("alquiler", ALQUILER));
    expect(rent).toEqual({
      "Código postal de la vivienda": "08001 (Barcelona)",
      "Renta mensual": "950,00\u00a0€",
      "Ingresos netos mensuales del inquilino": "3.200,00\u00a0€",
    });
    // A risk stored when the form still asked the months (ADR 023): the plan says them, not this row.
    expect(Object.fromEntries(describeRisk("alquiler", { ...ALQUILER, months: 12 }))).not.toHaveProperty("Meses de renta cubiertos");
    expect(riskTitle("auto", { vehicleBrand: "Seat", vehicleModel: "León" })).toBe("Vehículo Seat León");
  });
});

describe("the insured object of a policy", () => {
  it("shows the car's registration first, written with its separator", () => {
    const rows = describeRisk("auto", { ...AUTO, registration: "1234BCD" });
    expect(rows[0]).toEqual(["Matrícula", "1234 BCD"]);
    expect(Object.fromEntries(describeRisk("auto", { ...AUTO, registration: "M1234AB" })).Matrícula).toBe("M-1234-AB");
    expect(insuredObjectRow("auto", { ...AUTO, registration: "1234BCD" })).toEqual(["Matrícula", "1234 BCD"]);
    // A quote has no registration: no row.
    expect(Object.fromEntries(describeRisk("auto", AUTO))).not.toHaveProperty("Matrícula");
    expect(insuredObjectRow("auto", AUTO)).toBeNull();
  });

  it("shows the dwelling's address first and names the dwelling by it", () => {
    const risk = { ...ALQUILER, riskAddress: { street: "Carrer de Balmes 21", door: "4.º 2.ª", postalCode: "08001", city: "Barcelona" } };
    expect(describeRisk("alquiler", risk)[0]).toEqual(["Dirección de la vivienda", "Carrer de Balmes 21, 4.º 2.ª, 08001 Barcelona"]);
    expect(insuredObjectRow("alquiler", risk)).toEqual(["Dirección de la vivienda", "Carrer de Balmes 21, 4.º 2.ª, 08001 Barcelona"]);
    expect(riskTitle("alquiler", risk)).toBe("Vivienda alquilada en Carrer de Balmes 21, 4.º 2.ª, 08001 Barcelona");
    const home = { postalCode: "46001", riskAddress: { street: "Calle de la Paz 3", postalCode: "46001", city: "Valencia" } };
    expect(describeRisk("hogar", home)[0]).toEqual(["Dirección de la vivienda", "Calle de la Paz 3, 46001 Valencia"]);
    expect(riskTitle("hogar", home)).toBe("Vivienda en Calle de la Paz 3, 46001 Valencia");
    // Without an address (a quote, or an older policy): the postal code.
    expect(riskTitle("hogar", { postalCode: "46001" })).toBe("Vivienda en 46001");
  });
});

describe("IPID texts", () => {
  it("answer every IPID question for each line", () => {
    for (const line of ["auto", "hogar", "alquiler"] as const) {
      const texts = IPID_TEXTS[line];
      expect(texts.kind.length).toBeGreaterThan(50);
      for (const list of [texts.notInsured, texts.restrictions, texts.where, ipidObligations(line)]) expect(list.length).toBeGreaterThan(0);
    }
  });
});
