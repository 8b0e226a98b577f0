import SEPA from "sepa";
import { describe, expect, it } from "vitest";
import {
  addBusinessDays,
  creditorErrors,
  creditorIdCheckDigits,
  earliestCollectionDate,
  isBusinessDay,
  isValidBic,
  isValidCreditorId,
  isValidCreditorName,
  settledCollectionDateOn,
  toSepaText,
} from "./sepa";

describe("identificador de acreedor SEPA (ES, ISO 7064 mod 97-10)", () => {
  it("acepta el del seed y los que calcula la librería sepa", () => {
    expect(isValidCreditorId("ES11ZZZB12345674")).toBe(true);
    expect(isValidCreditorId("es11 zzz b12345674")).toBe(true);
    for (const nif of ["B12345674", "A58818501", "12345678Z"]) {
      const id = SEPA.checksumCreditorID(`ES00ZZZ${nif}`);
      expect(id.slice(2, 4)).toBe(creditorIdCheckDigits("ES", nif));
      expect(isValidCreditorId(id)).toBe(true);
    }
  });

  it("el código de negocio no cuenta en los dígitos de control", () => {
    expect(isValidCreditorId("ES11001B12345674")).toBe(true);
  });

  it("rechaza dígitos de control erróneos, otro país o longitudes que no son de un NIF", () => {
    expect(isValidCreditorId("ES12ZZZB12345674")).toBe(false);
    expect(isValidCreditorId("DE98ZZZ09999999999")).toBe(false);
    expect(isValidCreditorId("ES11ZZZB1234567")).toBe(false);
    expect(isValidCreditorId("")).toBe(false);
  });
});

describe("acreedor", () => {
  it("BIC de 8 u 11 caracteres", () => {
    expect(isValidBic("CAIXESBBXXX")).toBe(true);
    expect(isValidBic("CAIXESBB")).toBe(true);
    expect(isValidBic("CAIXESB")).toBe(false);
    expect(isValidBic("CAIX1SBBXXX")).toBe(false);
  });

  it("nombre de hasta 70 caracteres del juego SEPA (las tildes se admiten y se quitan en el fichero)", () => {
    expect(isValidCreditorName("Cotiza Correduría de Seguros, S.L.")).toBe(true);
    expect(isValidCreditorName("Cotiza € Seguros")).toBe(false);
    expect(isValidCreditorName("x".repeat(71))).toBe(false);
    expect(isValidCreditorName("  ")).toBe(false);
  });

  it("un mensaje en castellano por cada campo mal escrito", () => {
    expect(creditorErrors({ name: "Cotiza", creditorId: "ES11ZZZB12345674", iban: "ES9121000418450200051332", bic: "CAIXESBBXXX" })).toEqual({});
    const errors = creditorErrors({ name: "", creditorId: "ES00ZZZB12345674", iban: "ES00", bic: "X" });
    expect(Object.keys(errors).sort()).toEqual(["bic", "creditorId", "iban", "name"]);
    expect(errors.creditorId![0]).toMatch(/^El identificador de acreedor no es válido/);
  });

  it("toSepaText quita tildes y símbolos fuera del juego SEPA y corta a la longitud", () => {
    expect(toSepaText("Íñigo Peña & Hijos; nº 3", 70)).toBe("Inigo Pena + Hijos n 3");
    expect(toSepaText("Recibo 2 póliza COT-2026-000001", 140)).toBe("Recibo 2 poliza COT-2026-000001");
    expect(toSepaText("a".repeat(80), 70)).toHaveLength(70);
  });
});

describe("días hábiles TARGET2", () => {
  it("fines de semana y festivos TARGET2 (1 de enero, Viernes Santo, Lunes de Pascua, 1 de mayo, 25 y 26 de diciembre) no son hábiles", () => {
    for (const day of ["2026-01-01", "2026-04-03", "2026-04-06", "2026-05-01", "2026-12-25", "2026-12-26", "2026-11-28", "2026-11-29"])
      expect(isBusinessDay(day), day).toBe(false);
    for (const day of ["2026-01-02", "2026-04-02", "2026-04-07", "2026-12-24", "2026-11-30"]) expect(isBusinessDay(day), day).toBe(true);
  });

  it("suma días hábiles saltando fines de semana y festivos", () => {
    expect(addBusinessDays("2026-11-27", 2)).toBe("2026-12-01");
    expect(addBusinessDays("2026-04-02", 1)).toBe("2026-04-07");
    expect(addBusinessDays("2026-12-24", 1)).toBe("2026-12-28");
    expect(earliestCollectionDate("2026-03-10")).toBe("2026-03-11");
    expect(earliestCollectionDate("2026-03-13")).toBe("2026-03-16");
  });

  it("la fecha de cobro más reciente cuyo plazo de devolución ha pasado", () => {
    // Collected Monday 15 June: 2 business days → settled on Wednesday 17, not on Tuesday 16.
    expect(settledCollectionDateOn("2026-06-16", 2) < "2026-06-15").toBe(true);
    expect(settledCollectionDateOn("2026-06-17", 2) >= "2026-06-15").toBe(true);
    expect(addBusinessDays(settledCollectionDateOn("2026-12-01", 2), 2) <= "2026-12-01").toBe(true);
  });
});
