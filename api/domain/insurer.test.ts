import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../db/seed/settings";
import { INSURER_UNKNOWN_TEXT, insurerText, readInsurerInfo, readInsurersByLine } from "./insurer";
import { validateNif } from "./nif";

describe("la entidad aseguradora", () => {
  it("se nombra con su NIF, su clave DGSFP y su domicilio", () => {
    expect(
      insurerText({
        name: "Aseguradora Meseta, S.A. de Seguros y Reaseguros",
        taxId: "A28645315",
        dgsfpKey: "C0999",
        address: "Paseo de la Castellana 200, 28046 Madrid",
      }),
    ).toBe("Aseguradora Meseta, S.A. de Seguros y Reaseguros · NIF A28645315 · clave DGSFP C0999 · Paseo de la Castellana 200, 28046 Madrid");
    expect(insurerText({ name: "Otra, S.A." })).toBe("Otra, S.A.");
    expect(insurerText(null)).toBe(INSURER_UNKNOWN_TEXT);
  });

  it("lee solo lo que es una aseguradora (un ajuste o la copia de una póliza)", () => {
    expect(readInsurerInfo({ name: "Otra, S.A.", taxId: "", dgsfpKey: 5 })).toEqual({ name: "Otra, S.A." });
    expect(readInsurerInfo({ name: " " })).toBeNull();
    expect(readInsurerInfo("Meseta")).toBeNull();
    expect(readInsurersByLine({ auto: { name: "A" }, hogar: null, vida: { name: "V" } })).toEqual({ auto: { name: "A" } });
  });

  it("cada ramo sembrado tiene una aseguradora completa, con un NIF de sociedad anónima bien formado", () => {
    for (const line of ["auto", "hogar", "alquiler"] as const) {
      const insurer = DEFAULT_SETTINGS.insurers[line];
      const taxId = insurer.taxId ?? "";
      expect(insurer.name).toMatch(/S\.A\./);
      expect(taxId).toMatch(/^A\d{8}$/);
      expect(insurer.dgsfpKey).toMatch(/^C\d{4}$/);
      expect(insurer.address).toMatch(/\d{5} /);
      // A CIF's control digit: the odd positions doubled (digits summed), plus the even ones.
      const digits = taxId.slice(1, 8).split("").map(Number);
      const sum = digits.reduce((acc, d, i) => acc + (i % 2 === 0 ? Math.floor((d * 2) / 10) + ((d * 2) % 10) : d), 0);
      expect(Number(taxId.slice(8))).toBe((10 - (sum % 10)) % 10);
      // And it is not mistaken for a person's NIF.
      expect(validateNif(taxId).ok).toBe(false);
    }
  });
});
